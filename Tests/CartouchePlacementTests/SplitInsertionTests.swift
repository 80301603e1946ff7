import CartoucheGeometry
import Testing

@testable import CartouchePlacement

/// The split search of the exact top step (`ShownSet.insertBySplitting`,
/// issue #29) against the brute-force reference: its "impossible" on the
/// relaxation is a proof, and its "fits" with the rest fixed is a valid
/// placement that shows the annotation.
@Suite("Optimise placement: split insertion")
struct SplitInsertionTests {
    /// A finished run without the exact top step, so hidden labels are left to decide.
    static func searched(_ items: [PlacementItem], _ env: PlacementEnvironment) -> LexicographicSearch {
        var search = LexicographicSearch(items, env, options: PlacementOptions(), effort: OptimisePlacer.defaultEffort)
        var top = ShownSet.TopEffort()
        top.topItems = 0
        search.top = top
        search.run()
        return search
    }

    /// A seeded small scene searched without the exact top step: the labels
    /// shown, and each hidden label with candidates with whether the
    /// brute-force reference can show it beside them.
    static func hiddenLabels(seed: Int) -> (
        items: [PlacementItem], search: LexicographicSearch, shown: [Int], hidden: [(item: Int, fits: Bool)]
    ) {
        let (items, env) = LexicographicContractTests.smallScene(seed: UInt64(seed), ties: false)
        let search = Self.searched(items, env)
        let shown = items.indices.filter { search.state.isShown[$0] }
        let hidden = items.indices.filter { search.state.chosen[$0] < 0 && !search.state.store.domain($0).isEmpty }
        return (items, search, shown, hidden.map { ($0, LexicographicContractTests.mostShown(of: [$0], keeping: shown, items, env) == 1) })
    }

