import Foundation

/// MapLibre GL JS 5.3's drag on the globe (`computeGlobePanCenter` and
/// `getZoomAdjustment` in its `globe_utils`), written from its source as the
/// oracle for the playground's globe pan: the pointer's step turned by the
/// bearing; degrees per pixel 360·cos(lat)/worldSize; the longitude sped up by
/// 1/cos(lat) (the latitude capped at 60° when zoomed out: fully below zoom 3
/// at the equator, blended in up to zoom 7); the latitude clamped to Web
/// Mercator's; the zoom changed by log2(cos(new lat)/cos(lat)) so the globe
/// keeps its size, clamped to the scene format's 0…25.5.
public enum MapLibreGlobePan {
    public struct Camera: Hashable, Sendable {
        public var longitude, latitude, zoom, bearing: Double
        public init(longitude: Double, latitude: Double, zoom: Double, bearing: Double = 0) {
            self.longitude = longitude
            self.latitude = latitude
            self.zoom = zoom
            self.bearing = bearing
        }
    }

    /// `camera` after a pointer step of (`dx`, `dy`) screen points.
    public static func step(_ camera: Camera, dx: Double, dy: Double) -> Camera {
        let radians = Double.pi / 180, lat = camera.latitude, b = camera.bearing * radians
        let x = dx * cos(b) + dy * sin(b), y = -dx * sin(b) + dy * cos(b)
        let equatorZoom = camera.zoom + log2(1 / cos(lat * radians))
        let blend = min(max((equatorZoom - 7) / (3 - 7), 0), 1)
        let lngSpeed = (1 - blend) / cos(lat * radians) + blend / cos(min(abs(lat), 60) * radians)
        let degreesPerPixel = 360 * cos(lat * radians) / (512 * pow(2, camera.zoom))
        let maxLatitude = 85.051128779806604
        let newLat = min(max(lat + y * degreesPerPixel, -maxLatitude), maxLatitude)
        var longitude = camera.longitude - x * degreesPerPixel * lngSpeed
        longitude = longitude > -180 && longitude <= 180 ? longitude : {
            let shifted = (longitude + 180).truncatingRemainder(dividingBy: 360)
            let wrapped = (shifted < 0 ? shifted + 360 : shifted) - 180
            return wrapped == -180 ? 180 : wrapped
        }()
        let zoom = min(max(camera.zoom + log2(cos(newLat * radians) / cos(lat * radians)), 0), 25.5)
        return Camera(longitude: longitude, latitude: newLat, zoom: zoom, bearing: camera.bearing)
    }
}
