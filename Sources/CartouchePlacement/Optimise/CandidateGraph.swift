import CartoucheGeometry

/// What `IndependentSetSearch` needs of a tier's candidates: which item each
/// candidate belongs to, each item's candidates, and which candidates of
/// *other* items overlap a candidate (candidates of the same item conflict
/// implicitly). Three forms: `CandidateGraph` stores the conflict lists, the
/// fast one while they fit in memory; `BlockConflicts` stores them as bit
/// masks between blocks of candidates, for dense tiers; `GridConflicts`
/// finds them on the fly from a grid of the candidates' rects, for tiers too
/// dense even for masks.
protocol ConflictGraph {
    /// Per candidate: the index of its item in the tier's item list.
    var owner: [Int32] { get }
    /// Per tier item: its candidates are `itemStart[i]..<itemStart[i+1]`.
    var itemStart: [Int32] { get }
    /// Calls `body` once with every candidate of another item that overlaps `v`.
    func forEachNeighbor(of v: Int, _ body: (Int) -> Void)
    /// Calls `body` with `v`'s neighbours until it returns false; false when it stopped.
    @discardableResult
    func visitNeighbors(of v: Int, while body: (Int) -> Bool) -> Bool
    /// How crowded `v` is, for the min-conflict construction: the number of
    /// neighbours when it is cheap to know, else a count that grows with it.
    func crowding(of v: Int) -> Int
    /// Whether `conflicts(_:_:)` answers at once, rather than by listing
    /// neighbours (then a caller testing many pairs marks neighbours instead).
    static var answersPairs: Bool { get }
    /// Whether candidates `u` and `w` of different items overlap.
    func conflicts(_ u: Int, _ w: Int) -> Bool
    /// Calls `body`, in neighbour order, with every neighbour u of `v` that
    /// has `counts[u] == 1` and whose item has no choice (`chosen[item] < 0`):
    /// the candidates a (1,2)-swap around a chosen `v` may bring in.
    func forEachNeighbor(
        of v: Int, countedOnce counts: UnsafeBufferPointer<Int32>, unchosen chosen: UnsafeBufferPointer<Int32>,
        _ body: (Int) -> Void)
    /// The first neighbour of `v` (in neighbour order) that is its item's
    /// choice (`chosen[item] == u`), or -1.
    func chosenNeighbor(of v: Int, chosen: UnsafeBufferPointer<Int32>) -> Int
    /// Calls `body` with the item of every neighbour of `v`, in the order of
    /// the neighbours, an item possibly several times in a row (a graph
    /// storing neighbours grouped by item calls once per group).
    func forEachNeighborItem(of v: Int, _ body: (Int) -> Void)
    /// Adds `delta` to `counts[u]` for every neighbour u of `v` (see the extension's).
    func add(_ delta: Int32, toNeighborsOf v: Int, in counts: inout [Int32])
}

extension ConflictGraph {
    var vertexCount: Int { owner.count }
    var itemCount: Int { itemStart.count - 1 }

    /// Adds `delta` to `counts[u]` for every neighbour u of `v`. The array is
    /// passed in, not written by a closure, so a caller can pass one of its
    /// own stored properties without copying the graph (that copy, a few
    /// reference counts per call, cost 15 % on the CMS benchmark).
    @inline(__always) func add(_ delta: Int32, toNeighborsOf v: Int, in counts: inout [Int32]) {
        counts.withUnsafeMutableBufferPointer { counts in
            forEachNeighbor(of: v) { counts[$0] &+= delta }
        }
    }

    /// Sets `stamps[u] = value` for every neighbour u of `v` (see `add`).
    @inline(__always) func set(_ value: Int32, atNeighborsOf v: Int, in stamps: inout [Int32]) {
        stamps.withUnsafeMutableBufferPointer { stamps in
            forEachNeighbor(of: v) { stamps[$0] = value }
        }
    }

    @inline(__always) func candidates(ofItem i: Int) -> Range<Int> {
        Int(itemStart[i])..<Int(itemStart[i + 1])
    }

    static var answersPairs: Bool { false }

    /// - Complexity: O(neighbours of `u`): graphs that answer at once say so (`answersPairs`).
    func conflicts(_ u: Int, _ w: Int) -> Bool {
        !visitNeighbors(of: u) { $0 != w }
    }

