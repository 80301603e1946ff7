/// Optimise mode's first step: greedy in placement order, where each item,
/// before it is placed, may turn up to ``ZoomRangePlacer/maxChainLength``
/// items placed before it (each keeping its minimum zoom) when that lowers
/// its own minimum zoom below its first fit (``ZoomRangeMoveFinder``; the
/// turned items may be ones a turn collides with, an ejection chain).
///
/// Why it keeps the contract: the items it turns are all of higher rank and
/// keep their minimum zooms; the items after it are not placed yet, so none
/// of them loses anything it had. Until an item gains from a turn, the
/// state is greedy's; at the first that does, the answer is lower: the
/// vector of minimum zooms in placement order is at most greedy's,
/// lexicographically. It is the same step optimise mode's search takes
/// afterwards, but against the higher items only, which leaves it far more
/// room than turning items that must stay free of every lower one too.
///
/// One thread (each item depends on every turn before it), so the answer
/// is the same for any thread count.
enum ZoomRangeRepair {
    /// Places the items of `order` into `state`, setting `reasons` for the
    /// hidden; the number of items placed lower by turns, and the items
    /// turned (in the order turned; an item may come more than once).
    ///
    /// - Complexity: greedy's, plus O(a · c · a · k) pair tests per item whose
    ///   first fit is above its lowest zoom (a anchors, chains of c, k
    ///   neighbours within reach).
    static func run(
        order: [Int], _ state: inout ZoomRangeState, _ reasons: inout [HiddenReason?], shouldCancel: (@Sendable () -> Bool)?,
        limits: ZoomRangeMoveFinder.Limits = .default
    ) throws(PlacementCancelled) -> (gains: Int, turned: [Int]) {
        var finder = ZoomRangeMoveFinder()
        var near: [Int32] = []
        var gains = 0
        var turned: [Int] = []
        defer { state.pairTests += finder.pairTests }
        for (rank, i) in order.enumerated() {
            if rank & 255 == 255, let shouldCancel, shouldCancel() {
                throw PlacementCancelled(placedSoFar: state.anchor.reduce(0) { $0 + ($1 >= 0 ? 1 : 0) })
            }
            guard state.searches(i) else {
                reasons[i] = ZoomRangePlacer.placeWithoutSearch(i, &state)
                continue
            }
            guard let move = finder.bestMove(i, in: state, limits: limits) else {
                reasons[i] = ZoomRangePlacer.hiddenReason(i, &state, &near)
                continue
            }
            for (b, ab) in move.turns.sorted(by: { $0.key < $1.key }) {
                state.turn(Int(b), to: Int(ab))
                turned.append(Int(b))
            }
            state.place(i, anchor: move.anchor, minZoom: move.zoom)
            if !move.turns.isEmpty { gains += 1 }
        }
        return (gains, turned)
    }
}
