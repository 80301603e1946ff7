import CartoucheGeometry
import Foundation
import Testing

@testable import CartouchePlacement

@Suite("Zoom-range placement: exact conflicts, greedy, optimise")
struct ZoomRangePlacerTests {
    static func randomScene(seed: UInt64, count: ClosedRange<Int> = 2...40) -> ([ZoomRangeItem], ZoomRange) {
        var rng = SplitMix64(seed: seed)
        let z0 = rng.double(0...6).rounded(.down) + (rng.chance(0.5) ? 0 : rng.double(0...1))
        let range = ZoomRange(min: z0, max: z0 + rng.double(0...9))
        // Points a few boxes apart somewhere in the range: about 60 points at the range's middle zoom.
        let spread = 60 / (512 * exp2((range.min + range.max) / 2)) * Double(rng.int(1...6))
        var items: [ZoomRangeItem] = []
        for i in 0..<rng.int(count) {
            let anchors = rng.chance(0.2) ? [AnchorConfig(.center)]
                : Array(BoxAnchor.allCases.shuffled(using: &rng).prefix(rng.int(1...9))).map {
                    AnchorConfig($0, offsetX: rng.chance(0.3) ? rng.double(-12...12) : 0, offsetY: rng.chance(0.3) ? rng.double(-12...12) : 0)
                }
            var item = ZoomRangeItem(
                id: "z\(i)", world: ScreenPoint(x: 0.5 + rng.double(-spread...spread), y: 0.4 + rng.double(-spread...spread)),
                size: ScreenSize(width: rng.double(4...90), height: rng.double(4...30)), options: ViewAnnotationOptions(variableAnchors: anchors, allowOverlap: rng.chance(0.08), visible: !rng.chance(0.03), priority: rng.int(0...3), selected: rng.chance(0.05)))
            if rng.chance(0.1) { item.collisionBoxes = [ScreenRect(x: 0, y: 0, width: 8, height: 8), ScreenRect(x: 4, y: 4, width: 20, height: 6)] }
            if rng.chance(0.15) { item.minZoom = rng.double(range.min - 1...range.max) }
            if rng.chance(0.15) { item.maxZoom = rng.double(item.minZoom...range.max + 1) }
            if rng.chance(0.05), let other = items.last { item.world = other.world }  // same point
            items.append(item)
        }
        return (items, range)
    }

    /// Zooms to check: a dense sample and every answer's exact ends.
    static func checkZooms(_ result: ZoomRangeResult, _ range: ZoomRange, samples: Int = 200) -> [Double] {
        var zooms = (0...samples).map { range.min + (range.max - range.min) * Double($0) / Double(samples) }
        for p in result.placements {
            if let lo = p.minZoom, let hi = p.maxZoom { zooms += [lo, hi] }
        }
        return zooms
    }

    @Test("the conflict interval of two boxes is exact, bounded on both sides with offsets")
    func pairInterval() throws {
        // Box i spans x 20…30 right of its point, box j −5…5 around its own,
        // 1/512 world units to the right: they overlap on x for 15 < s/512 < 35.
        let a = ScreenRect(minX: 20, minY: -5, maxX: 30, maxY: 5), b = ScreenRect(minX: -5, minY: -5, maxX: 5, maxY: 5)
        let s = try #require(ZoomConflict.scales(a, b, dx: 1.0 / 512, dy: 0))
        let t = ZoomConflict.tolerance
        #expect(abs(s.lo / 512 - (15 + t)) < 1e-9 && abs(s.hi / 512 - (35 - t)) < 1e-9)
        // Half a box apart vertically: y overlaps below s/512 = 20, so 15…20.
        let both = try #require(ZoomConflict.scales(a, b, dx: 1.0 / 512, dy: 0.5 / 512))
        #expect(abs(both.lo / 512 - (15 + t)) < 1e-9 && abs(both.hi / 512 - 2 * (10 - t)) < 1e-9)
        // Further apart vertically than the x interval allows: never.
        #expect(ZoomConflict.scales(a, b, dx: 1.0 / 512, dy: 1.0 / 512) == nil)
        #expect(ZoomConflict.scales(a, b.offsetBy(dx: 0, dy: 10), dx: 1.0 / 512, dy: 0) == nil)
        // Flush boxes at one point never collide; overlapping ones always do.
        #expect(ZoomConflict.scales(ScreenRect(x: 0, y: 0, width: 10, height: 10), ScreenRect(x: -10, y: 0, width: 10, height: 10), dx: 0, dy: 0) == nil)
        let same = try #require(ZoomConflict.scales(b, b, dx: 0, dy: 0))
        #expect(same.lo == 0 && same.hi == .infinity)
    }

