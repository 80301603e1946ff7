/// The order in which view annotations claim space (Mapbox's rule): selected
/// first (deprecated flag), then higher `priority`, then fewer anchor options,
/// then input order. Input order makes the order total, hence deterministic.
///
/// - Complexity: O(n log n).
func placementOrder(_ items: [PlacementItem]) -> [Int] {
    // Sort small keys rather than the items: comparing items copied them
    // (several reference counts each) n log n times.
    placementOrder(keys: items.map { (selected: $0.selected, priority: $0.priority, anchorCount: $0.anchors.count) })
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
func orderedAnchors(_ item: PlacementItem, previous: AnchorConfig?) -> [AnchorConfig] {
    guard let previous, let i = item.anchors.firstIndex(of: previous), i > 0 else { return item.anchors }
    var anchors = item.anchors
    anchors.remove(at: i)
    anchors.insert(previous, at: 0)
    return anchors
}

/// The order in which an item tries its candidates: pairs of an anchor point
/// index and an index into its ordered anchors (``orderedAnchors``, the
/// previous anchor first).
///
/// Mapbox's order — each point in turn, every anchor at it — for every item
/// but one that kept last frame's anchor point (`keepsPreviousPoint`, with
/// other points to go to) and has a previous anchor. That one tries its
/// previous anchor at the kept point, then the previous anchor at each other
/// point, then its other anchors at each other point, and turns at the kept
/// point last. A kept point on a drive slides towards the puck: turning there
/// buys a frame or two before the point must move anyway, and then the
/// callout turns back at the new point (one-frame flips); moving the point
/// with the anchor avoids both turns, and turning in place stays the last
/// resort before hiding, so nothing is hidden that would have been shown.
///
/// The order is at most three passes, each a range of points times a range
/// of anchors tried point by point, so the placer runs plain nested loops.
/// A point a pass skips as covered (every anchor there would overlap) is
/// skipped for that pass only.
///
/// - Complexity: O(1) per pass, no allocation.
struct CandidateOrder {
    let points: Int
    let anchors: Int
    /// The kept point's order (above) rather than Mapbox's.
    let holdsAnchor: Bool

    init(_ item: PlacementItem, previous: AnchorConfig?) {
        points = item.anchorPoints.count
        anchors = item.anchors.count
        holdsAnchor = item.keepsPreviousPoint && points > 1 && previous.map(item.anchors.contains) == true
    }

    /// Pass `i`: its points and anchors (indices into the ordered anchors,
    /// the previous one first); nil after the last.
    func pass(_ i: Int) -> (points: Range<Int>, anchors: Range<Int>)? {
        guard holdsAnchor else { return i == 0 ? (0..<points, 0..<anchors) : nil }
        switch i {
        case 0: return (0..<points, 0..<1)  // the previous anchor, at the kept point first
        case 1: return (1..<points, 1..<anchors)  // the other anchors at the other points
        case 2: return (0..<1, 1..<anchors)  // turning at the kept point, last
        default: return nil
        }
    }

    /// Every candidate (point, anchor) in order.
    var all: [(point: Int, anchor: Int)] {
        var out: [(point: Int, anchor: Int)] = []
        var i = 0
        while let pass = pass(i) {
            i += 1
            for p in pass.points { for a in pass.anchors { out.append((p, a)) } }
        }
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
