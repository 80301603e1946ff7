import CartoucheGeometry
import Foundation
import Testing

@testable import CartouchePlacement

/// Optimise mode of zoom-range placement against brute force: the
/// lexicographic optimum over every anchor assignment (a lower bound no
/// valid answer beats), greedy (which it may not come after,
/// lexicographically), and
/// the frame's collision rule at every sampled and endpoint zoom.
@Suite("Zoom-range optimise mode: the contract against brute force")
struct ZoomRangeOptimiseTests {
    /// A scene small enough for the brute-force optimum: 2–6 items with at
    /// most 3 anchors each.
    static func tinyScene(seed: UInt64) -> ([ZoomRangeItem], ZoomRange) {
        var (items, range) = ZoomRangePlacerTests.randomScene(seed: seed, count: 2...6)
        for i in items.indices { items[i].variableAnchors = Array(items[i].variableAnchors.prefix(3)) }
        return (items, range)
    }

    /// Per item in placement order, its minimum zoom (+infinity when hidden).
    static func vector(_ result: ZoomRangeResult, _ items: [ZoomRangeItem]) -> [Double] {
        placementOrder(keys: items.map { ($0.selected, $0.priority, $0.variableAnchors.count) })
            .map { result.placements[$0].minZoom ?? .infinity }
    }

    @Test("optimise lies between the brute-force lexicographic optimum and greedy, with no overlaps", arguments: 0..<80)
    func betweenOptimumAndGreedy(seed: Int) throws {
        let (items, range) = Self.tinyScene(seed: UInt64(seed) &* 104_729 &+ 3)
        let greedy = try ZoomRangePlacer.place(items, range: range)
        let optimised = try ZoomRangePlacer.place(items, range: range, mode: .optimise)
        let optimum = ZoomRangeOracle.lexicographicOptimum(items, range: range)
        let (g, o) = (Self.vector(greedy, items), Self.vector(optimised, items))
        #expect(!ZoomRangeOracle.precedes(o, optimum), "seed \(seed): \(o) before the optimum \(optimum)")
        #expect(!ZoomRangeOracle.precedes(g, o), "seed \(seed): greedy \(g) before optimise \(o)")
        Self.expectNoCollisions(items, optimised, range, "seed \(seed)")
    }

    /// No two shown boxes collide at any sampled zoom or answer's end (the brute-force checker).
    static func expectNoCollisions(_ items: [ZoomRangeItem], _ result: ZoomRangeResult, _ range: ZoomRange, _ label: String) {
        for z in ZoomRangePlacerTests.checkZooms(result, range) {
            #expect(ZoomRangeOracle.collisions(items, result, at: z).isEmpty, "\(label) z \(z)")
        }
    }

    @Test("a chain: the label turns two binding labels, each keeping its minimum zoom, to start at the range's min")
    func chainOfTwo() throws {
        // "a" and "c" (placed first) take their first anchor, right of their
        // points, over "b"'s point from both sides; "b" starts at the min
        // only once both turn away, "a" left and "c" right.
        let s = 512 * 16.0
        let a = ZoomRangeItem(id: "a", world: ScreenPoint(x: 0.5, y: 0.5), size: ScreenSize(width: 40, height: 10),
                              options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.left), AnchorConfig(.right)], priority: 3))
        let c = ZoomRangeItem(id: "c", world: ScreenPoint(x: 0.5 + 40 / s, y: 0.5), size: ScreenSize(width: 40, height: 10),
                              options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.right), AnchorConfig(.left)], priority: 2))
        let b = ZoomRangeItem(id: "b", world: ScreenPoint(x: 0.5 + 20 / s, y: 0.5), size: ScreenSize(width: 10, height: 10), options: ViewAnnotationOptions(priority: 1))
        let range = ZoomRange(min: 4, max: 8)
        let items = [a, c, b]
        let greedy = try ZoomRangePlacer.place(items, range: range)
        let optimised = try ZoomRangePlacer.place(items, range: range, mode: .optimise)
        #expect(try #require(greedy.placements[2].minZoom) > 4)
        #expect(optimised.placements.map(\.minZoom) == [4, 4, 4])
        #expect(optimised.placements[0].anchor == AnchorConfig(.right) && optimised.placements[1].anchor == AnchorConfig(.left))
        #expect(Self.vector(optimised, items) == ZoomRangeOracle.lexicographicOptimum(items, range: range))
    }
}
