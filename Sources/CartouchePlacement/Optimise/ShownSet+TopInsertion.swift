/// The exact step of the highest tiers (issue #29): where users look first,
/// a hidden annotation is decided by a proof, not left to a neighbourhood
/// of fixed size. The neighbourhood of the annotation to insert grows until
/// one of two searches settles it:
///
/// - **yes**: an assignment of the neighbourhood that shows it, with every
///   annotation outside left where it is (so it is a valid placement);
/// - **no**: none even with every annotation outside dropped (a relaxation:
///   whatever the outside does, it can only block more).
extension ShownSet {
    /// How the highest tiers' insertions are decided (`insertExactly`).
    struct TopEffort {
        /// Tiers that start among this many annotations in placement order
        /// (the top of the list), with at most `ExactEffort.openTierMembers`
        /// members, are decided exactly while the node budget lasts. 300,
        /// not 256: the Nile delta z7 first differs from the optimum at
        /// #284, and deciding it shows 224 of the optimum's 226 labels
        /// (99.1 %; 223 at 256). Each more top label costs time where the
        /// budget lasts (Mexico z6 1.26×, US west 1.11×: Benchmarks/README.md,
        /// "Contested views, fourth round").
        var topItems = 300
        /// The neighbourhood starts at `ExactEffort.openItems` annotations
        /// and doubles up to this many.
        var maxItems = 48
        /// Most candidates over a grown neighbourhood.
        var maxCandidates = 512
        /// Search nodes per solve of a grown neighbourhood.
        var maxNodes = 4_000
        /// Search nodes over the whole run for the step (the budget): past
        /// it the remaining top tiers keep the local search's answer.
        var budget = 80_000
        /// Search nodes for one annotation's insertion: a label whose
        /// proof does not end (Java z6's #101, hidden whatever is tried)
        /// must not spend the budget of every tier below it (Java's #149
        /// and #167, which fit, were left to the local search so).
        var labelBudget = 6_000
    }

    /// What `insertExactly` proved.
    enum TopDecision {
        /// The annotation is shown (the assignment was applied).
        case shown
        /// Proved impossible: it cannot be shown while everything shown stays shown.
        case impossible
        /// Neither within the nodes and sizes allowed.
        case unknown
    }

    /// Decides whether hidden item `start` can be shown together with every
    /// shown annotation and the `optional` ones assigned now (they may all
    /// move): grows `start`'s blocking neighbourhood (`blockingNeighbourhood`)
    /// from `firstItems` annotations, doubling, and at each size asks the
    /// relaxation, split into independent groups (`insertBySplitting`), for
    /// a proof that there is none, then the fixed-outside search for a
    /// placement (at the first size whole, then split when that runs out of
    /// nodes; past it split first, whole only when the split runs out). The
    /// caller grants each insertion `TopEffort.labelBudget` nodes (a whole
    /// search may overrun it by its own limit). (The first size is the exact
    /// step's open neighbourhood, which that step leaves to this one for the
    /// top tiers (`LexicographicSearch.decidesTop`): the relaxation proves
    /// most of them impossible in fewer nodes than the whole search takes to
    /// fail. It is asked here also where that step searched a closed
    /// component instead, a search that can run out of nodes: Germany z6's
    /// Solingen, #129, is shown at this size.)
    ///
    /// - Parameter budget: search nodes left for this insertion; lowered by
    ///   what it spends.
    /// - Complexity: O(sizes × (neighbourhood × candidates × conflict query
    ///   + effort.maxNodes × neighbourhood candidates)) at most.
    mutating func insertExactly(
        _ start: Int, optional: (Int) -> Bool, firstItems: Int, effort: TopEffort, exact: ExactEffort, budget: inout Int
    ) -> TopDecision {
        var size = firstItems
        var last = -1
        while budget > 0 {
            let around = blockingNeighbourhood(of: start, maxItems: size)
            var search = exact
            search.maxCandidates = effort.maxCandidates
            search.maxNodes = min(effort.maxNodes, budget)
            let before = exactNodes
            defer { budget -= exactNodes - before }
            // The relaxation split into groups first: most hidden top labels
            // that cannot fit are proved so here in a few nodes, before the
            // searches below spend their nodes. (It proves only what they
            // would, so a label they would show is never hidden by it.)
            var nodes = search.maxNodes
            // One conflict table for both split questions of this size.
            var table: SplitTable? = nil
            let relaxed = insertBySplitting(
                start, items: around, outsideFixed: false, apply: false, maxCandidates: effort.maxCandidates,
                table: &table, nodes: &nodes)
            if relaxed == .impossible { return .impossible }
            // Outside fixed: the whole search, then piece by piece when it
            // runs out of nodes. On a grown neighbourhood the pieces come
            // first: there the whole search often spends all its nodes (its
            // proof pass and its search proper) and still does not know,
            // where the split needs a few hundred (Nile delta z7: 6 labels
            // took 64,000 of the run's 80,000 nodes so, and 50 top tiers were
            // left undecided). The split asks the same question, so its
            // complete "no" is the whole search's too. (At the first size the
            // whole search stays first: the exact step's open neighbourhood
            // asked it there, and a placement it finds is kept as it was.)
            var fixedSplit = SplitOutcome.notAsked
            let splitFirst = size > firstItems && relaxed != .notAsked
            if splitFirst {
                nodes = min(effort.maxNodes, max(1, budget - (exactNodes - before)))
                fixedSplit = insertBySplitting(
                    start, items: around, outsideFixed: true, apply: true, maxCandidates: effort.maxCandidates,
                    table: &table, nodes: &nodes)
                if fixedSplit == .fits { return .shown }
            }
            if fixedSplit != .impossible {
                // The fixed-outside search reuses the table's conflicts (and its blocked candidates).
                if table != nil { addBlocked(to: &table!, items: around) }
                search.maxNodes = min(effort.maxNodes, max(1, budget - (exactNodes - before)))
                let yes = solve(component: around, optional: optional, effort: search, outsideFixed: true, table: table)
                if yes == .improved, chosen[start] >= 0 { return .shown }
                if yes == .unknown && !splitFirst {
                    nodes = min(effort.maxNodes, max(1, budget - (exactNodes - before)))
                    let split = insertBySplitting(
                        start, items: around, outsideFixed: true, apply: true, maxCandidates: effort.maxCandidates,
                        table: &table, nodes: &nodes)
                    if split == .fits { return .shown }
                }
            }
            // A tier of several members in the way: the relaxation searched whole.
            if relaxed == .notAsked {
                search.maxNodes = min(effort.maxNodes, max(1, budget - (exactNodes - before)))
                if solve(component: around, optional: optional, effort: search, apply: false) == .optimal { return .impossible }
            }
            // The neighbourhood is everything in the way (it stopped short of
            // its size), or cannot grow further: nothing left to try.
            if around.count < size || around.count == last || size >= effort.maxItems { return .unknown }
            last = around.count
            size = min(effort.maxItems, size * 2)
        }
        return .unknown
    }
}
