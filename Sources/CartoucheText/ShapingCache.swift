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
public final class ShapingCache: Sendable {
    /// A layout request. Texts and font names compare by their exact UTF-8
    /// bytes, not by Unicode canonical equivalence: differently normalized
    /// texts shape to different clusters, and byte hashing is several times
    /// faster than Swift's normalizing `String` hash.
    ///
    /// The hash is computed once, when the key is made, so a miss followed by
    /// an insert hashes the text once.
    public struct Key: Hashable, Sendable {
        public let text: String
        public let style: TextStyle
        public let includeGlyphs: Bool
        private let hash: Int

        public init(text: String, style: TextStyle, includeGlyphs: Bool) {
            self.text = text
            self.style = style
            self.includeGlyphs = includeGlyphs
            var hasher = Hasher()
            Self.combine(text: text, style: style, includeGlyphs: includeGlyphs, into: &hasher)
            self.hash = hasher.finalize()
        }

        public static func == (a: Key, b: Key) -> Bool {
            let (s, t) = (a.style, b.style)
            return a.hash == b.hash && a.includeGlyphs == b.includeGlyphs && s.size == t.size && s.maxWidth == t.maxWidth
                && s.lineHeight == t.lineHeight && s.letterSpacing == t.letterSpacing && s.justify == t.justify
                && s.anchor == t.anchor && s.transform == t.transform && s.offsetX == t.offsetX
                && s.offsetY == t.offsetY && s.radialOffset == t.radialOffset
                && s.font.count == t.font.count && zip(s.font, t.font).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
                && a.text.utf8.elementsEqual(b.text.utf8)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }

        private static func combine(text: String, style: TextStyle, includeGlyphs: Bool, into hasher: inout Hasher) {
            hashBytes(of: text, into: &hasher)
            hasher.combine(style.font.count)
            for name in style.font { hashBytes(of: name, into: &hasher) }
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
            hasher.combine(includeGlyphs)
        }

        private static func hashBytes(of string: String, into hasher: inout Hasher) {
            hasher.combine(string.utf8.count)
            let hashed: Void? = string.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            if hashed == nil {
                for byte in string.utf8 { hasher.combine(byte) }
            }
        }
    }

    /// Values are boxed so the dictionary's table stays small and dense.
    private final class Entry: Sendable {
        let value: ShapedText
        init(_ value: ShapedText) { self.value = value }
    }

    private struct Storage {
        var entries: [Key: Entry] = [:]
        /// Keys in insertion order; a ring buffer once `capacity` is reached.
        var order: [Key] = []
        var nextEviction = 0
        var hits = 0
        var misses = 0
    }

    /// Most entries kept.
    public let capacity: Int
    private let storage: Mutex<Storage>

    /// - Parameter capacity: entries to keep; values below 1 are treated as 1.
    public init(capacity: Int = 50_000) {
        self.capacity = max(1, capacity)
        self.storage = Mutex(Storage())
    }

    /// The cached layout for `key`, if any.
    /// - Complexity: O(length of the text) to hash the key.
    public func value(for key: Key) -> ShapedText? {
        storage.withLock { storage in
            if let entry = storage.entries[key] {
                storage.hits += 1
                return entry.value
            }
            storage.misses += 1
            return nil
        }
    }

    /// Stores `value`, evicting the oldest entry when the cache is full.
    public func insert(_ value: ShapedText, for key: Key) {
        storage.withLock { storage in
            if storage.entries.updateValue(Entry(value), forKey: key) != nil { return }
            if storage.order.count < capacity {
                storage.order.append(key)
            } else {
                let evicted = storage.order[storage.nextEviction]
                storage.entries.removeValue(forKey: evicted)
                storage.order[storage.nextEviction] = key
                storage.nextEviction = (storage.nextEviction + 1) % capacity
            }
        }
    }

    /// Drops every entry and resets the statistics (keeping the storage allocated).
    public func removeAll() {
        storage.withLock { storage in
            storage.entries.removeAll(keepingCapacity: true)
            storage.order.removeAll(keepingCapacity: true)
            storage.nextEviction = 0
            storage.hits = 0
            storage.misses = 0
        }
    }

    /// Number of entries, lookups that hit and lookups that missed.
    public var statistics: (count: Int, hits: Int, misses: Int) {
        storage.withLock { ($0.entries.count, $0.hits, $0.misses) }
    }
}
