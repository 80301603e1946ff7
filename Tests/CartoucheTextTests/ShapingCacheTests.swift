import CartoucheTestSupport
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

    @Test("a prepared style gives the same layouts and shares entries with the plain style")
    func preparedStyle() throws {
        let cache = ShapingCache(capacity: 10)
        let engine = TextLayoutEngine(registry: try sharedRegistry.get(), cache: cache)
        let style = TextStyle(font: ["Open Sans Bold", "Nope"], size: 15, maxWidth: 4)
        let prepared = try engine.prepare(style)
        #expect(prepared.stack.unknownNames == ["Nope"])
        let plain = try engine.layout("Rio de Janeiro", style: style)
        #expect(try engine.layout("Rio de Janeiro", style: prepared) == plain)
        #expect(try engine.bounds(of: "Rio de Janeiro", style: prepared) == plain.bounds)
        #expect(cache.statistics.count == 1 && cache.statistics.hits == 2)
        #expect(throws: TextError.invalidValue(field: "text-size", value: 0,
                                               reason: "must be a finite number greater than 0 and at most 10000.0")) {
            try engine.prepare(TextStyle(size: 0))
        }
    }

    @Test("seeded random inserts and lookups agree with a first-in-first-out reference model")
    func matchesReferenceModel() {
        var rng = SplitMix64(seed: 7)
        // 700 entries grow the table from 256 to 2048 buckets while keys are
        // also being evicted.
        for capacity in [1, 3, 50, 700] {
            let cache = ShapingCache(capacity: capacity)
            var model: [String] = []  // keys in insertion order, oldest first
            for _ in 0..<(capacity > 100 ? 6000 : 2000) {
                let text = "k\(Int.random(in: 0..<(capacity * 3), using: &rng))"
                let key = ShapingCache.Key(text: text, style: TextStyle(), includeGlyphs: false)
                if Bool.random(using: &rng) {
                    let value = ShapedText(text: text, bounds: .init(x: 0, y: 0, width: Double(text.count), height: 1),
                                           lines: [], faces: [], missingCodePoints: [], unknownFontNames: [])
                    cache.insert(value, for: key)
                    if !model.contains(text) {
                        if model.count == capacity { model.removeFirst() }
                        model.append(text)
                    }
                } else {
                    let found = cache.value(for: key)
                    #expect((found != nil) == model.contains(text), "capacity \(capacity), key \(text)")
                    if let found { #expect(found.text == text) }
                }
            }
            #expect(cache.statistics.count == model.count)
        }
    }

    @Test("the table grows with the entries, keeps every entry reachable and stops at the size the capacity needs")
    func tableGrowth() {
        let cache = ShapingCache(capacity: 3000)
        let key = { (i: Int) in ShapingCache.Key(text: "label \(i)", style: TextStyle(), includeGlyphs: false) }
        let value = { (i: Int) in
            ShapedText(text: "label \(i)", bounds: .init(x: 0, y: 0, width: Double(i), height: 1), lines: [],
                       faces: [], missingCodePoints: [], unknownFontNames: [])
        }
        #expect(cache.bucketCount == 256)  // not sized for the capacity up front
        for i in 0..<128 { cache.insert(value(i), for: key(i)) }
        #expect(cache.bucketCount == 256)  // exactly half full
        cache.insert(value(128), for: key(128))
        #expect(cache.bucketCount == 512)
        for i in 129..<1000 { cache.insert(value(i), for: key(i)) }
        #expect(cache.bucketCount == 2048)  // 1000 entries: the first power of two >= 2000
        for i in 0..<1000 { #expect(cache.value(for: key(i))?.width == Double(i), "label \(i)") }
        // Past the capacity the oldest entries go and the table stops at 8192 (>= 2 × 3000).
        for i in 1000..<5000 { cache.insert(value(i), for: key(i)) }
        #expect(cache.bucketCount == 8192)
        #expect(cache.statistics.count == 3000)
        for i in 0..<2000 { #expect(cache.value(for: key(i)) == nil, "label \(i)") }
        for i in 2000..<5000 { #expect(cache.value(for: key(i))?.width == Double(i), "label \(i)") }
        // Emptying keeps the grown table.
        cache.removeAll()
        #expect(cache.bucketCount == 8192 && cache.value(for: key(4999)) == nil)
    }

    @Test("the presence filter has about four bits per entry, between 512 bits and 16 KiB")
    func presenceFilterSize() {
        #expect(ShapingCache(capacity: 1).filterState.bitCount == 512)
        #expect(ShapingCache(capacity: 128).filterState.bitCount == 512)  // 4 × 128 = 512
        #expect(ShapingCache(capacity: 129).filterState.bitCount == 1024)
        #expect(ShapingCache(capacity: 29_194).filterState.bitCount == 131_072)  // 116,776 rounded up
        #expect(ShapingCache(capacity: 1_000_000).filterState.bitCount == 131_072)  // capped at 16 KiB
    }

    @Test("the presence filter sets one bit per stored key, from hash bits 32 and up, and keeps only live keys' bits after a turn-over")
    func presenceFilterBits() {
        let cache = ShapingCache(capacity: 100)  // 512 bits
        let key = { (i: Int) in ShapingCache.Key(text: "label \(i)", style: TextStyle(), includeGlyphs: false) }
        let value = { (i: Int) in
            ShapedText(text: "label \(i)", bounds: .init(x: 0, y: 0, width: Double(i), height: 1), lines: [],
                       faces: [], missingCodePoints: [], unknownFontNames: [])
        }
        let bitIndex = cache.filterState.bitIndex
        // Hand-computed mapping: bits 32... of the hash, modulo the 512 bits.
        for h in [0, 1 << 32, 5 << 32 | 0xFFFF_FFFF, 517 << 32, -1] {
            #expect(bitIndex(h) == Int((UInt64(UInt(bitPattern: h)) >> 32) % 512), "hash \(h)")
        }
        #expect(cache.filterState.setBits.isEmpty)
        // A lookup the filter answers is still a counted miss.
        #expect(cache.value(for: key(0)) == nil && cache.statistics.misses == 1)
        for i in 0..<100 { cache.insert(value(i), for: key(i)) }
        let firstBits = Set((0..<100).map { bitIndex(key($0).hash) }).sorted()
        #expect(cache.filterState.setBits == firstBits)
        // 99 more inserts evict keys 0...98 but leave their bits (no rebuild yet) …
        for i in 100..<199 { cache.insert(value(i), for: key(i)) }
        #expect(cache.filterState.setBits == Set((0..<199).map { bitIndex(key($0).hash) }).sorted())
        // … the 100th eviction rebuilds the filter from the live keys 100...199.
        cache.insert(value(199), for: key(199))
        #expect(cache.filterState.setBits == Set((100..<200).map { bitIndex(key($0).hash) }).sorted())
        for i in 0..<100 { #expect(cache.value(for: key(i)) == nil, "label \(i)") }
        for i in 100..<200 { #expect(cache.value(for: key(i))?.width == Double(i), "label \(i)") }
        #expect(cache.statistics.misses == 101 && cache.statistics.hits == 100)
        cache.removeAll()
        #expect(cache.filterState.setBits.isEmpty && cache.statistics.misses == 0)
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

    @Test("threads filling one cache while its table grows all get the single-thread layouts")
    func concurrentGrowth() async throws {
        let engine = TextLayoutEngine(registry: try sharedRegistry.get(), cache: ShapingCache(capacity: 5000))
        let style = try engine.prepare(TextStyle(size: 13, maxWidth: 5))
        let words = ["Rue", "de", "la", "Paix", "Москва", "القاهرة", "東京", "Αθήνα", "नई", "दिल्ली"]
        let labels = (0..<1200).map { i in "\(words[i % words.count]) \(i)" }
        let reference = try labels.map { try engine.layoutUncached($0, style: style) }
        let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<6 {
                group.addTask {
                    var bad = 0
                    // Each worker walks every label from its own starting point, so
                    // inserts of new labels (and the table's growth) race with hits.
                    for step in 0..<labels.count {
                        let i = (step * 7 + worker * 211) % labels.count
                        if try engine.layout(labels[i], style: style) != reference[i] { bad += 1 }
                        if try engine.bounds(of: labels[i], style: style) != reference[i].bounds { bad += 1 }
                    }
                    return bad
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(mismatches == 0)
        let cache = try #require(engine.cache)
        #expect(cache.statistics.count == labels.count)
        #expect(cache.bucketCount == 4096)  // 1200 entries: the first power of two >= 2400
    }

    @Test("threads sharing a cache too small for their labels (evictions and filter rebuilds racing with lookups) get the single-thread layouts")
    func concurrentEviction() async throws {
        // 300 entries for 1200 labels: every pass evicts, and the presence
        // filter is rebuilt every 300 inserts while other threads read it.
        let engine = TextLayoutEngine(registry: try sharedRegistry.get(), cache: ShapingCache(capacity: 300))
        let style = try engine.prepare(TextStyle(size: 13, maxWidth: 5))
        let words = ["Rue", "de", "la", "Paix", "Москва", "القاهرة", "東京", "Αθήνα", "नई", "दिल्ली"]
        let labels = (0..<1200).map { i in "\(words[i % words.count]) \(i)" }
        let reference = try labels.map { try engine.layoutUncached($0, style: style) }
        let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<6 {
                group.addTask {
                    var bad = 0
                    for step in 0..<(2 * labels.count) {
                        // A small window of recent labels, so lookups hit as well as miss.
                        let i = (step / 3 + (step % 3) * 97 + worker * 53) % labels.count
                        if try engine.layout(labels[i], style: style) != reference[i] { bad += 1 }
                    }
                    return bad
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(mismatches == 0)
        let cache = try #require(engine.cache)
        let statistics = cache.statistics
        #expect(statistics.count == 300)
        #expect(statistics.hits > 0 && statistics.misses > 0)
        #expect(statistics.hits + statistics.misses == 6 * 2 * labels.count)
        // After all threads finished: the 300 live entries are found again (none
        // hidden by the filter), each with its label's layout.
        var found = 0
        for i in labels.indices {
            if let hit = cache.value(for: .init(text: labels[i], style: style.style, includeGlyphs: false)) {
                found += 1
                #expect(hit == reference[i], "label \(i)")
            }
        }
        #expect(found == 300)
    }
}
