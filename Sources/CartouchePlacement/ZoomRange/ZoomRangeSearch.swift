import Dispatch

/// Optimise mode's local search over a zoom-range placement (see
/// ``ZoomRangePlacer``): moves (``ZoomRangeMoveFinder``) that each lower
/// one item's minimum zoom, or show a hidden one, by changing its anchor
/// and turning up to ``ZoomRangePlacer/maxChainLength`` items that bind it,
/// each keeping its own minimum zoom. No move raises a minimum zoom, so
/// the result dominates the placement it starts from item by item.
///
/// **Worklist.** The first pass looks at every movable item in placement
/// order (or, after greedy with turns, at those near an item it turned:
/// elsewhere greedy with turns has already looked for the same moves, with
/// fewer items in the way); each later pass only at those near a change of
/// the pass before: those whose boxes may meet, at a zoom both show at,
/// those of an item that moved or turned (``ZoomRangeArea``) — the items
/// whose own bound that change may touch. A heuristic, like the moves (a change can
/// also free an item that binds one further away): the result is a local
/// optimum, not a proven maximum.
///
/// **Threads, with the answer of one.** A pass takes its items in batches
/// (``batchSize``, in placement order). For each batch, every item is
/// asked whether it has a move against the state at the batch's start, on
/// all threads at once (read-only); then, one after another in order, each
/// item that had one finds its best move again against the current state
/// and makes it. An item that had none is left to the next pass (if
/// something near it changes). One thread does exactly the same, so the
/// answer, `pairTests` included, is the same for any thread count.
struct ZoomRangeSearch {
    /// Items per batch: each batch costs one hand-off to the threads.
    static let defaultBatchSize = 256

    let order: [Int]
    let threads: Int
    let batchSize: Int
    let shouldCancel: (@Sendable () -> Bool)?
    let shouldStop: (@Sendable () -> Bool)?
    let limits: ZoomRangeMoveFinder.Limits
    private(set) var improvements = 0
    private(set) var finished = true

    init(order: [Int], threads: Int = 1, batchSize: Int = defaultBatchSize,
         shouldCancel: (@Sendable () -> Bool)?, shouldStop: (@Sendable () -> Bool)?, limits: ZoomRangeMoveFinder.Limits = .default) {
        self.limits = limits
        self.order = order
        self.threads = max(1, threads)
        self.batchSize = max(1, batchSize)
        self.shouldCancel = shouldCancel
        self.shouldStop = shouldStop
    }

    /// - Complexity: per pass O(w · a² · c · k) for w items on the worklist,
    ///   a anchors, chains of c and k neighbours within reach; at most
    ///   ``ZoomRangePlacer/maxPasses`` passes.
    ///
    /// - Parameter changedSince: when given, the items changed since each
    ///   movable item was last searched (greedy with turns: the items it
    ///   turned); the first pass then only looks at the items near them.
    mutating func run(_ state: inout ZoomRangeState, changedSince: [Int]? = nil) throws(PlacementCancelled) {
        var finders = [ZoomRangeMoveFinder](repeating: .init(), count: threads)
        defer { state.pairTests += finders.reduce(0) { $0 + $1.pairTests } }
        let area = ZoomRangeArea(state)
        var changed = [Bool](repeating: false, count: state.items.count)
        for i in changedSince ?? [] { area.mark(around: i, state, in: &changed) }
        var worklist = order.filter { (changedSince == nil || changed[$0]) && ZoomRangeMoveFinder.movable($0, state) }
        for i in changed.indices { changed[i] = false }
        var hasMove = [Bool](repeating: false, count: batchSize)
        for _ in 0..<ZoomRangePlacer.maxPasses where !worklist.isEmpty {
            for start in stride(from: 0, to: worklist.count, by: batchSize) {
                if let shouldCancel, shouldCancel() { throw PlacementCancelled(placedSoFar: 0) }
                if let shouldStop, shouldStop() { finished = false; return }
                let batch = worklist[start..<min(start + batchSize, worklist.count)]
                look(batch, state, &finders, into: &hasMove)
                for (n, k) in batch.enumerated() where hasMove[n] {
                    guard let move = finders[0].bestMove(k, in: state, limits: limits) else { continue }
                    for (b, ab) in move.turns { state.turn(Int(b), to: Int(ab)) }
                    state.place(k, anchor: move.anchor, minZoom: move.zoom)
                    improvements += 1
                    area.mark(around: k, state, in: &changed)
                    for b in move.turns.keys { area.mark(around: Int(b), state, in: &changed) }
                }
            }
            worklist = order.filter { changed[$0] && ZoomRangeMoveFinder.movable($0, state) }
            for i in changed.indices { changed[i] = false }
        }
    }

