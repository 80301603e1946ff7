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
    /// that point behind the camera. Longitudes are in [-180, 180].
    ///
    /// - Complexity: O(1).
    public func unproject(_ point: ScreenPoint) -> Coordinate? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        let ndcX = point.x / (2 * halfWidth) * 2 - 1, ndcY = -(point.y / (2 * halfHeight) * 2 - 1)
        // The pixel's direction in eye space (looking down −z), then in the globe's frame.
        let ex = (ndcX + principalX) / focalX, ey = (ndcY + principalY) / focalY, ez = -1.0
        var dx = r00 * ex + r01 * ey + r02 * ez
        var dy = r10 * ex + r11 * ey + r12 * ez
        var dz = r20 * ex + r21 * ey + r22 * ez
        let length = (dx * dx + dy * dy + dz * dz).squareRoot()
        dx /= length; dy /= length; dz /= length
        // |c + t·d|² = 1, the nearer root.
        let b = cameraX * dx + cameraY * dy + cameraZ * dz
        let c = cameraX * cameraX + cameraY * cameraY + cameraZ * cameraZ - 1
        let discriminant = b * b - c
        guard discriminant >= 0 else { return nil }
        let t = -b - discriminant.squareRoot()
        guard t > 0 else { return nil }
        let x = cameraX + t * dx, y = cameraY + t * dy, z = cameraZ + t * dz
        let latitude = asin(min(max(y, -1), 1)) * 180 / Double.pi
        let longitude = (x * x + z * z).squareRoot() > 1e-12 ? atan2(x, z) * 180 / Double.pi : 0
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
