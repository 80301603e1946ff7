import CICUBreak
import CartoucheGeometry
import Synchronization

/// A thread-safe, size-bounded cache of laid-out text.
///
/// Keys hold everything that affects a layout: the text, the whole
/// `TextStyle` (font stack, size and every layout property) and whether glyphs
/// were requested. The font registry is not part of the key, so a cache must
/// not be shared by engines with different registries (each engine creates
/// its own by default).
///
/// When full, the oldest entry is evicted (first in, first out), which keeps
/// every operation O(1) under one short lock.
///
/// Lookups are the hot path of label placement, so keys are kept small: the
/// style sits in a shared box (consecutive requests with an equal style reuse
/// the same box) with its hash computed once.
///
/// A lookup first asks its bucket's cache line to load (a prefetch), then
/// checks a small `PresenceFilter` without the lock: most lookups that miss
/// (a cold cache) end there, without the lock or the table. The others take
/// the lock and probe the table as before.
public final class ShapingCache: Sendable {
    /// One slot: key, box and layout side by side, so a hit reads one record.
    private struct Record {
        var key: Key
        var bounds: ScreenRect
        var result: ShapedText
    }

    /// Entries live in slots (`records`), filled in order and
    /// then reused oldest first, so the slots are also the eviction queue.
    /// An open-addressing table (linear probing) maps keys to slots: each
    /// 4-byte bucket packs the key hash's high 9 bits (a tag) with the slot
    /// number, so probing reads a compact array and only a tag match (1 in 512
    /// for another key) looks at a key. The bucket read is the one memory
    /// latency a lookup that misses pays, so the table is kept as small as
    /// the slot numbers allow, and grows with the entries rather than being
    /// sized for the capacity up front: a cache far from full keeps a table
    /// that stays in the processor's cache (halving it took a hit from 0.11
    /// to 0.09 µs on the benchmark corpus).
    /// The table stays at most half full. A box lookup reads a plain
    /// `ScreenRect` without touching (or reference counting) the layout.
    private struct Storage {
        var buckets: [UInt32]
        var mask: Int
        /// The largest table: the first power of two at least twice the capacity.
        let maximumBuckets: Int
        var records: [Record] = []
        var nextEviction = 0
        var hits = 0
        var misses = 0
        /// Entries evicted since the presence filter was last rebuilt.
        var evictionsSinceFilterRebuild = 0
        /// The style box of the latest request, reused while the style repeats.
        var lastStyle: StyleBox?

        /// The table a new cache starts with (it doubles as entries arrive).
        static let initialBuckets = 256

        init(capacity: Int) {
            var size = 16
            while size < capacity * 2 { size <<= 1 }
            maximumBuckets = size
            let initial = min(size, Self.initialBuckets)
            buckets = [UInt32](repeating: 0, count: initial)
            mask = initial - 1
        }

        /// Doubles the table when `count` entries would fill it more than half,
        /// re-inserting every entry (each record keeps its key's hash).
        /// - Returns: whether the table was rebuilt (bucket positions changed).
        /// - Complexity: O(entries), amortized O(1) per insert.
        mutating func growIfNeeded(forCount count: Int) -> Bool {
            guard count * 2 > buckets.count, buckets.count < maximumBuckets else { return false }
            let size = buckets.count * 2
            var table = [UInt32](repeating: 0, count: size)
            let newMask = size - 1
            for (slot, record) in records.enumerated() {
                var i = record.key.hash & newMask
                while table[i] != 0 { i = (i + 1) & newMask }
                table[i] = Self.tag(record.key.hash) << Self.slotBits | UInt32(slot + 1)
            }
            buckets = table
            mask = newMask
            return true
        }

        @inline(__always)
        static func tag(_ hash: Int) -> UInt32 { UInt32(truncatingIfNeeded: UInt64(UInt(bitPattern: hash)) >> 55) }

        /// Bits of a bucket holding the slot number plus one (0 marks an empty bucket).
        static let slotBits: UInt32 = 23
        static let slotMask: UInt32 = (1 << slotBits) - 1

        @inline(__always)
        static func slot(_ entry: UInt32) -> Int { Int(entry & slotMask) - 1 }

        /// The slot holding `key`, or nil; either way the bucket probing stopped at.
        func find(_ key: Key) -> (bucket: Int, slot: Int?) {
            find(text: key.text, box: key.box, includeGlyphs: key.includeGlyphs, hash: key.hash)
        }

        /// `find` for the parts of a key, so lookups need not build (and
        /// reference-count) a `Key`. Compares the stored hash first, then the
        /// style (by identity, else field by field) and the text bytes.
        func find(text: String, box: StyleBox, includeGlyphs: Bool, hash: Int) -> (bucket: Int, slot: Int?) {
            let tag = Self.tag(hash)
            var i = hash & mask
            while true {
                let entry = buckets[i]
                if entry == 0 { return (i, nil) }
                if entry >> Self.slotBits == tag {
                    let slot = Self.slot(entry)
                    let same = records.withUnsafeBufferPointer { stored in
                        stored[slot].key.hash == hash && stored[slot].key.includeGlyphs == includeGlyphs
                            && (stored[slot].key.box === box || stored[slot].key.box.matches(box.style))
                            && Key.bytesEqual(stored[slot].key.text, text)
                    }
                    if same { return (i, slot) }
                }
                i = (i + 1) & mask
            }
        }

