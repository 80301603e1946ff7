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
    /// texts shape to different clusters, and byte hashing is several times
    /// faster than Swift's normalizing `String` hash. The hash is computed once.
    public struct Key: Hashable, Sendable {
        public let text: String
        public let includeGlyphs: Bool
        let box: StyleBox
        private let hash: Int

        public var style: TextStyle { box.style }

        public init(text: String, style: TextStyle, includeGlyphs: Bool) {
            self.init(text: text, box: StyleBox(style), includeGlyphs: includeGlyphs)
        }

        init(text: String, box: StyleBox, includeGlyphs: Bool) {
            self.text = text
            self.box = box
            self.includeGlyphs = includeGlyphs
            var hasher = Hasher()
            Self.hashBytes(of: text, into: &hasher)
            hasher.combine(box.hash)
            hasher.combine(includeGlyphs)
            self.hash = hasher.finalize()
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
                b.utf8.withContiguousStorageIfAvailable { pb in pa.elementsEqual(pb) }
            }
            return (fast ?? nil) ?? a.utf8.elementsEqual(b.utf8)
        }
    }

    /// Entries live in slots of parallel arrays; the dictionary maps a key to
    /// its slot. Slots are filled in order and then reused oldest first, so
    /// the slot arrays are also the eviction queue, and a box lookup reads a
    /// plain `ScreenRect` without touching (or reference counting) the layout.
    private struct Storage {
        var slots: [Key: Int] = [:]
        var keys: [Key] = []
        var results: [ShapedText] = []
        var boxes: [ScreenRect] = []
        var nextEviction = 0
        var hits = 0
        var misses = 0
        /// The style box of the latest request, reused while the style repeats.
        var lastStyle: StyleBox?
    }

    /// Most entries kept.
    public let capacity: Int
    private let storage: Mutex<Storage>

    /// - Parameter capacity: entries to keep; values below 1 are treated as 1.
    public init(capacity: Int = 50_000) {
        self.capacity = max(1, capacity)
        self.storage = Mutex(Storage())
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
        storage.withLock { storage in
            if let slot = storage.slots[key] {
                storage.hits += 1
                return storage.results[slot]
            }
            storage.misses += 1
            return nil
        }
    }

    /// Only the box of the cached layout for `key` (the hot path of placement).
    func bounds(for key: Key) -> ScreenRect? {
        storage.withLock { storage in
            if let slot = storage.slots[key] {
                storage.hits += 1
                return storage.boxes[slot]
            }
            storage.misses += 1
            return nil
        }
    }

    /// Stores `value`, evicting the oldest entry when the cache is full.
    public func insert(_ value: ShapedText, for key: Key) {
        storage.withLock { storage in
            if let slot = storage.slots[key] {
                storage.results[slot] = value
                storage.boxes[slot] = value.bounds
                return
            }
            if storage.keys.count < capacity {
                storage.slots[key] = storage.keys.count
                storage.keys.append(key)
                storage.results.append(value)
                storage.boxes.append(value.bounds)
            } else {
                let slot = storage.nextEviction
                storage.slots.removeValue(forKey: storage.keys[slot])
                storage.slots[key] = slot
                storage.keys[slot] = key
                storage.results[slot] = value
                storage.boxes[slot] = value.bounds
                storage.nextEviction = (slot + 1) % capacity
            }
        }
    }

    /// Drops every entry and resets the statistics (keeping the storage allocated).
    public func removeAll() {
        storage.withLock { storage in
            storage.slots.removeAll(keepingCapacity: true)
            storage.keys.removeAll(keepingCapacity: true)
            storage.results.removeAll(keepingCapacity: true)
            storage.boxes.removeAll(keepingCapacity: true)
            storage.nextEviction = 0
            storage.hits = 0
            storage.misses = 0
        }
    }

    /// Number of entries, lookups that hit and lookups that missed.
    public var statistics: (count: Int, hits: Int, misses: Int) {
        storage.withLock { ($0.slots.count, $0.hits, $0.misses) }
    }
}
