import CartoucheGeometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
public final class ShapingCache: Sendable {
    /// A `TextStyle` with its hash, shared by every key made with that style.
    final class StyleBox: Sendable {
        let style: TextStyle
        let hash: Int

        init(_ style: TextStyle) {
            self.style = style
            var hasher = Hasher()
            hasher.combine(style.font.count)
            for name in style.font { Key.hashBytes(of: name, into: &hasher) }
            hasher.combine(style.size)
            hasher.combine(style.maxWidth)
            hasher.combine(style.lineHeight)
            hasher.combine(style.letterSpacing)
            hasher.combine(style.justify)
            hasher.combine(style.anchor)
            hasher.combine(style.transform)
            hasher.combine(style.offsetX)
            hasher.combine(style.offsetY)
            hasher.combine(style.radialOffset)
            self.hash = hasher.finalize()
        }

        /// Field-by-field equality with font names compared byte for byte.
        func matches(_ other: TextStyle) -> Bool {
            let s = style, t = other
            return s.size == t.size && s.maxWidth == t.maxWidth && s.lineHeight == t.lineHeight
                && s.letterSpacing == t.letterSpacing && s.justify == t.justify && s.anchor == t.anchor
                && s.transform == t.transform && s.offsetX == t.offsetX && s.offsetY == t.offsetY
                && s.radialOffset == t.radialOffset && s.font.count == t.font.count
                && zip(s.font, t.font).allSatisfy { Key.bytesEqual($0, $1) }
        }
    }

    /// A layout request. Texts and font names compare by their exact UTF-8
    /// bytes, not by Unicode canonical equivalence: differently normalized
    /// texts shape to different clusters, and byte hashing (`FastHash`) is
    /// several times faster than Swift's normalizing `String` hash. The hash is
    /// computed once.
    public struct Key: Hashable, Sendable {
        public let text: String
        public let includeGlyphs: Bool
        let box: StyleBox
        let hash: Int

        public var style: TextStyle { box.style }

        public init(text: String, style: TextStyle, includeGlyphs: Bool) {
            self.init(text: text, box: StyleBox(style), includeGlyphs: includeGlyphs)
        }

        init(text: String, box: StyleBox, includeGlyphs: Bool) {
            self.init(text: text, box: box, includeGlyphs: includeGlyphs,
                      hash: Self.hash(text: text, box: box, includeGlyphs: includeGlyphs))
        }

        /// A key whose hash the caller already computed with `hash(text:box:includeGlyphs:)`.
        init(text: String, box: StyleBox, includeGlyphs: Bool, hash: Int) {
            self.text = text
            self.box = box
            self.includeGlyphs = includeGlyphs
            self.hash = hash
        }

        static func hash(text: String, box: StyleBox, includeGlyphs: Bool) -> Int {
            let mixed = FastHash.mix(FastHash.hash(text) ^ UInt64(UInt(bitPattern: box.hash)),
                                     includeGlyphs ? 0x9FB2_1C65_1E98_DF25 : 0xC2B2_AE3D_27D4_EB4F)
            return Int(bitPattern: UInt(truncatingIfNeeded: mixed))
        }

        public static func == (a: Key, b: Key) -> Bool {
            a.hash == b.hash && a.includeGlyphs == b.includeGlyphs
                && (a.box === b.box || a.box.matches(b.box.style)) && bytesEqual(a.text, b.text)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }

        static func hashBytes(of string: String, into hasher: inout Hasher) {
            hasher.combine(string.utf8.count)
            let hashed: Void? = string.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            if hashed == nil {
                for byte in string.utf8 { hasher.combine(byte) }
            }
        }

        static func bytesEqual(_ a: String, _ b: String) -> Bool {
            guard a.utf8.count == b.utf8.count else { return false }
            let fast = a.utf8.withContiguousStorageIfAvailable { pa in
                b.utf8.withContiguousStorageIfAvailable { pb in
                    guard let x = pa.baseAddress, let y = pb.baseAddress else { return pa.isEmpty && pb.isEmpty }
                    return memcmp(x, y, pa.count) == 0
                }
            }
            return (fast ?? nil) ?? a.utf8.elementsEqual(b.utf8)
        }
    }

    /// The key and box of one slot, side by side so a hit reads one record.
    private struct Record {
        var key: Key
        var bounds: ScreenRect
    }

