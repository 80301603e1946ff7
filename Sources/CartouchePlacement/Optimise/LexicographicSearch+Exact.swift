import CartoucheGeometry

/// The exact steps of a tier's search (see `OptimisePlacer`): small closed
/// neighbourhoods that still hide a member, solved exactly; then, for the
/// highest tiers, each hidden member decided by a proof.
extension LexicographicSearch {
    /// Solves exactly each small closed neighbourhood (`ShownSet.component`)
    /// that still hides a member; where it is too large, the members of a
    /// small tier get an open neighbourhood with the rest fixed (but for the
    /// top tiers, whose `decideTop` asks the same question after a cheaper
    /// proof that the member cannot fit: `decidesTop`). Returns the
    /// member of a tier of one that a complete search of its closed
    /// component left hidden: proved unable to show (`decideTop` skips it).
    /// - Complexity: O(hidden members × (component search + `ExactEffort.maxNodes` nodes)).
    @discardableResult
    mutating func exactStep(_ members: [Int]) -> Int? {
        for m in members { isMember[m] = true }
        defer { for m in members { isMember[m] = false } }
        var memberGrid: GridIndex? = nil
        if members.count > 1 {
            var grid = GridIndex(region: environment.viewportRect, cellSize: cellSize)
            for m in members {
                for v in state.store.domain(m) {
                    for k in state.store.rectRange(v) { grid.insert(state.store.rects[k], owner: Int32(v)) }
                }
            }
            memberGrid = grid
        }
        var solved = Set<Int32>()
        var proved: Int? = nil
        let flags = isMember
        for m in members where state.chosen[m] < 0 && !solved.contains(Int32(m)) {
            // An exact neighbourhood may take thousands of steps: poll each.
            if outOfTime() { return nil }
            guard let component = state.component(
                of: m, maxItems: exact.maxItems, isMember: { flags[$0] }, memberCandidates: memberGrid) else {
                // Too large to solve closed: the items in m's way, the rest
                // fixed (unless `decideTop` asks that first, split into groups).
                if members.count <= exact.openTierMembers && !(decidesTop(members) && topBudget >= exact.openNodes) {
                    let around = state.blockingNeighbourhood(of: m, maxItems: exact.openItems)
                    var open = exact
                    open.maxNodes = exact.openNodes
                    _ = state.solve(component: around, optional: { flags[$0] }, effort: open, outsideFixed: true)
                }
                continue
            }
            for i in component { solved.insert(Int32(i)) }
            let outcome = state.solve(component: component, optional: { flags[$0] }, effort: exact)
            if outcome == .optimal && members.count == 1 { proved = m }
        }
        return proved
    }

    /// Whether `decideTop` decides the tier of `members`: a small top tier.
    /// Its first question for a hidden member is the one `exactStep` asks
    /// of an open neighbourhood (the same 12 annotations, the rest fixed),
    /// so `exactStep` leaves those to it while the nodes last.
    func decidesTop(_ members: [Int]) -> Bool {
        !stopped && tierStart < top.topItems && members.count <= exact.openTierMembers
    }

    /// The top of the priority list (issue #29): a tier that starts among
    /// the first `TopEffort.topItems` annotations, with at most
    /// `ExactEffort.openTierMembers` members, has each member still hidden
    /// decided exactly (`ShownSet.insertExactly`: shown, or proved
    /// impossible) while the step's node budget lasts, before the next tier
    /// and the local search of the larger tiers take over. Counts the tiers
    /// decided (`exactTiers`): every member shown, or the one member of a
    /// tier of one proved impossible. Each insertion is granted at most
    /// `TopEffort.labelBudget` of the run's nodes.
    /// - Complexity: O(hidden members × `insertExactly`), within `TopEffort.budget` nodes a run.
    /// - Parameter proved: a member `exactStep` proved unable to show.
    mutating func decideTop(_ members: [Int], proved: Int? = nil) {
        guard decidesTop(members) else { return }
        var decided = true
        for m in members where state.chosen[m] < 0 {
            if outOfTime() { return }
            // Its closed component was searched whole: nothing to add.
            if m == proved { continue }
            var budget = min(topBudget, top.labelBudget)
            let granted = budget
            let outcome = state.insertExactly(
                m, optional: { members.contains($0) }, firstItems: exact.openItems, effort: top, exact: exact,
                budget: &budget)
            topBudget -= granted - budget
            if outcome == .unknown || (outcome == .impossible && members.count > 1) { decided = false }
        }
        if decided { exactTiers += 1 }
    }
}
