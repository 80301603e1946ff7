import CartoucheGeometry
import Foundation

/// A visible run of a line drawn on the globe: consecutive screen points of
/// the near side, with where each lies along the line.
public struct GlobeRun: Hashable, Sendable {
    /// Why a run starts or stops where it does.
    public enum Cut: Hashable, Sendable {
        /// At the line's own first or last vertex.
        case end
        /// Where the line goes behind the globe (on the horizon plane).
        case horizon
        /// Where the line passes behind the camera.
        case camera
    }

    /// The run on screen (at least one point).
    public var points: [ScreenPoint]
    /// Each point's position along the line: `k + t` on the segment from
    /// vertex `k` to vertex `k + 1`, `t` in [0, 1] of the Mercator-straight segment.
    public var positions: [Double]
    public var start: Cut
    public var end: Cut
    /// The unit-sphere points where the run starts and ends (inside the
    /// sphere for a chord's cut, on it at a vertex), for joining runs along
    /// the horizon.
    var startPoint, endPoint: SIMD3<Double>
}

extension GlobeProjection {
    /// The grid, in cells across the world, at whose lines MapLibre GL JS 5.3
    /// subdivides a line layer's geometry on the globe at camera `zoom`.
    ///
    /// Its `granularitySettingsGlobe.line` is `SubdivisionGranularityExpression(512, 0)`:
    /// 512 cells across a zoom-0 tile, halved per tile zoom, and no subdivision
    /// below 2 cells (from tile zoom 9) — where tile edges, 2^zoom across the
    /// world, cut lines instead. Either way the vertices lie on a grid of
    /// `max(512, 2^floor(zoom))` cells; chords between them are what is drawn.
    public static func lineGridCells(zoom: Double) -> Double {
        max(512, exp2(floor(min(max(zoom, 0), GlobeTransition.mercatorZoom))))
    }

    /// The same for fill outlines: `granularitySettingsGlobe.fill` is
    /// `SubdivisionGranularityExpression(128, 2)`, so `max(128, 2^(floor(zoom) + 1))`.
    public static func fillGridCells(zoom: Double) -> Double {
        max(128, exp2(floor(min(max(zoom, 0), GlobeTransition.mercatorZoom)) + 1))
    }

