import Testing

@testable import CartoucheText

@Suite("Shaping cache")
struct ShapingCacheTests {
    @Test("a cached layout equals the uncached one and is served from the cache")
    func cachedEqualsUncached() throws {
        let cache = ShapingCache(capacity: 100)
        let engine = TextLayoutEngine(registry: try sharedRegistry.get(), cache: cache)
        let style = TextStyle(size: 14, maxWidth: 6)
        let first = try engine.layout("Rio de Janeiro القاهرة", style: style, includeGlyphs: true)
        let second = try engine.layout("Rio de Janeiro القاهرة", style: style, includeGlyphs: true)
        #expect(first == second)
        #expect(first == (try engine.layoutUncached("Rio de Janeiro القاهرة", style: style, includeGlyphs: true)))
        #expect(cache.statistics.hits == 1 && cache.statistics.misses == 1 && cache.statistics.count == 1)
        // Any change of a layout property is a different entry.
        var other = style
        other.letterSpacing = 0.05
        _ = try engine.layout("Rio de Janeiro القاهرة", style: other, includeGlyphs: true)
        _ = try engine.layout("Rio de Janeiro القاهرة", style: style, includeGlyphs: false)
        #expect(cache.statistics.count == 3)
    }

    @Test("the box-only lookup returns the layout's bounds, cached or not")
    func boundsOnly() throws {
        let cache = ShapingCache(capacity: 10)
        let engine = TextLayoutEngine(registry: try sharedRegistry.get(), cache: cache)
        let style = TextStyle(size: 12, anchor: .bottomLeft)
        let full = try engine.layoutUncached("Zürich HB", style: style)
        #expect(try engine.bounds(of: "Zürich HB", style: style) == full.bounds)  // miss, then stored
        #expect(try engine.bounds(of: "Zürich HB", style: style) == full.bounds)  // hit
        #expect(cache.statistics.hits == 1 && cache.statistics.misses == 1)
        #expect(try engine.layout("Zürich HB", style: style) == full)  // same entry serves full layouts
        #expect(cache.statistics.hits == 2)
    }

    @Test("canonically equivalent but differently encoded texts are different entries")
    func byteExactKeys() throws {
        let cache = ShapingCache(capacity: 10)
        let engine = TextLayoutEngine(registry: try sharedRegistry.get(), cache: cache)
        let composed = try engine.layout("Z\u{FC}rich", style: TextStyle(), includeGlyphs: true)
        let decomposed = try engine.layout("Zu\u{308}rich", style: TextStyle(), includeGlyphs: true)
        #expect(cache.statistics.count == 2)
        #expect(composed.text.unicodeScalars.count == 6 && decomposed.text.unicodeScalars.count == 7)
    }

    @Test("the oldest entry is evicted when the cache is full")
    func eviction() throws {
        let cache = ShapingCache(capacity: 2)
        let engine = TextLayoutEngine(registry: try sharedRegistry.get(), cache: cache)
        for text in ["a", "b", "c"] { _ = try engine.layout(text, style: TextStyle()) }
        let key = { (text: String) in ShapingCache.Key(text: text, style: TextStyle(), includeGlyphs: false) }
        #expect(cache.value(for: key("a")) == nil)
        #expect(cache.value(for: key("b")) != nil)
        #expect(cache.value(for: key("c")) != nil)
        #expect(cache.statistics.count == 2)
        cache.removeAll()
        #expect(cache.statistics.count == 0)
    }

    @Test("many threads sharing one engine get the same results as one thread")
    func concurrentUse() async throws {
        let engine = TextLayoutEngine(registry: try sharedRegistry.get(), cache: ShapingCache(capacity: 16))
        let labels = ["Paris", "Москва", "القاهرة", "ירושלים", "नई दिल्ली", "東京都", "Αθήνα", "São Paulo 1", "Zürich HB",
                      "Cairo القاهرة 2024", "Straße der Pariser Kommune", "北京市海淀区中关村南大街"]
        let style = TextStyle(size: 13, maxWidth: 5)
        let reference = try labels.map { try engine.layoutUncached($0, style: style, includeGlyphs: true) }
        let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var bad = 0
                    for round in 0..<100 {
                        let i = (round * 7 + worker) % labels.count
                        if try engine.layout(labels[i], style: style, includeGlyphs: true) != reference[i] { bad += 1 }
                    }
                    return bad
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
