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
    ///   - nodes: search nodes allowed over every group; lowered by what
    ///     this spends (also counted in `exactNodes`).
    /// - Complexity: O(c² / 64) for the overlaps of the c candidates of
    ///   `items`, then O(k × (c² + Σ group searches)) at most for `start`'s
    ///   k candidates (pairs of variables already grouped are skipped).
    mutating func insertBySplitting(
        _ start: Int, items: [Int], outsideFixed: Bool, apply: Bool, maxCandidates: Int, nodes: inout Int
    ) -> SplitOutcome {
        guard items.first == start, chosen[start] < 0,
              items.dropFirst().allSatisfy({ isShown[$0] && chosen[$0] >= 0 }) else { return .notAsked }
        if outsideFixed { markInside(items) }
        defer { if outsideFixed { clearInside(items) } }
        var candidateStart: [Int32] = [0]
        var global: [Int] = []
        var owner: [Int32] = []
        for (n, i) in items.enumerated() {
            let c = Int(chosen[i])
            if c >= 0 { global.append(c); owner.append(Int32(n)) }
            for v in store.domain(i) where v != c && !(outsideFixed && blockedFromOutside(v)) {
                global.append(v)
                owner.append(Int32(n))
            }
            if Int32(global.count) == candidateStart.last { return .impossible }
            candidateStart.append(Int32(global.count))
            if global.count > maxCandidates { return .unknown }
        }
        let masks = localConflicts(global, candidateStart: candidateStart)
        let words = BranchAndBound.words(for: global.count)
        var unknown = false
        for first in 0..<Int(candidateStart[1]) {
            guard nodes > 0 else { return .unknown }
            switch placeOthers(taking: first, candidateStart, owner, masks, words, nodes: &nodes) {
            case .none: unknown = true
            case .some(nil): continue
            case .some(let placement?):
                if apply && outsideFixed {
                    for i in items { unassign(i) }
                    for (n, i) in items.enumerated() { assign(i, global[placement[n]]) }
                }
                return .fits
            }
        }
        return unknown ? .unknown : .impossible
    }

    /// With local candidate `first` of variable 0 taken: a local candidate
    /// per variable (`first` for 0), `.some(nil)` when some group has no
    /// placement, nil when a group's search ran out of nodes.
    private mutating func placeOthers(
        taking first: Int, _ candidateStart: [Int32], _ owner: [Int32], _ masks: [UInt64], _ words: Int,
        nodes: inout Int
    ) -> [Int]?? {
        let variables = candidateStart.count - 1
        // The candidates left: not `first`'s variable's, not overlapping it.
        var left = [UInt64](repeating: 0, count: words)
        var count = [Int](repeating: 0, count: variables)
        for c in Int(candidateStart[1])..<Int(candidateStart[variables])
        where masks[words * first + c >> 6] & (1 << UInt64(c & 63)) == 0 {
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
        // Pairs already in one group are skipped; a pair is tested
        // candidate by candidate until one overlap joins it.
        for p in 1..<variables {
            for q in (p + 1)..<variables where root(p) != root(q) {
                var joined = false
                for a in Int(candidateStart[p])..<Int(candidateStart[p + 1])
                where left[a >> 6] & (1 << UInt64(a & 63)) != 0 {
                    for b in Int(candidateStart[q])..<Int(candidateStart[q + 1])
                    where left[b >> 6] & (1 << UInt64(b & 63)) != 0
                        && masks[words * a + b >> 6] & (1 << UInt64(b & 63)) != 0 {
                        joined = true
                        break
                    }
                    if joined { break }
                }
                if joined {
                    let ra = root(p), rb = root(q)
                    parent[max(ra, rb)] = min(ra, rb)
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
                for c in Int(candidateStart[n])..<Int(candidateStart[n + 1])
                where left[c >> 6] & (1 << UInt64(c & 63)) != 0 { local.append(c) }
                start.append(Int32(local.count))
            }
            if group.count == 1 {
                placement[group[0]] = local[0]
                continue
            }
            let localWords = BranchAndBound.words(for: local.count)
            var mask = [UInt64](repeating: 0, count: localWords * local.count)
            for (x, a) in local.enumerated() {
                for (y, b) in local.enumerated() where masks[words * a + b >> 6] & (1 << UInt64(b & 63)) != 0 {
                    mask[localWords * x + y >> 6] |= 1 << UInt64(y & 63)
                }
            }
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
