import CartoucheGeometry
import Foundation

/// The globe's outline and polygon rings on screen, for drawing and for tap
/// footprints. Rings are subdivided as MapLibre draws them (see
/// `forEachSubdividedVertex(_:gridCells:_:)`); lines use
/// ``GlobeProjection/visibleRuns(of:gridCells:)``.
extension GlobeProjection {
    /// Screen points of the globe's silhouette (the horizon circle seen from
    /// the camera), `samples` of them in order around it, the first not
    /// repeated (nil: enough for the chords to stay within a quarter point
    /// of the circle); `inset` (radians, ≥ 0) pulls the circle that far towards
    /// the camera so every point is safely on the near side. Points behind
    /// the camera (possible when the camera is close and pitched) are left
    /// out, and so are those nearer than `nearDepth`,
    /// whose screen positions run off to infinity.
    public func limb(samples: Int? = nil, inset: Double = 0) -> [ScreenPoint] {
        let count = max(3, samples ?? min(1024, max(32, Int((2 * Double.pi / (2 / radius).squareRoot()).rounded(.up)))))
        let n = Self.normalize((planeA, planeB, planeC))
        // Any unit vector perpendicular to n, then a second one.
        let seed = abs(n.y) < 0.9 ? (x: 0.0, y: 1.0, z: 0.0) : (x: 1.0, y: 0.0, z: 0.0)
        let u = Self.normalize(Self.cross(n, seed)), v = Self.cross(n, u)
        // The horizon circle: cos(angle) = 1 / cameraDistance from the camera's sub-point.
        let angle = max(0, acos(min(1, 1 / cameraDistance)) - max(0, inset))
        let along = cos(angle), across = sin(angle)
        return (0..<count).compactMap { k in
            let t = Double(k) / Double(count) * 2 * Double.pi
            let p = (x: along * n.x + across * (cos(t) * u.x + sin(t) * v.x),
                     y: along * n.y + across * (cos(t) * u.y + sin(t) * v.y),
                     z: along * n.z + across * (cos(t) * u.z + sin(t) * v.z))
            return screenPoint(ofSurface: p, minimumDepth: nearDepth)
        }
    }

    /// The coordinate farthest from the camera (the middle of the far side).
    public var farPoint: Coordinate {
        let n = Self.normalize((planeA, planeB, planeC))
        return Coordinate(latitude: -asin(min(1, max(-1, n.y))) * 180 / Double.pi,
                          longitude: WebMercator.wrapLongitude(atan2(n.x, n.z) * 180 / Double.pi + 180))
    }

    /// A ring pressed onto the visible side: each hidden stretch replaced by
    /// its shadow on the silhouette (a hidden point moves along the great
    /// circle through the camera's sub-point until it reaches the horizon).
    /// Filled even–odd together with ``limb(samples:inset:)`` when the ring's
    /// polygon holds ``farPoint``, this is exactly the part of the polygon
    /// the camera sees, its cut edges running along the globe's outline.
    /// The ring is subdivided on a `gridCells` grid as MapLibre fills it
    /// (``fillGridCells(zoom:)``). Points behind the camera are left out.
    public func pressedRing(_ coordinates: [Coordinate], gridCells: Double) -> [ScreenPoint] {
        let n = Self.normalize((planeA, planeB, planeC))
        let angle = acos(min(1, 1 / cameraDistance))
        var ring: [ScreenPoint] = []
        forEachSubdividedVertex(coordinates, gridCells: gridCells) { _, point in
            var p = (x: point.x, y: point.y, z: point.z)
            if horizonValue(point) < 0 {
                let dot = p.x * n.x + p.y * n.y + p.z * n.z
                let side = Self.normalize((p.x - dot * n.x, p.y - dot * n.y, p.z - dot * n.z))
                p = (cos(angle) * n.x + sin(angle) * side.x, cos(angle) * n.y + sin(angle) * side.y,
                     cos(angle) * n.z + sin(angle) * side.z)
            }
            if let s = screenPoint(ofSurface: p, minimumDepth: nearDepth) { ring.append(s) }
        }
        return ring
    }

    /// The nearest depth drawn here: a hundredth of the camera's height above
    /// the globe, in points (nearer points run off to infinity on screen).
    var nearDepth: Double { 0.01 * (cameraDistance - 1) * radius }

    /// The screen point of a unit-sphere point with no occlusion test, nil
    /// when its depth is below `minimumDepth` points.
    func screenPoint(ofSurface p: (x: Double, y: Double, z: Double), minimumDepth: Double) -> ScreenPoint? {
        let point = SIMD3(p.x, p.y, p.z)
        return depth(point) > minimumDepth ? screenPoint(point) : nil
    }

    private static func normalize(_ v: (x: Double, y: Double, z: Double)) -> (x: Double, y: Double, z: Double) {
        let l = (v.x * v.x + v.y * v.y + v.z * v.z).squareRoot()
        return l > 0 ? (v.x / l, v.y / l, v.z / l) : (0, 0, 1)
    }

    private static func cross(_ a: (x: Double, y: Double, z: Double), _ b: (x: Double, y: Double, z: Double))
        -> (x: Double, y: Double, z: Double) {
        (a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }
}
