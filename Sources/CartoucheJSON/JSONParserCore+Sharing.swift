/// Identical small containers of one document share one storage.
///
/// Scenes repeat small objects and arrays byte for byte — the same eight
/// `variableAnchors` on a million annotations, the same `padding` — and each
/// copy parsed on its own is a dictionary or array of its own: a million
/// annotations' anchors alone took about 2 GB. A closed container of at most
/// ``maximumLength`` bytes is looked up by its bytes among recently closed
/// ones (a direct-mapped table of ``slots`` entries, FNV-1a hashed) and,
/// when the same bytes were seen, replaced by the earlier value. The same
/// bytes always parse to the same value, so this is invisible but for the
/// memory (`JSONValue` is a value type; storage is copied on write).
///
/// Only documents of at least ``minimumDocumentLength`` bytes use it: a small
/// body would pay for the table and gain nothing.
struct JSONRecentContainers {
    static let slots = 1024
    static let maximumLength = 512
    static let minimumDocumentLength = 1 << 16

    private struct Entry {
        var start: Int
        var end: Int
        var value: JSONValue
    }

    private var entries: [Entry?] = Array(repeating: nil, count: slots)

    /// `value`, parsed from `input[start..<end]`, or an equal earlier one.
    ///
    /// - Complexity: O(end − start).
    mutating func shared(_ value: JSONValue, in input: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> JSONValue {
        guard end - start <= Self.maximumLength else { return value }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in UnsafeBufferPointer(rebasing: input[start..<end]) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let slot = Int(truncatingIfNeeded: hash ^ (hash >> 32)) & (Self.slots - 1)
        if let entry = entries[slot], entry.end - entry.start == end - start,
           UnsafeBufferPointer(rebasing: input[entry.start..<entry.end]).elementsEqual(UnsafeBufferPointer(rebasing: input[start..<end])) {
            return entry.value
        }
        entries[slot] = Entry(start: start, end: end, value: value)
        return value
    }
}
