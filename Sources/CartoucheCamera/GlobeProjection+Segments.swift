import CartoucheGeometry
import Foundation

/// Lines, rings and the globe's outline on screen, for drawing and for tap
/// footprints: what ``GlobeProjection/project(_:)`` does for one point,
/// done for the edges between points.
///
/// Renderers draw a GeoJSON edge as a straight segment in Web Mercator (the
/// tile geometry), which on the sphere is a curve; it is followed here by
/// sampling it finely enough that the chord between two samples is within
/// a quarter point of the curve on screen. Samples are *visible* when they
/// are on the near side of the horizon (``GlobeProjection/isOccluded(_:)``)
/// and in front of the camera.
extension GlobeProjection {
    /// Screen points of the globe's silhouette (the horizon circle seen from
    /// the camera), `samples` of them in order around it, the first not
    /// repeated (nil: enough for the chords to stay within a quarter point
    /// of the circle); `inset` (radians, ≥ 0) pulls the circle that far towards
    /// the camera so every point is safely on the near side. Points behind
    /// the camera (possible when the camera is close and pitched) are left
    /// out, and so are those nearer than ``nearDepth``,
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

    /// The visible pieces of a line drawn through `coordinates` (each edge
    /// straight in Web Mercator, longitudes taken as given, so an edge may
    /// cross the antimeridian by going past ±180), cut where they pass
    /// behind the globe or the camera. Each run has at least two points.
    ///
    /// - Complexity: O(samples), about one per quarter-point of curvature error.
    public func visibleRuns(_ coordinates: [Coordinate]) -> [[ScreenPoint]] {
        var runs: [[ScreenPoint]] = [], current: [ScreenPoint] = []
        func close() { if current.count >= 2 { runs.append(current) }; current = [] }
        forEachSample(coordinates) { c, previous in
            let visible = screenPoint(ofVisible: c)
            if let previous, (visible == nil) != (screenPoint(ofVisible: previous) == nil),
               let edge = crossing(previous, c) {
                // Entering or leaving: end or begin exactly at the cut.
                current.append(edge)
                if visible == nil { close() }
            }
            if let visible { current.append(visible) }
        }
        close()
        return runs
    }

    /// A ring pressed onto the visible side: each hidden stretch replaced by
    /// its shadow on the silhouette (a hidden point moves along the great
    /// circle through the camera's sub-point until it reaches the horizon).
    /// Filled even–odd together with ``limb(samples:inset:)`` when the ring's
    /// polygon holds ``farPoint``, this is exactly the part of the polygon
    /// the camera sees, its cut edges running along the globe's outline.
    /// Points behind the camera are left out.
    public func pressedRing(_ coordinates: [Coordinate]) -> [ScreenPoint] {
        let n = Self.normalize((planeA, planeB, planeC))
        let angle = acos(min(1, 1 / cameraDistance))
        var ring: [ScreenPoint] = []
        forEachSample(coordinates) { c, _ in
            var p = Self.surfacePoint(c)
            if isOccluded(c) {
                let dot = p.x * n.x + p.y * n.y + p.z * n.z
                let side = Self.normalize((p.x - dot * n.x, p.y - dot * n.y, p.z - dot * n.z))
                p = (cos(angle) * n.x + sin(angle) * side.x, cos(angle) * n.y + sin(angle) * side.y,
                     cos(angle) * n.z + sin(angle) * side.z)
            }
            if let s = screenPoint(ofSurface: p, minimumDepth: nearDepth) { ring.append(s) }
        }
        return ring
    }

    /// Calls `body` with every sample along the Mercator-straight edges,
    /// vertices included, and the sample before it (nil for the first).
    func forEachSample(_ coordinates: [Coordinate], _ body: (Coordinate, Coordinate?) -> Void) {
        guard let first = coordinates.first else { return }
        body(first, nil)
        // Angle subtended by a quarter point of sagitta: R(1 − cos(θ/2)) = ¼.
        let step = max(1e-7, min(0.05, (2 / radius).squareRoot()))
        var previous = first
        for b in coordinates.dropFirst() {
            let a = previous
            let ya = WebMercator.normalizedY(latitude: a.latitude), yb = WebMercator.normalizedY(latitude: b.latitude)
            // Mercator length in radians of the equator: never shorter than the arc.
            let length = ((b.longitude - a.longitude) * Double.pi / 180).magnitude + (2 * Double.pi * (yb - ya)).magnitude
            let count = min(4096, max(1, Int((length / step).rounded(.up))))
            var last = a
            for k in 1...count {
                let t = Double(k) / Double(count)
                let c = k == count ? b : Coordinate(
                    latitude: WebMercator.latitude(normalizedY: ya + (yb - ya) * t),
                    longitude: a.longitude + (b.longitude - a.longitude) * t)
                body(c, last)
                last = c
            }
            previous = b
        }
    }

    /// The screen point of `c` when it is visible (near side, in front of
    /// the camera by ``nearDepth``), else nil.
    func screenPoint(ofVisible c: Coordinate) -> ScreenPoint? {
        guard !isOccluded(c) else { return nil }
        return screenPoint(ofSurface: Self.surfacePoint(c), minimumDepth: nearDepth)
    }

    /// Where the edge from `a` to `b` (one visible, one not) meets the
    /// horizon or the near limit, found by bisection along the great circle
    /// between them (they are a sample apart, so it is the Mercator edge).
    private func crossing(_ a: Coordinate, _ b: Coordinate) -> ScreenPoint? {
        let aVisible = screenPoint(ofVisible: a) != nil
        var lo = 0.0, hi = 1.0, best: ScreenPoint? = nil
        let pa = Self.surfacePoint(a), pb = Self.surfacePoint(b)
        for _ in 0..<40 {
            let t = (lo + hi) / 2
            let p = Self.normalize((pa.x + (pb.x - pa.x) * t, pa.y + (pb.y - pa.y) * t, pa.z + (pb.z - pa.z) * t))
            let c = Coordinate(latitude: asin(min(1, max(-1, p.y))) * 180 / Double.pi, longitude: atan2(p.x, p.z) * 180 / Double.pi)
            if let s = screenPoint(ofVisible: c) {
                best = s
                if aVisible { lo = t } else { hi = t }
            } else if aVisible { hi = t } else { lo = t }
        }
        return best
    }

    /// The nearest depth drawn here: a hundredth of the camera's height above
    /// the globe, in points (nearer points run off to infinity on screen).
    var nearDepth: Double { 0.01 * (cameraDistance - 1) * radius }

    /// The screen point of a unit-sphere point with no occlusion test, nil
    /// when its depth is below `minimumDepth` points.
    func screenPoint(ofSurface p: (x: Double, y: Double, z: Double), minimumDepth: Double) -> ScreenPoint? {
        let w = w0 * p.x + w1 * p.y + w2 * p.z + w3
        guard w > minimumDepth else { return nil }
        return ScreenPoint(x: ((x0 * p.x + x1 * p.y + x2 * p.z + x3) / w * 0.5 + 0.5) * (2 * halfWidth),
                           y: (-0.5 * ((y0 * p.x + y1 * p.y + y2 * p.z + y3) / w) + 0.5) * (2 * halfHeight))
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
