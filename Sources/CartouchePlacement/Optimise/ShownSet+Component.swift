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
        /// Search nodes per component before giving up.
        var maxNodes = 20_000
        /// Open neighbourhoods (`blockingNeighbourhood`): tried for the
        /// hidden members of tiers of at most this many members, with at
        /// most `openItems` annotations and `openNodes` search nodes each.
        var openTierMembers = 8
        var openItems = 16
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
        var members: [Int] = [start]
        var seen: Set<Int32> = [Int32(start)]
        var head = 0
        while head < members.count {
            let u = members[head]
            head += 1
            let shown = isShown[u] ? neighbors[u] : shownNeighbors(ofNew: u)
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
    /// - Complexity: O(maxNodes × component candidates) at most.
    mutating func solve(
        component items: [Int], optional: (Int) -> Bool, effort: ExactEffort, outsideFixed: Bool = false
    ) -> ComponentOutcome {
        let inside = outsideFixed ? Set(items.map { Int32($0) }) : []
        // Local copies: candidates per variable, and which conflict.
        var candidates: [[Int]] = []
        var owner: [Int] = []  // local candidate -> variable
        var global: [Int] = []  // local candidate -> candidate id
        var isOptional: [Bool] = []
        var best = 0
        for (n, i) in items.enumerated() {
            // Current choice first: solutions that move little are found first.
            var list: [Int] = []
            let c = Int(chosen[i])
            if c >= 0 { list.append(global.count); owner.append(n); global.append(c) }
            for v in store.domain(i) where v != c {
                if outsideFixed, conflicts(of: v) > 0, !conflictBuffer.allSatisfy(inside.contains) { continue }
                list.append(global.count)
                owner.append(n)
                global.append(v)
            }
            candidates.append(list)
            let opt = optional(i)
            isOptional.append(opt)
            if opt && c >= 0 { best += 1 }
            if global.count > effort.maxCandidates { return .unknown }
        }
        let optionalCount = isOptional.filter { $0 }.count
        if best == optionalCount { return .optimal }
        var conflicts = Array(repeating: [Int32](), count: global.count)
        for a in 0..<global.count {
            for b in (a + 1)..<max(a + 1, global.count) where owner[a] != owner[b] && store.overlaps(global[a], global[b]) {
                conflicts[a].append(Int32(b))
                conflicts[b].append(Int32(a))
            }
        }
        var search = BranchAndBound(
            candidates: candidates, owner: owner, conflicts: conflicts, isOptional: isOptional,
            mandatory: items.map { isShown[$0] && !optional($0) }, best: best, maxNodes: effort.maxNodes)
        search.run()
        guard let solution = search.bestAssignment else { return search.complete ? .optimal : .unknown }
        for i in items { unassign(i) }
        for (n, i) in items.enumerated() where solution[n] >= 0 { assign(i, global[solution[n]]) }
        return .improved
    }
}

/// Branch and bound over "which candidate, or none" per variable of a small
/// component: mandatory variables must get a candidate; maximise the optional
/// ones that do. Mandatory variables are branched first, fewest remaining
/// candidates first (a dead one prunes at once); optional ones after, with the
/// bound "shown so far + still open ≤ best".
private struct BranchAndBound {
    let candidates: [[Int]]
    let owner: [Int]
    let conflicts: [[Int32]]
    let isOptional: [Bool]
    let mandatory: [Bool]
    var best: Int
    let maxNodes: Int
    /// Per local candidate: chosen candidates it conflicts with.
    var blocked: [Int32]
    var assignment: [Int]
    var decided: [Bool]
    var nodes = 0
    var complete = true
    var bestAssignment: [Int]? = nil
    private let optionalTotal: Int

    init(candidates: [[Int]], owner: [Int], conflicts: [[Int32]], isOptional: [Bool], mandatory: [Bool], best: Int, maxNodes: Int) {
        self.candidates = candidates
        self.owner = owner
        self.conflicts = conflicts
        self.isOptional = isOptional
        self.mandatory = mandatory
        self.best = best
        self.maxNodes = maxNodes
        blocked = Array(repeating: 0, count: owner.count)
        assignment = Array(repeating: -1, count: candidates.count)
        decided = Array(repeating: false, count: candidates.count)
        optionalTotal = isOptional.filter { $0 }.count
    }

    mutating func run() {
        // Variables neither mandatory nor optional (hidden, lower rank) stay hidden.
        for n in candidates.indices where !mandatory[n] && !isOptional[n] { decided[n] = true }
        go(shown: 0, open: optionalTotal)
    }

    private mutating func take(_ c: Int, _ delta: Int32) {
        for d in conflicts[c] { blocked[Int(d)] += delta }
    }

    private mutating func go(shown: Int, open: Int) {
        nodes += 1
        if nodes > maxNodes { complete = false; return }
        if shown + open <= best { return }
        // Most constrained mandatory variable, if any is left.
        var pick = -1, pickFree = Int.max
        for n in candidates.indices where !decided[n] && mandatory[n] {
            var free = 0
            for c in candidates[n] where blocked[c] == 0 { free += 1 }
            if free == 0 { return }
            if free < pickFree { pick = n; pickFree = free }
        }
        if pick < 0 {
            pick = candidates.indices.first { !decided[$0] } ?? -1
        }
        guard pick >= 0 else {
            // Every variable decided, and better than the best so far (the bound).
            best = shown
            bestAssignment = assignment
            return
        }
        decided[pick] = true
        let gain = isOptional[pick] ? 1 : 0
        for c in candidates[pick] where blocked[c] == 0 {
            assignment[pick] = c
            take(c, 1)
            go(shown: shown + gain, open: open - gain)
            take(c, -1)
            assignment[pick] = -1
            if best == optionalTotal || !complete { break }
        }
        if isOptional[pick] && best < optionalTotal && complete {
            go(shown: shown, open: open - 1)
        }
        decided[pick] = false
    }
}
