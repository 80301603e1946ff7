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
    public struct Key: Hashable, Sendable {
        public var text: String
        public var style: TextStyle
        public var includeGlyphs: Bool
    }

    private struct Storage {
        var entries: [Key: ShapedText] = [:]
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
            if let value = storage.entries[key] {
                storage.hits += 1
                return value
            }
            storage.misses += 1
            return nil
        }
    }

    /// Stores `value`, evicting the oldest entry when the cache is full.
    public func insert(_ value: ShapedText, for key: Key) {
        storage.withLock { storage in
            if storage.entries.updateValue(value, forKey: key) != nil { return }
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

    /// Drops every entry and resets the statistics.
    public func removeAll() {
        storage.withLock { $0 = Storage() }
    }

    /// Number of entries, lookups that hit and lookups that missed.
    public var statistics: (count: Int, hits: Int, misses: Int) {
        storage.withLock { ($0.entries.count, $0.hits, $0.misses) }
    }
}
