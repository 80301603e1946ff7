/// A string escaped and quoted once, for member names and values written
/// many times: GeoJSON's `"type"` and `"Feature"`, style property keys.
///
/// ``JSONWriter/key(_:)-(JSONQuotedString)`` and
/// ``JSONWriter/write(_:)-(JSONQuotedString)`` copy the prepared bytes in one
/// call instead of scanning the text for characters to escape each time.
/// Names up to 46 bytes (quoted, with the colon) are stored inline, so
/// writing them touches no reference count: profiles of the streaming
/// compile showed the retain and release of a byte array per key.
public struct JSONQuotedString: Sendable, Hashable {
    /// The unescaped text.
    public let text: String
    /// `"text":` escaped, UTF-8, when it fits in `inline`; else empty.
    @usableFromInline let inline: InlineBytes
    /// `"text":` for longer names; empty when inline.
    @usableFromInline let spilled: [UInt8]

    public init(_ text: String) {
        self.text = text
        var writer = JSONWriter()
        writer.appendQuoted(text)
        writer.bytes.append(UInt8(ascii: ":"))
        if let inline = InlineBytes(writer.bytes) {
            self.inline = inline
            spilled = []
        } else {
            inline = InlineBytes()
            spilled = writer.bytes
        }
    }

    public static func == (a: Self, b: Self) -> Bool { a.text == b.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    /// Calls `body` with `"text":` (colon included).
    @inlinable @inline(__always)
    func withMemberNameBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if inline.count > 0 { return inline.withBytes(body) }
        return spilled.withUnsafeBufferPointer(body)
    }
}

/// Up to 47 bytes stored in the value itself.
@usableFromInline
struct InlineBytes: Sendable {
    @usableFromInline typealias Storage = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    @usableFromInline var storage: Storage = (0, 0, 0, 0, 0, 0)
    @usableFromInline var count = 0

    init() {}

    init?(_ bytes: [UInt8]) {
        guard bytes.count <= MemoryLayout.size(ofValue: storage) else { return nil }
        withUnsafeMutableBytes(of: &storage) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        count = bytes.count
    }

    @inlinable @inline(__always)
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeBytes(of: storage) { raw in
            body(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[0..<count]))
        }
    }
}