    @Test(arguments: 0..<300)
    func agreesWithTheBruteForceReference(seed: Int) throws {
        let (items, search, shown, hidden) = Self.hiddenLabels(seed: seed)
        for (h, fits) in hidden {
            var relaxed = search.state
            let around = relaxed.blockingNeighbourhood(of: h, maxItems: items.count)
            var nodes = 100_000
            let proof = relaxed.insertBySplitting(
                h, items: around, outsideFixed: false, apply: false, maxCandidates: 10_000, nodes: &nodes)
            #expect(proof != .unknown && proof != .notAsked, "seed \(seed), item \(h)")
            if proof == .impossible { #expect(!fits, "seed \(seed): item \(h) fits, but was proved impossible") }
            var fixed = search.state
            nodes = 100_000
            let placed = fixed.insertBySplitting(
                h, items: around, outsideFixed: true, apply: true, maxCandidates: 10_000, nodes: &nodes)
            if placed == .fits {
                #expect(fits, "seed \(seed): item \(h) placed, but the reference cannot show it")
                Self.expectShows(h, keeping: shown, fixed, seed: seed)
            }
            // The whole neighbourhood with nothing outside in its way: the
            // relaxation and the fixed search are the same question.
            if around.count == shown.count + 1 { #expect((placed == .fits) == fits, "seed \(seed), item \(h)") }
        }
    }

    /// The grown neighbourhoods of the exact top step (`insertExactly`)
    /// against the brute-force reference: starting at 2 annotations, so
    /// sizes 2, 4, 8 are asked in turn, past the first with the split
    /// before the whole search. A label shown is one that fits (every label
    /// shown before still shown, nothing overlapping); one proved impossible
    /// does not fit; with nodes to spare every label is decided.
    @Test(arguments: 0..<300)
    func grownNeighbourhoodsAgreeWithTheBruteForceReference(seed: Int) throws {
        let (_, search, shown, hidden) = Self.hiddenLabels(seed: seed)
        for (h, fits) in hidden {
            var state = search.state
            var budget = 1_000_000
            var effort = ShownSet.TopEffort()
            effort.maxNodes = 100_000
            let decision = state.insertExactly(
                h, optional: { $0 == h }, firstItems: 2, effort: effort, exact: ShownSet.ExactEffort(), budget: &budget)
            #expect(decision != .unknown, "seed \(seed), item \(h)")
            #expect((decision == .shown) == fits, "seed \(seed): item \(h) \(decision), reference fits: \(fits)")
            if decision == .shown { Self.expectShows(h, keeping: shown, state, seed: seed) }
        }
    }

    /// `state` shows `h` and every label of `shown`, no two chosen candidates overlapping.
    static func expectShows(_ h: Int, keeping shown: [Int], _ state: ShownSet, seed: Int) {
        #expect(state.chosen[h] >= 0, "seed \(seed): item \(h) not shown")
        for i in shown { #expect(state.chosen[i] >= 0, "seed \(seed): item \(i) lost") }
        let chosen = state.chosen.indices.filter { state.chosen[$0] >= 0 }
        for (n, a) in chosen.enumerated() {
            for b in chosen[(n + 1)...] {
                #expect(!state.store.overlaps(Int(state.chosen[a]), Int(state.chosen[b])),
                        "seed \(seed): items \(a) and \(b) overlap")
            }
        }
    }

    /// Where the whole search runs out of nodes: "h" (100 × 20) has two
    /// boxes. Its first covers the homes of four labels ("a"), which then
    /// have three shared slots between them: no placement survives. Ten
    /// labels ("b", two boxes each) are free either way, so the branch and
    /// bound proves the four cannot fit once per placement of the ten (2¹⁰
    /// of them). Its second box sends every "b" to its other box, and then
    /// everything fits.
    static func pigeonholeBesideARow() -> ([PlacementItem], PlacementEnvironment) {
        let small = ScreenSize(width: 10, height: 10)
        let slots = [ScreenPoint(x: 40, y: 180), ScreenPoint(x: 60, y: 180), ScreenPoint(x: 80, y: 180)]
        var items = (0..<4).map { k in
            PlacementItem(
                id: "a\(k)", anchorPoints: [ScreenPoint(x: 65 + 10 * Double(k), y: 88)] + slots, size: small,
                options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.center)], priority: 100 - k))
        }
        for j in 0..<10 {
            let x = 255 + 10 * Double(j)
            items.append(PlacementItem(
                id: "b\(j)", anchorPoints: [ScreenPoint(x: x, y: 88), ScreenPoint(x: x, y: 60)], size: small,
                options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.center)], priority: 90 - j)))
        }
        items.append(PlacementItem(
            id: "h", anchorPoints: [ScreenPoint(x: 100, y: 100), ScreenPoint(x: 300, y: 100)],
            size: ScreenSize(width: 100, height: 20), options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.center)], priority: 10)))
        return (items, PlacementEnvironment(viewport: ScreenSize(width: 400, height: 200)))
    }

    /// Whether every item of `subset` can be shown at once, by backtracking
    /// over their legal frames (written from the rules, not from the solver).
    static func allFit(_ subset: [Int], _ items: [PlacementItem], _ env: PlacementEnvironment) -> Bool {
        let frames = LexicographicContractTests.legalFrames(items, env)
        var taken: [ScreenRect] = []
        func go(_ k: Int) -> Bool {
            if k == subset.count { return true }
            for f in frames[subset[k]] where !taken.contains(where: { LexicographicContractTests.overlaps($0, f) }) {
                taken.append(f)
                if go(k + 1) { return true }
                taken.removeLast()
            }
            return false
        }
        return go(0)
    }

    /// The exact top step before the split search asked only the whole
    /// neighbourhood, which runs out of nodes here and left "h" hidden.
    @Test func showsWhatTheWholeSearchRunsOutOn() throws {
        let (items, env) = Self.pigeonholeBesideARow()
        let h = items.count - 1
        #expect(Self.allFit(Array(items.indices), items, env))
        // With h's first box the four "a" do not fit (their homes covered, three slots left).
        let hFirst = PlacementItem(
            id: "h", anchorPoints: [ScreenPoint(x: 100, y: 100)], size: ScreenSize(width: 100, height: 20),
            options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.center)], priority: 10))
        #expect(!Self.allFit(Array(0..<5), Array(items[0..<4]) + [hFirst], env))
        // The local steps (short chains, small neighbourhoods) leave h hidden.
        var search = LexicographicSearch(items, env, options: PlacementOptions(), effort: OptimisePlacer.defaultEffort)
        search.insertion.maxDepth = 2
        search.exact.maxItems = 4
        search.exact.openItems = 3
        var off = ShownSet.TopEffort()
        off.topItems = 0
        search.top = off
        search.run()
        try #require(search.state.chosen[h] < 0 && (0..<h).allSatisfy { search.state.chosen[$0] >= 0 })
        let top = ShownSet.TopEffort(), exact = ShownSet.ExactEffort()
        var whole = search.state
        let around = whole.blockingNeighbourhood(of: h, maxItems: top.maxItems)
        #expect(around.count == items.count)
        var effort = exact
        effort.maxCandidates = top.maxCandidates
        effort.maxNodes = top.maxNodes
        #expect(whole.solve(component: around, optional: { $0 == h }, effort: effort, outsideFixed: true) == .unknown)
        // The run's whole budget (the whole search at the first size spends
        // up to 2 × 4,000 nodes, its proof pass and its search proper).
        var state = search.state
        var budget = top.budget
        let decision = state.insertExactly(
            h, optional: { $0 == h }, firstItems: exact.openItems, effort: top, exact: exact, budget: &budget)
        #expect(decision == .shown)
        #expect(budget > 0)
        let chosen = items.indices.map { Int(state.chosen[$0]) }
        #expect(chosen.allSatisfy { $0 >= 0 })
        for a in items.indices {
            for b in items.indices where a < b && chosen[a] >= 0 && chosen[b] >= 0 {
                #expect(!state.store.overlaps(chosen[a], chosen[b]), "\(items[a].id) and \(items[b].id) overlap")
            }
        }
        // The whole run, with the exact top step on and a label granted the
        // run's budget: every label shown.
        var again = LexicographicSearch(items, env, options: PlacementOptions(), effort: OptimisePlacer.defaultEffort)
        again.insertion.maxDepth = 2
        again.exact.maxItems = 4
        again.exact.openItems = 3
        var generous = top
        generous.labelBudget = top.budget
        again.top = generous
        again.run()
        let run = again.result()
        #expect(run.placedCount == items.count)
        try LexicographicContractTests.checkValid(run, items, env)
        // With one label's default budget too: past the first size the split
        // is asked before the whole search, so the whole search no longer
        // spends the label's nodes first (h was hidden so before).
        let tight = TopTierExactTests.smallEffortRun(items, env, topItems: 256)
        #expect(tight.placedCount == items.count)
        try LexicographicContractTests.checkValid(tight, items, env)
    }
}