    /// The vertices MapLibre draws for the line `coordinates` on the globe:
    /// each segment taken straight in Mercator from its first vertex's
    /// longitude plus the raw difference (179° → -179° goes the long way
    /// round, as GL renderers draw GeoJSON), latitudes clamped to the
    /// Mercator square, split where it crosses a line of a `gridCells` grid.
    /// Calls `body(position, unit-sphere point)` in order; the position is
    /// `k + t` as in ``GlobeRun/positions``.
    ///
    /// - Complexity: O(n + c) for n vertices and c grid crossings.
    func forEachSubdividedVertex(
        _ coordinates: [Coordinate], gridCells: Double, _ body: (Double, SIMD3<Double>) -> Void
    ) {
        guard let first = coordinates.first else { return }
        var x0 = WebMercator.normalizedX(longitude: first.longitude)
        var y0 = WebMercator.normalizedY(latitude: first.latitude)
        func emit(_ position: Double, _ x: Double, _ y: Double) {
            let c = Coordinate(latitude: WebMercator.latitude(normalizedY: y), longitude: WebMercator.longitude(normalizedX: x))
            let p = Self.surfacePoint(c)
            body(position, SIMD3(p.x, p.y, p.z))
        }
        emit(0, x0, y0)
        var ts: [Double] = []
        for k in coordinates.indices.dropFirst() {
            let x1 = x0 + (coordinates[k].longitude - coordinates[k - 1].longitude) / 360
            let y1 = WebMercator.normalizedY(latitude: coordinates[k].latitude)
            ts.removeAll(keepingCapacity: true)
            for (a, b) in [(x0, x1), (y0, y1)] where a != b && a.isFinite && b.isFinite {
                // Grid lines strictly between the ends (the ends are vertices anyway).
                let lo = (min(a, b) * gridCells).rounded(.down) + 1, hi = (max(a, b) * gridCells).rounded(.up) - 1
                guard lo <= hi, hi - lo < 1_000_000 else { continue }
                var line = lo
                while line <= hi {
                    let t = (line / gridCells - a) / (b - a)
                    if t > 0 && t < 1 { ts.append(t) }
                    line += 1
                }
            }
            ts.sort()
            var last = 0.0
            for t in ts where t > last {
                emit(Double(k - 1) + t, x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
                last = t
            }
            emit(Double(k), x1, y1)
            x0 = x1
            y0 = y1
        }
    }

    /// True when every vertex of the line as drawn (see
    /// `forEachSubdividedVertex(_:gridCells:_:)`) is behind the globe, so
    /// no part of it is on the near side. An empty line is hidden.
    public func hidesLine(_ coordinates: [Coordinate], gridCells: Double) -> Bool {
        var hidden = true
        forEachSubdividedVertex(coordinates, gridCells: gridCells) { _, p in
            if hidden && horizonValue(p) >= 0 { hidden = false }
        }
        return hidden
    }

    /// The visible runs of the line `coordinates` as MapLibre draws it on the
    /// globe: the subdivided vertices joined by straight chords (a chord
    /// through the sphere projects to a straight screen segment), each chord
    /// cut exactly where it crosses the horizon plane (MapLibre's clipping
    /// plane: what lies beyond it is behind the globe) or passes behind the
    /// camera. A single vertex on the near side is a run of one point.
    ///
    /// - Complexity: O(n + c) for n vertices and c grid crossings.
    public func visibleRuns(of coordinates: [Coordinate], gridCells: Double) -> [GlobeRun] {
        var runs: [GlobeRun] = []
        var open: GlobeRun? = nil
        var previous: (position: Double, point: SIMD3<Double>)? = nil
        let nearest = 1e-9 * radius
        forEachSubdividedVertex(coordinates, gridCells: gridCells) { position, p in
            defer { previous = (position, p) }
            guard let last = previous else {
                if horizonValue(p) >= 0, depth(p) > nearest {
                    open = GlobeRun(points: [screenPoint(p)], positions: [position], start: .end, end: .end, startPoint: p, endPoint: p)
                }
                return
            }
            let position0 = last.position, p0 = last.point
            // Both limits are affine along the chord: keep s where each is non-negative.
            var lo = 0.0, hi = 1.0
            var startCut = GlobeRun.Cut.end, endCut = GlobeRun.Cut.end
            for (cut, v0, v1) in [(GlobeRun.Cut.horizon, horizonValue(p0), horizonValue(p)),
                                  (.camera, depth(p0) - nearest, depth(p) - nearest)] {
                if v0 < 0 && v1 < 0 { lo = 1; hi = 0; break }
                if v0 >= 0 && v1 >= 0 { continue }
                let s = v0 / (v0 - v1)
                if v0 < 0 { if s > lo { lo = s; startCut = cut } } else if s < hi { hi = s; endCut = cut }
            }
            guard lo <= hi else {
                if let run = open { runs.append(run); open = nil }
                return
            }
            let a = p0 + (p - p0) * lo, b = p0 + (p - p0) * hi
            if lo > 0 || open == nil {
                if let run = open { runs.append(run) }
                open = GlobeRun(points: [screenPoint(a)], positions: [position0 + (position - position0) * lo],
                                start: lo > 0 ? startCut : .end, end: .end, startPoint: a, endPoint: a)
            }
            open?.points.append(screenPoint(b))
            open?.positions.append(position0 + (position - position0) * hi)
            open?.endPoint = b
            if hi < 1 {
                open?.end = endCut
                if let run = open { runs.append(run) }
                open = nil
            }
        }
        if let run = open { runs.append(run) }
        return runs
    }

    /// The visible part of a polygon ring on screen: its visible runs (see
    /// ``visibleRuns(of:gridCells:)``), where it goes behind the globe and
    /// comes back joined along the horizon (the globe's outline), on the
    /// side the ring's interior lies: a ring whose interior is on its left
    /// in Mercator (east right, north up) keeps it on its left on screen,
    /// so the horizon is followed counter-clockwise as seen from the camera,
    /// else clockwise. Where it passes behind the camera the runs are joined
    /// straight (far off screen). Empty when no part of the ring is on the
    /// near side (a ring enclosing the whole visible hemisphere is not
    /// recognised: it gives nothing).
    ///
    /// - Complexity: O(n + c + h) for n vertices, c grid crossings and h
    ///   points along the horizon.
    public func visibleOutline(ofRing coordinates: [Coordinate], gridCells: Double) -> [ScreenPoint] {
        let runs = visibleRuns(of: coordinates, gridCells: gridCells)
        guard !runs.isEmpty else { return [] }
        var area = 0.0
        for k in coordinates.indices.dropFirst() {
            let a = coordinates[k - 1], b = coordinates[k]
            let ya = -WebMercator.normalizedY(latitude: a.latitude), yb = -WebMercator.normalizedY(latitude: b.latitude)
            area += (a.longitude / 360) * yb - (b.longitude / 360) * ya
        }
        var outline: [ScreenPoint] = []
        for (i, run) in runs.enumerated() {
            outline += run.points
            let next = runs[(i + 1) % runs.count]
            if run.end == .horizon && next.start == .horizon {
                outline += horizonArc(from: run.endPoint, to: next.startPoint, counterClockwise: area >= 0)
            }
        }
        return outline
    }

    /// Screen points along the horizon circle strictly between the
    /// directions of `a` and `b` (points on or inside the circle, on its
    /// plane), counter-clockwise as seen from the camera or clockwise;
    /// points behind the camera are left out.
    func horizonArc(from a: SIMD3<Double>, to b: SIMD3<Double>, counterClockwise: Bool) -> [ScreenPoint] {
        let n = SIMD3(planeA, planeB, planeC) * 4, inverseDistance = -planeD * 4
        let center = n * inverseDistance, rho = max(0, 1 - inverseDistance * inverseDistance).squareRoot()
        // A basis of the plane with u × v = n, so increasing angles turn
        // counter-clockwise as seen from the camera (which is on n's side).
        let helper = abs(n.x) < 0.9 ? SIMD3<Double>(1, 0, 0) : SIMD3<Double>(0, 1, 0)
        var u = helper - n * (helper * n).sum()
        u /= (u * u).sum().squareRoot()
        let v = SIMD3(n.y * u.z - n.z * u.y, n.z * u.x - n.x * u.z, n.x * u.y - n.y * u.x)
        func angle(_ p: SIMD3<Double>) -> Double { atan2(((p - center) * v).sum(), ((p - center) * u).sum()) }
        var sweep = angle(b) - angle(a)
        if counterClockwise { while sweep < 0 { sweep += 2 * .pi } } else { while sweep > 0 { sweep -= 2 * .pi } }
        // Steps short enough that the chords stay within a quarter point of the circle.
        let step = min(Double.pi / 90, (2 / max(radius * rho, 1)).squareRoot())
        let count = min(4096, Int((abs(sweep) / step).rounded(.up)))
        let start = angle(a)
        var out: [ScreenPoint] = []
        guard count > 1 else { return out }
        for k in 1..<count {
            let theta = start + sweep * Double(k) / Double(count)
            let p = center + (u * cos(theta) + v * sin(theta)) * rho
            if depth(p) > 1e-9 * radius { out.append(screenPoint(p)) }
        }
        return out
    }

    /// The horizon plane's value at a unit-sphere point: ≥ 0 on the near side.
    @inline(__always) func horizonValue(_ p: SIMD3<Double>) -> Double {
        planeA * p.x + planeB * p.y + planeC * p.z + planeD
    }

    /// The homogeneous depth (w) of a point in the unit-sphere frame.
    @inline(__always) func depth(_ p: SIMD3<Double>) -> Double {
        w0 * p.x + w1 * p.y + w2 * p.z + w3
    }

    /// The screen point of a point in the unit-sphere frame (in front of the camera).
    @inline(__always) func screenPoint(_ p: SIMD3<Double>) -> ScreenPoint {
        let w = depth(p)
        return ScreenPoint(x: ((x0 * p.x + x1 * p.y + x2 * p.z + x3) / w * 0.5 + 0.5) * (2 * halfWidth),
                           y: (-0.5 * ((y0 * p.x + y1 * p.y + y2 * p.z + y3) / w) + 0.5) * (2 * halfHeight))
    }
}
