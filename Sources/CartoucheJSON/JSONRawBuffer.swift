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

    /// Appends raw bytes (ASCII punctuation, prepared fragments). Always
    /// inlined, so the fragment's length is a constant and the copy a few
    /// straight moves.
    @inlinable @inline(__always)
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
        if let source = bytes.baseAddress { Self.copy(from: source, to: base + used, count: bytes.count) }
        used += bytes.count
    }

    /// Copies `count` bytes. Up to 64 bytes (ids, colours, member names)
    /// are two overlapping runs of 4- or 8-byte loads and stores, with no
    /// call: `memmove` for a 7-byte id or a 33-byte name cost more in its
    /// call and size dispatch than in copying (3 % of the compile benchmark).
    @inlinable @inline(__always)
    static func copy(from source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>, count: Int) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(destination)
        @inline(__always) func copyWords(_ words: Int) {
            // The first `words` and the last `words` 8-byte words: together
            // they cover 8·words < count ≤ 16·words bytes.
            let tail = count &- 8 &* words
            for index in 0..<words {
                let head = from.loadUnaligned(fromByteOffset: 8 &* index, as: UInt64.self)
                let end = from.loadUnaligned(fromByteOffset: tail &+ 8 &* index, as: UInt64.self)
                to.storeBytes(of: head, toByteOffset: 8 &* index, as: UInt64.self)
                to.storeBytes(of: end, toByteOffset: tail &+ 8 &* index, as: UInt64.self)
            }
        }
        if count > 64 || count < 4 {
            destination.update(from: source, count: count)
        } else if count > 32 {
            copyWords(4)
        } else if count > 16 {
            copyWords(2)
        } else if count >= 8 {
            copyWords(1)
        } else {
            let head = from.loadUnaligned(as: UInt32.self)
            let end = from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: end, toByteOffset: count &- 4, as: UInt32.self)
        }
    }

    /// Appends `"name":`. An inline name (up to 47 bytes) is stored as its
    /// whole 48-byte storage, a constant-size copy with no branch on its
    /// length; the bytes past the name are overwritten by what follows.
    @inlinable
    public mutating func appendMemberName(_ name: JSONQuotedString) {
        let count = name.inline.count
        guard count > 0 else { return name.withMemberNameBytes { append($0) } }
        ensure(MemoryLayout.size(ofValue: name.inline.storage))
        UnsafeMutableRawPointer(base + used).storeBytes(of: name.inline.storage, as: InlineBytes.Storage.self)
        used += count
    }

    /// Appends `"text"` (a prepared string value).
    @inlinable
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
    @inlinable @inline(__always)
    public mutating func appendPlainString(utf8: UnsafeBufferPointer<UInt8>) {
        assert(!JSONWriter.needsEscaping(utf8), "appendPlainString: the text needs escaping")
        ensure(utf8.count + 2)
        base[used] = UInt8(ascii: "\"")
        if let source = utf8.baseAddress { Self.copy(from: source, to: base + used + 1, count: utf8.count) }
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
