import CartoucheGeometry

/// Optimise mode: the same rules as greedy mode, the lexicographic priority
/// contract, and within it as many annotations as possible.
///
/// **Contract.** Tiers are the selected annotations, then each priority value,
/// highest first. An annotation is shown whenever it can be shown together
/// with every annotation of a higher tier that is shown — those may move to
/// any other of their legal candidates, but are never hidden to make room for
/// lower ones. Within a tier, as many as possible are shown; then each shown
/// annotation moves to its most preferred candidate that is free, so
/// preference order (previous anchor, middle of a route, anchor order; the
/// motion order of `CandidateOrder`, calmest box first, for a callout with
/// a previous box) is
/// kept wherever it costs nothing. `allowOverlap` annotations are placed as in
/// greedy mode (first candidate that passes the static rules, never moved)
/// and occupy space for their tier and every lower one. The result is
/// deterministic. With a previous frame (`PlacementItem.previousFrame`) a
/// tier keeps the arrangement it had (its previously shown members at their
/// calmest free candidates) unless the tier's search shows more of it, so
/// visibility does not change for nothing between frames.
///
/// **Method.** Tiers are solved in order against a working solution
/// (`ShownSet`) whose shown *set* only grows while its candidates may change.
/// For a tier: an iterated local search (`IndependentSetSearch`) over the
/// members' candidates that are free now, when the tier has several members
/// (conflicts stored as lists while they fit `maxConflictEntries`, else as
/// bit masks between blocks of candidates while those fit `maxBlockPairs`,
/// else found on the fly while a pass over them stays under
/// `maxScannedEntries`); then each member still hidden is inserted by moving assigned annotations along chains
/// (`ShownSet.insert`); then each small closed neighbourhood that still has
/// a hidden member is solved exactly (`ShownSet.solve`). The highest tiers
/// (starting among the first 300 annotations, at most 8 members) then have
/// each member still hidden decided exactly: its neighbourhood grows until
/// a placement proves yes or a relaxation proves no (`ShownSet.insertExactly`,
/// within a node budget; `PlacementResult.exactTiers`). A group whose first
/// fit is provably optimal skips the search, and a tier whose candidates
/// cover the screen over 64 times is placed first fit, then by chains
/// (`PlacementResult.searchedComponents` counts the groups searched). Conflicts are found
/// from a grid of the current choices, so memory stays linear in the input
/// at any density. Small scenes get the exact lexicographic optimum; large
/// dense ones a local optimum that is never worse than greedy mode's answer
/// (greedy's answer is computed first and returned instead when it is
/// lexicographically better).
///
/// **Budget.** Two checks are polled throughout. `shouldCancel` (the caller
/// gave up: a hard deadline, a client gone) throws
/// ``PlacementCancelled`` wherever it fires, as in greedy mode, at once.
/// `shouldStopSearch` (a softer deadline) ends the search: the remaining
/// tiers take their first free candidate (greedy's work, no search) and the
/// result, valid and at least as good as greedy's, says `finished == false`.
public enum OptimisePlacer {
    /// Kick attempts per candidate of a tier's local search (the effort
    /// knob); only attempts that land on a candidate blocked by exactly one
    /// choice do any work. 64 reaches 99 % of the proven optimum on the
    /// Christensen–Marks–Shieber benchmark at n = 1000 (4 positions) in about
    /// 10 ms; see `Benchmarks/README.md` for the trade-off at other efforts.
    public static let defaultEffort = 64

    /// The most conflict-list entries (pairs of overlapping candidates, each
    /// way) a tier's local-search graph may store: 2²² entries, 16 MB. A
    /// group with a larger graph (a packed screen of labels, thousands of
    /// large callouts) runs the same search with its conflicts stored as
    /// bit masks between blocks of candidates (`BlockConflicts`, see
    /// `maxBlockPairs`), or past those found on the fly from a grid of its
    /// candidates (`GridConflicts`, several times slower per query): this
    /// bounds memory, not the optimisation.
    public static let maxConflictEntries = 1 << 22

    /// The most rects one pass of neighbour queries over a group may scan
    /// (`GridConflicts.scanEstimate`) for its local search to run on the
    /// grid: 2²⁶, about three times what India z5's 4,146 labels would
    /// scan (24 million; they fit `maxBlockPairs`, so never do).
    /// Past it (tens of thousands of callouts on one screen, where a
    /// candidate overlaps thousands of others and a few hundred fit) the
    /// group is solved by insertion with moves alone, as in a tier of one.
    public static let maxScannedEntries = 1 << 26

