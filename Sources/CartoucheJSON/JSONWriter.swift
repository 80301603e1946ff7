/// Writes JSON text straight into a growing `[UInt8]`, without Foundation.
///
/// Output rules, identical for every Cartouche document so output is
/// deterministic byte for byte:
/// - **Object keys** from ``JSONValue`` objects are sorted by their UTF-8
///   bytes, which is the same as Unicode scalar order (not Swift's `String <`,
///   which compares by canonical equivalence). Callers that write members one
///   by one with ``key(_:)-(String)`` choose their own order (Cartouche encoders write
///   them sorted the same way).
/// - **Strings** are escaped per RFC 8259: `"` `\` and U+0000…U+001F (as
///   `\b \f \n \r \t` or `\u00XX`), plus U+2028 and U+2029 so the output can be
///   embedded in JavaScript source. Everything else, including non-ASCII, is
///   written as raw UTF-8; `/` is not escaped.
/// - **Numbers** use the shortest text that parses back to the identical
///   double: integral values with |x| < 2^53 have no fraction or exponent
///   (`5`, `-3`, `-0`); all others use the shortest round-trip digits with a
///   plain exponent (`0.1`, `1e-7`, `1.2345678901234568e20`). NaN and ±inf
///   cannot be written: the write throws ``JSONWriteError``.
/// - **Style**: ``Style/compact`` has no whitespace; ``Style/pretty`` puts each
///   element on its own line with a 2-space indent and `": "` after keys.
///   Empty arrays and objects are always `[]` and `{}`.
///
/// Build a document with ``beginObject()``/``key(_:)-(String)``/``endObject()``,
/// ``beginArray()``/``endArray()`` and the `write` methods; the writer inserts
/// commas and indentation. The calls must be properly nested (that is the
/// calling code's job, not user input's); after a thrown error the buffer
/// holds a partial document and should be discarded.
public struct JSONWriter: Sendable {
    /// Whitespace style of the output.
    public enum Style: Sendable {
        /// No whitespace at all.
        case compact
        /// One element per line, 2-space indent.
        case pretty
    }

    /// The text written so far, UTF-8.
    public internal(set) var bytes: [UInt8]
    public let style: Style
    /// How many containers are open.
    private var depth = 0
    /// Whether the innermost open container already has an element. Kept out
    /// of `enclosingHaveElements` so the per-value check touches no array.
    private var innermostHasElements = false
    /// The same flag for each enclosing container, outermost first.
    private var enclosingHaveElements: [Bool] = []
    /// True between ``key(_:)-(String)`` and the member's value.
    private var awaitingMemberValue = false
    /// Whether members must be written in sorted order (by UTF-8 bytes, as
    /// Python's `sort_keys` and `jq -S` sort them): every answer Cartouche
    /// writes has sorted keys, so goldens and peers compare byte for byte,
    /// and about 180 hand-written `key(_:)` calls keep that order by hand.
    /// Debug builds (the tests) check it at each member and stop with the
    /// two names out of order; release builds check nothing. A writer whose
    /// members follow another order sets this to false.
    public var checksSortedKeys = true
    #if DEBUG
    /// Per open container, the last member name written in it (empty: none yet).
    private var lastKeys: [[UInt8]] = []
    #endif

