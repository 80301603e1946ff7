/// Iterated local search for a large independent set in a conflict graph
/// (at most one candidate per item, no two conflicting), after Andrade,
/// Resende and Werneck's ILS for maximum independent set: a min-conflict
/// construction, (1,2)-swaps that trade one chosen candidate for two, and
/// seeded random swap kicks along plateaus of equal size, undone when the
/// repair ends up smaller.
///
/// Deterministic: the search is bounded by an iteration count, not a clock,
/// and its randomness comes from a seeded generator.
struct IndependentSetSearch<Graph: ConflictGraph> {
    let graph: Graph
    /// Chosen candidate per item, or -1.
    private(set) var chosen: [Int32]
    /// Per candidate: how many chosen candidates of other items it overlaps.
    private var tight: [Int32]
    private(set) var size = 0
    /// Neighbour queries made so far: the search's work, counted so that a
    /// graph whose queries are costly (`GridConflicts`) can bound it
    /// deterministically (see `improve`).
    private(set) var queries = 0
    private var rng: SplitMix64
    private var undo: [(vertex: Int32, inserted: Bool)] = []
    private var stamp: [Int32]
    private var epoch: Int32 = 0
    // Scratch buffers reused by every local-search step: the search runs
    // hundreds of thousands of small steps, and allocating these per step
    // (an item-sized flag array among them) cost more than the search itself.
    /// Items waiting for local search, and whether each is in the queue
    /// (all false between calls: every queued item is popped).
    private var queue: [Int32] = []
    private var queued: [Bool]
    /// Candidates a (1,2)-swap may bring in.
    private var pool: [Int32] = []

    init(graph: Graph, seed: UInt64) {
        self.graph = graph
        chosen = Array(repeating: -1, count: graph.itemCount)
        tight = Array(repeating: 0, count: graph.vertexCount)
        stamp = Array(repeating: 0, count: graph.vertexCount)
        queued = Array(repeating: false, count: graph.itemCount)
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
        addToNeighbors(of: v, 1)
        size += 1
        undo.append((Int32(v), true))
    }

    private mutating func remove(_ v: Int) {
        chosen[Int(graph.owner[v])] = -1
        addToNeighbors(of: v, -1)
        size -= 1
        undo.append((Int32(v), false))
    }

    /// Adds `delta` to the tightness of every neighbour of `v`: the search's
    /// innermost loop, so on raw buffers (one uniqueness check, not one per write).
    @inline(__always) private mutating func addToNeighbors(of v: Int, _ delta: Int32) {
        queries += 1
        graph.add(delta, toNeighborsOf: v, in: &tight)
    }

    /// Marks every neighbour of `u` with a fresh epoch in `stamp`.
    @inline(__always) private mutating func stampNeighbors(of u: Int) {
        epoch &+= 1
        queries += 1
        graph.set(epoch, atNeighborsOf: u, in: &stamp)
    }

    /// Min-conflict construction: candidates with the fewest conflicts
    /// (`crowding`) first (ties by candidate order, which follows the
    /// caller's preference order).
    /// - Parameter shouldCancel: polled every 256 candidates (counting the
    ///   conflicts of a dense tier found on the fly takes a while); returning
    ///   true stops the construction with the set built so far.
    /// - Returns: false when `shouldCancel` stopped it.
    @discardableResult
    mutating func construct(shouldCancel: (@Sendable () -> Bool)? = nil) -> Bool {
        var degree = [Int32](repeating: 0, count: graph.vertexCount)
        for v in 0..<graph.vertexCount {
            if v & 255 == 255, let cancel = shouldCancel, cancel() { return false }
            degree[v] = Int32(clamping: graph.crowding(of: v))
        }
        let order = (0..<graph.vertexCount).sorted {
            degree[$0] != degree[$1] ? degree[$0] < degree[$1] : $0 < $1
        }
        for (n, v) in order.enumerated() where isFree(v) {
            if n & 255 == 255, let cancel = shouldCancel, cancel() { undo.removeAll(); return false }
            insert(v)
        }
        undo.removeAll()
        return true
    }

