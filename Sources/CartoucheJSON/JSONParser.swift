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

    /// The largest limit accepted. The parser itself never recurses, but the
    /// resulting ``JSONValue`` tree is released, compared, hashed and written
    /// recursively, one stack frame group per level; capping the depth keeps
    /// those safe on small (512 KiB) secondary-thread stacks.
    public static let maximumSupportedDepth = 2048

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
    }

    private let input: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    private var position = 0

    init(input: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.input = input
        self.maximumDepth = maximumDepth
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
                position += 1
                skipWhitespace()
                if position < input.count && input[position] == UInt8(ascii: "]") {
                    position += 1
                    value = .array([])
                } else {
                    stack.append(Frame(isObject: false))
                    continue parseValue
                }
            case UInt8(ascii: "{"):
                try checkDepth(stack.count)
                position += 1
                skipWhitespace()
                if position < input.count && input[position] == UInt8(ascii: "}") {
                    position += 1
                    value = .object([:])
                } else {
                    var frame = Frame(isObject: true)
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

    // MARK: Strings

    /// Parses a string starting at its opening quote.
    private mutating func parseString() throws(JSONParseError) -> String {
        position += 1
        let start = position
        // Fast path: no escapes, so the bytes between the quotes are the string.
        while position < input.count {
            let byte = input[position]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<position]), as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error(.controlCharacterInString(byte)) }
            if byte < 0x80 { position += 1 } else { try skipValidUTF8Sequence() }
        }
        guard position < input.count else { throw error(.unexpectedEndOfInput) }
        // Slow path: decode escapes into a scratch buffer.
        var decoded = [UInt8](UnsafeBufferPointer(rebasing: input[start..<position]))
        while position < input.count {
            let byte = input[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try decodeEscape(into: &decoded)
            case 0..<0x20:
                throw error(.controlCharacterInString(byte))
            case 0..<0x80:
                decoded.append(byte)
                position += 1
            default:
                let sequenceStart = position
                try skipValidUTF8Sequence()
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: input[sequenceStart..<position]))
            }
        }
        throw error(.unexpectedEndOfInput)
    }

    /// Decodes one backslash escape at `position` and appends its UTF-8.
    private mutating func decodeEscape(into decoded: inout [UInt8]) throws(JSONParseError) {
        let escapeStart = position
        position += 1
        guard position < input.count else { throw error(.unexpectedEndOfInput) }
        let letter = input[position]
        position += 1
        switch letter {
        case UInt8(ascii: "\""): decoded.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): decoded.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): decoded.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try readHexQuad()
            var scalarValue = UInt32(unit)
            if (0xDC00...0xDFFF).contains(unit) {
                throw error(.loneSurrogate(unit), at: escapeStart)
            }
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard position + 1 < input.count, input[position] == UInt8(ascii: "\\"),
                    input[position + 1] == UInt8(ascii: "u")
                else { throw error(.loneSurrogate(unit), at: escapeStart) }
                position += 2
                let low = try readHexQuad()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error(.loneSurrogate(unit), at: escapeStart)
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            }
            // Surrogates were excluded above, so this always succeeds.
            guard let scalar = Unicode.Scalar(scalarValue) else {
                throw error(.loneSurrogate(unit), at: escapeStart)
            }
            decoded.append(contentsOf: scalar.utf8)
        default:
            throw error(.invalidEscape, at: escapeStart)
        }
    }

    private mutating func readHexQuad() throws(JSONParseError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard position < input.count else { throw error(.unexpectedEndOfInput) }
            let byte = input[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(.invalidEscape)
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    /// Advances over one well-formed multi-byte UTF-8 sequence (RFC 3629:
    /// no overlong forms, no surrogates, nothing above U+10FFFF).
    private mutating func skipValidUTF8Sequence() throws(JSONParseError) {
        let lead = input[position]
        let continuationCount: Int
        var secondByteRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: continuationCount = 1
        case 0xE0: continuationCount = 2; secondByteRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: continuationCount = 2
        case 0xED: continuationCount = 2; secondByteRange = 0x80...0x9F
        case 0xF0: continuationCount = 3; secondByteRange = 0x90...0xBF
        case 0xF1...0xF3: continuationCount = 3
        case 0xF4: continuationCount = 3; secondByteRange = 0x80...0x8F
        default: throw error(.invalidUTF8)
        }
        guard position + continuationCount < input.count else { throw error(.invalidUTF8) }
        guard secondByteRange.contains(input[position + 1]) else { throw error(.invalidUTF8) }
        var index = position + 2
        while index <= position + continuationCount {
            guard (0x80...0xBF).contains(input[index]) else { throw error(.invalidUTF8) }
            index += 1
        }
        position += continuationCount + 1
    }

    // MARK: Numbers

    /// Exact powers of ten: every one up to 10^22 is representable, which is
    /// what makes the single-rounding fast path below correct.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Validates the RFC 8259 number grammar and converts with correct rounding.
    private mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = position
        var negative = false
        if input[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var fractionDigits = 0

        guard position < input.count else { throw error(.invalidNumber("expected a digit after '-'")) }
        switch input[position] {
        case UInt8(ascii: "0"):
            position += 1
            if position < input.count, isDigit(input[position]) {
                throw error(.invalidNumber("leading zeros are not allowed"), at: start)
            }
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            while position < input.count, isDigit(input[position]) {
                accumulate(input[position], into: &mantissa, significantDigits: &significantDigits)
                position += 1
            }
        default:
            throw error(.invalidNumber("expected a digit after '-'"))
        }
        if position < input.count, input[position] == UInt8(ascii: ".") {
            position += 1
            guard position < input.count, isDigit(input[position]) else {
                throw error(.invalidNumber("expected a digit after the decimal point"))
            }
            while position < input.count, isDigit(input[position]) {
                accumulate(input[position], into: &mantissa, significantDigits: &significantDigits)
                fractionDigits += 1
                position += 1
            }
        }
        var exponent = 0
        if position < input.count, input[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            var exponentNegative = false
            if position < input.count, input[position] == UInt8(ascii: "+") || input[position] == UInt8(ascii: "-") {
                exponentNegative = input[position] == UInt8(ascii: "-")
                position += 1
            }
            guard position < input.count, isDigit(input[position]) else {
                throw error(.invalidNumber("expected a digit in the exponent"))
            }
            while position < input.count, isDigit(input[position]) {
                // Clamp: anything this large is ±inf or 0 anyway; avoids Int overflow.
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(input[position] - UInt8(ascii: "0")) }
                position += 1
            }
            if exponentNegative { exponent = -exponent }
        }

        // Clinger's fast path: a mantissa up to 2^53 and a power of ten up to
        // 10^22 are both exact doubles, so one multiply or divide rounds once.
        let decimalExponent = exponent - fractionDigits
        if significantDigits <= 19 && mantissa <= 1 << 53 {
            var magnitude: Double?
            if mantissa == 0 {
                magnitude = 0
            } else if decimalExponent >= 0 && decimalExponent <= 22 {
                magnitude = Double(mantissa) * Self.exactPowersOfTen[decimalExponent]
            } else if decimalExponent < 0 && decimalExponent >= -22 {
                magnitude = Double(mantissa) / Self.exactPowersOfTen[-decimalExponent]
            }
            if let magnitude, magnitude.isFinite {
                return negative ? -magnitude : magnitude
            }
        }
        // General case: the C library's correctly rounded conversion.
        let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<position]), as: UTF8.self)
        guard let value = Double(text) else {
            throw error(.invalidNumber("cannot convert \(text)"), at: start)
        }
        guard value.isFinite else { throw error(.numberOutOfRange, at: start) }
        return value
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// Adds a digit to the fast-path mantissa; leading zeros are not
    /// significant, and past 19 significant digits (the most a UInt64 holds
    /// without overflow) only the count matters.
    @inline(__always)
    private func accumulate(_ digit: UInt8, into mantissa: inout UInt64, significantDigits: inout Int) {
        if mantissa == 0 && digit == UInt8(ascii: "0") { return }
        significantDigits += 1
        if significantDigits <= 19 {
            mantissa = mantissa * 10 + UInt64(digit - UInt8(ascii: "0"))
        }
    }

    // MARK: Errors

    /// The path to the value currently being parsed in the innermost container.
    private func path(of stack: [Frame]) -> JSONPath {
        JSONPath(components: stack.map { frame in
            frame.isObject ? .key(frame.pendingKey) : .index(frame.array.count)
        })
    }

    private func error(_ kind: JSONParseError.Kind, at offset: Int? = nil) -> JSONParseError {
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
