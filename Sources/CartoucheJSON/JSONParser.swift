/// A strict RFC 8259 JSON parser producing ``JSONValue`` trees.
///
/// Every later Cartouche module (scene files, style documents, HTTP bodies)
/// reads user JSON through this type, so it rejects everything RFC 8259 does
/// not allow and says exactly where: trailing commas, comments, leading zeros,
/// `NaN`/`Infinity`, numbers that overflow a double, invalid escapes, lone
/// UTF-16 surrogates in `\u` escapes, invalid UTF-8, raw control characters in
/// strings, content after the top-level value, a byte-order mark, and — beyond
/// the RFC's "SHOULD" — duplicate member names in one object (the error names
/// the member's path). Swift compares `String`s by canonical equivalence, so
/// two names that differ only in Unicode normalisation (`"é"` precomposed and
/// decomposed) count as duplicates: they could not both live in a `JSONValue`
/// object, and reporting them beats silently keeping one.
///
/// Nesting is limited (``maximumDepth``, default 512). The parser keeps its
/// own stack on the heap instead of recursing, so even a hostile document of
/// 100,000 `[` produces a ``JSONParseError`` and never overflows the thread stack.
///
/// Numbers that underflow (e.g. `1e-400`) become ±0, as in every IEEE parser.
///
/// - Complexity: O(n) in the input length; one pass, no backtracking.
public struct JSONParser: Sendable {
    /// The nesting limit used when none is given.
    public static let defaultMaximumDepth = 512

    /// The largest limit accepted. The parser and ``JSONWriter`` never
    /// recurse, but Swift's synthesized `==`, hashing and deinitialisation of
    /// a ``JSONValue`` tree do, one group of stack frames per level. Measured
    /// on Linux x86_64 (Swift 6.3) with 1024 levels: hashing and freeing fit
    /// a 512 KiB thread stack in debug and release builds; `==` on two such
    /// trees fits 512 KiB in release builds and needs 1 MiB in debug builds.
    public static let maximumSupportedDepth = 1024

    /// The deepest allowed nesting of arrays and objects: a document with this
    /// many nested containers parses, one more is an error. Always in
    /// `0...maximumSupportedDepth` (0 allows only scalar documents).
    public let maximumDepth: Int

    /// - Parameter maximumDepth: clamped to `0...maximumSupportedDepth`.
    public init(maximumDepth: Int = JSONParser.defaultMaximumDepth) {
        self.maximumDepth = min(max(maximumDepth, 0), JSONParser.maximumSupportedDepth)
    }

    /// Parses one JSON document from UTF-8 bytes.
    public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParseError) -> JSONValue in
                var core = JSONParserCore(input: buffer, maximumDepth: maximumDepth)
                return try core.parseDocument()
            }
        }
        return try result.get()
    }

    /// Parses one JSON document from a string (read as its UTF-8 encoding).
    public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONParseError) -> JSONValue in
                var core = JSONParserCore(input: buffer, maximumDepth: maximumDepth)
                return try core.parseDocument()
            }
        }
        return try result.get()
    }

    /// Parses one JSON document from any collection of UTF-8 bytes; contiguous
    /// collections are read in place, others are copied once.
    public func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        let inPlace = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONParseError) -> JSONValue in
                var core = JSONParserCore(input: buffer, maximumDepth: maximumDepth)
                return try core.parseDocument()
            }
        }
        if let inPlace { return try inPlace.get() }
        return try parse(Array(bytes))
    }
}

/// The parsing state over one borrowed buffer. Kept separate from
/// ``JSONParser`` so the public type stays a small, copyable configuration.
struct JSONParserCore {
    /// One open array or object on the explicit parse stack.
    private struct Frame {
        var isObject: Bool
        var array: [JSONValue] = []
        var object: [String: JSONValue] = [:]
        /// The member name whose value is being parsed (objects only).
        var pendingKey: String = ""
        /// Where `pendingKey` starts, for duplicate-key errors.
        var pendingKeyOffset: Int = 0
        /// Where the container opens (its `[` or `{`).
        var start: Int = 0
    }

    // Internal, not private: the string and number scanners live in
    // extensions in JSONParserCore+Strings.swift and +Numbers.swift.
    let input: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var position = 0
    /// Shares identical small containers of large documents (nil for small ones).
    private var recent: JSONRecentContainers?

    init(input: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.input = input
        self.maximumDepth = maximumDepth
        if input.count >= JSONRecentContainers.minimumDocumentLength { recent = JSONRecentContainers() }
    }

