import CartoucheGeometry

extension HitShape {
    /// Whether the hit area meets a polygon (e.g. a screen rect's footprint
    /// on the ground, a quadrilateral under pitch and bearing). Exact: no
    /// sampling.
    ///
    /// - Complexity: O(v·q) for v shape vertices and q polygon vertices.
    public func intersects(polygon q: [ScreenPoint]) -> Bool {
        guard q.count >= 3 else { return false }
        switch self {
        case .circle(let c, let r):
            return distanceToPolygon(c, q) <= r
        case .boxes(let boxes):
            return boxes.contains { b in
                let ring = [ScreenPoint(x: b.minX, y: b.minY), ScreenPoint(x: b.maxX, y: b.minY),
                            ScreenPoint(x: b.maxX, y: b.maxY), ScreenPoint(x: b.minX, y: b.maxY)]
                return polygonsMeet([ring], q, reach: 0)
            }
        case .polyline(let pts, let w):
            if pts.contains(where: { evenOdd($0, [q]).inside }) { return true }
            for k in pts.indices.dropFirst() {
                for e in q.indices where segmentDistance(pts[k - 1], pts[k], q[e], q[(e + 1) % q.count]) <= max(0, w) {
                    return true
                }
            }
            return pts.count == 1 && distanceToPolygon(pts[0], q) <= max(0, w)
        case .polygon(let rings, let outline):
            return polygonsMeet(rings, q, reach: max(0, outline))
        }
    }
}

/// Distance from a point to a polygon's area (0 inside).
func distanceToPolygon(_ p: ScreenPoint, _ q: [ScreenPoint]) -> Double {
    let (inside, edge) = evenOdd(p, [q])
    return inside ? 0 : edge
}

/// Whether an even–odd polygon (rings, grown by `reach`) meets polygon `q`.
func polygonsMeet(_ rings: [[ScreenPoint]], _ q: [ScreenPoint], reach: Double) -> Bool {
    // q inside the shape (a q vertex in the filled area), or the shape's outer
    // vertices inside q, or edges within reach of each other.
    if q.contains(where: { evenOdd($0, rings).inside }) { return true }
    if let outer = rings.first, outer.contains(where: { evenOdd($0, [q]).inside }) { return true }
    for ring in rings where ring.count >= 2 {
        for k in ring.indices {
            let a = ring[k], b = ring[(k + 1) % ring.count]
            for e in q.indices where segmentDistance(a, b, q[e], q[(e + 1) % q.count]) <= reach {
                return true
            }
        }
    }
    return false
}

/// Distance between segments a–b and c–d (0 when they cross or touch).
func segmentDistance(_ a: ScreenPoint, _ b: ScreenPoint, _ c: ScreenPoint, _ d: ScreenPoint) -> Double {
    func cross(_ o: ScreenPoint, _ p: ScreenPoint, _ q: ScreenPoint) -> Double {
        (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x)
    }
    let d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d)
    if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return 0 }
    let best = min(segmentDistanceSquared(a, c, d), segmentDistanceSquared(b, c, d),
                   segmentDistanceSquared(c, a, b), segmentDistanceSquared(d, a, b))
    return best.squareRoot()
}