    public init(style: Style = .compact, reservingCapacity capacity: Int = 0) {
        self.style = style
        self.bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Makes room for at least `additionalBytes` more output without regrowing.
    public mutating func reserveCapacity(_ additionalBytes: Int) {
        bytes.reserveCapacity(bytes.count + max(additionalBytes, 0))
    }

    // MARK: Structure

    public mutating func beginObject() {
        beginValue()
        bytes.append(UInt8(ascii: "{"))
        openContainer()
    }

    public mutating func endObject() {
        endContainer(closing: UInt8(ascii: "}"))
    }

    public mutating func beginArray() {
        beginValue()
        bytes.append(UInt8(ascii: "["))
        openContainer()
    }

    public mutating func endArray() {
        endContainer(closing: UInt8(ascii: "]"))
    }

    /// Writes a member name; the next value written is its value.
    public mutating func key(_ name: String) {
        #if DEBUG
        checkOrder(of: Array(name.utf8))
        #endif
        beginValue()
        appendQuoted(name)
        bytes.append(UInt8(ascii: ":"))
        if style == .pretty { bytes.append(UInt8(ascii: " ")) }
        awaitingMemberValue = true
    }

    /// Writes a prepared member name; the next value written is its value.
    public mutating func key(_ name: JSONQuotedString) {
        #if DEBUG
        // The prepared form is `"name":`; the name between the quotes.
        name.withMemberNameBytes { checkOrder(of: Array($0.dropFirst().dropLast(2))) }
        #endif
        beginValue()
        name.withMemberNameBytes { memberName in
            if style == .pretty {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: memberName.dropLast()))
                appendASCII(": ")
            } else {
                bytes.append(contentsOf: memberName)
            }
        }
        awaitingMemberValue = true
    }

    // MARK: Scalars

    public mutating func writeNull() {
        beginValue()
        appendASCII("null")
    }

    public mutating func write(_ value: Bool) {
        beginValue()
        appendASCII(value ? "true" : "false")
    }

    public mutating func write(_ value: String) {
        beginValue()
        appendQuoted(value)
    }

    /// Writes a string given as UTF-8 bytes (which must be valid UTF-8),
    /// escaped like ``write(_:)-(String)``, without building a `String`.
    public mutating func writeString(utf8: UnsafeBufferPointer<UInt8>) {
        beginValue()
        appendQuoted(utf8: utf8)
    }

    /// Writes a prepared string value.
    public mutating func write(_ value: JSONQuotedString) {
        beginValue()
        value.withMemberNameBytes { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0.dropLast())) }
    }

    public mutating func write(_ value: Int) {
        beginValue()
        appendInteger(Int64(value))
    }

    /// Writes a number in shortest round-trip form; throws for NaN and ±inf.
    public mutating func write(_ value: Double) throws(JSONWriteError) {
        guard value.isFinite else { throw .nonFiniteNumber(value, path: .root) }
        beginValue()
        appendFiniteNumber(value)
    }

    /// Writes a whole value tree with sorted keys. A non-finite number inside
    /// throws with the path of that number.
    ///
    /// Walks the tree with an explicit stack rather than recursion, so the
    /// deepest tree the parser accepts is written in constant thread stack.
    ///
    /// - Complexity: O(n + k log k) for n values and k keys per object.
    public mutating func write(_ value: JSONValue) throws(JSONWriteError) {
        /// An open container and the index of its next child to write.
        struct OpenContainer {
            var elements: [JSONValue] = []
            var members: [String: JSONValue] = [:]
            /// Member names in output order; empty for arrays.
            var keys: [String] = []
            var isObject: Bool
            var next = 0

            /// The path step of the child most recently taken from this container.
            var lastChild: JSONPath.Component { isObject ? .key(keys[next - 1]) : .index(next - 1) }
        }
        var stack: [OpenContainer] = []
        var current = value
        while true {
            switch current {
            case .null: writeNull()
            case .bool(let flag): write(flag)
            case .string(let text): write(text)
            case .number(let number):
                guard number.isFinite else {
                    throw .nonFiniteNumber(number, path: JSONPath(components: stack.map(\.lastChild)))
                }
                beginValue()
                appendFiniteNumber(number)
            case .array(let elements):
                beginArray()
                stack.append(OpenContainer(elements: elements, isObject: false))
            case .object(let members):
                beginObject()
                stack.append(OpenContainer(members: members, keys: JSONWriter.sortedKeys(members), isObject: true))
            }
            // Move to the next value to write, closing finished containers.
            findNext: while let top = stack.indices.last {
                let next = stack[top].next
                if stack[top].isObject {
                    if next < stack[top].keys.count {
                        stack[top].next = next + 1
                        let name = stack[top].keys[next]
                        key(name)
                        // The key came from `members`, so the lookup cannot miss.
                        current = stack[top].members[name] ?? .null
                        break findNext
                    }
                    endObject()
                } else {
                    if next < stack[top].elements.count {
                        stack[top].next = next + 1
                        current = stack[top].elements[next]
                        break findNext
                    }
                    endArray()
                }
                stack.removeLast()
            }
            if stack.isEmpty { return }
        }
    }

    /// Writes a value that knows how to write itself.
    public mutating func write(_ value: some JSONWritable) throws(JSONWriteError) {
        try value.write(to: &self)
    }

    // MARK: Static helpers

    /// `names` in the writer's key order: by UTF-8 bytes (= Unicode scalar order).
    public static func sortedKeys(_ members: [String: JSONValue]) -> [String] {
        members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The JSON string literal for `text`, quotes included.
    public static func quoted(_ text: String) -> String {
        var writer = JSONWriter()
        writer.appendQuoted(text)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The shortest round-trip JSON text for a finite number; nil for NaN/±inf.
    public static func numberText(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        var writer = JSONWriter()
        writer.appendFiniteNumber(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    // MARK: Internals

    /// Emits the separator and indentation that precede a new value or key.
    mutating func beginValue() {
        if awaitingMemberValue {
            awaitingMemberValue = false
            return
        }
        guard depth > 0 else { return }
        if innermostHasElements { bytes.append(UInt8(ascii: ",")) }
        innermostHasElements = true
        if style == .pretty { appendNewline(indentLevel: depth) }
    }

    #if DEBUG
    /// Stops when `name` does not come after the open object's last member
    /// (see `checksSortedKeys`).
    private mutating func checkOrder(of name: [UInt8]) {
        guard checksSortedKeys, let last = lastKeys.indices.last else { return }
        if !lastKeys[last].isEmpty {
            assert(lastKeys[last].lexicographicallyPrecedes(name),
                   "JSONWriter: member \"\(String(decoding: name, as: UTF8.self))\" written after \"\(String(decoding: lastKeys[last], as: UTF8.self))\"; members must be in sorted order (or set checksSortedKeys = false)")
        }
        lastKeys[last] = name
    }
    #endif

    private mutating func openContainer() {
        #if DEBUG
        lastKeys.append([])
        #endif
        if depth > 0 { enclosingHaveElements.append(innermostHasElements) }
        depth += 1
        innermostHasElements = false
    }

    private mutating func endContainer(closing: UInt8) {
        #if DEBUG
        _ = lastKeys.popLast()
        #endif
        let hadElements = innermostHasElements
        if depth > 0 { depth -= 1 }
        innermostHasElements = depth > 0 ? (enclosingHaveElements.popLast() ?? false) : false
        if hadElements && style == .pretty { appendNewline(indentLevel: depth) }
        bytes.append(closing)
    }

    private mutating func appendNewline(indentLevel: Int) {
        bytes.append(0x0A)
        for _ in 0..<(indentLevel * 2) { bytes.append(0x20) }
    }

    mutating func appendASCII(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func appendQuoted(_ text: String) {
        let handled: Void? = text.utf8.withContiguousStorageIfAvailable { appendQuoted(utf8: $0) }
        if handled == nil { Array(text.utf8).withUnsafeBufferPointer { appendQuoted(utf8: $0) } }
    }

    /// Short strings with nothing to escape (ids, colours, names) are
    /// assembled on the stack and copied in one call; the rest go through
    /// the escaper.
    private mutating func appendQuoted(utf8: UnsafeBufferPointer<UInt8>) {
        var scratch: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
        let scratchSize = MemoryLayout.size(ofValue: scratch)
        if utf8.count + 2 <= scratchSize, !Self.needsEscaping(utf8) {
            withUnsafeMutableBytes(of: &scratch) { raw in
                raw[0] = UInt8(ascii: "\"")
                UnsafeMutableRawBufferPointer(rebasing: raw[1...]).copyMemory(from: UnsafeRawBufferPointer(utf8))
                raw[utf8.count + 1] = UInt8(ascii: "\"")
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[0..<(utf8.count + 2)]))
            }
            return
        }
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(utf8)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether any byte is a control character, `"`, `\` or the lead byte
    /// of U+2028/U+2029 (0xE2, checked exactly by the escaper).
    @inlinable @inline(__always)
    static func needsEscaping(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2 {
            return true
        }
        return false
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Copies runs of plain bytes and escapes the rest.
    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            let needsEscape: Bool
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                needsEscape = true
            } else if byte == 0xE2 && index + 2 < utf8.count && utf8[index + 1] == 0x80
                && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9)
            {
                needsEscape = true  // U+2028 LINE SEPARATOR / U+2029 PARAGRAPH SEPARATOR
            } else {
                needsEscape = false
            }
            if !needsEscape {
                index += 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            case 0xE2:
                appendASCII(utf8[index + 2] == 0xA8 ? "u2028" : "u2029")
                index += 2
            default:
                appendASCII("u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            }
            index += 1
            runStart = index
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
    }
}

/// A type that writes itself as one JSON value through a ``JSONWriter``.
public protocol JSONWritable {
    func write(to writer: inout JSONWriter) throws(JSONWriteError)
}

extension JSONWritable {
    /// This value as UTF-8 JSON text (sorted keys, shortest numbers).
    public func jsonBytes(style: JSONWriter.Style = .compact) throws(JSONWriteError) -> [UInt8] {
        var writer = JSONWriter(style: style)
        try write(to: &writer)
        return writer.bytes
    }

    /// This value as a JSON string (sorted keys, shortest numbers).
    public func jsonString(style: JSONWriter.Style = .compact) throws(JSONWriteError) -> String {
        String(decoding: try jsonBytes(style: style), as: UTF8.self)
    }
}

extension JSONValue: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(JSONWriteError) {
        try writer.write(self)
    }
}
