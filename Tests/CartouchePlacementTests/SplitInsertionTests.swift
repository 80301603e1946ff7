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

    @Test(arguments: 0..<300)
    func agreesWithTheBruteForceReference(seed: Int) throws {
        let (items, env) = LexicographicContractTests.smallScene(seed: UInt64(seed), ties: false)
        let search = Self.searched(items, env)
        let shown = items.indices.filter { search.state.isShown[$0] }
        for h in items.indices where search.state.chosen[h] < 0 && !search.state.store.domain(h).isEmpty {
            let fits = LexicographicContractTests.mostShown(of: [h], keeping: shown, items, env) == 1
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
                #expect(fixed.chosen[h] >= 0)
                // Every label shown before is still shown, and no two chosen candidates overlap.
                for i in shown { #expect(fixed.chosen[i] >= 0, "seed \(seed): item \(i) lost") }
                let chosen = items.indices.filter { fixed.chosen[$0] >= 0 }
                for (n, a) in chosen.enumerated() {
                    for b in chosen[(n + 1)...] {
                        #expect(!fixed.store.overlaps(Int(fixed.chosen[a]), Int(fixed.chosen[b])),
                                "seed \(seed): items \(a) and \(b) overlap")
                    }
                }
            }
            // The whole neighbourhood with nothing outside in its way: the
            // relaxation and the fixed search are the same question.
            if around.count == shown.count + 1 { #expect((placed == .fits) == fits, "seed \(seed), item \(h)") }
        }
    }
}
