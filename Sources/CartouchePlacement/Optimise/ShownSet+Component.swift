import CartoucheGeometry

/// The exact step of optimise mode: on a small neighbourhood that nothing
/// outside can touch, a branch and bound that shows as many annotations of
/// the current tier as possible while every annotation already shown stays
/// shown (anywhere among its candidates).
extension ShownSet {
    struct ExactEffort {
        /// Largest component (annotations) searched exactly.
        var maxItems = 24
        /// Most candidates over the component.
        var maxCandidates = 320
        /// Search nodes per component before giving up (for the proof
        /// pass and for the search proper each, `BranchAndBound.run()`).
        var maxNodes = 20_000
        /// Open neighbourhoods (`blockingNeighbourhood`): tried for the
        /// hidden members of tiers of at most this many members, with at
        /// most `openItems` annotations and `openNodes` search nodes each.
        ///
        /// 12 annotations, not 16: measured on the six city views with
        /// priorities (`cartouche-bench place-scene`), the shown labels
        /// among the 100, 200, 300 and 500 most populous stay within 3 of
        /// 16's (the top 100 identical), totals move by −4 to +12, and
        /// India z5 takes 21 % less time (3,324 neighbourhoods of 96
        /// candidates on average at 16). 10 shows 1 to 7 fewer on four
        /// views; 14 is as good and slower.
        var openTierMembers = 8
        var openItems = 12
        var openNodes = 4_000
    }

    enum ComponentOutcome {
        /// A better assignment was found and applied.
        case improved
        /// The component is at its optimum (proved by a complete search).
        case optimal
        /// The component is too large, or the search ran out of nodes.
        case unknown
    }

    /// The component of `start` in the "could ever collide" graph over shown
    /// annotations and the tier's members, when it has at most `maxItems`
    /// annotations; nil when larger. Items outside it cannot meet any
    /// candidate of an item inside, so it can be solved on its own.
    ///
    /// - Parameters:
    ///   - isMember: whether an item is one of the tier's members (they are
    ///     admitted to the shown set only when the tier ends).
    ///   - memberCandidates: the candidates of the members (owner = candidate
    ///     id); nil when `start` is the only member.
    mutating func component(
        of start: Int, maxItems: Int, isMember: (Int) -> Bool, memberCandidates: GridIndex?
    ) -> [Int]? {
        if surelyLarger(than: maxItems, around: start) { return nil }
        var members: [Int] = [start]
        var seen: Set<Int32> = [Int32(start)]
        var head = 0
        while head < members.count {
            let u = members[head]
            head += 1
            // More than maxItems + members.count of them: at least maxItems
            // new ones, so the component is too large whatever they are.
            guard let shown = isShown[u] ? neighbors[u] : shownNeighbors(ofNew: u, limit: maxItems + members.count)
            else { return nil }
            for j in shown where seen.insert(j).inserted {
                members.append(Int(j))
                if members.count > maxItems { return nil }
            }
            guard let memberCandidates else { continue }
            // Dense scenes list thousands of member candidates near one
            // item: stop at the first one past the limit.
            for v in store.domain(u) {
                for k in store.rectRange(v) {
                    let small = memberCandidates.visitIntersections(with: store.rects[k]) { w in
                        let j = Int(store.item[Int(w)])
                        guard j != u, isMember(j), seen.insert(Int32(j)).inserted else { return true }
                        members.append(j)
                        return members.count <= maxItems
                    }
                    if !small { return nil }
                }
            }
        }
        return members
    }

    /// Whether the component of `start` surely has more than `maxItems`
    /// annotations: the items whose choices overlap a candidate of `start`
    /// are in it, and so are the shown neighbours of those. In a dense tier
    /// this settles most hidden labels from the conflict queries (answered
    /// by `ConflictCache`) and the stored neighbour lists, without the grid
    /// query over every shown candidate near each of their candidates.
    ///
    /// - Complexity: O(candidates of `start` × conflict query + neighbours).
    mutating func surelyLarger(than maxItems: Int, around start: Int) -> Bool {
        var blockers: [Int32] = []
        for v in store.domain(start) where conflicts(of: v) > 0 { blockers.append(contentsOf: conflictBuffer) }
        _ = newEpoch()
        _ = mark(start)
        var count = 1
        for j in blockers where mark(Int(j)) {
            count += 1
            if count > maxItems { return true }
        }
        for j in blockers where isShown[Int(j)] {
            for k in neighbors[Int(j)] where mark(Int(k)) {
                count += 1
                if count > maxItems { return true }
            }
        }
        return false
    }

    /// Hidden item `start` and the assigned items around it that would have
    /// to move for it to fit, breadth first (those whose choice overlaps a
    /// candidate of `start`, then those in the way of theirs, …), at most
    /// `maxItems` in all. Unlike `component(of:…)` the set is open: items
    /// outside it may block candidates inside, so it is solved with them
    /// fixed (`solve(component:…, outsideFixed: true)`), which proves
    /// feasibility but not infeasibility — a heuristic for the dense scenes
    /// whose closed components are too large to search.
    ///
    /// - Complexity: O(maxItems × candidates × conflict query).
    mutating func blockingNeighbourhood(of start: Int, maxItems: Int) -> [Int] {
        var members: [Int] = [start]
        var seen: Set<Int32> = [Int32(start)]
        var head = 0
        while head < members.count, members.count < maxItems {
            let u = members[head]
            head += 1
            for v in store.domain(u) where conflicts(of: v) > 0 {
                for j in conflictBuffer where seen.insert(j).inserted {
                    members.append(Int(j))
                    if members.count == maxItems { return members }
                }
            }
        }
        return members
    }