    @Test("two centred labels: the second appears exactly where they part, the first stays from the range's min")
    func twoLabels() throws {
        // 10×10 boxes 1/512 world apart: they part at s/512 = 10 (less the
        // placer's half tolerance), zoom log2(10).
        let items = [
            ZoomRangeItem(id: "a", world: ScreenPoint(x: 0.5, y: 0.5), size: ScreenSize(width: 10, height: 10), options: ViewAnnotationOptions(priority: 1)),
            ZoomRangeItem(id: "b", world: ScreenPoint(x: 0.5 + 1.0 / 512, y: 0.5), size: ScreenSize(width: 10, height: 10)),
        ]
        let result = try ZoomRangePlacer.place(items, range: ZoomRange(min: 0, max: 6))
        #expect(result.placements[0].minZoom == 0 && result.placements[0].maxZoom == 6)
        let m = try #require(result.placements[1].minZoom)
        #expect(abs(m - log2(10 - ZoomConflict.tolerance)) < 1e-12)
        // Up to 5 only: hidden, because of "a".
        let short = try ZoomRangePlacer.place(items, range: ZoomRange(min: 0, max: 3))
        #expect(short.placements[1].hiddenReason == .collision(with: "a"))
        #expect(short.placements[1].minZoom == nil)
    }

