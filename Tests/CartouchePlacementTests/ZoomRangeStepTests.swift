import CartoucheGeometry
import Foundation
import Testing

@testable import CartouchePlacement

/// `ZoomRange.minZoomStep`: minimum zooms chosen on steps (1 for tiles,
/// 0.25 for the compiled style), in both modes.
@Suite("Zoom-range placement on minimum-zoom steps")
struct ZoomRangeStepTests {
    /// Whether `m` is item `i`'s own lowest zoom or a multiple of `step`.
    static func onStep(_ m: Double, _ item: ZoomRangeItem, _ range: ZoomRange) -> Bool {
        let k = m / range.minZoomStep
        return m == max(item.minZoom, range.min) || abs(k - k.rounded()) < 1e-9
    }

    @Test("greedy on steps equals a brute-force greedy over the steps", arguments: 0..<60)
    func greedyMatchesReference(seed: Int) throws {
        let (items, start) = ZoomRangePlacerTests.randomScene(seed: UInt64(seed) &* 6_007 &+ 17, count: 2...24)
        var range = start
        range.minZoomStep = [1, 0.5, 0.25][seed % 3]
        let result = try ZoomRangePlacer.place(items, range: range)
        ZoomRangePlacerTests.expectGreedyMatchesReference(items, result, range, seed: seed)
        for p in result.placements {
            guard let m = p.minZoom else { continue }
            #expect(Self.onStep(m, items[p.itemIndex], range), "\(p.id) seed \(seed): \(m)")
        }
    }

    @Test("both modes: every minimum zoom on a step, no two shown boxes collide, optimise no later than greedy", arguments: 0..<30)
    func bothModes(seed: Int) throws {
        let (items, start) = ZoomRangePlacerTests.randomScene(seed: UInt64(seed) &+ 9_000, count: 10...80)
        var range = start
        range.minZoomStep = seed % 2 == 0 ? 1 : 0.25
        let greedy = try ZoomRangePlacer.place(items, range: range)
        let optimised = try ZoomRangePlacer.place(items, range: range, mode: .optimise)
        for (mode, result) in [("greedy", greedy), ("optimise", optimised)] {
            for p in result.placements {
                guard let m = p.minZoom else { continue }
                #expect(Self.onStep(m, items[p.itemIndex], range), "\(mode) seed \(seed): \(p.id) at \(m)")
            }
            for z in ZoomRangePlacerTests.checkZooms(result, range) {
                let bad = ZoomRangeOracle.collisions(items, result, at: z)
                #expect(bad.isEmpty, "\(mode) seed \(seed) z \(z): \(bad.prefix(3))")
            }
        }
        let (g, o) = (ZoomRangeOptimiseTests.vector(greedy, items), ZoomRangeOptimiseTests.vector(optimised, items))
        #expect(!ZoomRangeOracle.precedes(g, o), "seed \(seed): greedy \(g), optimise \(o)")
    }

    @Test("a step of 0 is the continuous placement; threads change nothing on steps", arguments: 0..<10)
    func zeroAndThreads(seed: Int) throws {
        let (items, start) = ZoomRangePlacerTests.randomScene(seed: UInt64(seed) &+ 12_000, count: 40...120)
        var range = start
        let continuous = try ZoomRangePlacer.place(items, range: range, mode: .optimise)
        range.minZoomStep = 0
        #expect(try ZoomRangePlacer.place(items, range: range, mode: .optimise) == continuous)
        range.minZoomStep = 1
        for mode in [PlacementMode.greedy, .optimise] {
            let one = try ZoomRangePlacer.place(items, range: range, mode: mode, budget: .unlimited, threads: 1, batchSize: 7)
            let four = try ZoomRangePlacer.place(items, range: range, mode: mode, budget: .unlimited, threads: 4, batchSize: 7)
            #expect(one == four, "\(mode) seed \(seed)")
        }
    }

    @Test("steps too small to tell from any zoom, or larger than the range, are still exact answers")
    func extremeSteps() throws {
        let (items, start) = ZoomRangePlacerTests.randomScene(seed: 77, count: 30...60)
        let continuous = try ZoomRangePlacer.place(items, range: start, mode: .optimise)
        for step in [Double.leastNonzeroMagnitude, 1e-300, 1e300] {
            var range = start
            range.minZoomStep = step
            for mode in [PlacementMode.greedy, .optimise] {
                let result = try ZoomRangePlacer.place(items, range: range, mode: mode)
                for z in ZoomRangePlacerTests.checkZooms(result, range) {
                    #expect(ZoomRangeOracle.collisions(items, result, at: z).isEmpty, "\(mode) step \(step) z \(z)")
                }
                for p in result.placements {
                    guard let m = p.minZoom else { continue }
                    // A huge step leaves only the items' own lowest zooms.
                    if step == 1e300 { #expect(m == max(items[p.itemIndex].minZoom, range.min), "\(p.id)") }
                }
            }
            if step < 1 {
                // Tiny steps: the continuous optimise answer, as shown.
                let tiny = try ZoomRangePlacer.place(items, range: range, mode: .optimise)
                #expect(tiny.placements.map(\.isVisible) == continuous.placements.map(\.isVisible), "step \(step)")
            }
        }
    }

    @Test("a label that fits from the range's start keeps a start between steps; one that must wait starts at the next step")
    func ownLowestKept() throws {
        // Two 40-point boxes 30 points apart at zoom 3 (they part above 3 + log2(40/30) ≈ 3.42).
        let s = 512 * 8.0
        let a = ZoomRangeItem(id: "a", world: ScreenPoint(x: 0.5, y: 0.5), size: ScreenSize(width: 40, height: 10),
                              options: ViewAnnotationOptions(priority: 2))
        let b = ZoomRangeItem(id: "b", world: ScreenPoint(x: 0.5 + 30 / s, y: 0.5), size: ScreenSize(width: 40, height: 10),
                              options: ViewAnnotationOptions(priority: 1))
        let continuous = try ZoomRangePlacer.place([a, b], range: ZoomRange(min: 2.7, max: 8))
        let stepped = try ZoomRangePlacer.place([a, b], range: ZoomRange(min: 2.7, max: 8, minZoomStep: 1))
        #expect(continuous.placements[0].minZoom == 2.7 && stepped.placements[0].minZoom == 2.7)
        let m = try #require(continuous.placements[1].minZoom)
        #expect(m > 3.4 && m < 3.5)
        #expect(stepped.placements[1].minZoom == 4)
    }
}