    /// Entries live in slots (`records` and `results`), filled in order and
    /// then reused oldest first, so the slots are also the eviction queue.
    /// An open-addressing table (linear probing) maps keys to slots: each
    /// 8-byte bucket packs the key hash's high 32 bits with the slot number,
    /// so probing reads a compact array and only a tag match looks at a key.
    /// The table stays at most half full. A box lookup reads a plain
    /// `ScreenRect` without touching (or reference counting) the layout.
    private struct Storage {
        var buckets: [UInt64]
        let mask: Int
        var records: [Record] = []
        var results: [ShapedText] = []
        var nextEviction = 0
        var hits = 0
        var misses = 0
        /// The style box of the latest request, reused while the style repeats.
        var lastStyle: StyleBox?

        init(capacity: Int) {
            var size = 16
            while size < capacity * 2 { size <<= 1 }
            buckets = [UInt64](repeating: 0, count: size)
            mask = size - 1
        }

        @inline(__always)
        static func tag(_ hash: Int) -> UInt64 { UInt64(UInt(bitPattern: hash)) >> 32 }

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
                if entry >> 32 == tag {
                    let slot = Int(entry & 0xFFFF_FFFF) - 1
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
                let home = records.withUnsafeBufferPointer { $0[Int(entry & 0xFFFF_FFFF) - 1].key.hash } & mask
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

    /// The largest capacity accepted (larger requests are clamped): the hash
    /// table is allocated up front, 16 bytes per entry of capacity.
    public static let maximumCapacity = 1 << 22

    /// - Parameter capacity: entries to keep, clamped to `1...maximumCapacity`.
    public init(capacity: Int = 50_000) {
        let capacity = min(max(1, capacity), Self.maximumCapacity)
        self.capacity = capacity
        self.storage = Mutex(Storage(capacity: capacity))
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
        storage.withLock { storage in
            guard let slot = storage.find(text: text, box: box, includeGlyphs: includeGlyphs, hash: hash).slot else {
                storage.misses += 1
                return nil
            }
            storage.hits += 1
            return storage.results[slot]
        }
    }

    /// Only the box of the cached layout for `key` (the hot path of placement).
    func bounds(for key: Key) -> ScreenRect? {
        bounds(text: key.text, box: key.box, includeGlyphs: key.includeGlyphs, hash: key.hash)
    }

    /// `bounds(for:)` from the parts of a key and its hash (`Key.hash(text:box:includeGlyphs:)`).
    func bounds(text: String, box: StyleBox, includeGlyphs: Bool, hash: Int) -> ScreenRect? {
        storage.withLock { storage in
            guard let slot = storage.find(text: text, box: box, includeGlyphs: includeGlyphs, hash: hash).slot else {
                storage.misses += 1
                return nil
            }
            storage.hits += 1
            return storage.records[slot].bounds
        }
    }

    /// Stores `value`, evicting the oldest entry when the cache is full.
    public func insert(_ value: ShapedText, for key: Key) {
        storage.withLock { storage in
            let found = storage.find(key)
            if let slot = found.slot {
                storage.results[slot] = value
                storage.records[slot].bounds = value.bounds
                return
            }
            var bucket = found.bucket
            let slot: Int
            if storage.records.count < capacity {
                slot = storage.records.count
                storage.records.append(Record(key: key, bounds: value.bounds))
                storage.results.append(value)
            } else {
                slot = storage.nextEviction
                let evicted = storage.find(storage.records[slot].key)
                if evicted.slot != nil {
                    storage.remove(bucket: evicted.bucket)
                    bucket = storage.find(key).bucket  // the shift may have moved the free bucket
                }
                storage.records[slot] = Record(key: key, bounds: value.bounds)
                storage.results[slot] = value
                storage.nextEviction = (slot + 1) % capacity
            }
            storage.buckets[bucket] = Storage.tag(key.hash) << 32 | UInt64(slot + 1)
        }
    }

    /// Drops every entry and resets the statistics (keeping the storage allocated).
    public func removeAll() {
        storage.withLock { storage in
            for i in storage.buckets.indices { storage.buckets[i] = 0 }
            storage.records.removeAll(keepingCapacity: true)
            storage.results.removeAll(keepingCapacity: true)
            storage.nextEviction = 0
            storage.hits = 0
            storage.misses = 0
        }
    }

    /// Number of entries, lookups that hit and lookups that missed.
    public var statistics: (count: Int, hits: Int, misses: Int) {
        storage.withLock { ($0.records.count, $0.hits, $0.misses) }
    }
}
