import CartoucheGeometry

/// Squared distance between a point and the segment a–b.
@inlinable
func squaredDistance(_ p: ScreenPoint, _ a: ScreenPoint, _ b: ScreenPoint) -> Double {
    let abx = b.x - a.x, aby = b.y - a.y
    let len2 = abx * abx + aby * aby
    var t = len2 > 0 ? ((p.x - a.x) * abx + (p.y - a.y) * aby) / len2 : 0
    t = min(1, max(0, t))
    let dx = a.x + t * abx - p.x, dy = a.y + t * aby - p.y
    return dx * dx + dy * dy
}

/// Whether segments p1–p2 and q1–q2 cross or touch.
@inlinable
func segmentsIntersect(_ p1: ScreenPoint, _ p2: ScreenPoint, _ q1: ScreenPoint, _ q2: ScreenPoint) -> Bool {
    func cross(_ o: ScreenPoint, _ a: ScreenPoint, _ b: ScreenPoint) -> Double {
        (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
    }
    let d1 = cross(q1, q2, p1), d2 = cross(q1, q2, p2)
    let d3 = cross(p1, p2, q1), d4 = cross(p1, p2, q2)
    if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) {
        return true
    }
    func onSegment(_ a: ScreenPoint, _ b: ScreenPoint, _ p: ScreenPoint) -> Bool {
        min(a.x, b.x) <= p.x && p.x <= max(a.x, b.x) && min(a.y, b.y) <= p.y && p.y <= max(a.y, b.y)
    }
    return (d1 == 0 && onSegment(q1, q2, p1)) || (d2 == 0 && onSegment(q1, q2, p2))
        || (d3 == 0 && onSegment(p1, p2, q1)) || (d4 == 0 && onSegment(p1, p2, q2))
}

/// Distance between segment a–b and a rect (0 when they touch or overlap).
///
/// - Complexity: O(1).
func distance(segment a: ScreenPoint, _ b: ScreenPoint, to r: ScreenRect) -> Double {
    if r.contains(a) || r.contains(b) { return 0 }
    let corners = [
        ScreenPoint(x: r.minX, y: r.minY), ScreenPoint(x: r.maxX, y: r.minY),
        ScreenPoint(x: r.maxX, y: r.maxY), ScreenPoint(x: r.minX, y: r.maxY),
    ]
    for i in 0..<4 where segmentsIntersect(a, b, corners[i], corners[(i + 1) % 4]) { return 0 }
    var best = Double.infinity
    // Closest approach is at an endpoint of one of the segments involved.
    for c in corners { best = min(best, squaredDistance(c, a, b)) }
    for p in [a, b] {
        let dx = max(r.minX - p.x, 0, p.x - r.maxX)
        let dy = max(r.minY - p.y, 0, p.y - r.maxY)
        best = min(best, dx * dx + dy * dy)
    }
    return best.squareRoot()
}
