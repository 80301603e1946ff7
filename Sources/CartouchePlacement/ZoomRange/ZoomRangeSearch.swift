/// Optimise mode's local search over a greedy zoom-range placement (see
/// ``ZoomRangePlacer``). A move takes one item `k` whose minimum zoom is
/// above its lowest (or that is hidden) and one of its anchors, finds the
/// placed item that binds it there, re-anchors that item to whichever of its
/// other anchors stays free over its own unchanged active range and lowers
/// `k`'s bound most, and repeats with the next binding item up to
/// ``ZoomRangePlacer/maxChainLength`` times; the best anchor's chain is
/// applied when it lowers `k`'s minimum zoom. No move raises a minimum
/// zoom, so the result dominates greedy's item by item.
struct ZoomRangeSearch {
    let order: [Int]
    let shouldCancel: (@Sendable () -> Bool)?
    let shouldStop: (@Sendable () -> Bool)?
    private(set) var improvements = 0
    private(set) var finished = true
    private var nearK: [Int32] = []
    private var nearB: [Int32] = []

    init(order: [Int], shouldCancel: (@Sendable () -> Bool)?, shouldStop: (@Sendable () -> Bool)?) {
        self.order = order
        self.shouldCancel = shouldCancel
        self.shouldStop = shouldStop
    }

    /// - Complexity: per pass O(n · a² · c · k) for a anchors, chains of c
    ///   and k neighbours; at most ``ZoomRangePlacer/maxPasses`` passes.
    mutating func run(_ state: inout ZoomRangeState) throws(PlacementError) {
        for _ in 0..<ZoomRangePlacer.maxPasses {
            var improved = false
            for (rank, k) in order.enumerated() {
                if rank & 63 == 63 {
                    if let shouldCancel, shouldCancel() { throw .cancelled(placedSoFar: 0) }
                    if let shouldStop, shouldStop() { finished = false; return }
                }
                let item = state.items[k]
                guard item.visible, !item.allowOverlap, !item.anchors.isEmpty, item.world.x.isFinite, item.world.y.isFinite,
                      state.lowest[k] <= state.top[k], state.minZoom[k] > state.lowest[k] else { continue }
                guard let move = bestMove(k, &state) else { continue }
                for (b, ab) in move.overrides { state.turn(Int(b), to: Int(ab)) }
                state.place(k, anchor: move.anchor, minZoom: move.zoom)
                improvements += 1
                improved = true
            }
            if !improved { return }
        }
    }

    /// The best chain for item `k` that lowers its minimum zoom, if any.
    private mutating func bestMove(_ k: Int, _ state: inout ZoomRangeState)
        -> (zoom: Double, anchor: Int, overrides: [Int32: Int32])?
    {
        let current = state.minZoom[k]
        var best: (zoom: Double, anchor: Int, overrides: [Int32: Int32])? = nil
        state.gatherNeighbours(of: k, into: &nearK)
        for a in state.items[k].anchors.indices {
            var overrides: [Int32: Int32] = [:]
            var (m, blocker) = state.lowestMinZoom(k, anchor: a, near: nearK)
            var depth = 0
            while !(m < current), blocker >= 0, depth < ZoomRangePlacer.maxChainLength {
                depth += 1
                let b = Int(blocker)
                guard overrides[blocker] == nil, !state.items[b].allowOverlap else { break }
                guard let alt = relocation(of: b, for: k, anchor: a, bound: m, overrides, &state) else { break }
                overrides[blocker] = alt
                (m, blocker) = state.lowestMinZoom(k, anchor: a, near: nearK, overrides: overrides)
            }
            if m < current, m <= state.top[k], m < (best?.zoom ?? .infinity) { best = (m, a, overrides) }
        }
        return best
    }

    /// The anchor of placed item `b` (other than its own) that keeps it free
    /// over its active range, every item but `k` as `overrides` has them,
    /// and gives `k` (anchor `a`) the lowest bound, no higher than `bound`.
    private mutating func relocation(
        of b: Int, for k: Int, anchor a: Int, bound: Double, _ overrides: [Int32: Int32], _ state: inout ZoomRangeState
    ) -> Int32? {
        state.gatherNeighbours(of: b, into: &nearB)
        var best: (zoom: Double, anchor: Int32)? = nil
        for ab in state.items[b].anchors.indices where ab != Int(state.anchor[b]) {
            let own = state.lowestMinZoom(b, anchor: ab, near: nearB, skip: k, overrides: overrides)
            guard own.zoom <= state.minZoom[b] else { continue }
            var tried = overrides
            tried[Int32(b)] = Int32(ab)
            let mk = state.lowestMinZoom(k, anchor: a, near: nearK, overrides: tried).zoom
            if mk <= bound, mk < (best?.zoom ?? .infinity) { best = (mk, Int32(ab)) }
        }
        return best?.anchor
    }
}
