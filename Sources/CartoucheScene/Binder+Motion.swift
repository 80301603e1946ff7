import CartoucheGeometry
import CartouchePlacement

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

    /// The box a callout shown in the previous frame had on screen, which
    /// its candidates are ranked against (only the origin counts): the
    /// previous answer's `frame`, or, for a previous frame without boxes,
    /// its previous anchor at its previous anchor point as projected now.
    /// Nil when it was not shown, its anchor is no longer offered, or
    /// neither is known.
    func previousBox(_ va: ViewAnnotation) -> ScreenRect? {
        guard let prior = previousShown[va.id], va.variableAnchors.contains(prior.anchor) else { return nil }
        if let frame = prior.frame { return frame }
        guard let c = previous[va.id], let p = projection.project(c) else { return nil }
        return prior.anchor.frame(at: p, size: va.placedSize)
    }

    /// For a callout bound to lines, per anchor it offers, the anchorable
    /// point (visible, untrimmed) where that anchor's box comes nearest to
    /// `target`: where the point slides along its line to keep the box
    /// still. The sampled points along the line are rarely exactly there.
    /// Distinct points, in anchor order; none for other geometries.
    ///
    /// - Complexity: O(a·v) for a anchors and v projected vertices.
    func stillPoints(
        _ va: ViewAnnotation, geometries: [Geometry], target: ScreenRect, visible: ScreenRect, trim: ClosedRange<Double>?
    ) -> [ScreenPoint] {
        let lines = geometries.flatMap(Binder.lines(of:)).map(projection.screenLine)
        guard !lines.isEmpty else { return [] }
        var out: [ScreenPoint] = []
        for config in va.variableAnchors {
            // Where this anchor's point must be for its box to sit on `target`.
            let offset = config.frame(at: ScreenPoint(x: 0, y: 0), size: va.placedSize)
            let goal = ScreenPoint(x: target.minX - offset.minX, y: target.minY - offset.minY)
            var best: (point: ScreenPoint, distance: Double)? = nil
            for line in lines {
                if let q = LineAnchoring().nearestAnchorablePoint(to: goal, on: line, visible: visible, trim: trim),
                   best.map({ q.distance < $0.distance }) ?? true {
                    best = q
                }
            }
            if let p = best?.point, !out.contains(p) { out.append(p) }
        }
        return out
    }
}
