/// Admitting one more annotation while every shown one stays shown: take a
/// free candidate, else push shown annotations along a chain of moves
/// (an ejection chain, like an augmenting path in matching).
extension ShownSet {
    /// How hard `insert(_:)` tries before giving up (the exact search of
    /// `ComponentSearch` comes after, for small neighbourhoods).
    struct InsertionEffort {
        /// Longest chain of annotations pushed aside one after another.
        var maxDepth = 4
        /// Candidates examined per insertion, over the whole chain search.
        var maxNodes = 384
    }

    /// Assigns item `i` (unassigned) its most preferred free candidate, as
    /// greedy mode would; false (nothing changed) when none is free. (Called
    /// from `LexicographicSearch`, this loop runs here: `isFree` called
    /// through the search copied the whole working solution per candidate.)
    ///
    /// - Complexity: O(candidates of i × conflict query).
    mutating func assignFirstFree(_ i: Int) -> Bool {
        for v in store.domain(i) where isFree(v) {
            assign(i, v)
            return true
        }
        return false
    }

    /// Assigns item `i` (unassigned, with candidates) its most preferred free
    /// candidate or, failing that, moves assigned annotations along a chain
    /// where each displaces exactly one other; nothing assigned loses its
    /// place. On failure nothing changed. (The caller admits `i` to the shown
    /// set when its tier ends.)
    ///
    /// - Complexity: O(maxNodes × conflict query) at most.
    mutating func insert(_ i: Int, effort: InsertionEffort) -> Bool {
        for v in store.domain(i) where isFree(v) {
            assign(i, v)
            return true
        }
        guard effort.maxDepth > 0 else { return false }
        var locked = Set<Int32>()
        var nodes = 0
        return push(i, depth: 1, effort: effort, locked: &locked, nodes: &nodes)
    }

    /// `insert` for a tier too dense to search (`LexicographicSearch.denseSearch`):
    /// a chain starts only through a blocker not in `stuck`, and a blocker
    /// whose chain failed joins `stuck` (its neighbourhood is packed; the
    /// caller empties the set when an insertion changes the arrangement).
    /// Among tens of thousands of hidden callouts most candidates are held
    /// by one of a few hundred shown ones: this tries each of those once
    /// per change instead of once per hidden callout.
    ///
    /// - Complexity: O(candidates of `i` × conflict query), plus
    ///   O(maxNodes × conflict query) per blocker not yet stuck.
    mutating func insert(_ i: Int, effort: InsertionEffort, stuck: inout Set<Int32>) -> Bool {
        // One query a candidate: free (taken at once), or its sole blocker.
        var sole: [(v: Int, k: Int32)] = []
        for v in store.domain(i) {
            let (first, alone) = firstBlocker(of: v)
            if first < 0 {
                assign(i, v)
                return true
            }
            if alone && !stuck.contains(first) { sole.append((v, first)) }
        }
        guard effort.maxDepth > 0, !sole.isEmpty else { return false }
        var locked: Set<Int32> = [Int32(i)]
        for (v, k32) in sole where !stuck.contains(k32) {
            let k = Int(k32)
            var nodes = 0
            let old = Int(chosen[k])
            unassign(k)
            assign(i, v)
            if push(k, depth: 2, effort: effort, locked: &locked, nodes: &nodes) { return true }
            unassign(i)
            assign(k, old)
            stuck.insert(Int32(k))
        }
        return false
    }

    /// Places unassigned item `x`: a free candidate, else a candidate blocked
    /// by exactly one unlocked item, which is then moved the same way. Locked
    /// items (the chain so far) cannot be displaced, so the chain never loops.
    /// Undoes everything it tried when it fails.
    private mutating func push(
        _ x: Int, depth: Int, effort: InsertionEffort, locked: inout Set<Int32>, nodes: inout Int
    ) -> Bool {
        for v in store.domain(x) where isFree(v) {
            assign(x, v)
            return true
        }
        guard depth <= effort.maxDepth else { return false }
        for v in store.domain(x) {
            nodes += 1
            if nodes > effort.maxNodes { return false }
            guard let k = soleBlocker(of: v) else { continue }
            guard !locked.contains(Int32(k)) else { continue }
            let old = Int(chosen[k])
            unassign(k)
            assign(x, v)
            locked.insert(Int32(x))
            if push(k, depth: depth + 1, effort: effort, locked: &locked, nodes: &nodes) {
                locked.remove(Int32(x))
                return true
            }
            locked.remove(Int32(x))
            unassign(x)
            assign(k, old)
        }
        return false
    }

    /// Moves every shown annotation to its most preferred candidate that is
    /// free, in `order`, until none moves: preference order kept wherever it
    /// costs nothing.
    ///
    /// - Complexity: O(passes × shown × candidates × conflict query); each
    ///   move lowers a candidate index, so passes are bounded.
    mutating func preferEarlierCandidates(order: [Int]) {
        var changed = true
        while changed {
            changed = false
            for i in order where chosen[i] >= 0 {
                let c = Int(chosen[i])
                for v in store.domain(i) where v < c && isFree(v) {
                    unassign(i)
                    assign(i, v)
                    changed = true
                    break
                }
            }
        }
    }
}
