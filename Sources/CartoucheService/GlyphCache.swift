import Synchronization

/// Glyph ranges already made, kept in memory up to a number of bytes; when a
/// new one would pass the bound, the least recently used go first.
///
/// A range costs tens of milliseconds to make and renderers ask for the same
/// few (`0-255` of each font stack a style uses) over and over; the fonts do
/// not change while the process runs, so an entry never goes stale.
public final class GlyphCache: Sendable {
    /// One range's answer.
    public struct Entry: Sendable, Hashable {
        public var body: [UInt8]
        /// A strong validator of `body` (quoted hex of a 64-bit FNV-1a hash),
        /// the same in every process serving the same fonts.
        public var etag: String
        /// What the answer could not honour (names of the stack that are not fonts).
        public var warnings: [String]

        public init(body: [UInt8], warnings: [String]) {
            self.body = body
            self.warnings = warnings
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in body { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            let hex = String(hash, radix: 16)
            self.etag = "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
        }
    }

    /// The default bound: about 250 ranges of Latin text, 150 of CJK.
    public static let defaultLimitBytes = 32 << 20

    public let limitBytes: Int
    private let state = Mutex(State())

    private struct State {
        var entries: [String: (entry: Entry, lastUse: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    public init(limitBytes: Int = GlyphCache.defaultLimitBytes) {
        self.limitBytes = limitBytes
    }

    /// The cached answer for `key`, marked as just used.
    public func entry(_ key: String) -> Entry? {
        state.withLock { state in
            guard let found = state.entries[key] else { return nil }
            state.clock += 1
            state.entries[key]?.lastUse = state.clock
            return found.entry
        }
    }

    /// Keeps `entry` under `key`, dropping the least recently used entries
    /// until the total fits the bound (an entry larger than the bound is not kept).
    /// - Complexity: O(n) per entry dropped, for n entries (a few hundred at most).
    public func insert(_ entry: Entry, for key: String) {
        guard entry.body.count <= limitBytes else { return }
        state.withLock { state in
            state.clock += 1
            if let old = state.entries.updateValue((entry, state.clock), forKey: key) { state.bytes -= old.entry.body.count }
            state.bytes += entry.body.count
            while state.bytes > limitBytes,
                  let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key,
                  let dropped = state.entries.removeValue(forKey: oldest) {
                state.bytes -= dropped.entry.body.count
            }
        }
    }

    /// Entries and bytes held now.
    public var usage: (entries: Int, bytes: Int) {
        state.withLock { ($0.entries.count, $0.bytes) }
    }
}
