import CartoucheGeometry
import Testing

@testable import CartouchePlacement

/// The order candidates are tried in: Mapbox's (point by point, every anchor
/// at each) unless a callout kept last frame's point and has a previous
/// anchor; then the anchor is held across points and turning in place is the
/// last resort.
@Suite("Candidate order")
struct CandidateOrderTests {
    let env = PlacementEnvironment(viewport: ScreenSize(width: 400, height: 300), zoom: 10)
    let box = ScreenSize(width: 60, height: 20)
    let anchors = [AnchorConfig(.top), AnchorConfig(.bottom), AnchorConfig(.left)]

    func all(_ order: CandidateOrder) -> [[Int]] { order.all.map { [$0.point, $0.anchor] } }

    func item(points: Int, kept: Bool) -> PlacementItem {
        var item = PlacementItem(id: "a", anchorPoints: (0..<points).map { ScreenPoint(x: 100 + 40 * Double($0), y: 150) },
                                 size: box, anchors: anchors)
        item.keepsPreviousPoint = kept
        return item
    }

    @Test("Mapbox's order without a kept point or a previous anchor")
    func mapboxOrder() {
        let pointMajor = (0..<3).flatMap { p in (0..<3).map { a in [p, a] } }
        for (kept, previous) in [(false, AnchorConfig(.left)), (true, nil), (false, nil)] as [(Bool, AnchorConfig?)] {
            #expect(all(CandidateOrder(item(points: 3, kept: kept), previous: previous)) == pointMajor)
        }
        // One point: nowhere else to go, so the kept point turns as before.
        #expect(all(CandidateOrder(item(points: 1, kept: true), previous: AnchorConfig(.left))) == [[0, 0], [0, 1], [0, 2]])
    }

    @Test("a kept point holds its anchor across points and turns in place last")
    func keptOrder() {
        let order = all(CandidateOrder(item(points: 3, kept: true), previous: AnchorConfig(.left)))
        #expect(order == [[0, 0], [1, 0], [2, 0], [1, 1], [1, 2], [2, 1], [2, 2], [0, 1], [0, 2]])
        // Every candidate exactly once.
        #expect(Set(order).count == 9)
    }

    /// Optimise mode's preference order is the same (its candidates are
    /// stored in it), so both modes must answer alike here.
    @Test("placing: the kept point moves with its anchor rather than turn, and turns rather than hide",
          arguments: [false, true])
    func keptPointPlacement(optimise: Bool) throws {
        func place(_ item: PlacementItem, _ env: PlacementEnvironment, _ options: PlacementOptions) throws -> PlacementResult {
            optimise ? try OptimisePlacer.place([item], in: env, options: options) : try GreedyPlacer.place([item], in: env, options: options)
        }
        var env = env
        env.puck = ScreenRect(x: 70, y: 140, width: 20, height: 20)
        // At the kept point (100, 150) `left` (box to the right, 100…160)
        // is clear of the puck; `right` (box 40…100) covers it.
        var item = PlacementItem(id: "a", anchorPoints: [ScreenPoint(x: 100, y: 150), ScreenPoint(x: 250, y: 150)],
                                 size: box, anchors: [AnchorConfig(.left), AnchorConfig(.right)])
        item.keepsPreviousPoint = true
        let held = PlacementOptions(previousAnchors: ["a": AnchorConfig(.right)])
        let moved = try place(item, env, held).placements[0]
        #expect(moved.anchorPointIndex == 1 && moved.anchor == AnchorConfig(.right))
        // Without the kept point Mapbox's order turns at the first point.
        item.keepsPreviousPoint = false
        let turned = try place(item, env, held).placements[0]
        #expect(turned.anchorPointIndex == 0 && turned.anchor == AnchorConfig(.left))
        // When `right` fits nowhere (the other point's box is off screen too),
        // the kept point turns: shown, not hidden.
        item.keepsPreviousPoint = true
        item.anchorPoints[1] = ScreenPoint(x: 30, y: 150)
        let last = try place(item, env, held).placements[0]
        #expect(last.isVisible)
        #expect(last.anchorPointIndex == 0 && last.anchor == AnchorConfig(.left))
    }
}
