import CartoucheGeometry
import CartouchePlacement
import Testing

/// The worked example of the DocC article "How optimise mode works"
/// (`CartouchePlacement.docc/OptimiseMode.md`), placed as the article says:
/// if this test changes, the article changes with it.
@Suite("Optimise placement: the article's worked example")
struct OptimiseWorkedExampleTests {
    static let size = ScreenSize(width: 60, height: 20)
    static let screen = PlacementEnvironment(viewport: ScreenSize(width: 200, height: 100))
    /// Utrecht's box right of its point (x 100–160), else left of it (x 40–100).
    static let utrecht = PlacementItem(
        id: "Utrecht", anchorPoints: [ScreenPoint(x: 100, y: 50)], size: size,
        options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.left), AnchorConfig(.right)], priority: 2))
    /// Zeist's one box, above its point: x 105–165, y 30–50.
    static let zeist = PlacementItem(
        id: "Zeist", anchorPoints: [ScreenPoint(x: 135, y: 50)], size: size, options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.bottom)], priority: 1))
    /// Bunnik's one box, above its point: x 40–100, y 30–50.
    static let bunnik = PlacementItem(
        id: "Bunnik", anchorPoints: [ScreenPoint(x: 70, y: 50)], size: size, options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.bottom)], priority: 1))

    /// Greedy: Utrecht (the higher tier) takes its first box, which hides
    /// Zeist. Optimise: Zeist's tier inserts it by a chain of one move —
    /// Utrecht to its second box — so both are shown.
    @Test func aChainMovesTheHigherLabel() throws {
        let items = [Self.utrecht, Self.zeist]
        let greedy = try GreedyPlacer.place(items, in: Self.screen)
        #expect(greedy.placements.map(\.isVisible) == [true, false])
        #expect(greedy.placements[1].hiddenReason == .collision(with: "Utrecht"))
        #expect(greedy.placements[0].frame == ScreenRect(x: 100, y: 40, width: 60, height: 20))

        let optimise = try OptimisePlacer.place(items, in: Self.screen)
        #expect(optimise.placements.map(\.isVisible) == [true, true])
        #expect(optimise.placements[0].anchor == AnchorConfig(.right))
        #expect(optimise.placements[0].frame == ScreenRect(x: 40, y: 40, width: 60, height: 20))
        #expect(optimise.placements[1].frame == ScreenRect(x: 105, y: 30, width: 60, height: 20))
        // A tier of one is not a group: nothing was searched, the chain did it.
        #expect(optimise.searchedComponents == 0)
    }

    /// With Bunnik too, Utrecht's two boxes each block one of the lower
    /// pair. Hiding Utrecht would show both of them — as many labels as
    /// keeping it — but the contract never hides a higher label for lower
    /// ones: Utrecht stays, with one of the pair. Zeist comes first in
    /// placement order (same priority and anchor count: input order), so its
    /// chain moves Utrecht left; Bunnik's chain then fails (Utrecht's other
    /// box holds Zeist), and the exact step proves that no arrangement of
    /// the three shows both.
    @Test func aHigherLabelIsNeverHidden() throws {
        let items = [Self.utrecht, Self.zeist, Self.bunnik]
        let optimise = try OptimisePlacer.place(items, in: Self.screen)
        #expect(optimise.placements.map(\.isVisible) == [true, true, false])
        #expect(optimise.placements[0].anchor == AnchorConfig(.right))
        #expect(optimise.placements[2].hiddenReason == .collision(with: "Utrecht"))
        // Greedy shows as many here: Utrecht at its first box, then Bunnik.
        let greedy = try GreedyPlacer.place(items, in: Self.screen)
        #expect(greedy.placements.map(\.isVisible) == [true, false, true])
    }
}
