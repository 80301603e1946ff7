import CartoucheGeometry
import Testing

@testable import CartouchePlacement

/// The top of the priority list is exact (issue #29): a hidden label of the
/// highest tiers is shown whenever it fits with every higher one, however
/// far the others must move, or proved unable to.
@Suite("Optimise placement: exact top tiers")
struct TopTierExactTests {
    /// A row of `n` labels, priority falling along it, 10 × 10 each on its
    /// own point 10 apart: box right of the point (preferred) or left of it,
    /// so label i's left box is label i − 1's right box. Then `last`, next
    /// in priority, whose only box is the row's last right box: it fits only
    /// when the whole row shifts left.
    static func row(_ n: Int) -> ([PlacementItem], PlacementEnvironment) {
        let size = ScreenSize(width: 10, height: 10)
        var items = (0..<n).map { i in
            PlacementItem(
                id: "r\(i)", anchorPoints: [ScreenPoint(x: 20 + 10 * Double(i), y: 50)], size: size,
                options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.left), AnchorConfig(.right)], priority: 1_000 - i))
        }
        items.append(PlacementItem(
            id: "last", anchorPoints: [ScreenPoint(x: 20 + 10 * Double(n), y: 50)], size: size,
            options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.right)], priority: 1_000 - n)))
        return (items, PlacementEnvironment(viewport: ScreenSize(width: 40 + 10 * Double(n), height: 100)))
    }

    /// One run of the search with small efforts, so a row of 8 already
    /// defeats the chains (depth 2), the closed components (4 labels) and the
    /// open neighbourhoods (3 labels); `topItems` 0 turns the exact top step off.
    static func smallEffortRun(_ items: [PlacementItem], _ env: PlacementEnvironment, topItems: Int) -> PlacementResult {
        var search = LexicographicSearch(items, env, options: PlacementOptions(), effort: OptimisePlacer.defaultEffort)
        search.insertion.maxDepth = 2
        search.exact.maxItems = 4
        search.exact.openItems = 3
        var top = ShownSet.TopEffort()
        top.topItems = topItems
        search.top = top
        search.run()
        var result = search.result()
        result.exactTiers = search.exactTiers
        return result
    }

    @Test func theLocalStepsLoseATopLabelThatTheExactStepKeeps() throws {
        let (items, env) = Self.row(8)
        let expected = LexicographicContractTests.reference(items, env)
        // The brute-force optimum shows every label (the row shifted left).
        #expect(expected.counts == Array(repeating: 1, count: items.count))
        let without = Self.smallEffortRun(items, env, topItems: 0)
        #expect(without.placements.last?.isVisible == false)
        #expect(without.exactTiers == 0)
        let with = Self.smallEffortRun(items, env, topItems: 256)
        let shown = with.placements.map(\.isVisible)
        #expect(expected.sets.contains(shown), "shown \(shown)")
        #expect(with.exactTiers == items.count)
        #expect(with.placements.first?.anchor == AnchorConfig(.right))
        try LexicographicContractTests.checkValid(with, items, env)
    }

    /// With the default efforts a row of 30 is past every local step (a
    /// closed component of 31 labels, chains of 4, open neighbourhoods of
    /// 12): the grown neighbourhood shows the last label.
    @Test func aLongRowIsShiftedWholeAtTheTop() throws {
        let (items, env) = Self.row(30)
        let r = try OptimisePlacer.place(items, in: env)
        #expect(r.placedCount == items.count)
        #expect(r.exactTiers == items.count)
        #expect(r.finished)
        try LexicographicContractTests.checkValid(r, items, env)
        let off = Self.smallEffortRun(items, env, topItems: 0)
        #expect(off.placedCount == items.count - 1)
    }

    /// A label that cannot fit is proved impossible, and its tier counts as decided.
    @Test func anImpossibleTopLabelIsDecided() throws {
        let size = ScreenSize(width: 40, height: 20)
        let items = [
            PlacementItem(id: "a", anchorPoints: [ScreenPoint(x: 50, y: 50)], size: size, options: ViewAnnotationOptions(priority: 2)),
            PlacementItem(id: "b", anchorPoints: [ScreenPoint(x: 55, y: 50)], size: size, options: ViewAnnotationOptions(priority: 1)),
        ]
        let env = PlacementEnvironment(viewport: ScreenSize(width: 100, height: 100))
        let r = try OptimisePlacer.place(items, in: env)
        #expect(r.placements.map(\.isVisible) == [true, false])
        #expect(r.exactTiers == 2)
    }
}
