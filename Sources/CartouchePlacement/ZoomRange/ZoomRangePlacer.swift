import CartoucheGeometry

/// Consistent labels over a zoom range (Been, Nöllenburg, Poon, Wolff,
/// *active range optimisation*, simple variant): each shown item gets one
/// anchor and one active range `[minZoom, top]`, `top` the range's max (or
/// the item's own `maxZoom` when lower), and is shown at every zoom of it,
/// fractional zooms included; it never pops or jumps while zooming in.
///
/// **Contract.** At no zoom of the range do two shown boxes collide by the
/// frame's rule (`ScreenRect.collides(with:)`: overlap by more than
/// `collisionTolerance` on both axes), except that an `allowOverlap` item
/// may overlap the items placed before it (the later ones still avoid it).
/// Conflicts are exact: per pair, the zoom interval on which the boxes
/// collide is computed in closed form (`ZoomConflict`, internal), never sampled.
///
/// **Greedy mode.** In placement order (selected, then priority, then fewer
/// anchors, then input order, as for one frame), each item takes the lowest
/// minimum zoom in `[max(minZoom, range.min), top]` — and the first anchor
/// giving it — over which it collides with no item placed before it; when
/// none exists it is hidden (`collision` with the item that rules out its
/// first anchor, `zoom` when its own limits miss the range, `notVisible`).
///
/// **Minimum-zoom steps** (``ZoomRange/minZoomStep`` above 0): a shown
/// item's minimum zoom is its own lowest zoom or a multiple of the step, in
/// both modes. An anchor that is free from some zoom up is free from the
/// next step up too (a later start never creates a collision), so greedy
/// mode takes its lowest floor's anchor and rounds that floor up to the
/// step: the lowest free step. Optimise mode asks every move for minimum
/// zooms on the steps, so its contract holds on them.
///
/// **Optimise mode.** Greedy in placement order where each item, before it
/// is placed, may turn up to ``maxChainLength`` items placed before it (each
/// keeping its minimum zoom) when that lowers its own minimum zoom
/// (`ZoomRangeRepair`, internal): a chain of the items that bind it, each
/// turned to an anchor free over its own range (`ZoomRangeMoveFinder`,
/// internal; its exact ejection-chain search, which tests and experiments
/// use, gives lexicographically earlier answers but lower coverage —
/// Benchmarks/README.md, `zooms`). Then a local search that never raises any item's minimum zoom: each move
/// lowers one item's minimum zoom (or shows a hidden one) by changing its
/// anchor and the anchors of up to ``maxChainLength`` other items, each
/// keeping its own minimum zoom
/// (`ZoomRangeSearch`: after the first pass, only the items near a change
/// are looked at again). So the lexicographic priority contract holds by
/// construction — no item ever gets a higher minimum zoom so that a lower
/// one may have a lower one: a turned item keeps its minimum zoom, and the
/// items after the one placed are not placed yet — and the vector of
/// minimum zooms in placement order is lexicographically at most greedy's
/// (the same until the first item that gains by a turn). It is a local
/// optimum, not a proven one.
///
/// - Complexity: greedy O(n log n + n · a · k) for n items with a anchors and
///   k neighbours listed by the level grid (`ZoomLevelGrid`, internal); each search
///   pass at most ``maxChainLength`` · a² times that, over the items of its worklist.
public enum ZoomRangePlacer {
    /// The most binding items one optimise move may re-anchor.
    public static let maxChainLength = 3
    /// The most re-anchorings the ejection-chain search tries per item and
    /// anchor (the nodes of its depth-first search; not optimise mode's default).
    static let maxSearchNodes = 64
    /// The most passes of optimise mode's search over the items.
    public static let maxPasses = 4

