import CartoucheGeometry
import Testing

@testable import CartouchePlacement

/// The order candidates are tried in: Mapbox's (point by point, every anchor
/// at each) unless a callout has a previous box on screen and a previous
/// anchor; then the motion contract's, calmest box first.
@Suite("Candidate order")
struct CandidateOrderTests {
    let env = PlacementEnvironment(viewport: ScreenSize(width: 400, height: 300), zoom: 10)
    let box = ScreenSize(width: 60, height: 20)
    let anchors = [AnchorConfig(.top), AnchorConfig(.bottom), AnchorConfig(.left)]

    func all(_ order: CandidateOrder) -> [[Int]] { order.all.map { [$0.point, $0.anchor] } }

    func item(points: Int, previousFrame: ScreenRect?) -> PlacementItem {
        var item = PlacementItem(id: "a", anchorPoints: (0..<points).map { ScreenPoint(x: 100 + 40 * Double($0), y: 150) },
                                 size: box, options: ViewAnnotationOptions(variableAnchors: anchors))
        item.previousFrame = previousFrame
        return item
    }

    /// The motion order by brute force: every (point, anchor) with its box
    /// move (origin distance, plus the penalty off the previous anchor),
    /// stably sorted from Mapbox's order.
    func bruteForce(_ item: PlacementItem, previous: AnchorConfig, was: ScreenRect) -> [[Int]] {
        let ordered = [previous] + item.variableAnchors.filter { $0 != previous }
        var rows: [(cost: Double, pa: [Int])] = []
        for p in item.anchorPoints.indices {
            for a in ordered.indices {
                let f = ordered[a].frame(at: item.anchorPoints[p], size: item.size)
                let move = ((f.minX - was.minX) * (f.minX - was.minX) + (f.minY - was.minY) * (f.minY - was.minY)).squareRoot()
                rows.append((move + (a == 0 ? 0 : CandidateOrder.anchorChangePenalty), [p, a]))
            }
        }
        return rows.enumerated().sorted { ($0.element.cost, $0.offset) < ($1.element.cost, $1.offset) }.map(\.element.pa)
    }

    @Test("Mapbox's order without a previous box or a previous anchor")
    func mapboxOrder() {
        let pointMajor = (0..<3).flatMap { p in (0..<3).map { a in [p, a] } }
        let was = ScreenRect(x: 150, y: 130, width: 60, height: 20)
        for (frame, previous) in [(nil, AnchorConfig(.left)), (was, nil), (nil, nil), (was, AnchorConfig(.right))] as [(ScreenRect?, AnchorConfig?)] {
            #expect(all(CandidateOrder(item(points: 3, previousFrame: frame), previous: previous)) == pointMajor)
        }
    }

    @Test("with a previous box: calmest box first, a turn costing the penalty", arguments: [
        ScreenRect(x: 150, y: 130, width: 60, height: 20), ScreenRect(x: 100, y: 155, width: 60, height: 20),
        ScreenRect(x: 0, y: 0, width: 60, height: 20), ScreenRect(x: 171, y: 141, width: 60, height: 20),
    ])
    func motionOrder(was: ScreenRect) {
        let item = item(points: 3, previousFrame: was)
        let order = all(CandidateOrder(item, previous: AnchorConfig(.left)))
        #expect(order == bruteForce(item, previous: AnchorConfig(.left), was: was))
        #expect(Set(order).count == 9)
    }

    /// `left` at point 1 (140, 150) puts the box at (140, 140), where it was:
    /// the point slides rather than the box riding with point 0.
    @Test("placing: the box stays put with its anchor, sliding the point; turns rather than hide", arguments: [false, true])
    func stillBox(optimise: Bool) throws {
        func place(_ item: PlacementItem, _ env: PlacementEnvironment) throws -> Placement {
            let options = PlacementOptions(previousAnchors: ["a": AnchorConfig(.left)])
            return optimise ? try OptimisePlacer.place([item], in: env, options: options).placements[0]
                : try GreedyPlacer.place([item], in: env, options: options).placements[0]
        }
        var item = PlacementItem(id: "a", anchorPoints: [ScreenPoint(x: 100, y: 150), ScreenPoint(x: 140, y: 150), ScreenPoint(x: 180, y: 150)],
                                 size: box, options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.right), AnchorConfig(.left)]))
        item.previousFrame = ScreenRect(x: 140, y: 140, width: 60, height: 20)
        let still = try place(item, env)
        #expect(still.anchorPointIndex == 1 && still.anchor == AnchorConfig(.left))
        #expect(still.frame == item.previousFrame)
        // With point 2 at 200, `right` there puts the box exactly where it
        // was; `left` at point 1 is 20 pt off: less than the penalty, kept.
        item.anchorPoints = [ScreenPoint(x: 100, y: 150), ScreenPoint(x: 160, y: 150), ScreenPoint(x: 200, y: 150)]
        let kept = try place(item, env)
        #expect(kept.anchor == AnchorConfig(.left) && kept.anchorPointIndex == 1)
        // 30 pt off: more than the penalty, so it turns and the box stays.
        item.anchorPoints[1] = ScreenPoint(x: 170, y: 150)
        let turnedStill = try place(item, env)
        #expect(turnedStill.anchor == AnchorConfig(.right) && turnedStill.frame == item.previousFrame)
        item.anchorPoints[1] = ScreenPoint(x: 144, y: 150)
        // A puck over every `left` box: the callout turns, shown, not hidden.
        var env = env
        env.puck = ScreenRect(x: 150, y: 130, width: 100, height: 40)
        let turned = try place(item, env)
        #expect(turned.isVisible && turned.anchor == AnchorConfig(.right))
        // `right` at point 2 (box 140…200) is under the puck; at point 1
        // (box 84…144) it is 56 pt off, at point 0 100 pt.
        #expect(turned.anchorPointIndex == 1)
    }
}
