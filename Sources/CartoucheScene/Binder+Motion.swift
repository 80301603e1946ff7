import CartoucheGeometry

extension Binder {
    /// Whether a line-bound callout's new anchor points go furthest along
    /// the line first (`LineAnchoring.anchorPoints(aheadFirst:)`): when it
    /// is in motion (shown at a point in the previous frame) along a line
    /// driven from its start (trimmed `[0, t]`, t > 0, the puck at t). The
    /// puck drives towards higher progress, so a point it reaches last stays
    /// longest. Without a previous frame (Mapbox's first fit, and golden
    /// answers) or a driven trim the order is the anchoring's own.
    func movesAhead(_ va: ViewAnnotation, trim: ClosedRange<Double>?) -> Bool {
        guard previous[va.id] != nil, let trim else { return false }
        return trim.lowerBound <= 0 && trim.upperBound > 0
    }
}
