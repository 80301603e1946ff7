/// The order in which view annotations claim space (Mapbox's rule): selected
/// first (deprecated flag), then higher `priority`, then fewer anchor options,
/// then input order. Input order makes the order total, hence deterministic.
///
/// - Complexity: O(n log n).
func placementOrder(_ items: [PlacementItem]) -> [Int] {
    // Sort small keys rather than the items: comparing items copied them
    // (several reference counts each) n log n times.
    let keys = items.map { (selected: $0.selected, priority: $0.priority, anchorCount: $0.anchors.count) }
    return keys.indices.sorted { a, b in
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
/// - Complexity: O(1) per candidate, no allocation.
struct CandidateOrder: IteratorProtocol {
    let points: Int
    let anchors: Int
    /// The kept point's order (above) rather than Mapbox's.
    let holdsAnchor: Bool
    /// Mapbox's order counts point and anchor (no division per candidate:
    /// greedy tries millions in dense scenes); the kept order counts `k`.
    private var point = 0, anchor = 0, k = 0

    init(_ item: PlacementItem, previous: AnchorConfig?) {
        points = item.anchorPoints.count
        anchors = item.anchors.count
        holdsAnchor = item.keepsPreviousPoint && points > 1 && previous.map(item.anchors.contains) == true
    }

    mutating func next() -> (point: Int, anchor: Int)? {
        guard holdsAnchor else {
            guard point < points, anchor < anchors else { return nil }
            defer {
                anchor += 1
                if anchor == anchors { anchor = 0; point += 1 }
            }
            return (point, anchor)
        }
        guard k < points * anchors else { return nil }
        defer { k += 1 }
        // The previous anchor (index 0) at the kept point (0), then elsewhere.
        if k < points { return (k, 0) }
        // The other anchors at points 1, 2, …, n − 1, and at the kept point last.
        let rest = k - points, i = rest / (anchors - 1), j = rest % (anchors - 1)
        return (i + 1 < points ? i + 1 : 0, j + 1)
    }

    /// Skips the rest of point `p`'s anchors in Mapbox's order (the kept
    /// order comes back to points, so it skips nothing).
    mutating func skip(point p: Int) {
        guard !holdsAnchor, point == p, anchor > 0 else { return }
        anchor = 0
        point += 1
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
