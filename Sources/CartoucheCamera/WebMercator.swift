import CartoucheGeometry
import Foundation

/// Spherical Web Mercator (EPSG:3857) with 512-point tiles, as used by
/// Mapbox GL and MapLibre GL.
///
/// "World coordinates" here are points on the square world image of side
/// ``worldSize(zoom:)``: x grows east from the antimeridian, y grows south
/// from the top edge (latitude ``maxLatitude``).
public enum WebMercator {
    /// Side of one tile in screen points at an integer zoom.
    public static let tileSize: Double = 512

    /// Latitudes are clamped to ±this value, where the Mercator square ends.
    public static let maxLatitude: Double = 85.051128779806604

    /// Equatorial circumference of the WGS 84 ellipsoid used as the sphere, in metres.
    public static let earthCircumference: Double = 2 * Double.pi * 6_378_137

    /// The side of the world square in points: `512 · 2^zoom`.
    @inlinable
    public static func worldSize(zoom: Double) -> Double {
        tileSize * exp2(zoom)
    }

    /// x in [0, 1] for longitudes in [-180, 180] (linear, unbounded otherwise).
    @inlinable
    public static func normalizedX(longitude: Double) -> Double {
        (180 + longitude) / 360
    }

    /// y in [0, 1], 0 at the north edge; the latitude is clamped to ±``maxLatitude``.
    @inlinable
    public static func normalizedY(latitude: Double) -> Double {
        let lat = min(max(latitude, -maxLatitude), maxLatitude)
        // Same expression as MapLibre's mercatorYfromLat, so rounding matches.
        return (180 - (180 / Double.pi) * log(tan(Double.pi / 4 + lat * Double.pi / 360))) / 360
    }

    /// Inverse of ``normalizedX(longitude:)``.
    @inlinable
    public static func longitude(normalizedX x: Double) -> Double {
        x * 360 - 180
    }

    /// Inverse of ``normalizedY(latitude:)``.
    @inlinable
    public static func latitude(normalizedY y: Double) -> Double {
        let y2 = 180 - y * 360
        return 360 / Double.pi * atan(exp(y2 * Double.pi / 180)) - 90
    }

    /// Ground metres covered by one screen point at `latitude` (clamped to
    /// ±``maxLatitude``) and `zoom`, looking straight down:
    /// `earthCircumference · cos(latitude) / worldSize(zoom)`.
    @inlinable
    public static func metersPerPoint(atLatitude latitude: Double, zoom: Double) -> Double {
        let lat = min(max(latitude, -maxLatitude), maxLatitude)
        return earthCircumference * cos(lat * Double.pi / 180) / worldSize(zoom: zoom)
    }

    /// Wraps a longitude into (-180, 180], the way MapLibre's `wrap` does.
    @inlinable
    public static func wrapLongitude(_ longitude: Double) -> Double {
        wrapDegrees(longitude)
    }
}

/// Wraps an angle in degrees into (-180, 180]. Non-finite input is returned
/// unchanged (validation reports it).
@usableFromInline
func wrapDegrees(_ value: Double) -> Double {
    guard value.isFinite else { return value }
    if value > -180 && value <= 180 { return value }
    let wrapped = (value + 180).truncatingRemainder(dividingBy: 360)
    let shifted = (wrapped < 0 ? wrapped + 360 : wrapped) - 180
    return shifted == -180 ? 180 : shifted
}