    /// The most block pairs (each way) a group's conflict masks
    /// (`BlockConflicts`, 12 bytes each) may hold when its conflict lists
    /// pass `maxConflictEntries`: 2²², 48 MB. India z5's 4,146 labels (6
    /// million list entries) need 386,554 (4.6 MB). Past it the conflicts
    /// are found on the fly (`GridConflicts`).
    public static let maxBlockPairs = 1 << 22

    public static func place(
        _ items: [PlacementItem], in environment: PlacementEnvironment,
        options: PlacementOptions = PlacementOptions(), effort: Int = defaultEffort
    ) throws(PlacementCancelled) -> PlacementResult {
        try place(items, in: environment, options: options, effort: effort, maxConflictEntries: maxConflictEntries,
                  maxBlockPairs: maxBlockPairs)
    }

    /// `place` with the stored-graph bounds as parameters, so tests reach
    /// the masks and the on-the-fly conflicts of dense tiers with small scenes.
    static func place(
        _ items: [PlacementItem], in environment: PlacementEnvironment,
        options: PlacementOptions, effort: Int, maxConflictEntries: Int, maxBlockPairs: Int = maxBlockPairs
    ) throws(PlacementCancelled) -> PlacementResult {
        // The floor: greedy's answer. Its cancellation throws (nothing valid
        // yet). Deferred when the first tier is one `denseTier` places as
        // greedy would (a packed screen of one priority): the search's
        // answer then often proves it cannot be better (`greedyFirstTier`),
        // and greedy's pass is about a third of such a call.
        var greedyOptions = options
        greedyOptions.recordRejected = false
        var search = LexicographicSearch(items, environment, options: options, effort: effort)
        search.maxConflictEntries = maxConflictEntries
        search.maxBlockPairs = maxBlockPairs
        let greedy = search.firstTierIsGreedyShaped ? nil : try GreedyPlacer.place(items, in: environment, options: greedyOptions)
        search.run()
        if search.cancelled { throw PlacementCancelled(placedSoFar: greedy?.placedCount ?? search.placedSoFar) }
        var result = search.result()
        result.method = .optimise
        result.finished = search.finished
        result.searchedComponents = search.searchedComponents
        result.exactTiers = search.exactTiers
        if greedy == nil, let first = search.greedyFirstTier,
           !greedyMayBeBetter(than: result, firstTier: first, order: search.order) {
            return result
        }
        // (Not `greedy ?? …`: `??`'s autoclosure would throw `any Error`.)
        var floor: PlacementResult
        if let greedy { floor = greedy } else { floor = try GreedyPlacer.place(items, in: environment, options: greedyOptions) }
        if lexicographicallyBetter(floor, than: result, items: items, order: search.order) {
            floor.method = .optimise
            floor.finished = search.finished
            floor.searchedComponents = search.searchedComponents
            floor.exactTiers = search.exactTiers
            return floor
        }
        return result
    }

    /// Whether greedy mode's answer could be lexicographically better than
    /// `result`, knowing that greedy shows `firstTier.shown` of the first
    /// `firstTier.count` items in placement order (`greedyFirstTier`):
    /// false when the result shows more of that tier, or as many when it is
    /// the only tier; then `lexicographicallyBetter(greedy, than: result)`
    /// is false and greedy's pass can be skipped.
    ///
    /// - Complexity: O(first tier).
    static func greedyMayBeBetter(than result: PlacementResult, firstTier: (count: Int, shown: Int), order: [Int]) -> Bool {
        var shown = 0
        for i in order[..<firstTier.count] where result.placements[i].isVisible { shown += 1 }
        if shown > firstTier.shown { return false }
        return !(shown == firstTier.shown && firstTier.count == order.count)
    }

    /// Whether `a` shows more of the first tier where the two differ in
    /// how many they show (tiers in placement order).
    ///
    /// - Complexity: O(n).
    static func lexicographicallyBetter(
        _ a: PlacementResult, than b: PlacementResult, items: [PlacementItem], order: [Int]
    ) -> Bool {
        var start = 0
        while start < order.count {
            let head = items[order[start]]
            var end = start, ca = 0, cb = 0
            while end < order.count, items[order[end]].selected == head.selected, items[order[end]].priority == head.priority {
                if a.placements[order[end]].isVisible { ca += 1 }
                if b.placements[order[end]].isVisible { cb += 1 }
                end += 1
            }
            if ca != cb { return ca > cb }
            start = end
        }
        return false
    }
}
