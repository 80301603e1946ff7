/// Iterated local search for a large independent set in a `CandidateGraph`
/// (at most one candidate per item, no two conflicting), after Andrade,
/// Resende and Werneck's ILS for maximum independent set: a min-conflict
/// construction, (1,2)-swaps that trade one chosen candidate for two, and
/// seeded random kicks that are undone when they make things worse.
///
/// Deterministic: the search is bounded by an iteration count, not a clock,
/// and its randomness comes from a seeded generator.
struct IndependentSetSearch {
    let graph: CandidateGraph
    /// Chosen candidate per item, or -1.
    private(set) var chosen: [Int32]
    /// Per candidate: how many chosen candidates of other items it overlaps.
    private var tight: [Int32]
    private(set) var size = 0
    private var rng: SplitMix64
    private var undo: [(vertex: Int32, inserted: Bool)] = []
    private var stamp: [Int32]
    private var epoch: Int32 = 0

    init(graph: CandidateGraph, seed: UInt64) {
        self.graph = graph
        chosen = Array(repeating: -1, count: graph.itemCount)
        tight = Array(repeating: 0, count: graph.vertexCount)
        stamp = Array(repeating: 0, count: graph.vertexCount)
        rng = SplitMix64(seed: seed)
    }

    /// Chosen neighbours of `v`, counting its own item's choice when that is
    /// another candidate.
    @inline(__always) private func solutionNeighbors(_ v: Int) -> Int {
        let c = chosen[Int(graph.owner[v])]
        return Int(tight[v]) + (c >= 0 && Int(c) != v ? 1 : 0)
    }
    @inline(__always) private func isChosen(_ v: Int) -> Bool { chosen[Int(graph.owner[v])] == Int32(v) }
    @inline(__always) private func isFree(_ v: Int) -> Bool { tight[v] == 0 && chosen[Int(graph.owner[v])] < 0 }

    private mutating func insert(_ v: Int) {
        chosen[Int(graph.owner[v])] = Int32(v)
        for k in graph.neighbors(v) { tight[Int(graph.adjacency[k])] += 1 }
        size += 1
        undo.append((Int32(v), true))
    }

    private mutating func remove(_ v: Int) {
        chosen[Int(graph.owner[v])] = -1
        for k in graph.neighbors(v) { tight[Int(graph.adjacency[k])] -= 1 }
        size -= 1
        undo.append((Int32(v), false))
    }

    /// Min-conflict construction: candidates with the fewest conflicts first
    /// (ties by candidate order, which follows the caller's preference order).
    mutating func construct() {
        let order = (0..<graph.vertexCount).sorted {
            let a = graph.neighbors($0).count, b = graph.neighbors($1).count
            return a != b ? a < b : $0 < $1
        }
        for v in order where isFree(v) { insert(v) }
        undo.removeAll()
    }

    /// Tries to trade chosen candidate `x` for two candidates whose only
    /// chosen neighbour is `x`. Returns true on success (size grows by one).
    private mutating func twoImprovement(_ x: Int) -> Bool {
        let item = Int(graph.owner[x])
        // Candidates made free by removing x: 1-tight ones next to x or of x's item.
        var pool: [Int] = []
        for k in graph.neighbors(x) {
            let u = Int(graph.adjacency[k])
            if !isChosen(u) && solutionNeighbors(u) == 1 { pool.append(u) }
        }
        for u in graph.candidates(ofItem: item) where u != x && tight[u] == 0 { pool.append(u) }
        guard pool.count >= 2 else { return false }
        for a in 0..<(pool.count - 1) {
            let u = pool[a]
            epoch &+= 1
            for k in graph.neighbors(u) { stamp[Int(graph.adjacency[k])] = epoch }
            for b in (a + 1)..<pool.count {
                let w = pool[b]
                if stamp[w] == epoch || graph.owner[w] == graph.owner[u] { continue }
                remove(x)
                insert(u)
                insert(w)
                return true
            }
        }
        return false
    }

    /// Inserts free candidates and applies (1,2)-swaps until neither helps.
    mutating func localSearch(focus: [Int]? = nil) {
        var queue: [Int] = focus ?? Array(0..<graph.itemCount)
        var queued = [Bool](repeating: false, count: graph.itemCount)
        for i in queue { queued[i] = true }
        var head = 0
        while head < queue.count {
            let item = queue[head]
            head += 1
            queued[item] = false
            let c = Int(chosen[item])
            var changed = false
            if c < 0 {
                for v in graph.candidates(ofItem: item) where tight[v] == 0 {
                    insert(v)
                    changed = true
                    break
                }
            } else if twoImprovement(c) {
                changed = true
            }
            guard changed else { continue }
            // Re-examine the neighbourhood of everything that just changed.
            let touched = undo.suffix(3).map { Int($0.vertex) }
            for v in touched {
                for k in graph.neighbors(v) {
                    let j = Int(graph.owner[Int(graph.adjacency[k])])
                    if !queued[j] { queued[j] = true; queue.append(j) }
                }
                let j = Int(graph.owner[v])
                if !queued[j] { queued[j] = true; queue.append(j) }
            }
        }
    }

    /// Perturb-and-repair rounds: force a random unchosen candidate in (its
    /// conflicting choices out), repair locally, keep the result unless it is
    /// smaller than before.
    ///
    /// - Complexity: O(iterations · local neighbourhood).
    mutating func improve(iterations: Int) {
        guard graph.vertexCount > 1 else { return }
        for _ in 0..<iterations {
            let before = size
            undo.removeAll(keepingCapacity: true)
            let v = Int(rng.next() % UInt64(graph.vertexCount))
            if isChosen(v) { continue }
            let item = Int(graph.owner[v])
            var focus: [Int] = [item]
            if chosen[item] >= 0 { remove(Int(chosen[item])) }
            for k in graph.neighbors(v) {
                let u = Int(graph.adjacency[k])
                if isChosen(u) {
                    remove(u)
                    focus.append(Int(graph.owner[u]))
                }
            }
            insert(v)
            localSearch(focus: focus)
            if size < before { rollback() }
        }
        undo.removeAll()
    }

    /// Moves every chosen candidate to the most preferred candidate of its
    /// item that conflicts with no other choice (candidates are stored in the
    /// item's preference order: anchor point, then anchor option). The size
    /// stays the same; the callouts end up where greedy mode would rather put
    /// them, e.g. on the unambiguous stretch of a route.
    ///
    /// - Complexity: O(passes · V · degree); each move lowers a candidate
    ///   index, so passes are bounded by the candidates per item.
    mutating func preferEarlierCandidates() {
        var changed = true
        while changed {
            changed = false
            for item in 0..<graph.itemCount {
                let c = Int(chosen[item])
                guard c >= 0 else { continue }
                for v in graph.candidates(ofItem: item) where v < c && tight[v] == 0 {
                    remove(c)
                    insert(v)
                    changed = true
                    break
                }
            }
        }
        undo.removeAll()
    }

    private mutating func rollback() {
        while let op = undo.popLast() {
            let v = Int(op.vertex)
            if op.inserted {
                chosen[Int(graph.owner[v])] = -1
                for k in graph.neighbors(v) { tight[Int(graph.adjacency[k])] -= 1 }
                size -= 1
            } else {
                chosen[Int(graph.owner[v])] = Int32(v)
                for k in graph.neighbors(v) { tight[Int(graph.adjacency[k])] += 1 }
                size += 1
            }
        }
    }
}

/// SplitMix64, the seeded generator behind optimise mode's kicks.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
