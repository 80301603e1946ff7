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

/// Reasons that hide an item before any candidate is tried.
func precheckReason(_ item: PlacementItem, zoom: Double) -> HiddenReason? {
    if !item.visible { return .notVisible }
    if zoom < item.minZoom || zoom > item.maxZoom { return .zoom }
    if item.anchorPoints.isEmpty { return item.missingAnchorReason }
    if !(item.size.width >= 0 && item.size.height >= 0) { return .notVisible }
    return nil
}
