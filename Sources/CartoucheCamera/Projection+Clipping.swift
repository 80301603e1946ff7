import CartoucheGeometry

/// The visible piece of a geographic segment, as the renderer draws it.
public struct VisibleSegment: Hashable, Sendable {
    /// Where the visible piece starts and ends on screen.
    public var start: ScreenPoint
    public var end: ScreenPoint
    /// The same ends as parameters of the segment (0 = `a`, 1 = `b`).
    public var t0: Double
    public var t1: Double
}

extension Projection {
    /// The part of the segment a→b that lies on visible ground (in front of
    /// the camera and below ``horizonY``), or nil when none does.
    ///
    /// GL renderers draw a GeoJSON segment straight in Mercator space using the
    /// longitudes as given (179° → -179° goes the long way round), so the
    /// segment is taken from `a`'s world copy (the one nearest the camera, as
    /// in ``project(_:)-(Coordinate)``) plus the raw difference to `b`. Along such a segment
    /// both the depth and the signed distance to the horizon line are affine
    /// in the parameter, so the visible piece is one exact interval — also
    /// when both ends are invisible (behind the camera and past the horizon)
    /// and only the middle shows.
    ///
    /// - Complexity: O(1).
    public func visibleSegment(from a: Coordinate, to b: Coordinate) -> VisibleSegment? {
        let (ax, ay) = worldOffset(a)
        let bx = ax + (b.longitude - a.longitude) / 360 * worldSize
        let by = (WebMercator.normalizedY(latitude: b.latitude) - centerNormalizedY) * worldSize
        guard ax.isFinite, ay.isFinite, bx.isFinite, by.isFinite else { return nil }
        // depth(t) = d0 + t·(d1 − d0); above(t) = (y·depth − horizonY·depth) at t.
        let d0 = h20 * ax + h21 * ay + h22, d1 = h20 * bx + h21 * by + h22
        let y0 = h10 * ax + h11 * ay + h12, y1 = h10 * bx + h11 * by + h12
        let n0 = y0 - horizonY * d0, n1 = y1 - horizonY * d1
        // A hair inside both limits, so the ends project to finite points below the cut.
        let epsilon = 1e-9 * cameraToCenterDistance
        var lo = 0.0, hi = 1.0
        for (v0, v1) in [(d0 - epsilon, d1 - epsilon), (n0 - epsilon, n1 - epsilon)] {
            // Keep t where v0 + t·(v1 − v0) > 0.
            if v0 <= 0 && v1 <= 0 { return nil }
            if v0 > 0 && v1 > 0 { continue }
            let t = v0 / (v0 - v1)
            if v0 <= 0 { lo = max(lo, t) } else { hi = min(hi, t) }
        }
        guard lo <= hi else { return nil }
        func point(_ t: Double) -> ScreenPoint {
            let x = ax + (bx - ax) * t, y = ay + (by - ay) * t
            let depth = h20 * x + h21 * y + h22
            return ScreenPoint(x: (h00 * x + h01 * y + h02) / depth, y: (h10 * x + h11 * y + h12) / depth)
        }
        return VisibleSegment(start: point(lo), end: point(hi), t0: lo, t1: hi)
    }
}
