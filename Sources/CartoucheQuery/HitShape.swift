import CartoucheGeometry

/// What a tap can hit, in screen points, as the renderer draws it. The
/// binding layer turns annotations (with their style values, the camera's
/// pitch scaling and `*-translate`) into these.
public enum HitShape: Hashable, Sendable {
    /// A disc: circle annotations (radius + stroke width already summed).
    case circle(center: ScreenPoint, radius: Double)
    /// Axis-aligned boxes: a symbol's icon and text boxes, a view annotation's
    /// frame or collision boxes. A hit on any box hits the shape.
    case boxes([ScreenRect])
    /// A stroked polyline: hit when closer than `halfWidth` to the centre line.
    case polyline([ScreenPoint], halfWidth: Double)
    /// A filled polygon (outer ring first, then holes; even–odd), optionally
    /// grown by `outline` points around its edges.
    case polygon([[ScreenPoint]], outline: Double)

    /// The bounding box of everything that can be hit.
    public var bounds: ScreenRect {
        switch self {
        case .circle(let c, let r):
            return ScreenRect(minX: c.x - r, minY: c.y - r, maxX: c.x + r, maxY: c.y + r)
        case .boxes(let boxes):
            return boxes.dropFirst().reduce(boxes.first ?? ScreenRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
        case .polyline(let pts, let w):
            return boundsOf(pts).insetBy(-max(0, w))
        case .polygon(let rings, let outline):
            return boundsOf(rings.first ?? []).insetBy(-max(0, outline))
        }
    }

    /// Distance from `p` to the hit area: 0 inside it, else how far outside.
    ///
    /// - Complexity: O(1) for circles, O(vertices) otherwise.
    public func distance(from p: ScreenPoint) -> Double {
        switch self {
        case .circle(let c, let r):
            return max(0, ((p.x - c.x) * (p.x - c.x) + (p.y - c.y) * (p.y - c.y)).squareRoot() - r)
        case .boxes(let boxes):
            var best = Double.infinity
            for b in boxes {
                let dx = max(b.minX - p.x, 0, p.x - b.maxX), dy = max(b.minY - p.y, 0, p.y - b.maxY)
                best = min(best, (dx * dx + dy * dy).squareRoot())
            }
            return best
        case .polyline(let pts, let w):
            return max(0, polylineDistance(p, pts) - w)
        case .polygon(let rings, let outline):
            let (inside, edge) = evenOdd(p, rings)
            return inside ? 0 : max(0, edge - outline)
        }
    }

    /// Whether the hit area meets `rect` (a box query).
    public func intersects(_ rect: ScreenRect) -> Bool {
        switch self {
        case .boxes(let boxes):
            return boxes.contains { $0.minX <= rect.maxX && rect.minX <= $0.maxX && $0.minY <= rect.maxY && rect.minY <= $0.maxY }
        default:
            return distanceToRect(rect) == 0
        }
    }

    private func distanceToRect(_ r: ScreenRect) -> Double {
        let corners = [ScreenPoint(x: r.minX, y: r.minY), ScreenPoint(x: r.maxX, y: r.minY),
                       ScreenPoint(x: r.maxX, y: r.maxY), ScreenPoint(x: r.minX, y: r.maxY)]
        switch self {
        case .circle(let c, let radius):
            let dx = max(r.minX - c.x, 0, c.x - r.maxX), dy = max(r.minY - c.y, 0, c.y - r.maxY)
            return max(0, (dx * dx + dy * dy).squareRoot() - radius)
        case .boxes:
            return intersects(r) ? 0 : 1
        case .polyline(let pts, let w):
            return max(0, polylineRectDistance(pts, r) - w)
        case .polygon(let rings, let outline):
            if corners.contains(where: { evenOdd($0, rings).inside }) { return 0 }
            var best = Double.infinity
            for ring in rings { best = min(best, polylineRectDistance(ring + ring.prefix(1), r)) }
            return max(0, best - outline)
        }
    }
}

extension ScreenRect {
    /// The smallest rect containing both.
    public func union(_ o: ScreenRect) -> ScreenRect {
        ScreenRect(minX: Swift.min(minX, o.minX), minY: Swift.min(minY, o.minY),
                   maxX: Swift.max(maxX, o.maxX), maxY: Swift.max(maxY, o.maxY))
    }
}

func boundsOf(_ pts: [ScreenPoint]) -> ScreenRect {
    guard let f = pts.first else { return ScreenRect(x: 0, y: 0, width: 0, height: 0) }
    var r = ScreenRect(minX: f.x, minY: f.y, maxX: f.x, maxY: f.y)
    for p in pts.dropFirst() {
        r.minX = min(r.minX, p.x); r.minY = min(r.minY, p.y)
        r.maxX = max(r.maxX, p.x); r.maxY = max(r.maxY, p.y)
    }
    return r
}

@inline(__always) func segmentDistanceSquared(_ p: ScreenPoint, _ a: ScreenPoint, _ b: ScreenPoint) -> Double {
    Segment.squaredDistance(from: p, a, b)
}

func polylineDistance(_ p: ScreenPoint, _ pts: [ScreenPoint]) -> Double {
    guard let first = pts.first else { return .infinity }
    if pts.count == 1 { return ((p.x - first.x) * (p.x - first.x) + (p.y - first.y) * (p.y - first.y)).squareRoot() }
    var best = Double.infinity
    for k in 1..<pts.count { best = min(best, segmentDistanceSquared(p, pts[k - 1], pts[k])) }
    return best.squareRoot()
}

/// Even–odd containment over all rings, and the distance to the nearest edge.
func evenOdd(_ p: ScreenPoint, _ rings: [[ScreenPoint]]) -> (inside: Bool, edge: Double) {
    var inside = false
    var best = Double.infinity
    for ring in rings where !ring.isEmpty {
        var j = ring.count - 1
        for i in ring.indices {
            let a = ring[i], b = ring[j]
            if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            best = min(best, segmentDistanceSquared(p, a, b))
            j = i
        }
    }
    return (inside, best.squareRoot())
}

/// Distance between a polyline and a rect (0 when they meet).
func polylineRectDistance(_ pts: [ScreenPoint], _ r: ScreenRect) -> Double {
    guard let first = pts.first else { return .infinity }
    if pts.count == 1 { return Segment.distance(first, first, to: r) }
    var best = Double.infinity
    for k in 1..<pts.count { best = min(best, Segment.distance(pts[k - 1], pts[k], to: r)) }
    return best
}