    /// Places `items` for every zoom of `range`.
    ///
    /// Each item's box must reach at most ``ZoomRangeItem/maxReach`` from
    /// its point (`ZoomRangeScene` refuses larger ones); a larger reach is
    /// counted as that bound.
    ///
    /// - Parameters:
    ///   - items: the annotations, in input order (the answer keeps it).
    ///   - range: the zooms covered, both ends included.
    ///   - mode: greedy (first fit in priority order) or optimise (greedy,
    ///     then the search that lowers minimum zooms keeping priorities).
    ///   - budget: `shouldCancel` is polled every batch of 1,024 items (true
    ///     throws ``PlacementCancelled``); `shouldStopSearch` ends
    ///     optimise mode's search early (`finished` false).
    ///   - threads: threads greedy placement and optimise mode's search may
    ///     use (`ZoomRangeBatches`, `ZoomRangeSearch`, internal); the answer
    ///     is the same for any number, `pairTests` included.
    public static func place(
        _ items: [ZoomRangeItem], range: ZoomRange, mode: PlacementMode = .greedy, budget: PlacementBudget = .unlimited,
        threads: Int = 1
    ) throws(PlacementCancelled) -> ZoomRangeResult {
        try place(items, range: range, mode: mode, budget: budget, threads: threads, batchSize: ZoomRangeBatches.defaultBatchSize)
    }

    /// ``place(_:range:mode:budget:threads:)`` with the batch sizes of the
    /// threaded greedy placement and of optimise mode's search (tests take
    /// small ones).
    static func place(
        _ items: [ZoomRangeItem], range: ZoomRange, mode: PlacementMode, budget: PlacementBudget, threads: Int, batchSize: Int,
        searchBatchSize: Int = ZoomRangeSearch.defaultBatchSize, limits: ZoomRangeMoveFinder.Limits = .default
    ) throws(PlacementCancelled) -> ZoomRangeResult {
        let shouldCancel = budget.shouldCancel
        var state = ZoomRangeState(items, range: range)
        var reasons = [HiddenReason?](repeating: nil, count: items.count)
        let order = placementOrder(keys: items.map { ($0.selected, $0.priority, $0.variableAnchors.count) })
        var result = ZoomRangeResult(placements: [], method: mode, pairTests: 0)
        if mode == .optimise {
            let (gains, turned) = try ZoomRangeRepair.run(order: order, &state, &reasons, shouldCancel: shouldCancel, limits: limits)
            var search = ZoomRangeSearch(order: order, threads: threads, batchSize: searchBatchSize,
                                         shouldCancel: shouldCancel, shouldStop: budget.shouldStopSearch, limits: limits)
            try search.run(&state, changedSince: turned)
            result.improvements = gains + search.improvements
            result.finished = search.finished
            for i in items.indices where state.isPlaced(i) { reasons[i] = nil }
        } else {
            try ZoomRangeBatches(threads: max(1, threads), batchSize: max(1, batchSize))
                .run(order: order, &state, &reasons, shouldCancel: shouldCancel)
        }
        result.pairTests = state.pairTests
        result.placements = items.indices.map { i in
            guard state.isPlaced(i) else {
                return ZoomRangePlacement(id: items[i].id, itemIndex: i, hiddenReason: reasons[i] ?? .zoom)
            }
            return ZoomRangePlacement(
                id: items[i].id, itemIndex: i, minZoom: state.minZoom[i], maxZoom: state.top[i],
                anchor: items[i].variableAnchors[Int(state.anchor[i])])
        }
        return result
    }

    /// Item `i` when greedy mode does not search it (``ZoomRangeState/searches(_:)``
    /// false): why it is hidden, or nil when it is placed (`allowOverlap`,
    /// at its lowest zoom with its first anchor).
    static func placeWithoutSearch(_ i: Int, _ state: inout ZoomRangeState) -> HiddenReason? {
        let item = state.items[i]
        if !item.visible { return .notVisible }
        guard !item.variableAnchors.isEmpty, item.world.x.isFinite, item.world.y.isFinite else { return .offscreen }
        guard state.lowest[i] <= state.top[i] else { return .zoom }
        state.place(i, anchor: 0, minZoom: state.lowest[i])
        return nil
    }

    /// Why item `i`, which no anchor fits, is hidden: the first item, in the
    /// grid's bottom-up order, that rules out its first anchor.
    static func hiddenReason(_ i: Int, _ state: inout ZoomRangeState, _ near: inout [Int32]) -> HiddenReason {
        state.keepInReach(of: i, &near)
        let firstBlocker = state.lowestMinZoom(i, anchor: 0, near: near).blocker
        return firstBlocker >= 0 ? .collision(with: state.items[Int(firstBlocker)].id) : .zoom
    }
}
