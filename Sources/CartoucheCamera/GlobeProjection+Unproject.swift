import CartoucheGeometry
import Foundation

extension GlobeProjection {
    /// The coordinate on the globe drawn at `point`, or nil when the ray
    /// through that pixel misses the sphere (sky around the globe).
    ///
    /// MapLibre's `unprojectScreenPoint`: the ray from the camera through
    /// the pixel, first intersection with the unit sphere. Where the ray
    /// misses, this answers nil (a tap there is on nothing); MapLibre answers
    /// the nearest point of the horizon circle, and where the line through
    /// the pixel meets the sphere only behind the camera (high pitch, sky
    /// pixels), its `isPointOnMapSurface` says true and `unproject` answers
    /// that point behind the camera. ``unprojectLikeMapLibre(_:)`` gives
    /// those answers. Longitudes are in [-180, 180].
    ///
    /// - Complexity: O(1).
    public func unproject(_ point: ScreenPoint) -> Coordinate? {
        guard let d = rayDirection(point) else { return nil }
        // |c + t·d|² = 1, the nearer root.
        let b = cameraX * d.x + cameraY * d.y + cameraZ * d.z
        let c = cameraX * cameraX + cameraY * cameraY + cameraZ * cameraZ - 1
        let discriminant = b * b - c
        guard discriminant >= 0 else { return nil }
        let t = -b - discriminant.squareRoot()
        guard t > 0 else { return nil }
        let x = cameraX + t * d.x, y = cameraY + t * d.y, z = cameraZ + t * d.z
        let latitude = asin(min(max(y, -1), 1)) * 180 / Double.pi
        let longitude = (x * x + z * z).squareRoot() > 1e-12 ? atan2(x, z) * 180 / Double.pi : 0
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// MapLibre GL JS 5.3's `unprojectScreenPoint` on the globe, with its
    /// answers where ``unproject(_:)`` has none: where the line through the
    /// pixel meets the sphere, its nearer meeting point (even behind the
    /// camera); where it misses, the ray is carried to the horizon plane
    /// (or, when it runs away from that plane, the point two radii along it
    /// is moved onto the plane as MapLibre moves it, by its plane scaled by
    /// ¼) and that point is pushed onto the sphere along its radius — a
    /// point of the horizon seen from the camera. Nil only for a non-finite point.
    ///
    /// - Complexity: O(1).
    public func unprojectLikeMapLibre(_ point: ScreenPoint) -> Coordinate? {
        guard let d = rayDirection(point) else { return nil }
        // MapLibre's `rayPlanetIntersection`: the line's point nearest the centre decides.
        let b = cameraX * d.x + cameraY * d.y + cameraZ * d.z
        let ox = cameraX - d.x * b, oy = cameraY - d.y * b, oz = cameraZ - d.z * b
        let s = 1 - (ox * ox + oy * oy + oz * oz)
        var p: (x: Double, y: Double, z: Double)
        if s >= 0 {
            let n = cameraX * cameraX + cameraY * cameraY + cameraZ * cameraZ - 1
            let l = -b + (b < 0 ? 1 : -1) * s.squareRoot()
            let t = min(n / l, l)
            p = (cameraX + d.x * t, cameraY + d.y * t, cameraZ + d.z * t)
        } else {
            let toPlane = planeA * d.x + planeB * d.y + planeC * d.z
            let t = -(planeA * cameraX + planeB * cameraY + planeC * cameraZ + planeD) / toPlane
            if t > 0 {
                p = (cameraX + d.x * t, cameraY + d.y * t, cameraZ + d.z * t)
            } else {
                let e = (x: cameraX + 2 * d.x, y: cameraY + 2 * d.y, z: cameraZ + 2 * d.z)
                let v = planeA * e.x + planeB * e.y + planeC * e.z + planeD
                p = (e.x - planeA * v, e.y - planeB * v, e.z - planeC * v)
            }
        }
        let length = (p.x * p.x + p.y * p.y + p.z * p.z).squareRoot()
        guard length > 0, length.isFinite else { return nil }
        p = (p.x / length, p.y / length, p.z / length)
        // MapLibre's surface vector → longitude and latitude.
        let latitude = asin(min(max(p.y, -1), 1)) * 180 / Double.pi
        let r = (p.x * p.x + p.z * p.z).squareRoot()
        guard r > 1e-6 else { return Coordinate(latitude: latitude, longitude: 0) }
        let angle = acos(min(max(p.z / r, -1), 1)) * 180 / Double.pi
        return Coordinate(latitude: latitude, longitude: p.x > 0 ? angle : -angle)
    }

    /// Where `coordinate` is drawn by the globe's matrix whether the globe
    /// hides it or not (MapLibre's `projectTileCoordinates`, which its
    /// circle query uses without looking at `isOccluded`), with its depth
    /// (w); nil only where w is 0.
    ///
    /// - Complexity: O(1).
    public func projectThroughGlobe(_ coordinate: Coordinate) -> (point: ScreenPoint, depth: Double)? {
        let p = Self.surfacePoint(coordinate)
        let w = w0 * p.x + w1 * p.y + w2 * p.z + w3
        guard w != 0, w.isFinite else { return nil }
        let point = ScreenPoint(x: ((x0 * p.x + x1 * p.y + x2 * p.z + x3) / w * 0.5 + 0.5) * (2 * halfWidth),
                                y: (-0.5 * ((y0 * p.x + y1 * p.y + y2 * p.z + y3) / w) + 0.5) * (2 * halfHeight))
        return (point, w)
    }

    /// The unit direction, in the globe's frame, of the ray from the camera
    /// through a screen point; nil for a non-finite point.
    private func rayDirection(_ point: ScreenPoint) -> (x: Double, y: Double, z: Double)? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        let ndcX = point.x / (2 * halfWidth) * 2 - 1, ndcY = -(point.y / (2 * halfHeight) * 2 - 1)
        // The pixel's direction in eye space (looking down −z), then in the globe's frame.
        let ex = (ndcX + principalX) / focalX, ey = (ndcY + principalY) / focalY, ez = -1.0
        let dx = r00 * ex + r01 * ey + r02 * ez
        let dy = r10 * ex + r11 * ey + r12 * ez
        let dz = r20 * ex + r21 * ey + r22 * ez
        let length = (dx * dx + dy * dy + dz * dz).squareRoot()
        return (dx / length, dy / length, dz / length)
    }
}
