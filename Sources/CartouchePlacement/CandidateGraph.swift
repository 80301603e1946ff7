import CartoucheGeometry

/// The candidates of one priority tier and which pairs conflict: the graph on
/// which optimise mode searches for a large independent set (one candidate per
/// item at most, no two overlapping).
///
/// Stored in compressed-sparse-row form so the search runs on contiguous
/// arrays: `adjacency[adjacencyStart[v]..<adjacencyStart[v+1]]` lists the
/// candidates of *other* items that overlap candidate `v`; candidates of the
/// same item conflict implicitly.
struct CandidateGraph {
    /// Per candidate: the index of its item in the tier's item list.
    var owner: [Int32] = []
    var anchorPointIndex: [Int32] = []
    var config: [AnchorConfig] = []
    var frame: [ScreenRect] = []
    /// Per tier item: its candidates are `itemStart[i]..<itemStart[i+1]`.
    var itemStart: [Int32] = [0]
    var adjacencyStart: [Int32] = [0]
    var adjacency: [Int32] = []

    var vertexCount: Int { owner.count }
    var itemCount: Int { itemStart.count - 1 }

    @inline(__always) func neighbors(_ v: Int) -> Range<Int> {
        Int(adjacencyStart[v])..<Int(adjacencyStart[v + 1])
    }
    @inline(__always) func candidates(ofItem i: Int) -> Range<Int> {
        Int(itemStart[i])..<Int(itemStart[i + 1])
    }

    /// Builds the conflict lists with a grid over all candidate rects, unless
    /// they would hold more than `maxEntries` entries: then it stops and
    /// returns false, leaving the lists incomplete. Dense scenes have
    /// conflict graphs quadratic in the candidates per area (12,500 large
    /// callouts in a full-HD viewport: over 10⁸ entries), so the caller
    /// needs a bound on memory and time.
    ///
    /// - Complexity: O(V·k) where k is the number of rects near a candidate,
    ///   and O(maxEntries) at most.
    mutating func buildAdjacency(
        rects: [[ScreenRect]], region: ScreenRect, cellSize: Double, maxEntries: Int,
        shouldCancel: (@Sendable () -> Bool)? = nil
    ) -> AdjacencyOutcome {
        var grid = GridIndex(region: region, cellSize: cellSize)
        for (v, rs) in rects.enumerated() { for r in rs { grid.insert(r, owner: Int32(v)) } }
        var stamp = [Int32](repeating: -1, count: vertexCount)
        adjacency.reserveCapacity(min(maxEntries, vertexCount * 8))
        for v in 0..<vertexCount {
            // Polled: on a large tier this loop alone can outlast a request's budget.
            if v & 63 == 63, let cancel = shouldCancel, cancel() { return .cancelled }
            let item = owner[v]
            for r in rects[v] {
                grid.forEachIntersection(with: r) { u in
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

    /// How ``buildAdjacency(rects:region:cellSize:maxEntries:shouldCancel:)`` ended.
    enum AdjacencyOutcome {
        case built
        /// More than `maxEntries` conflicts.
        case tooLarge
        /// The caller's cancellation check asked to stop.
        case cancelled
    }
}
