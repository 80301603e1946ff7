/// A hidden annotation's insertion decided piece by piece (issue #29): once
/// one of its candidates is taken, the annotations in its way often fall
/// into groups that no longer compete (one on each side of it, say). The
/// branch and bound of `solve(component:…)` searches them as one: when one
/// group has no placement it retries every placement of the others before
/// it gives up, and on a dozen labels that runs past any node budget
/// (Japan z6's Hirakata, #69, hidden at 12 labels and 4,000 nodes though
/// it fits). Searched group by group, each answer is a small search.
extension ShownSet {
    /// What `insertBySplitting` found.
    enum SplitOutcome {
        /// A placement showing the annotation (applied when asked).
        case fits
        /// Every candidate of the annotation leaves some group without a placement.
        case impossible
        /// Neither within the nodes and candidates allowed.
        case unknown
        /// Not a question this answers: another annotation of the set is
        /// neither shown nor the one to insert (a tier of several members).
        case notAsked
    }

    /// The candidates of a split insertion's items and their overlaps, built
    /// once per neighbourhood and shared by its two questions (relaxed, then
    /// outside fixed): the candidates an assigned item outside overlaps are
    /// marked (`addBlocked`), not left out, so one conflict table serves both.
    struct SplitTable {
        /// Local candidate -> candidate id; variable n's are
        /// `candidateStart[n]..<candidateStart[n+1]`, its current choice first.
        var global: [Int] = []
        var candidateStart: [Int32] = [0]
        /// Local candidate -> its variable.
        var owner: [Int32] = []
        /// Per candidate: the candidates it overlaps (`words` words each).
        var masks: [UInt64] = []
        var words = 1
        /// The candidates an assigned item outside the set overlaps (empty
        /// until `addBlocked`; ignored by the relaxed question).
        var blocked: [UInt64] = []

        var variables: Int { candidateStart.count - 1 }

        @inline(__always) func isBlocked(_ c: Int) -> Bool {
            !blocked.isEmpty && blocked[c >> 6] & (1 << UInt64(c & 63)) != 0
        }

        /// The conflict bit sets of the candidates `kept` (increasing local
        /// ids), renumbered 0..<kept.count, as `localConflicts` would give.
        /// - Complexity: O(kept × words + conflicts among them).
        func conflicts(among kept: [Int]) -> [UInt64] {
            var index = [Int32](repeating: -1, count: global.count)
            var inKept = [UInt64](repeating: 0, count: words)
            for (x, c) in kept.enumerated() {
                index[c] = Int32(x)
                inKept[c >> 6] |= 1 << UInt64(c & 63)
            }
            let out = BranchAndBound.words(for: kept.count)
            var mask = [UInt64](repeating: 0, count: out * kept.count)
            for (x, a) in kept.enumerated() {
                for w in 0..<words {
                    var bits = masks[words * a + w] & inKept[w]
                    while bits != 0 {
                        let y = Int(index[w << 6 + bits.trailingZeroBitCount])
                        bits &= bits - 1
                        mask[out * x + y >> 6] |= 1 << UInt64(y & 63)
                    }
                }
            }
            return mask
        }
    }

    /// The table of `insertBySplitting` for `items`: every candidate of each
    /// (the current choice first), and which overlap.
    ///
    /// - Complexity: O(c² / 64) words and the box tests of `localConflicts`
    ///   for the c candidates of `items`.
    func splitTable(items: [Int]) -> SplitTable {
        var table = SplitTable()
        for (n, i) in items.enumerated() {
            let c = Int(chosen[i])
            if c >= 0 {
                table.global.append(c)
                table.owner.append(Int32(n))
            }
            for v in store.domain(i) where v != c {
                table.global.append(v)
                table.owner.append(Int32(n))
            }
            table.candidateStart.append(Int32(table.global.count))
        }
        table.masks = localConflicts(table.global, candidateStart: table.candidateStart)
        table.words = BranchAndBound.words(for: table.global.count)
        return table
    }

    /// Marks the candidates of `table` (built for `items`) that an assigned
    /// item outside `items` overlaps.
    /// - Complexity: a conflict query per candidate.
    mutating func addBlocked(to table: inout SplitTable, items: [Int]) {
        guard table.blocked.isEmpty else { return }
        markInside(items)
        defer { clearInside(items) }
        table.blocked = [UInt64](repeating: 0, count: table.words)
        // An item's current choice is never blocked (as `solve(component:…)` keeps it).
        for (c, v) in table.global.enumerated() where chosen[items[Int(table.owner[c])]] != Int32(v) && blockedFromOutside(v) {
            table.blocked[c >> 6] |= 1 << UInt64(c & 63)
        }
    }

