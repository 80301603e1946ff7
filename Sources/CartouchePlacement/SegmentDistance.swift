import CartoucheGeometry

/// Squared distance between a point and the segment a–b.
@inline(__always)
func squaredDistance(_ p: ScreenPoint, _ a: ScreenPoint, _ b: ScreenPoint) -> Double {
    Segment.squaredDistance(from: p, a, b)
}

/// Distance between segment a–b and a rect (0 when they touch or overlap).
@inline(__always)
func distance(segment a: ScreenPoint, _ b: ScreenPoint, to r: ScreenRect) -> Double {
    Segment.distance(a, b, to: r)
}
