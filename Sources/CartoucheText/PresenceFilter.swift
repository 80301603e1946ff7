import Synchronization

/// A one-bit-per-key presence filter in front of `ShapingCache`'s table,
/// read without the cache's lock.
///
/// Each key sets one bit chosen by its hash. A clear bit means the key is
/// certainly not cached, so a lookup that misses (every label of a cold
/// cache) returns without taking the lock or reading the bucket table, whose
/// line is usually not in the processor's caches: shaping between two lookups
/// evicts it. The filter is small (at most 16 KiB), so it tends to stay in
/// the core's L2 cache where the table does not. A set bit means "maybe":
/// the lookup goes on to the table as before.
///
/// A cached key's bit is always set (no false "certainly not"): bits are
/// never cleared one at a time, so evicted keys leave theirs set, and
/// `ShapingCache` rebuilds the filter from the live keys once per turn-over
/// of the cache (`replace(with:)`), so stale bits do not accumulate. A
/// rebuild computes the new words aside and stores each in one atomic store,
/// and every new word keeps the bits of the live keys, so a lookup racing
/// with it still finds them. Only `removeAll` clears bits of keys, and it
/// removes those keys too.
///
/// Thread safety: bits are written only under the cache's lock (so a plain
/// atomic load and store suffice, without a read-modify-write), and read
/// with relaxed atomic loads from any thread.
final class PresenceFilter: @unchecked Sendable {
    private let words: UnsafeMutablePointer<Atomic<UInt64>>
    private let wordCount: Int
    private let bitMask: UInt64

    /// The largest filter, in bits: 16 KiB.
    static let maximumBits = 1 << 17

    /// A filter of about four bits per entry of `capacity` (a power of two,
    /// at least 512 and at most `maximumBits`): with the cache full, a lookup
    /// that misses finds its bit set by another key with probability about
    /// 1 − e^(−1/4) ≈ 22 % (less when the filter was rounded up, more for
    /// caches of over `maximumBits / 4` entries).
    init(capacity: Int) {
        var bits = 512
        while bits < capacity * 4, bits < Self.maximumBits { bits <<= 1 }
        wordCount = bits / 64
        bitMask = UInt64(bits - 1)
        words = .allocate(capacity: wordCount)
        for i in 0..<wordCount { (words + i).initialize(to: Atomic(0)) }
    }

    deinit {
        words.deinitialize(count: wordCount)
        words.deallocate()
    }

    /// Bits of the filter.
    var bitCount: Int { wordCount * 64 }

    /// The indices of the set bits, in increasing order (for tests).
    /// - Complexity: O(`bitCount`).
    var setBits: [Int] {
        var result: [Int] = []
        for i in 0..<wordCount {
            let word = words[i].load(ordering: .relaxed)
            for b in 0..<64 where word & (1 << UInt64(b)) != 0 { result.append(i * 64 + b) }
        }
        return result
    }

    /// The bit index of `hash` (for tests): see `bit(_:)`.
    func bitIndex(of hash: Int) -> Int {
        let (word, mask) = bit(hash)
        return word * 64 + mask.trailingZeroBitCount
    }

    /// The bit of `hash`: from bits 32 and up, which neither the bucket index
    /// (the low bits) nor the bucket tag (the top 9 bits) use, so a key's
    /// filter bit is independent of where it sits in the table.
    @inline(__always)
    private func bit(_ hash: Int) -> (word: Int, mask: UInt64) {
        let index = (UInt64(UInt(bitPattern: hash)) >> 32) & bitMask
        return (Int(truncatingIfNeeded: index >> 6), 1 << (index & 63))
    }

    /// False when no key with `hash` is in the filter; true when one may be.
    @inline(__always)
    func mayContain(hash: Int) -> Bool {
        let (word, mask) = bit(hash)
        return words[word].load(ordering: .relaxed) & mask != 0
    }

    /// Sets the bit of `hash`. Call only under the cache's lock.
    func insert(hash: Int) {
        let (word, mask) = bit(hash)
        let old = words[word].load(ordering: .relaxed)
        if old & mask == 0 { words[word].store(old | mask, ordering: .relaxed) }
    }

    /// Sets exactly the bits of `hashes`. Call only under the cache's lock.
    /// - Complexity: O(`bitCount` / 64 + number of hashes).
    func replace<Hashes: Sequence<Int>>(with hashes: Hashes) {
        var fresh = [UInt64](repeating: 0, count: wordCount)
        for hash in hashes {
            let (word, mask) = bit(hash)
            fresh[word] |= mask
        }
        for i in 0..<wordCount { words[i].store(fresh[i], ordering: .relaxed) }
    }

    /// Clears every bit. Call only under the cache's lock.
    /// - Complexity: O(`bitCount` / 64).
    func removeAll() {
        for i in 0..<wordCount { words[i].store(0, ordering: .relaxed) }
    }
}