    @Test("a label that meets its neighbour only on a middle interval may start above it or end below it")
    func boundedConflict() throws {
        // "b" hangs 20…30 pt right of its point, "a" sits 1/512 world right of
        // it: they overlap for 15 < s/512 < 35, zooms log2(15)…log2(35).
        let a = ZoomRangeItem(id: "a", world: ScreenPoint(x: 0.5 + 1.0 / 512, y: 0.5), size: ScreenSize(width: 10, height: 10), options: ViewAnnotationOptions(priority: 1))
        let b = ZoomRangeItem(id: "b", world: ScreenPoint(x: 0.5, y: 0.5), size: ScreenSize(width: 10, height: 10),
                              options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.left, offsetX: 20)]))
        let result = try ZoomRangePlacer.place([a, b], range: ZoomRange(min: 0, max: 8))
        let m = try #require(result.placements[1].minZoom)
        #expect(abs(m - log2(35)) < 1e-6)
        // With its own maxZoom below the interval, "b" is shown from the range's min.
        var low = b
        low.maxZoom = 3.5
        let below = try ZoomRangePlacer.place([a, low], range: ZoomRange(min: 0, max: 8))
        #expect(below.placements[1].minZoom == 0 && below.placements[1].maxZoom == 3.5)
    }

    @Test("greedy equals a brute-force greedy over every critical zoom", arguments: 0..<60)
    func greedyMatchesReference(seed: Int) throws {
        let (items, range) = Self.randomScene(seed: UInt64(seed) &* 7919 &+ 11, count: 2...24)
        Self.expectGreedyMatchesReference(items, try ZoomRangePlacer.place(items, range: range), range, seed: seed)
    }

    /// `result` (greedy mode) equals the brute-force greedy: the same shown
    /// set, minimum zooms within 1e-9, the same anchors.
    static func expectGreedyMatchesReference(_ items: [ZoomRangeItem], _ result: ZoomRangeResult, _ range: ZoomRange, seed: Int) {
        let reference = ZoomRangeOracle.greedy(items, range: range)
        for (p, r) in zip(result.placements, reference) {
            #expect(p.isVisible == (r != nil), "\(p.id) seed \(seed)")
            guard let r, let m = p.minZoom, let anchor = p.anchor else { continue }
            #expect(abs(m - r.zoom) < 1e-9, "\(p.id) seed \(seed): \(m) vs \(r.zoom)")
            #expect(anchor == items[p.itemIndex].variableAnchors[r.anchor], "\(p.id) seed \(seed)")
        }
    }

    @Test("no two shown boxes collide at any sampled or endpoint zoom, greedy and optimise", arguments: 0..<40)
    func noOverlaps(seed: Int) throws {
        let (items, range) = Self.randomScene(seed: UInt64(seed) &+ 1000, count: 2...80)
        for mode in [PlacementMode.greedy, .optimise] {
            let result = try ZoomRangePlacer.place(items, range: range, mode: mode)
            for z in Self.checkZooms(result, range) {
                let bad = ZoomRangeOracle.collisions(items, result, at: z)
                #expect(bad.isEmpty, "\(mode) seed \(seed) z \(z): \(bad.prefix(3))")
            }
            for p in result.placements {
                guard let m = p.minZoom, let hi = p.maxZoom else { continue }
                let item = items[p.itemIndex]
                #expect(m >= max(range.min, item.minZoom) && hi <= min(range.max, item.maxZoom) && m <= hi)
            }
        }
    }

    @Test("optimise's minimum zooms come lexicographically no later than greedy's, in placement order", arguments: 0..<30)
    func optimiseDominatesGreedy(seed: Int) throws {
        let (items, range) = Self.randomScene(seed: UInt64(seed) &+ 5000, count: 10...80)
        let greedy = try ZoomRangePlacer.place(items, range: range)
        let optimised = try ZoomRangePlacer.place(items, range: range, mode: .optimise)
        let (g, o) = (ZoomRangeOptimiseTests.vector(greedy, items), ZoomRangeOptimiseTests.vector(optimised, items))
        #expect(!ZoomRangeOracle.precedes(g, o), "seed \(seed): greedy \(g), optimise \(o)")
        #expect(optimised.method == .optimise && optimised.finished)
    }

    @Test("optimise lowers a label's minimum zoom by turning the one that blocks it")
    func optimiseTurnsABlocker() throws {
        // "a" (placed first) takes its first anchor, right of its point, which
        // covers "b"'s point; turned left it frees "b" from the range's min.
        let a = ZoomRangeItem(id: "a", world: ScreenPoint(x: 0.5, y: 0.5), size: ScreenSize(width: 40, height: 10),
                              options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.left), AnchorConfig(.right)], priority: 2))
        let b = ZoomRangeItem(id: "b", world: ScreenPoint(x: 0.5 + 20.0 / (512 * 16), y: 0.5), size: ScreenSize(width: 10, height: 10), options: ViewAnnotationOptions(priority: 1))
        let range = ZoomRange(min: 4, max: 8)
        let greedy = try ZoomRangePlacer.place([a, b], range: range)
        let optimised = try ZoomRangePlacer.place([a, b], range: range, mode: .optimise)
        #expect(try #require(greedy.placements[1].minZoom) > 4)
        #expect(optimised.placements[1].minZoom == 4)
        #expect(optimised.placements[0].minZoom == 4 && optimised.placements[0].anchor == AnchorConfig(.right))
        #expect(optimised.improvements == 1)
    }

    @Test("a few hundred labels in a dense region: no overlaps, deterministic")
    func denseScene() throws {
        var rng = SplitMix64(seed: 42)
        let items = (0..<300).map { i in
            ZoomRangeItem(id: "d\(i)", world: ScreenPoint(x: 0.3 + rng.double(0...0.01), y: 0.3 + rng.double(0...0.01)),
                          size: ScreenSize(width: rng.double(20...70), height: 14),
                          options: ViewAnnotationOptions(variableAnchors: BoxAnchor.all.map { AnchorConfig($0) }, priority: rng.int(0...50)))
        }
        let range = ZoomRange(min: 0, max: 14)
        for mode in [PlacementMode.greedy, .optimise] {
            let result = try ZoomRangePlacer.place(items, range: range, mode: mode)
            #expect(result == (try ZoomRangePlacer.place(items, range: range, mode: mode)))
            #expect(result.shownCount == 300)  // all fit by zoom 14
            for z in Self.checkZooms(result, range, samples: 40) {
                #expect(ZoomRangeOracle.collisions(items, result, at: z).isEmpty, "\(mode) z \(z)")
            }
        }
    }
}