    // MARK: Document structure

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        var stack: [Frame] = []
        parseValue: while true {
            skipWhitespace()
            guard position < input.count else { throw error(.unexpectedEndOfInput) }
            var value: JSONValue
            switch input[position] {
            case UInt8(ascii: "["):
                try checkDepth(stack.count)
                let start = position
                position += 1
                skipWhitespace()
                if position < input.count && input[position] == UInt8(ascii: "]") {
                    position += 1
                    value = .array([])
                } else {
                    stack.append(Frame(isObject: false, start: start))
                    continue parseValue
                }
            case UInt8(ascii: "{"):
                try checkDepth(stack.count)
                let start = position
                position += 1
                skipWhitespace()
                if position < input.count && input[position] == UInt8(ascii: "}") {
                    position += 1
                    value = .object([:])
                } else {
                    var frame = Frame(isObject: true, start: start)
                    (frame.pendingKey, frame.pendingKeyOffset) = try parseMemberName()
                    stack.append(frame)
                    continue parseValue
                }
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try parseNumber())
            case let byte:
                throw error(.unexpectedCharacter(byte))
            }

            // A value is complete: hand it to its container, closing every
            // container that ends right after it.
            while true {
                guard let top = stack.indices.last else {
                    skipWhitespace()
                    if position < input.count { throw error(.trailingContent) }
                    return value
                }
                if stack[top].isObject {
                    let key = stack[top].pendingKey
                    if stack[top].object.updateValue(value, forKey: key) != nil {
                        throw error(.duplicateKey(path(of: stack)), at: stack[top].pendingKeyOffset)
                    }
                } else {
                    stack[top].array.append(value)
                }
                skipWhitespace()
                guard position < input.count else { throw error(.unexpectedEndOfInput) }
                let closing = stack[top].isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                switch input[position] {
                case UInt8(ascii: ","):
                    let commaOffset = position
                    position += 1
                    skipWhitespace()
                    if position < input.count && input[position] == closing {
                        throw error(.trailingComma, at: commaOffset)
                    }
                    if stack[top].isObject {
                        (stack[top].pendingKey, stack[top].pendingKeyOffset) = try parseMemberName()
                    }
                    continue parseValue
                case closing:
                    position += 1
                    let frame = stack.removeLast()
                    value = frame.isObject ? .object(frame.object) : .array(frame.array)
                    if recent != nil { value = recent!.shared(value, in: input, start: frame.start, end: position) }
                case let byte:
                    throw error(.unexpectedCharacter(byte))
                }
            }
        }
    }

    /// Reads `"name"` and the `:` after it; returns the name and its offset.
    private mutating func parseMemberName() throws(JSONParseError) -> (String, Int) {
        skipWhitespace()
        guard position < input.count else { throw error(.unexpectedEndOfInput) }
        guard input[position] == UInt8(ascii: "\"") else {
            throw error(.unexpectedCharacter(input[position]))
        }
        let offset = position
        let name = try parseString()
        skipWhitespace()
        guard position < input.count else { throw error(.unexpectedEndOfInput) }
        guard input[position] == UInt8(ascii: ":") else {
            throw error(.unexpectedCharacter(input[position]))
        }
        position += 1
        return (name, offset)
    }

    private func checkDepth(_ openContainers: Int) throws(JSONParseError) {
        if openContainers >= maximumDepth { throw error(.nestingTooDeep(limit: maximumDepth)) }
    }

    private mutating func skipWhitespace() {
        while position < input.count {
            switch input[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let bytes = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for expected in bytes {
            guard position < input.count else { throw error(.unexpectedEndOfInput) }
            guard input[position] == expected else { throw error(.unexpectedCharacter(input[position])) }
            position += 1
        }
    }

    // MARK: Errors

    /// The path to the value currently being parsed in the innermost container.
    private func path(of stack: [Frame]) -> JSONPath {
        JSONPath(components: stack.map { frame in
            frame.isObject ? .key(frame.pendingKey) : .index(frame.array.count)
        })
    }

    func error(_ kind: JSONParseError.Kind, at offset: Int? = nil) -> JSONParseError {
        let offset = min(offset ?? position, input.count)
        var line = 1
        var column = 1
        for byte in UnsafeBufferPointer(rebasing: input[0..<offset]) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONParseError(kind: kind, offset: offset, line: line, column: column)
    }
}