    /// Whether each item of `batch` has a move against `state`, into
    /// `hasMove` (row n for the batch's n-th item), on ``threads`` threads.
    private func look(
        _ batch: ArraySlice<Int>, _ state: ZoomRangeState, _ finders: inout [ZoomRangeMoveFinder], into hasMove: inout [Bool]
    ) {
        if threads == 1 {
            for (n, k) in batch.enumerated() { hasMove[n] = finders[0].bestMove(k, in: state, limits: limits) != nil }
            return
        }
        let threads = self.threads, limits = self.limits
        hasMove.withUnsafeMutableBufferPointer { rows in
            finders.withUnsafeMutableBufferPointer { own in
                let out = SharedFinders(hasMove: rows.baseAddress!, finders: own.baseAddress!)
                DispatchQueue.concurrentPerform(iterations: threads) { t in
                    // Interleaved, so that each thread gets items of every priority.
                    for n in stride(from: t, to: batch.count, by: threads) {
                        out.hasMove[n] = out.finders[t].bestMove(batch[batch.startIndex + n], in: state, limits: limits) != nil
                    }
                }
            }
        }
    }
}

/// The rows and finders the threads use, each thread its own (disjoint
/// rows of `hasMove`, finder `t`): no two threads touch one element.
private struct SharedFinders: @unchecked Sendable {
    let hasMove: UnsafeMutablePointer<Bool>
    let finders: UnsafeMutablePointer<ZoomRangeMoveFinder>
}

/// The items greedy searched, sorted by their points' x, to find those
/// near a change (the search's worklist).
struct ZoomRangeArea {
    private let xs: [Double]
    private let ys: [Double]
    private let index: [Int32]
    /// The widest reach: a change of one box can touch the bound of an item
    /// within its own reach plus this many screen points.
    private let reach: Double

    init(_ state: ZoomRangeState) {
        let sorted = state.items.indices.filter { state.searches($0) }
            .sorted { (state.world[$0].x, $0) < (state.world[$1].x, $1) }
        xs = sorted.map { state.world[$0].x }
        ys = sorted.map { state.world[$0].y }
        index = sorted.map(Int32.init)
        reach = state.maxExtent * (1 + 1e-9)
    }

    /// Marks in `changed` every item whose boxes (any anchor) may meet item
    /// `i`'s (any anchor) at a zoom both may show at: from `i`'s minimum
    /// zoom and the item's lowest on, within the sum of their reaches.
    /// Only such an item's bounds can change when `i` turns or moves.
    ///
    /// - Complexity: O(log n + items in the strip of `i`'s reach plus the widest).
    func mark(around i: Int, _ state: ZoomRangeState, in changed: inout [Bool]) {
        let p = state.world[i], ei = state.extent[i], si = state.sMin[i]
        let r = (ei + reach) * (1 + 1e-9) / si
        var lo = 0, hi = xs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if xs[mid] < p.x - r { lo = mid + 1 } else { hi = mid }
        }
        var n = lo
        while n < xs.count, xs[n] <= p.x + r {
            if abs(ys[n] - p.y) <= r {
                let j = Int(index[n])
                // Out of reach from the first zoom both may show at: no bound of j's involves i.
                let s0 = max(si, state.sLowest[j]) * (1 - 1e-9), both = ei + state.extent[j]
                if abs(xs[n] - p.x) * s0 < both && abs(ys[n] - p.y) * s0 < both { changed[j] = true }
            }
            n += 1
        }
    }
}
