/// Exact geometry of straight screen segments, shared by the placement and
/// query cores (line obstacles, line anchoring, hit shapes).
public enum Segment {
    /// Squared distance from `p` to the segment a–b (a degenerate segment is a point).
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func squaredDistance(from p: ScreenPoint, _ a: ScreenPoint, _ b: ScreenPoint) -> Double {
        let vx = b.x - a.x, vy = b.y - a.y
        let l = vx * vx + vy * vy
        let t = l > 0 ? min(1, max(0, ((p.x - a.x) * vx + (p.y - a.y) * vy) / l)) : 0
        let dx = a.x + t * vx - p.x, dy = a.y + t * vy - p.y
        return dx * dx + dy * dy
    }

    /// Liang–Barsky: the part `[lo, hi]` of the parameter range `[t0, t1]` of
    /// segment a–b that lies in the closed rect `r`, or nil when none does.
    ///
    /// - Complexity: O(1).
    public static func clip(_ a: ScreenPoint, _ b: ScreenPoint, to r: ScreenRect,
                            from t0: Double = 0, to t1: Double = 1) -> (lo: Double, hi: Double)? {
        var lo = t0, hi = t1
        let dx = b.x - a.x, dy = b.y - a.y
        for (p, q) in [(-dx, a.x - r.minX), (dx, r.maxX - a.x), (-dy, a.y - r.minY), (dy, r.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let t = q / p
                if p < 0 { lo = max(lo, t) } else { hi = min(hi, t) }
                if lo > hi { return nil }
            }
        }
        return (lo, hi)
    }

    /// Distance between segment a–b and the closed rect `r`: 0 when they
    /// meet, else the closest approach (always at an endpoint of the segment
    /// or a corner of the rect).
    ///
    /// - Complexity: O(1).
    public static func distance(_ a: ScreenPoint, _ b: ScreenPoint, to r: ScreenRect) -> Double {
        if clip(a, b, to: r) != nil { return 0 }
        var best = Double.infinity
        for c in [ScreenPoint(x: r.minX, y: r.minY), ScreenPoint(x: r.maxX, y: r.minY),
                  ScreenPoint(x: r.maxX, y: r.maxY), ScreenPoint(x: r.minX, y: r.maxY)] {
            best = min(best, squaredDistance(from: c, a, b))
        }
        for p in [a, b] {
            let dx = max(r.minX - p.x, 0, p.x - r.maxX), dy = max(r.minY - p.y, 0, p.y - r.maxY)
            best = min(best, dx * dx + dy * dy)
        }
        return best.squareRoot()
    }
}