        /// Empties bucket `hole`, shifting later entries of its probe run back
        /// so every remaining key stays reachable (deletion without tombstones).
        mutating func remove(bucket hole: Int) {
            var i = hole
            var j = hole
            while true {
                j = (j + 1) & mask
                let entry = buckets[j]
                if entry == 0 { break }
                let home = records.withUnsafeBufferPointer { $0[Self.slot(entry)].key.hash } & mask
                // An entry whose home lies cyclically in (i, j] must stay after i.
                let stays = i <= j ? (i < home && home <= j) : (i < home || home <= j)
                if stays { continue }
                buckets[i] = entry
                i = j
            }
            buckets[i] = 0
        }
    }

    /// Most entries kept.
    public let capacity: Int
    private let storage: Mutex<Storage>
    /// The bucket table's base address and mask, published under the lock
    /// whenever the table is replaced, so `prefetchBucket(hash:)` can compute
    /// a bucket's address without the lock. Read without the lock they may be
    /// stale or from two different tables; that only makes the prefetch
    /// useless, never wrong, because a prefetch never faults and nothing reads
    /// through these values.
    private let tableAddress = Atomic<UInt>(0)
    private let tableMask = Atomic<Int>(0)
    /// Answers most lookups that miss without the lock (see `PresenceFilter`).
    private let filter: PresenceFilter
    /// Lookups the filter answered (misses counted outside the lock).
    private let filteredMisses = Atomic<Int>(0)

    /// The largest capacity accepted (larger requests are clamped): the hash
    /// table grows to 8 to 16 bytes per entry of capacity, and a bucket has
    /// 23 bits for the slot number.
    public static let maximumCapacity = 1 << 22

    /// - Parameter capacity: entries to keep, clamped to `1...maximumCapacity`.
    public init(capacity: Int = 50_000) {
        let capacity = min(max(1, capacity), Self.maximumCapacity)
        self.capacity = capacity
        self.storage = Mutex(Storage(capacity: capacity))
        self.filter = PresenceFilter(capacity: capacity)
        storage.withLock { publishTable($0) }
    }

    /// Records where `storage`'s bucket table lives (call under the lock, after the table changed).
    private func publishTable(_ storage: borrowing Storage) {
        let base = storage.buckets.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        tableAddress.store(base, ordering: .relaxed)
        tableMask.store(storage.mask, ordering: .relaxed)
    }

    /// Starts loading the cache line of the bucket where a lookup of `hash`
    /// begins, without the lock and without waiting, so that work done before
    /// the lookup overlaps the memory latency of its first read.
    @inline(__always)
    func prefetchBucket(hash: Int) {
        let base = tableAddress.load(ordering: .relaxed)
        let offset = UInt(bitPattern: hash & tableMask.load(ordering: .relaxed)) &* UInt(MemoryLayout<UInt32>.stride)
        guard let address = UnsafeRawPointer(bitPattern: base &+ offset) else { return }
        cartouche_prefetch(address)
    }

    /// The key for a request, sharing the style box of the previous request
    /// when the style is the same.
    func key(text: String, style: TextStyle, includeGlyphs: Bool) -> Key {
        let box = storage.withLock { storage -> StyleBox in
            if let last = storage.lastStyle, last.matches(style) { return last }
            let box = StyleBox(style)
            storage.lastStyle = box
            return box
        }
        return Key(text: text, box: box, includeGlyphs: includeGlyphs)
    }

    /// The cached layout for `key`, if any.
    /// - Complexity: O(1) expected; the key's hash was computed when it was made.
    public func value(for key: Key) -> ShapedText? {
        value(text: key.text, box: key.box, includeGlyphs: key.includeGlyphs, hash: key.hash)
    }

    /// `value(for:)` from the parts of a key and its hash.
    func value(text: String, box: StyleBox, includeGlyphs: Bool, hash: Int) -> ShapedText? {
        guard mayContain(hash: hash) else { return nil }
        return storage.withLock { storage in
            guard let slot = storage.find(text: text, box: box, includeGlyphs: includeGlyphs, hash: hash).slot else {
                storage.misses += 1
                return nil
            }
            storage.hits += 1
            return storage.records[slot].result
        }
    }

    /// Only the box of the cached layout for `key` (the hot path of placement).
    func bounds(for key: Key) -> ScreenRect? {
        bounds(text: key.text, box: key.box, includeGlyphs: key.includeGlyphs, hash: key.hash)
    }