    @inline(__always) func forEachNeighbor(
        of v: Int, countedOnce counts: UnsafeBufferPointer<Int32>, unchosen chosen: UnsafeBufferPointer<Int32>,
        _ body: (Int) -> Void
    ) {
        let owner = self.owner
        // The count first: the rarer case in a dense tier, before two lookups elsewhere.
        forEachNeighbor(of: v) { u in
            if counts[u] == 1 && chosen[Int(owner[u])] < 0 { body(u) }
        }
    }

    @inline(__always) func chosenNeighbor(of v: Int, chosen: UnsafeBufferPointer<Int32>) -> Int {
        let owner = self.owner
        var found = -1
        visitNeighbors(of: v) { u in
            if chosen[Int(owner[u])] == Int32(u) { found = u }
            return found < 0
        }
        return found
    }

    @inline(__always) func forEachNeighborItem(of v: Int, _ body: (Int) -> Void) {
        let owner = self.owner
        forEachNeighbor(of: v) { body(Int(owner[$0])) }
    }
}

/// The candidates of one priority tier and which pairs conflict: the graph on
/// which optimise mode searches for a large independent set (one candidate per
/// item at most, no two overlapping).
///
/// Stored in compressed-sparse-row form so the search runs on contiguous
/// arrays: `adjacency[adjacencyStart[v]..<adjacencyStart[v+1]]` lists the
/// candidates of *other* items that overlap candidate `v`.
struct CandidateGraph: ConflictGraph {
    var owner: [Int32] = []
    var itemStart: [Int32] = [0]
    var adjacencyStart: [Int32] = [0]
    var adjacency: [Int32] = []

    @inline(__always) func neighbors(_ v: Int) -> Range<Int> {
        Int(adjacencyStart[v])..<Int(adjacencyStart[v + 1])
    }

    func crowding(of v: Int) -> Int { neighbors(v).count }

    @inline(__always) func forEachNeighbor(of v: Int, _ body: (Int) -> Void) {
        let range = neighbors(v)
        adjacency.withUnsafeBufferPointer { adjacency in
            for k in range { body(Int(adjacency[k])) }
        }
    }

    @inline(__always) @discardableResult
    func visitNeighbors(of v: Int, while body: (Int) -> Bool) -> Bool {
        let range = neighbors(v)
        return adjacency.withUnsafeBufferPointer { adjacency in
            for k in range where !body(Int(adjacency[k])) { return false }
            return true
        }
    }

    /// Builds the conflict lists with a grid over all candidate rects, unless
    /// they would hold more than `maxEntries` entries: then it stops and
    /// returns `.tooLarge`, leaving the lists incomplete. Dense scenes have
    /// conflict graphs quadratic in the candidates per area (12,500 large
    /// callouts in a full-HD viewport: over 10⁸ entries), so the caller
    /// needs a bound on memory and time.
    ///
    /// - Complexity: O(V·k) where k is the number of rects near a candidate,
    ///   and O(maxEntries) at most.
    /// - Parameter rectStart: per candidate, where its rects start in `rects`
    ///   (one more entry at the end).
    mutating func buildAdjacency(
        rectStart: [Int32], rects: [ScreenRect], region: ScreenRect, cellSize: Double, maxEntries: Int,
        shouldCancel: (@Sendable () -> Bool)? = nil
    ) -> AdjacencyOutcome {
        var grid = GridIndex(region: region, cellSize: cellSize)
        for v in 0..<vertexCount {
            for k in Int(rectStart[v])..<Int(rectStart[v + 1]) { grid.insert(rects[k], owner: Int32(v)) }
        }
        var stamp = [Int32](repeating: -1, count: vertexCount)
        adjacency.reserveCapacity(min(maxEntries, vertexCount * 8))
        for v in 0..<vertexCount {
            // Polled: on a large tier this loop alone can outlast a request's budget.
            if v & 63 == 63, let cancel = shouldCancel, cancel() { return .cancelled }
            let item = owner[v]
            for k in Int(rectStart[v])..<Int(rectStart[v + 1]) {
                grid.forEachIntersection(with: rects[k]) { u in
                    let u = Int(u)
                    guard owner[u] != item, stamp[u] != Int32(v) else { return }
                    stamp[u] = Int32(v)
                    adjacency.append(Int32(u))
                }
            }
            if adjacency.count > maxEntries { return .tooLarge }
            adjacencyStart.append(Int32(adjacency.count))
        }
        return .built
    }

    /// How ``buildAdjacency(rectStart:rects:region:cellSize:maxEntries:shouldCancel:)`` ended.
    enum AdjacencyOutcome {
        case built
        /// More than `maxEntries` conflicts.
        case tooLarge
        /// The caller's cancellation check asked to stop.
        case cancelled
    }
}
