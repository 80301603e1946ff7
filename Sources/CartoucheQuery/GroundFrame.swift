import CartoucheCamera
import CartoucheGeometry
import Foundation

/// The ground plane of a camera in world points at the camera zoom, relative
/// to the camera centre (x east, y south): where MapLibre tests lines and
/// fills against a tap, and where `*-translate` and `line-offset` apply.
struct GroundFrame: Sendable {
    let projection: Projection

    /// The visible ground's bounding box in world points (the grid's region).
    /// On the globe, the whole world square around the centre: every part of
    /// it can be on the near side at low zoom.
    func region() -> ScreenRect {
        if projection.globe != nil {
            let w = projection.worldSize, y = WebMercator.normalizedY(latitude: projection.camera.center.latitude) * w
            return ScreenRect(minX: -w / 2, minY: -y, maxX: w / 2, maxY: w - y)
        }
        let pts = projection.visibleGroundPolygon.compactMap { p in
            projection.unproject(p, wrappingLongitude: false).map { groundPoint($0) }
        }
        guard let first = pts.first else { return ScreenRect(x: -1, y: -1, width: 2, height: 2) }
        var r = ScreenRect(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
        for p in pts { r = ScreenRect(minX: min(r.minX, p.x), minY: min(r.minY, p.y), maxX: max(r.maxX, p.x), maxY: max(r.maxY, p.y)) }
        return r
    }

    /// World points at the camera zoom, relative to the camera centre.
    func groundPoint(_ c: Coordinate) -> ScreenPoint {
        let w = projection.worldSize
        return ScreenPoint(
            x: (c.longitude - projection.camera.center.longitude) / 360 * w,
            y: (WebMercator.normalizedY(latitude: c.latitude) - WebMercator.normalizedY(latitude: projection.camera.center.latitude)) * w)
    }

    /// A line or ring on the ground: the first vertex's world copy nearest the
    /// camera, the rest by their raw longitude differences (as renderers draw
    /// GeoJSON), moved by the layer's translate.
    func groundPoints(_ cs: [Coordinate], _ tx: Double, _ ty: Double) -> [ScreenPoint] {
        guard let first = cs.first else { return [] }
        let shift = 360 * ((first.longitude - projection.camera.center.longitude) / 360).rounded()
        return cs.map { c in
            let p = groundPoint(Coordinate(latitude: c.latitude, longitude: c.longitude - shift))
            return ScreenPoint(x: p.x + tx, y: p.y + ty)
        }
    }

    /// The ground point under a screen point: MapLibre's
    /// `screenPointToMercatorCoordinate`. On the globe the ray through the
    /// pixel meets the sphere (nil where it misses: a tap in the sky is on
    /// no ground; MapLibre answers a point of the horizon there), and the
    /// longitude is taken in the world copy nearest the centre, as
    /// ``groundPoints(_:_:_:)`` places lines and rings.
    func groundPoint(underScreen p: ScreenPoint) -> ScreenPoint? {
        guard let globe = projection.globe else {
            return projection.unproject(p, wrappingLongitude: false).map { groundPoint($0) }
        }
        return globe.unproject(p).map { groundPoint(nearestCopyOf: $0) }
    }

    /// The ground point of `c` in the world copy nearest the centre.
    func groundPoint(nearestCopyOf c: Coordinate) -> ScreenPoint {
        let center = projection.camera.center.longitude
        return groundPoint(Coordinate(latitude: c.latitude, longitude: c.longitude - 360 * ((c.longitude - center) / 360).rounded()))
    }

    /// The ground polygon under a screen rect (`corners` clockwise from the
    /// top-left), empty when there is none. Under Mercator, its four corners
    /// unprojected (nothing when one is above the horizon). On the globe, the
    /// rect's part over the sphere is the intersection of two convex shapes
    /// (the rect and the globe's disc), so it is the convex hull of the rect's
    /// edge points over the sphere and the outline's points inside the rect;
    /// its edges are followed in small steps onto the ground.
    func footprint(of rect: ScreenRect, corners: [ScreenPoint]) -> [ScreenPoint] {
        guard let globe = projection.globe else {
            let ground = corners.compactMap { groundPoint(underScreen: $0) }
            return ground.count == 4 ? ground : []
        }
        func along(_ a: ScreenPoint, _ b: ScreenPoint, _ steps: Int) -> [ScreenPoint] {
            (0..<steps).map { i in
                let t = Double(i) / Double(steps)
                return ScreenPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
            }
        }
        var points = corners.indices.flatMap { along(corners[$0], corners[($0 + 1) % corners.count], 16) }
            .filter { globe.unproject($0) != nil }
        // The outline pulled a micro-radian inwards, so its points unproject.
        points += globe.limb(samples: 256, inset: 1e-6).filter { rect.contains($0) }
        let hull = convexHull(points)
        guard hull.count >= 3 else { return [] }
        return hull.indices.flatMap { along(hull[$0], hull[($0 + 1) % hull.count], 8) }.compactMap { groundPoint(underScreen: $0) }
    }

    /// World points per screen point around ground point `g`: the
    /// perspective factor under Mercator; on the globe the square root of the
    /// inverse area scale of the sphere's projection there (Mercator's
    /// stretch, the sphere's foreshortening and the perspective together).
    /// Only converts a tap radius; a radius of 0 does not depend on it.
    func worldPointsPerScreenPoint(at g: ScreenPoint) -> Double {
        let perspective = depth(ofGround: g) / projection.cameraToCenterDistance
        guard projection.globe != nil else { return perspective }
        guard let p = screenPoint(ofGround: g),
              let px = screenPoint(ofGround: ScreenPoint(x: g.x + 1, y: g.y)),
              let py = screenPoint(ofGround: ScreenPoint(x: g.x, y: g.y + 1)) else { return perspective }
        let area = abs((px.x - p.x) * (py.y - p.y) - (px.y - p.y) * (py.x - p.x))
        return area > 0 && area.isFinite ? 1 / area.squareRoot() : perspective
    }

    func coordinate(ofGround g: ScreenPoint) -> Coordinate {
        let w = projection.worldSize
        let y = WebMercator.normalizedY(latitude: projection.camera.center.latitude) + g.y / w
        return Coordinate(latitude: WebMercator.latitude(normalizedY: y), longitude: projection.camera.center.longitude + g.x / w * 360)
    }

    func screenPoint(ofGround g: ScreenPoint) -> ScreenPoint? { projection.project(coordinate(ofGround: g)) }

    /// The perspective depth (w) of a ground point; the camera distance at the centre.
    func depth(ofGround g: ScreenPoint) -> Double {
        let d = projection.projectDetailed(coordinate(ofGround: g)).depth
        return d > 0 ? d : projection.cameraToCenterDistance
    }

    /// MapLibre's `offsetLine`: each vertex moves along the bisector of its
    /// segments' normals, scaled so parallel edges stay `offset` away.
    func offsetLine(_ ring: [ScreenPoint], _ offset: Double) -> [ScreenPoint] {
        guard offset != 0, ring.count >= 2 else { return ring }
        func unitPerp(_ a: ScreenPoint, _ b: ScreenPoint) -> ScreenPoint {
            let dx = b.x - a.x, dy = b.y - a.y, l = (dx * dx + dy * dy).squareRoot()
            return l > 0 ? ScreenPoint(x: -dy / l, y: dx / l) : .zero
        }
        return ring.indices.map { i in
            let aToB = i == 0 ? ScreenPoint.zero : unitPerp(ring[i - 1], ring[i])
            let bToC = i == ring.count - 1 ? ScreenPoint.zero : unitPerp(ring[i], ring[i + 1])
            var ex = aToB.x + bToC.x, ey = aToB.y + bToC.y
            let l = (ex * ex + ey * ey).squareRoot()
            if l > 0 { ex /= l; ey /= l }
            let cosHalf = ex * bToC.x + ey * bToC.y
            if cosHalf != 0 { ex /= cosHalf; ey /= cosHalf }
            return ScreenPoint(x: ring[i].x + ex * offset, y: ring[i].y + ey * offset)
        }
    }
}

/// Andrew's monotone chain: the convex hull's corners, counterclockwise on
/// a y-up plane, collinear points dropped.
func convexHull(_ points: [ScreenPoint]) -> [ScreenPoint] {
    let sorted = points.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
    guard sorted.count >= 3 else { return sorted }
    func cross(_ o: ScreenPoint, _ a: ScreenPoint, _ b: ScreenPoint) -> Double {
        (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
    }
    func chain(_ ps: [ScreenPoint]) -> [ScreenPoint] {
        var out: [ScreenPoint] = []
        for p in ps {
            while out.count >= 2, cross(out[out.count - 2], out[out.count - 1], p) <= 0 { out.removeLast() }
            out.append(p)
        }
        return out
    }
    return Array(chain(sorted).dropLast()) + Array(chain(sorted.reversed()).dropLast())
}