    /// Searches the component `items` exactly: every item that is shown and
    /// not `optional` must stay shown; maximise the optional ones shown.
    /// Applies the result when it shows more optional items than now.
    ///
    /// - Parameter outsideFixed: the items are not a closed component:
    ///   assigned items outside stay where they are, so candidates they
    ///   overlap are left out.
    /// - Parameter apply: false to only ask (`.improved` then says a better
    ///   assignment exists; nothing changes). With `outsideFixed` false on
    ///   an open set this searches a relaxation (the items outside dropped),
    ///   whose `.optimal` proves that no better assignment exists at all.
    /// - Complexity: O(maxNodes × component candidates) at most.
    /// - Parameter table: with `outsideFixed`, the items' `splitTable`
    ///   with its blocked candidates (`addBlocked`): its conflicts are
    ///   reused instead of tested again (the same local candidates, in the
    ///   same order, so the same answer).
    mutating func solve(
        component items: [Int], optional: (Int) -> Bool, effort: ExactEffort, outsideFixed: Bool = false,
        apply: Bool = true, table: SplitTable? = nil
    ) -> ComponentOutcome {
        if outsideFixed && table == nil { markInside(items) }
        defer { if outsideFixed && table == nil { clearInside(items) } }
        // Local copies: candidates per variable (contiguous), and which conflict.
        var candidateStart: [Int32] = [0]
        var global: [Int] = []  // local candidate -> candidate id
        var kept: [Int] = []  // local candidate -> its index in `table`
        var isOptional: [Bool] = []
        var best = 0
        for (n, i) in items.enumerated() {
            // Current choice first: solutions that move little are found first.
            let c = Int(chosen[i])
            if let table, outsideFixed {
                for k in Int(table.candidateStart[n])..<Int(table.candidateStart[n + 1]) where !table.isBlocked(k) {
                    global.append(table.global[k])
                    kept.append(k)
                }
            } else {
                if c >= 0 { global.append(c) }
                for v in store.domain(i) where v != c {
                    if outsideFixed, blockedFromOutside(v) { continue }
                    global.append(v)
                }
            }
            candidateStart.append(Int32(global.count))
            let opt = optional(i)
            isOptional.append(opt)
            if opt && c >= 0 { best += 1 }
            if global.count > effort.maxCandidates { return .unknown }
        }
        let optionalCount = isOptional.filter { $0 }.count
        if best == optionalCount { return .optimal }
        let masks: [UInt64]
        if let table, outsideFixed {
            masks = table.conflicts(among: kept)
        } else {
            masks = localConflicts(global, candidateStart: candidateStart)
        }
        var search = BranchAndBound(
            candidateStart: candidateStart, conflictMask: masks,
            isOptional: isOptional, mandatory: items.map { isShown[$0] && !optional($0) }, best: best,
            maxNodes: effort.maxNodes)
        search.run()
        exactNodes += search.spent
        guard let solution = search.bestAssignment else { return search.complete ? .optimal : .unknown }
        guard apply else { return .improved }
        for i in items { unassign(i) }
        for (n, i) in items.enumerated() where solution[n] >= 0 { assign(i, global[solution[n]]) }
        return .improved
    }

    /// Which of the candidates `global` (variable n's are
    /// `candidateStart[n]..<candidateStart[n+1]`) overlap: per candidate, a
    /// bit set of the others (`BranchAndBound.words(for:)` words each).
    /// Candidates of one variable never conflict.
    ///
    /// - Complexity: O(n²) box tests for n candidates (at most a few
    ///   hundred), on flat copies of their boxes, only between variables
    ///   whose boxes (around all their candidates) meet. (Keeping each pair
    ///   of items' answer for the run instead, as the same shown labels meet
    ///   in many neighbourhoods, cost as much in lookups as it saved.)
    func localConflicts(_ global: [Int], candidateStart: [Int32]) -> [UInt64] {
        let n = global.count, words = BranchAndBound.words(for: n), variables = candidateStart.count - 1
        // Each candidate's box (its one rect for a label) and whether that is exact.
        var box: [ScreenRect] = [], single: [Bool] = []
        box.reserveCapacity(n)
        single.reserveCapacity(n)
        for v in global {
            let range = store.rectRange(v)
            box.append(ScreenRect(around: store.rects[range]))
            single.append(range.count == 1)
        }
        let variableBox = (0..<variables).map { ScreenRect(around: box[Int(candidateStart[$0])..<Int(candidateStart[$0 + 1])]) }
        var masks = [UInt64](repeating: 0, count: words * n)
        for p in 0..<variables {
            for q in (p + 1)..<max(p + 1, variables) where variableBox[p].collides(with: variableBox[q]) {
                for a in Int(candidateStart[p])..<Int(candidateStart[p + 1]) where box[a].collides(with: variableBox[q]) {
                    for b in Int(candidateStart[q])..<Int(candidateStart[q + 1]) where box[a].collides(with: box[b]) {
                        guard single[a] && single[b] || store.overlaps(global[a], global[b]) else { continue }
                        masks[words * a + b >> 6] |= 1 << UInt64(b & 63)
                        masks[words * b + a >> 6] |= 1 << UInt64(a & 63)
                    }
                }
            }
        }
        return masks
    }
}
