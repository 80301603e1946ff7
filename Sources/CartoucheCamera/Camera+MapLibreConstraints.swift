import CartoucheGeometry
import Foundation

extension Camera {
    /// The camera a MapLibre GL JS 5.3 map really shows after
    /// `jumpTo(self)` in a viewport of this size, with the map's default
    /// constraints (`minZoom` 0, `renderWorldCopies` true, no `maxBounds`).
    ///
    /// ``Projection`` draws exactly the camera it is given; call this first
    /// when the output must match what a MapLibre client displays. MapLibre's
    /// `getConstrained`:
    /// - clamps the zoom to 0...`maxZoom`;
    /// - raises the zoom until the world square is at least as tall as the
    ///   viewport, and then centres it vertically (latitude 0);
    /// - otherwise moves the centre north or south just enough that the world
    ///   square covers the viewport's full height, measured from the viewport
    ///   centre (padding and pitch are ignored, as MapLibre does);
    /// - wraps the longitude into (-180, 180] when it moves the centre.
    /// Bearing, pitch and padding are unchanged. Nothing is validated.
    ///
    /// With ``MapProjection/globe`` and a zoom (clamped to `maxZoom`) below
    /// ``GlobeTransition/mercatorZoom``, MapLibre constrains with its sphere
    /// transform instead, which only:
    /// - clamps the centre latitude to ±85.051129 and wraps the longitude into (-180, 180];
    /// - clamps the zoom to `minZoom + log2(cos(latitude))`...`maxZoom`: the
    ///   globe is never raised to fill the viewport, and zoom 0 stays 0.
    /// MapLibre picks the constraint from the projection state of its last
    /// rendered frame; this is the steady state, once a frame at the new
    /// zoom has rendered (the camera a second identical `jumpTo` gives).
    public func constrainedLikeMapLibre(
        in viewport: ScreenSize, maxZoom: Double = 22, projection: MapProjection
    ) -> Camera {
        guard projection.drawsGlobe(atZoom: min(zoom, maxZoom)) else {
            return constrainedLikeMapLibre(in: viewport, maxZoom: maxZoom)
        }
        var result = self
        let latitude = min(max(center.latitude, -mapLibreMaxLatitude), mapLibreMaxLatitude)
        result.center = Coordinate(latitude: latitude, longitude: WebMercator.wrapLongitude(center.longitude))
        result.zoom = min(max(zoom, log2(cos(latitude * Double.pi / 180))), maxZoom)
        return result
    }

    /// See ``constrainedLikeMapLibre(in:maxZoom:projection:)``; Web Mercator.
    public func constrainedLikeMapLibre(in viewport: ScreenSize, maxZoom: Double = 22) -> Camera {
        var result = self
        result.zoom = min(max(zoom, 0), maxZoom)
        let worldSize = WebMercator.worldSize(zoom: result.zoom)
        // MapLibre bounds latitudes with its rounded MAX_VALID_LATITUDE, a hair
        // beyond the true edge of the square; using it keeps us on its numbers.
        let top = mapLibreY(latitude: mapLibreMaxLatitude) * worldSize
        let bottom = mapLibreY(latitude: -mapLibreMaxLatitude) * worldSize
        let latitude = min(max(center.latitude, -mapLibreMaxLatitude), mapLibreMaxLatitude)
        let y = mapLibreY(latitude: latitude) * worldSize
        let halfHeight = viewport.height / 2
        let newY: Double
        if bottom - top < viewport.height {
            result.zoom += log2(viewport.height / (bottom - top))
            newY = (bottom + top) / 2
        } else if y - halfHeight < top {
            newY = top + halfHeight
        } else if y + halfHeight > bottom {
            newY = bottom - halfHeight
        } else {
            return result
        }
        result.center = Coordinate(
            latitude: WebMercator.latitude(normalizedY: newY / worldSize),
            longitude: WebMercator.wrapLongitude(center.longitude))
        return result
    }
}

/// MapLibre's `MAX_VALID_LATITUDE`, a hair beyond ``WebMercator/maxLatitude``:
/// the bound of its constraints and of its fitting's world points.
let mapLibreMaxLatitude = 85.051129

/// Mercator y in [0, 1] without our clamp (MapLibre's `mercatorYfromLat`).
func mapLibreY(latitude: Double) -> Double {
    (180 - (180 / Double.pi) * log(tan(Double.pi / 4 + latitude * Double.pi / 360))) / 360
}
