/// Compact JSON text assembled with plain stores into a buffer this value
/// owns, for hot loops that write many small values: the streaming compile
/// writes each GeoJSON feature here and hands it to
/// ``JSONWriter/writeRawValue(_:)`` in one call.
///
/// Unlike ``JSONWriter`` it keeps no structure: the caller lays out the
/// punctuation itself (with prepared fragments and ``JSONQuotedString``s)
/// and is responsible for producing one valid JSON value. What it saves is
/// per-call overhead: appending to a `[UInt8]` checks uniqueness and
/// capacity and calls `memmove` for every key and number, which was a
/// fifth of the compile benchmark's time. Numbers and strings are spelled
/// exactly as ``JSONWriter`` spells them.
///
/// The appends a feature makes several times (bytes, fragments, prepared
/// names) are `@inlinable`: called across the module boundary, each was a
/// call plus a `memmove` call for a dozen bytes, about a tenth of the
/// compile benchmark; inlined, a fragment of constant length is a few moves.
public struct JSONRawBuffer: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var used = 0
    /// Bytes written so far.
    public var count: Int { used }

    public init(capacity: Int = 4096) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Forgets the contents, keeping the memory.
    public mutating func removeAll() { used = 0 }

    /// The bytes written so far.
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: used))
    }

    /// Makes room for `additional` more bytes.
    @inlinable @inline(__always)
    mutating func ensure(_ additional: Int) {
        if used + additional > capacity { grow(to: used + additional) }
    }

    @usableFromInline
    mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: used)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Appends raw bytes (ASCII punctuation, prepared fragments).
    @inlinable
    public mutating func append(fragment: StaticString) {
        append(UnsafeBufferPointer(start: fragment.utf8Start, count: fragment.utf8CodeUnitCount))
    }

    /// Appends one raw byte.
    @inlinable @inline(__always)
    public mutating func append(byte: UInt8) {
        ensure(1)
        base[used] = byte
        used += 1
    }

    @inlinable @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        ensure(bytes.count)
        if let source = bytes.baseAddress { (base + used).update(from: source, count: bytes.count) }
        used += bytes.count
    }

    /// Appends `"name":`.
    @inlinable
    public mutating func appendMemberName(_ name: JSONQuotedString) {
        name.withMemberNameBytes { append($0) }
    }

    /// Appends `"text"` (a prepared string value).
    public mutating func appendString(_ value: JSONQuotedString) {
        value.withMemberNameBytes { append(UnsafeBufferPointer(rebasing: $0.dropLast())) }
    }

    /// Appends a string value, quoted and escaped like ``JSONWriter/write(_:)-(String)``.
    public mutating func appendString(_ text: String) {
        let handled: Void? = text.utf8.withContiguousStorageIfAvailable { appendString(utf8: $0) }
        if handled == nil { Array(text.utf8).withUnsafeBufferPointer { appendString(utf8: $0) } }
    }

    /// Appends a string given as UTF-8 (which must be valid UTF-8).
    public mutating func appendString(utf8: UnsafeBufferPointer<UInt8>) {
        if !JSONWriter.needsEscaping(utf8) {
            appendPlainString(utf8: utf8)
            return
        }
        var writer = JSONWriter()
        writer.writeString(utf8: utf8)
        writer.bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Appends `"text"` for UTF-8 the caller spelled itself with no byte
    /// that needs escaping (`JSONWriter.needsEscaping` is false), e.g. a
    /// color's `rgba(…)`: the copy without the scan.
    public mutating func appendPlainString(utf8: UnsafeBufferPointer<UInt8>) {
        assert(!JSONWriter.needsEscaping(utf8), "appendPlainString: the text needs escaping")
        ensure(utf8.count + 2)
        base[used] = UInt8(ascii: "\"")
        if let source = utf8.baseAddress { (base + used + 1).update(from: source, count: utf8.count) }
        base[used + 1 + utf8.count] = UInt8(ascii: "\"")
        used += utf8.count + 2
    }

    /// Appends a number in the writer's shortest round-trip form; throws for NaN and ±inf.
    public mutating func appendNumber(_ value: Double) throws(JSONWriteError) {
        guard value.isFinite else { throw .nonFiniteNumber(value, path: .root) }
        ensure(32)
        used += JSONWriter.spellFiniteNumber(value, into: UnsafeMutableBufferPointer(start: base + used, count: 32))
    }

    /// Appends a whole value tree (sorted keys, compact), as ``JSONWriter/write(_:)-(JSONValue)``.
    public mutating func append(_ value: JSONValue) throws(JSONWriteError) {
        switch value {
        case .string(let text): appendString(text)
        case .number(let number): try appendNumber(number)
        default:
            var writer = JSONWriter()
            try writer.write(value)
            writer.bytes.withUnsafeBufferPointer { append($0) }
        }
    }
}

extension JSONWriter {
    /// Writes the value assembled in `buffer` (which must hold exactly one
    /// valid, compact JSON value) as the next value, with the separator and
    /// indentation the writer's structure needs. In ``Style/pretty`` the
    /// value is parsed and written as a tree, so the output is what writing
    /// it piece by piece would give.
    public mutating func writeRawValue(_ buffer: borrowing JSONRawBuffer) throws(JSONWriteError) {
        if style == .pretty, let value = buffer.withBytes({ try? JSONParser().parse($0) }) {
            try write(value)
            return
        }
        beginValue()
        buffer.withBytes { bytes.append(contentsOf: $0) }
    }
}
