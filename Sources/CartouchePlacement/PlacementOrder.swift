import CartoucheGeometry

/// The order in which view annotations claim space (Mapbox's rule): selected
/// first (deprecated flag), then higher `priority`, then fewer anchor options,
/// then input order. Input order makes the order total, hence deterministic.
///
/// - Complexity: O(n log n).
func placementOrder(_ items: [PlacementItem]) -> [Int] {
    // Sort small keys rather than the items: comparing items copied them
    // (several reference counts each) n log n times.
    placementOrder(keys: items.map { (selected: $0.selected, priority: $0.priority, anchorCount: $0.variableAnchors.count) })
}

/// ``placementOrder(_:)`` over each item's sort key alone (selected,
/// priority, anchor count), for callers with items of their own kind.
///
/// - Complexity: O(n log n).
func placementOrder(keys: [(selected: Bool, priority: Int, anchorCount: Int)]) -> [Int] {
    keys.indices.sorted { a, b in
        let x = keys[a], y = keys[b]
        if x.selected != y.selected { return x.selected }
        if x.priority != y.priority { return x.priority > y.priority }
        if x.anchorCount != y.anchorCount { return x.anchorCount < y.anchorCount }
        return a < b
    }
}

/// An item's anchor options with the previous frame's choice moved to the
/// front, so a callout keeps its anchor while that still fits.
///
/// Always inlined, as ``CandidateOrder``'s usual path: called, the two made
/// greedy placement copy each item a second time, 80 instructions per
/// callout on `placement-speed` (#31).
@inline(__always)
func orderedAnchors(_ item: PlacementItem, previous: AnchorConfig?) -> [AnchorConfig] {
    guard let previous, let i = item.variableAnchors.firstIndex(of: previous), i > 0 else { return item.variableAnchors }
    var anchors = item.variableAnchors
    anchors.remove(at: i)
    anchors.insert(previous, at: 0)
    return anchors
}

/// The order in which an item tries its candidates: pairs of an anchor point
/// index and an index into its ordered anchors (``orderedAnchors``, the
/// previous anchor first).
///
/// Mapbox's order — each point in turn, every anchor at it — unless the
/// callout was shown in the previous frame with a box on screen
/// (`PlacementItem.previousFrame`) and an anchor it still offers. Then the
/// motion contract's order (docs/SCENE_FORMAT.md, "Motion"): every candidate
/// by its *box move*, the distance on screen from the previous box's origin
/// to the candidate box's origin, plus ``anchorChangePenalty`` when its
/// anchor is not the previous one; ties keep Mapbox's order. The first
/// candidate that fits is thus the one that keeps the box stillest, the
/// point sliding along its line and the anchor turning only when that keeps
/// the box markedly stiller (the penalty is the hysteresis that rules out
/// near-tie turns and one-frame flips). Every candidate stays in the order,
/// so nothing is hidden that Mapbox's order would show.
///
/// The order is a list of passes, each a range of points times a range of
/// anchors tried point by point, so the placer runs plain nested loops: one
/// pass in Mapbox's order, one single-candidate pass per candidate in the
/// motion order. A point a pass skips as covered (every anchor there would
/// overlap) is skipped for that pass only.
///
/// - Complexity: Mapbox's order O(1), no allocation; the motion order
///   O(c log c) for the item's c candidates, once per item.
struct CandidateOrder {
    /// What a turn of anchor costs in the motion order, in points of box
    /// move: a callout turns only when that keeps its box more than this
    /// much stiller. About a quarter of a navigation callout's height: on a
    /// drive the box can nearly always stay within a few points by sliding
    /// its point along the line, so a turn is worth it only where the line
    /// itself bends away.
    static let anchorChangePenalty = 24.0

    let points: Int
    let anchors: Int
    /// The motion order, when the item has a previous box and anchor.
    let ranked: [(point: Int, anchor: Int)]?

    @inline(__always)
    init(_ item: PlacementItem, previous: AnchorConfig?) {
        points = item.anchorPoints.count
        anchors = item.variableAnchors.count
        guard let box = item.previousFrame, let previous, box.minX.isFinite, box.minY.isFinite else {
            ranked = nil
            return
        }
        ranked = Self.motionOrder(item, previous: previous, box: box)
    }

    /// The motion order, or nil when the item no longer offers `previous`.
    private static func motionOrder(_ item: PlacementItem, previous: AnchorConfig, box: ScreenRect) -> [(point: Int, anchor: Int)]? {
        guard item.variableAnchors.contains(previous) else { return nil }
        let points = item.anchorPoints.count, anchors = item.variableAnchors.count
        let ordered = orderedAnchors(item, previous: previous)
        var keyed: [(cost: Double, rank: Int)] = []
        keyed.reserveCapacity(points * anchors)
        for p in 0..<points {
            let point = item.anchorPoints[p]
            for a in 0..<anchors {
                let f = ordered[a].frame(at: point, size: item.size)
                let dx = f.minX - box.minX, dy = f.minY - box.minY
                let cost = (dx * dx + dy * dy).squareRoot() + (a == 0 ? 0 : Self.anchorChangePenalty)
                // NaN (a point at infinity) sorts last.
                keyed.append((cost.isNaN ? .infinity : cost, p * anchors + a))
            }
        }
        keyed.sort { $0.cost != $1.cost ? $0.cost < $1.cost : $0.rank < $1.rank }
        return keyed.map { (point: $0.rank / anchors, anchor: $0.rank % anchors) }
    }

    /// Pass `i`: its points and anchors (indices into the ordered anchors,
    /// the previous one first); nil after the last.
    func pass(_ i: Int) -> (points: Range<Int>, anchors: Range<Int>)? {
        guard let ranked else { return i == 0 ? (0..<points, 0..<anchors) : nil }
        guard i < ranked.count else { return nil }
        let c = ranked[i]
        return (c.point..<c.point + 1, c.anchor..<c.anchor + 1)
    }

    /// Every candidate (point, anchor) in order.
    var all: [(point: Int, anchor: Int)] {
        if let ranked { return ranked }
        var out: [(point: Int, anchor: Int)] = []
        out.reserveCapacity(points * anchors)
        for p in 0..<points { for a in 0..<anchors { out.append((p, a)) } }
        return out
    }
}

/// Reasons that hide an item before any candidate is tried.
func precheckReason(_ item: PlacementItem, zoom: Double) -> HiddenReason? {
    if !item.visible { return .notVisible }
    if zoom < item.minZoom || zoom > item.maxZoom { return .zoom }
    if item.anchorPoints.isEmpty { return item.missingAnchorReason }
    if !(item.size.width >= 0 && item.size.height >= 0) { return .notVisible }
    return nil
}
