import Dispatch

/// Greedy mode on several threads, with the answer of one.
///
/// Greedy's order is global: each item's floors depend on every item placed
/// before it. But an anchor's floor is the largest of its pair floors, in
/// any order, over the items placed before it; so the items are taken in
/// batches (``batchSize``) in placement order, and for each batch
///
/// 1. every item's floors against the items placed before the batch are
///    computed on all threads at once (read-only: the level grid does not
///    change meanwhile; ``ZoomRangeState/descend(_:through:_:pairTests:)``);
/// 2. then, one item after another in order, each item's floors are raised
///    by the batch's items placed before it — a short list scanned whole
///    (``ZoomRangeState/scan(_:_:_:pairTests:)``) — and it is placed.
///
/// Both steps are exact (a box left out of either is out of reach at the
/// smallest floor so far, so its floor is below the answer), so every item
/// gets the minimum zoom and anchor sequential greedy gives it, for any
/// number of threads; the hidden ones take their reason from the full grid
/// as before. One thread does the same work in the same batches, so even
/// `stats.pairTests`, the pairs tested, is the same for any thread count.
///
/// - Complexity: the sequential step is O(batch) per item; the rest is
///   greedy's work divided among the threads.
struct ZoomRangeBatches {
    /// Items per batch: the sequential scan reads half of it per item on
    /// average, and each batch costs one hand-off to the threads.
    static let defaultBatchSize = 1024

    let threads: Int
    var batchSize = defaultBatchSize

    /// Places in `order` as greedy mode does, setting `reasons` for the hidden.
    func run(
        order: [Int], _ state: inout ZoomRangeState, _ reasons: inout [HiddenReason?], shouldCancel: (@Sendable () -> Bool)?
    ) throws(PlacementCancelled) {
        let width = state.items.reduce(1) { max($0, $1.variableAnchors.count) }
        var floors = [Double](repeating: .infinity, count: batchSize * width)
        var tests = [Int](repeating: 0, count: threads)
        var placedInBatch: [ZoomLevelGrid.Entry] = []
        var scratch = ZoomRangeState.GreedyScratch()
        var near: [Int32] = []
        var scanned = 0
        var perThread = [ZoomRangeState.GreedyScratch](repeating: .init(), count: threads)
        for start in stride(from: 0, to: order.count, by: batchSize) {
            if let shouldCancel, shouldCancel() {
                throw PlacementCancelled(placedSoFar: state.anchor.reduce(0) { $0 + ($1 >= 0 ? 1 : 0) })
            }
            let batch = order[start..<min(start + batchSize, order.count)]
            if threads == 1 {
                // The same work as a thread's, without the hand-off.
                for (k, i) in batch.enumerated() where state.searches(i) {
                    floorsAgainstPlaced(i, state, &perThread[0], pairTests: &tests[0])
                    for (a, z) in perThread[0].zooms.enumerated() { floors[k * width + a] = z }
                }
            } else {
                precompute(batch, state, width: width, into: &floors, tests: &tests)
            }
            placedInBatch.removeAll(keepingCapacity: true)
            for (k, i) in batch.enumerated() {
                if state.searches(i) {
                    state.begin(i, &scratch)
                    for a in scratch.zooms.indices {
                        let z = floors[k * width + a]
                        scratch.zooms[a] = z
                        if z.isFinite { scratch.scales[a] = ZoomConflict.scale(z) }
                    }
                    state.scan(i, placedInBatch, &scratch, pairTests: &scanned)
                    let best = scratch.best
                    // On the range's steps: an anchor is free from its floor
                    // up, so the lowest free step is the lowest floor's step.
                    let zoom = state.stepped(best.zoom, i)
                    if best.anchor >= 0, zoom <= state.top[i] {
                        state.place(i, anchor: best.anchor, minZoom: zoom)
                    } else {
                        reasons[i] = ZoomRangePlacer.hiddenReason(i, &state, &near)
                    }
                } else {
                    reasons[i] = ZoomRangePlacer.placeWithoutSearch(i, &state)
                }
                if state.isPlaced(i) {
                    placedInBatch.append(ZoomLevelGrid.Entry(
                        x: state.world[i].x, y: state.world[i].y, extent: state.extent[i], sMin: state.sMin[i], index: Int32(i)))
                }
            }
        }
        state.pairTests += scanned + tests.reduce(0, +)
    }

    /// Step 1 for item `i`: its anchors' floors against every item placed.
    private func floorsAgainstPlaced(_ i: Int, _ state: ZoomRangeState, _ scratch: inout ZoomRangeState.GreedyScratch,
                                     pairTests: inout Int) {
        state.begin(i, &scratch)
        state.descend(i, through: state.grid, &scratch, pairTests: &pairTests)
    }

    /// Step 1: each searching item's floors against the placed items, into
    /// `floors` (row k for the batch's k-th item), on ``threads`` threads.
    private func precompute(
        _ batch: ArraySlice<Int>, _ state: ZoomRangeState, width: Int, into floors: inout [Double], tests: inout [Int]
    ) {
        let threads = self.threads
        floors.withUnsafeMutableBufferPointer { floorsOut in
            tests.withUnsafeMutableBufferPointer { testsOut in
                let out = SharedRows(floors: floorsOut.baseAddress!, tests: testsOut.baseAddress!)
                DispatchQueue.concurrentPerform(iterations: threads) { t in
                    var scratch = ZoomRangeState.GreedyScratch()
                    var count = 0
                    // Interleaved, so that each thread gets items of every priority.
                    for k in stride(from: t, to: batch.count, by: threads) {
                        let i = batch[batch.startIndex + k]
                        guard state.searches(i) else { continue }
                        floorsAgainstPlaced(i, state, &scratch, pairTests: &count)
                        for (a, z) in scratch.zooms.enumerated() { out.floors[k * width + a] = z }
                    }
                    out.tests[t] += count
                }
            }
        }
    }
}

/// The rows the threads write, each thread its own (disjoint rows of
/// `floors`, its own slot of `tests`): no two threads touch one element.
private struct SharedRows: @unchecked Sendable {
    let floors: UnsafeMutablePointer<Double>
    let tests: UnsafeMutablePointer<Int>
}