    /// Tries to trade chosen candidate `x` for two candidates whose only
    /// chosen neighbour is `x`. Returns true on success (size grows by one).
    private mutating func twoImprovement(_ x: Int) -> Bool {
        let item = Int(graph.owner[x])
        // Candidates made free by removing x: 1-tight ones next to x or of x's item.
        var pool: [Int32] = []
        swap(&pool, &self.pool)
        defer { swap(&pool, &self.pool) }
        pool.removeAll(keepingCapacity: true)
        queries += 1
        // A neighbour u of x (another item's candidate) has x among its
        // chosen neighbours, so it is 1-tight exactly when tight[u] == 1
        // and its item has no choice: tight first, the rarer case in a
        // dense tier, before two lookups elsewhere.
        chosen.withUnsafeBufferPointer { chosen in
            tight.withUnsafeBufferPointer { tight in
                graph.forEachNeighbor(of: x, countedOnce: tight, unchosen: chosen) { pool.append(Int32($0)) }
            }
        }
        for u in graph.candidates(ofItem: item) where u != x && tight[u] == 0 { pool.append(Int32(u)) }
        guard pool.count >= 2 else { return false }
        for a in 0..<(pool.count - 1) {
            let u = Int(pool[a]), item = graph.owner[u]
            // No later candidate of another item: no pair with u, so no query
            // (often the pool is a few candidates of one or two items).
            guard pool[(a + 1)...].contains(where: { graph.owner[Int($0)] != item }) else { continue }
            if Graph.answersPairs {
                // A few pairs asked directly, rather than marking all of u's
                // neighbours (hundreds in a packed tier) to test them.
                queries += 1
                for b in (a + 1)..<pool.count {
                    let w = Int(pool[b])
                    if graph.owner[w] == item || graph.conflicts(u, w) { continue }
                    remove(x)
                    insert(u)
                    insert(w)
                    return true
                }
                continue
            }
            stampNeighbors(of: u)
            for b in (a + 1)..<pool.count {
                let w = Int(pool[b])
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
    /// - Parameter shouldCancel: polled every 64 items examined; returning
    ///   true stops the search (the set stays independent, possibly not maximal).
    /// - Returns: false when `shouldCancel` stopped it.
    @discardableResult
    mutating func localSearch(shouldCancel: (@Sendable () -> Bool)? = nil) -> Bool {
        queue.removeAll(keepingCapacity: true)
        for item in 0..<graph.itemCount { enqueue(item) }
        return drainQueue(shouldCancel: shouldCancel)
    }

    @inline(__always) private mutating func enqueue(_ item: Int) {
        if !queued[item] {
            queued[item] = true
            queue.append(Int32(item))
        }
    }

    /// Queues the items of every neighbour of `v`.
    private mutating func enqueueNeighbors(of v: Int) {
        queries += 1
        let graph = self.graph
        graph.forEachNeighborItem(of: v) { item in
            if !queued[item] {
                queued[item] = true
                queue.append(Int32(item))
            }
        }
    }

    /// Local search over the queued items and whatever their changes touch.
    /// - Returns: false when `shouldCancel` stopped it.
    @discardableResult
    private mutating func drainQueue(shouldCancel: (@Sendable () -> Bool)? = nil) -> Bool {
        var head = 0
        while head < queue.count {
            if head & 63 == 63, let cancel = shouldCancel, cancel() {
                for rest in queue[head...] { queued[Int(rest)] = false }
                queue.removeAll(keepingCapacity: true)
                return false
            }
            let item = Int(queue[head])
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
            // (the last three undo entries: an insert, or a remove and two inserts).
            for t in max(0, undo.count - 3)..<undo.count {
                let v = Int(undo[t].vertex)
                enqueueNeighbors(of: v)
                enqueue(Int(graph.owner[v]))
            }
        }
        queue.removeAll(keepingCapacity: true)
        return true
    }

    /// Perturb-and-repair rounds: draw a random candidate; when exactly one
    /// choice blocks it, force it in (that choice out), repair locally, and
    /// keep the result unless it is smaller than before. Draws that land
    /// elsewhere cost O(1) and are skipped.
    ///
    /// - Parameter maxQueries: the rounds also end (the search finished, by
    ///   count, not by clock) once `queries` passes this.
    /// - Parameter shouldCancel: polled every 64 rounds (a round of a large tier costs up to ~0.1 ms in a debug build, so a stop is noticed within ~10 ms); returning true
    ///   stops the search early (the set is still valid, only smaller).
    /// - Returns: false when `shouldCancel` stopped it.
    /// - Complexity: O(iterations · local neighbourhood).
    @discardableResult
    mutating func improve(iterations: Int, maxQueries: Int = .max, shouldCancel: (@Sendable () -> Bool)? = nil) -> Bool {
        guard graph.vertexCount > 1 else { return true }
        for round in 0..<iterations {
            if round & 63 == 63, let cancel = shouldCancel, cancel() { return false }
            // Every item shown: nothing left to gain.
            if size == graph.itemCount || queries > maxQueries { break }
            let v = Int(rng.next() % UInt64(graph.vertexCount))
            // Kick only with candidates blocked by exactly one choice (another
            // item's, or their own item's elsewhere): the kick is then a swap
            // that keeps the size, so the search walks the plateau of equally
            // large solutions instead of undoing most kicks. Measured on the
            // Christensen–Marks–Shieber benchmark this reaches a given quality
            // 5–10× sooner than kicking with any candidate.
            // (Two or more other items' choices block most draws in a packed
            // tier: that one lookup settles them, before owner and choice.)
            if tight[v] > 1 || isChosen(v) || solutionNeighbors(v) != 1 { continue }
            // (Cleared here, not per draw: a skipped draw does not use it.)
            let before = size
            undo.removeAll(keepingCapacity: true)
            let item = Int(graph.owner[v])
            queue.removeAll(keepingCapacity: true)
            enqueue(item)
            if chosen[item] >= 0 { remove(Int(chosen[item])) }
            // The one blocker (another item's choice), found first: removing
            // it while visiting v's neighbours would nest two queries.
            queries += 1
            let blocker = chosen.withUnsafeBufferPointer { graph.chosenNeighbor(of: v, chosen: $0) }
            if blocker >= 0 {
                remove(blocker)
                enqueue(Int(graph.owner[blocker]))
            }
            insert(v)
            drainQueue()
            if size < before { rollback() }
        }
        undo.removeAll()
        return true
    }

    /// Gives every item without a choice its first free candidate, if any:
    /// the set becomes maximal without any swap search (what a stopped
    /// search still owes its caller, at O(V) cost).
    mutating func makeMaximal() {
        for item in 0..<graph.itemCount where chosen[item] < 0 {
            for v in graph.candidates(ofItem: item) where tight[v] == 0 {
                insert(v)
                break
            }
        }
        undo.removeAll()
    }

    /// Moves every chosen candidate to the most preferred candidate of its
    /// item that conflicts with no other choice (candidates are stored in the
    /// item's preference order, `CandidateOrder`'s). The size
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
                addToNeighbors(of: v, -1)
                size -= 1
            } else {
                chosen[Int(graph.owner[v])] = Int32(v)
                addToNeighbors(of: v, 1)
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
