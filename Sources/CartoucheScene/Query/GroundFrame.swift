import CartoucheCamera
import CartoucheGeometry
import Foundation

/// The ground plane of a camera in world points at the camera zoom, relative
/// to the camera centre (x east, y south): where MapLibre tests lines and
/// fills against a tap, and where `*-translate` and `line-offset` apply.
struct GroundFrame: Sendable {
    let projection: Projection

    /// The visible ground's bounding box in world points (the grid's region).
    func region() -> ScreenRect {
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
