import CartoucheGeometry
import Testing

@testable import CartouchePlacement

/// Where optimise mode's search ends at once or takes a shortcut (issue #31).
@Suite("Optimise placement: uncontested groups and dense tiers")
struct OptimiseShortcutTests {
    /// Two labels whose second boxes meet (a group), while each one's
    /// preferred box meets nothing of the other: both take their preferred
    /// box, greedy's answer, without a search.
    @Test func anUncontestedGroupEndsAtOnce() throws {
        let size = ScreenSize(width: 20, height: 10)
        let items = [
            // Above its point (y 40–50), else below (50–60).
            PlacementItem(id: "a", anchorPoints: [ScreenPoint(x: 40, y: 50)], size: size,
                          options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.bottom), AnchorConfig(.top)])),
            // Below its point (62–72), else above (52–62): meets a's second box.
            PlacementItem(id: "b", anchorPoints: [ScreenPoint(x: 40, y: 62)], size: size,
                          options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.top), AnchorConfig(.bottom)])),
        ]
        let env = PlacementEnvironment(viewport: ScreenSize(width: 120, height: 100))
        let r = try OptimisePlacer.place(items, in: env)
        let greedy = try GreedyPlacer.place(items, in: env)
        #expect(r.placements.map(\.frame) == greedy.placements.map(\.frame))
        #expect(r.placements.map(\.anchor) == [AnchorConfig(.bottom), AnchorConfig(.top)])
        #expect(r.searchedComponents == 0)
    }

    /// The same two labels where b's preferred box meets a's: the group is searched.
    @Test func aContestedGroupIsSearched() throws {
        let size = ScreenSize(width: 20, height: 10)
        let anchors = [AnchorConfig(.right), AnchorConfig(.left)]
        let items = [
            PlacementItem(id: "a", anchorPoints: [ScreenPoint(x: 40, y: 50)], size: size, options: ViewAnnotationOptions(variableAnchors: anchors)),
            PlacementItem(id: "b", anchorPoints: [ScreenPoint(x: 55, y: 50)], size: size, options: ViewAnnotationOptions(variableAnchors: anchors)),
        ]
        let env = PlacementEnvironment(viewport: ScreenSize(width: 120, height: 100))
        let r = try OptimisePlacer.place(items, in: env)
        #expect(r.placedCount == 2)
        #expect(r.searchedComponents == 1)
    }

    /// 3,000 callouts of 60 × 30 with 9 anchors on a 400 × 300 screen cover
    /// it about 400 times over: one dense search, valid, at least greedy's count.
    @Test func aDenseTierIsOneSearch() throws {
        var rng = SplitMix64(seed: 31)
        let anchors = BoxAnchor.allCases.map { AnchorConfig($0) }
        let items = (0..<3_000).map { i in
            PlacementItem(
                id: "c\(i)", anchorPoints: [ScreenPoint(x: rng.double(0...400), y: rng.double(0...300))],
                size: ScreenSize(width: 60, height: 30), options: ViewAnnotationOptions(variableAnchors: anchors))
        }
        let env = PlacementEnvironment(viewport: ScreenSize(width: 400, height: 300))
        let r = try OptimisePlacer.place(items, in: env)
        let greedy = try GreedyPlacer.place(items, in: env)
        #expect(r.searchedComponents == 1)
        #expect(r.placedCount >= greedy.placedCount)
        #expect(r.finished && r.method == .optimise)
        #expect(try OptimisePlacer.place(items, in: env) == r)
        try LexicographicContractTests.checkValid(r, items, env)
    }
}
