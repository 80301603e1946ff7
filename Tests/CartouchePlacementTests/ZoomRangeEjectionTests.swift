import CartoucheGeometry
import Foundation
import Testing

@testable import CartouchePlacement

/// Optimise mode's ejection search (``ZoomRangeMoveFinder/eject(_:anchor:below:blocker:_:limits:)``):
/// within limits it never reaches, greedy with turns is the lexicographic
/// optimum of the contract, item by item, against brute force over every
/// anchor assignment.
@Suite("Zoom-range optimise mode: ejection chains against brute force")
struct ZoomRangeEjectionTests {
    /// Limits no tiny scene reaches: every re-anchoring of the items placed
    /// before one is tried.
    static let unlimited = ZoomRangeMoveFinder.Limits(depth: 64, nodes: Int.max, ejection: true)

    /// Optimise mode with limits never reached equals the brute-force
    /// lexicographic optimum (on the range's steps) and has no collision.
    static func expectOptimum(_ items: [ZoomRangeItem], _ range: ZoomRange, seed: Int) throws {
        let optimised = try ZoomRangePlacer.place(items, range: range, mode: .optimise, budget: .unlimited, threads: 1,
                                                  batchSize: 1024, limits: unlimited)
        let optimum = ZoomRangeOracle.lexicographicOptimum(items, range: range)
        let o = ZoomRangeOptimiseTests.vector(optimised, items)
        #expect(!ZoomRangeOracle.precedes(o, optimum) && !ZoomRangeOracle.precedes(optimum, o), "seed \(seed): \(o) vs \(optimum)")
        ZoomRangeOptimiseTests.expectNoCollisions(items, optimised, range, "seed \(seed)")
    }

    @Test("with limits never reached, optimise is the brute-force lexicographic optimum", arguments: 0..<80)
    func exactOptimum(seed: Int) throws {
        var (items, range) = ZoomRangeOptimiseTests.tinyScene(seed: UInt64(seed) &* 7_919 &+ 11)
        // `allowOverlap` items keep their first anchor (the oracle would turn them too).
        for i in items.indices { items[i].allowOverlap = false }
        try Self.expectOptimum(items, range, seed: seed)
    }

    @Test("an ejection chain: turning the binding label makes it collide with a third, which turns too")
    func ejection() throws {
        // At zoom 4 (scale s): "b" covers "k" with its first anchor (right of
        // its point); its other anchor (left) meets "c", whose first anchor
        // hangs below its point, up-left of "b". "k" starts at 4 only when
        // "b" turns left and "c" turns up — "b"'s turn alone is not free,
        // so no chain of turns that are each free finds it.
        let s = 512 * 16.0
        let b = ZoomRangeItem(id: "b", world: ScreenPoint(x: 0.5, y: 0.5), size: ScreenSize(width: 40, height: 10),
                              options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.left), AnchorConfig(.right)], priority: 3))
        let c = ZoomRangeItem(id: "c", world: ScreenPoint(x: 0.5 - 20 / s, y: 0.5 - 10 / s), size: ScreenSize(width: 20, height: 10),
                              options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.top), AnchorConfig(.bottom)], priority: 2))
        let k = ZoomRangeItem(id: "k", world: ScreenPoint(x: 0.5 + 20 / s, y: 0.5), size: ScreenSize(width: 10, height: 10),
                              options: ViewAnnotationOptions(priority: 1))
        let range = ZoomRange(min: 4, max: 8)
        let items = [b, c, k]
        let greedy = try ZoomRangePlacer.place(items, range: range)
        // "k" clears "b"'s box once 20·2^(z−4) − 5 ≥ 40.
        #expect(abs(try #require(greedy.placements[2].minZoom) - (4 + log2(45.0 / 20))) < 1e-6)
        #expect(greedy.placements[1].anchor == AnchorConfig(.top))
        let optimised = try ZoomRangePlacer.place(items, range: range, mode: .optimise, budget: .unlimited, threads: 1,
                                                  batchSize: 1024, limits: .init(depth: 3, ejection: true))
        #expect(optimised.placements.map(\.minZoom) == [4, 4, 4])
        #expect(optimised.placements.map(\.anchor) == [AnchorConfig(.right), AnchorConfig(.bottom), AnchorConfig(.center)])
        // Neither can a search of depth one ("b"'s turn needs "c"'s) nor
        // optimise mode's chains (each turn must be free on its own).
        let chains = try ZoomRangePlacer.place(items, range: range, mode: .optimise)
        #expect(chains.placements.map(\.minZoom) == greedy.placements.map(\.minZoom))
        let shallow = try ZoomRangePlacer.place(items, range: range, mode: .optimise, budget: .unlimited, threads: 1,
                                                batchSize: 1024, limits: .init(depth: 1, ejection: true))
        #expect(shallow.placements.map(\.minZoom) == greedy.placements.map(\.minZoom))
        #expect(ZoomRangeOptimiseTests.vector(optimised, items) == ZoomRangeOracle.lexicographicOptimum(items, range: range))
        ZoomRangeOptimiseTests.expectNoCollisions(items, optimised, range, "ejection")
    }

    @Test("whole minimum zooms (minZoomStep 1): with limits never reached, the brute-force optimum over whole zooms", arguments: 0..<40)
    func integerOptimum(seed: Int) throws {
        var (items, range) = ZoomRangeOptimiseTests.tinyScene(seed: UInt64(seed) &* 6_151 &+ 5)
        for i in items.indices { items[i].allowOverlap = false }
        range.minZoomStep = 1
        try Self.expectOptimum(items, range, seed: seed)
        // With the default chains too: whole zooms (or an item's lowest), no overlaps.
        let chains = try ZoomRangePlacer.place(items, range: range, mode: .optimise, budget: .unlimited, threads: 1,
                                               batchSize: 1024)
        for p in chains.placements {
            guard let m = p.minZoom else { continue }
            let item = items[p.itemIndex]
            #expect(m == m.rounded() || m == max(item.minZoom, range.min), "seed \(seed): \(p.id) at \(m)")
        }
        ZoomRangeOptimiseTests.expectNoCollisions(items, chains, range, "seed \(seed)")
    }
}