    /// Whether hidden item `start` can be shown with every other item of
    /// `items` (each shown) placed too, each among its candidates. For each
    /// candidate of `start` in order: the others' candidates it does not
    /// overlap, split into groups that no overlap connects, each group
    /// searched alone (`BranchAndBound.runFeasibility`).
    ///
    /// - Parameters:
    ///   - outsideFixed: the assigned items outside `items` stay where they
    ///     are (a yes is a valid placement); false drops them (a relaxation:
    ///     `.impossible` then proves that no placement exists at all).
    ///   - apply: assign the placement found (with `outsideFixed` only).
    ///   - table: `splitTable(items:)` when the caller has it (shared by
    ///     both questions of one neighbourhood); built here otherwise.
    ///   - nodes: search nodes allowed over every group; lowered by what
    ///     this spends (also counted in `exactNodes`).
    /// - Complexity: that of `splitTable` (and `addBlocked`), then
    ///   O(k × (c² / 64 + Σ group searches)) at most for `start`'s k candidates.
    mutating func insertBySplitting(
        _ start: Int, items: [Int], outsideFixed: Bool, apply: Bool, maxCandidates: Int,
        table shared: inout SplitTable?, nodes: inout Int
    ) -> SplitOutcome {
        guard items.first == start, chosen[start] < 0,
              items.dropFirst().allSatisfy({ isShown[$0] && chosen[$0] >= 0 }) else { return .notAsked }
        var table = shared ?? splitTable(items: items)
        if outsideFixed { addBlocked(to: &table, items: items) }
        shared = table
        if !outsideFixed { table.blocked = [] }
        // In item order: one without a candidate proves it; too many candidates ends the question.
        var count = 0
        for n in 0..<table.variables {
            let own = (Int(table.candidateStart[n])..<Int(table.candidateStart[n + 1])).filter { !table.isBlocked($0) }.count
            if own == 0 { return .impossible }
            count += own
            if count > maxCandidates { return .unknown }
        }
        var unknown = false
        for first in 0..<Int(table.candidateStart[1]) where !table.isBlocked(first) {
            guard nodes > 0 else { return .unknown }
            switch placeOthers(taking: first, table, nodes: &nodes) {
            case .none: unknown = true
            case .some(nil): continue
            case .some(let placement?):
                if apply && outsideFixed {
                    for i in items { unassign(i) }
                    for (n, i) in items.enumerated() { assign(i, table.global[placement[n]]) }
                }
                return .fits
            }
        }
        return unknown ? .unknown : .impossible
    }

    /// Convenience for one question alone (a table of its own).
    mutating func insertBySplitting(
        _ start: Int, items: [Int], outsideFixed: Bool, apply: Bool, maxCandidates: Int, nodes: inout Int
    ) -> SplitOutcome {
        var table: SplitTable? = nil
        return insertBySplitting(
            start, items: items, outsideFixed: outsideFixed, apply: apply, maxCandidates: maxCandidates,
            table: &table, nodes: &nodes)
    }

    /// With local candidate `first` of variable 0 taken: a local candidate
    /// per variable (`first` for 0), `.some(nil)` when some group has no
    /// placement, nil when a group's search ran out of nodes.
    /// - Complexity: O(c × words) to group the c candidates left, then the
    ///   groups' searches.
    private mutating func placeOthers(taking first: Int, _ table: SplitTable, nodes: inout Int) -> [Int]?? {
        let variables = table.variables, words = table.words
        let candidateStart = table.candidateStart, owner = table.owner, masks = table.masks
        // The candidates left: not `first`'s variable's, not blocked, not overlapping it.
        var left = [UInt64](repeating: 0, count: words)
        var count = [Int](repeating: 0, count: variables)
        for c in Int(candidateStart[1])..<Int(candidateStart[variables])
        where masks[words * first + c >> 6] & (1 << UInt64(c & 63)) == 0 && !table.isBlocked(c) {
            left[c >> 6] |= 1 << UInt64(c & 63)
            count[Int(owner[c])] += 1
        }
        if count.dropFirst().contains(0) { return .some(nil) }
        // Groups: variables joined by an overlap between candidates left.
        var parent = Array(0..<variables)
        func root(_ a: Int) -> Int {
            var a = a
            while parent[a] != a { parent[a] = parent[parent[a]]; a = parent[a] }
            return a
        }
        // Per variable, the candidates left that any of its own left ones
        // overlaps, a word at a time; each later variable among them joins it.
        var reach = [UInt64](repeating: 0, count: words)
        for p in 1..<variables {
            for w in 0..<words { reach[w] = 0 }
            for a in Int(candidateStart[p])..<Int(candidateStart[p + 1]) where left[a >> 6] & (1 << UInt64(a & 63)) != 0 {
                for w in 0..<words { reach[w] |= masks[words * a + w] }
            }
            let after = Int(candidateStart[p + 1])
            guard after < Int(candidateStart[variables]) else { continue }
            for w in (after >> 6)..<words {
                var bits = reach[w] & left[w]
                if w == after >> 6 { bits &= ~0 << UInt64(after & 63) }
                while bits != 0 {
                    let q = Int(owner[w << 6 + bits.trailingZeroBitCount])
                    bits &= bits - 1
                    let ra = root(p), rb = root(q)
                    if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
                }
            }
        }
        var placement = [Int](repeating: -1, count: variables)
        placement[0] = first
        var groups: [Int: [Int]] = [:]
        for n in 1..<variables { groups[root(n), default: []].append(n) }
        var unknown = false
        // Smallest groups first: a dead one ends the candidate soonest.
        for group in groups.values.sorted(by: { ($0.count, $0[0]) < ($1.count, $1[0]) }) {
            // The group's candidates left, renumbered.
            var local: [Int] = [], start: [Int32] = [0]
            for n in group {
                for c in Int(candidateStart[n])..<Int(candidateStart[n + 1]) where left[c >> 6] & (1 << UInt64(c & 63)) != 0 {
                    local.append(c)
                }
                start.append(Int32(local.count))
            }
            if group.count == 1 {
                placement[group[0]] = local[0]
                continue
            }
            let mask = table.conflicts(among: local)
            var search = BranchAndBound(
                candidateStart: start, conflictMask: mask, isOptional: Array(repeating: false, count: group.count),
                mandatory: Array(repeating: true, count: group.count), best: -1, maxNodes: max(1, nodes))
            search.runFeasibility()
            nodes -= search.spent
            exactNodes += search.spent
            if let found = search.bestAssignment {
                for (k, n) in group.enumerated() { placement[n] = local[found[k]] }
            } else if search.complete {
                return .some(nil)
            } else {
                unknown = true
                if nodes <= 0 { return nil }
            }
        }
        return unknown ? nil : .some(placement)
    }
}