    /// `bounds(for:)` from the parts of a key and its hash (`Key.hash(text:box:includeGlyphs:)`).
    func bounds(text: String, box: StyleBox, includeGlyphs: Bool, hash: Int) -> ScreenRect? {
        guard mayContain(hash: hash) else { return nil }
        return storage.withLock { storage in
            guard let slot = storage.find(text: text, box: box, includeGlyphs: includeGlyphs, hash: hash).slot else {
                storage.misses += 1
                return nil
            }
            storage.hits += 1
            return storage.records[slot].bounds
        }
    }

    /// The lock-free start of a lookup: false (a miss, counted) when the
    /// filter rules `hash` out; otherwise the bucket's line has been asked
    /// for, so that it loads while the lock is taken.
    @inline(__always)
    private func mayContain(hash: Int) -> Bool {
        prefetchBucket(hash: hash)
        guard filter.mayContain(hash: hash) else {
            filteredMisses.wrappingAdd(1, ordering: .relaxed)
            return false
        }
        return true
    }

    /// Stores `value`, evicting the oldest entry when the cache is full.
    /// - Complexity: O(1) expected; O(entries) when the table doubles, so
    ///   amortized O(1).
    public func insert(_ value: ShapedText, for key: Key) {
        insert(value, text: key.text, box: key.box, includeGlyphs: key.includeGlyphs, hash: key.hash)
    }

    /// `insert(_:for:)` from the parts of a key and its hash. The record is
    /// built right where it is stored, so the parts are retained once, by
    /// the record, instead of also by a `Key` made and released around the call.
    func insert(_ value: ShapedText, text: String, box: StyleBox, includeGlyphs: Bool, hash: Int) {
        storage.withLock { storage in
            let found = storage.find(text: text, box: box, includeGlyphs: includeGlyphs, hash: hash)
            if let slot = found.slot {
                storage.records[slot].result = value
                storage.records[slot].bounds = value.bounds
                return
            }
            var bucket = found.bucket
            let slot: Int
            if storage.records.count < capacity {
                if storage.growIfNeeded(forCount: storage.records.count + 1) {
                    // The table was rebuilt.
                    publishTable(storage)
                    bucket = storage.find(text: text, box: box, includeGlyphs: includeGlyphs, hash: hash).bucket
                }
                slot = storage.records.count
                storage.records.append(Record(key: Key(text: text, box: box, includeGlyphs: includeGlyphs, hash: hash),
                                              bounds: value.bounds, result: value))
            } else {
                slot = storage.nextEviction
                let evicted = storage.find(storage.records[slot].key)
                if evicted.slot != nil {
                    storage.remove(bucket: evicted.bucket)
                    // The shift may have moved the free bucket.
                    bucket = storage.find(text: text, box: box, includeGlyphs: includeGlyphs, hash: hash).bucket
                }
                storage.records[slot] = Record(key: Key(text: text, box: box, includeGlyphs: includeGlyphs, hash: hash),
                                               bounds: value.bounds, result: value)
                storage.nextEviction = (slot + 1) % capacity
                storage.evictionsSinceFilterRebuild += 1
                if storage.evictionsSinceFilterRebuild >= capacity {
                    // Every entry has been replaced since the last rebuild:
                    // drop the evicted keys' bits (O(capacity) once per
                    // `capacity` inserts, so amortized O(1)).
                    storage.evictionsSinceFilterRebuild = 0
                    filter.replace(with: storage.records.lazy.map(\.key.hash))
                }
            }
            storage.buckets[bucket] = Storage.tag(hash) << Storage.slotBits | UInt32(slot + 1)
            filter.insert(hash: hash)
        }
    }

    /// Drops every entry and resets the statistics (keeping the storage allocated).
    public func removeAll() {
        storage.withLock { storage in
            for i in storage.buckets.indices { storage.buckets[i] = 0 }
            storage.records.removeAll(keepingCapacity: true)
            storage.nextEviction = 0
            storage.hits = 0
            storage.misses = 0
            storage.evictionsSinceFilterRebuild = 0
            filter.removeAll()
            filteredMisses.store(0, ordering: .relaxed)
        }
    }

    /// Buckets of the hash table now: it grows with the entries, up to the
    /// first power of two at least twice the capacity.
    var bucketCount: Int {
        storage.withLock { $0.buckets.count }
    }

    /// The presence filter's set bits and the bit a hash maps to (for tests).
    var filterState: (bitCount: Int, setBits: [Int], bitIndex: (Int) -> Int) {
        storage.withLock { _ in (filter.bitCount, filter.setBits, { [filter] in filter.bitIndex(of: $0) }) }
    }

    /// Number of entries, lookups that hit and lookups that missed.
    public var statistics: (count: Int, hits: Int, misses: Int) {
        let filtered = filteredMisses.load(ordering: .relaxed)
        return storage.withLock { ($0.records.count, $0.hits, $0.misses + filtered) }
    }
}
