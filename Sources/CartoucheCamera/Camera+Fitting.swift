import CartoucheGeometry
import Foundation

extension Camera {
    /// MapLibre's default `maxZoom`, used when fitting without an explicit limit.
    public static let defaultFittingMaxZoom: Double = 22

    /// The camera that shows every coordinate inside the viewport minus
    /// `padding`, as large as possible: Mapbox's `camera(for:padding:bearing:pitch:)`,
    /// computed the way MapLibre GL JS 5.3's `cameraForBounds` /
    /// `cameraForBoxAndBearing` does. The fitting rules are described on the `CoordinateBounds` overload.
    public static func fitting(
        _ coordinates: [Coordinate], viewport: ScreenSize, padding: EdgeInsets = .zero,
        bearing: Double = 0, pitch: Double = 0, maxZoom: Double = defaultFittingMaxZoom,
        projection: MapProjection = .mercator
    ) throws(CameraError) -> Camera {
        let bounds = try CoordinateBounds.enclosing(coordinates)
        return try fitting(bounds, viewport: viewport, padding: padding, bearing: bearing, pitch: pitch,
                           maxZoom: maxZoom, projection: projection)
    }

    /// The camera that shows `bounds` inside the viewport minus `padding`.
    ///
    /// Mirrors MapLibre's `cameraForBoxAndBearing`:
    /// - the four corners are rotated by `-bearing`; their bounding box must
    ///   fit the padded rect, which sets the zoom (capped at `maxZoom`, and
    ///   raised to 0 when even zoom 0 is too large — then the box overflows);
    /// - **pitch is ignored when choosing the zoom** (MapLibre does the same):
    ///   with pitch > 0 the far edge shrinks and the near edge grows, so the box
    ///   may leave the padded rect. The pitch is only copied into the result;
    /// - the padding is baked into the centre (shifted so the box's centre lands
    ///   at the padded rect's centre) and the returned camera has zero padding,
    ///   as `fitBounds` leaves the map's own padding alone.
    /// A single point (zero-size box) gets `maxZoom`.
    ///
    /// With ``MapProjection/globe`` the camera is MapLibre GL JS 5.3's
    /// `cameraForBounds` on a map showing the globe when that fit is drawn on
    /// the sphere (below ``GlobeTransition/mercatorZoom``), else the Mercator
    /// fit above (a map at that zoom is Mercator). MapLibre's globe fit keeps
    /// the Mercator fit's centre and bearing and corrects the zoom: it shrinks
    /// the sphere camera at that centre (pitch 0) until the box's corners and
    /// edge midpoints, moved along straight lines from the centre, stay inside
    /// the padded rect. Its zoom is clamped into 0...`maxZoom`; a single point
    /// gets `maxZoom`.
    ///
    /// - Throws: ``CameraError`` naming `viewport`, `padding`, `bearing`,
    ///   `pitch`, `maxZoom` or `bounds` when invalid.
    public static func fitting(
        _ bounds: CoordinateBounds, viewport: ScreenSize, padding: EdgeInsets = .zero,
        bearing: Double = 0, pitch: Double = 0, maxZoom: Double = defaultFittingMaxZoom,
        projection: MapProjection = .mercator
    ) throws(CameraError) -> Camera {
        try Camera.validate(viewport: viewport)
        try padding.validate(in: viewport, field: "padding")
        try bounds.validate()
        guard bearing.isFinite else { throw .nonFinite(field: "bearing", value: bearing) }
        try checkRange(pitch, pitchRange, field: "pitch")
        try checkRange(maxZoom, zoomRange, field: "maxZoom")

        if projection == .globe {
            let globe = globeFitting(bounds, viewport: viewport, padding: padding, bearing: bearing, maxZoom: maxZoom)
            if globe.zoom < GlobeTransition.mercatorZoom {
                return Camera(center: globe.center, zoom: globe.zoom, bearing: bearing, pitch: pitch, padding: .zero)
            }
        }
        let fit = mercatorFitting(bounds, viewport: viewport, padding: padding, bearing: bearing,
                                  zoomRange: zoomRange.lowerBound...maxZoom)
        return Camera(center: fit.center, zoom: fit.zoom, bearing: bearing, pitch: pitch, padding: .zero)
    }

    /// MapLibre's Mercator `cameraForBoxAndBearing` on validated input: the
    /// centre (longitude wrapped) and the zoom, the box's fitting zoom clamped
    /// into `zoomRange`. The centre's padding shift is taken at that clamped zoom.
    static func mercatorFitting(
        _ bounds: CoordinateBounds, viewport: ScreenSize, padding: EdgeInsets, bearing: Double,
        zoomRange: ClosedRange<Double>
    ) -> (center: Coordinate, zoom: Double) {
        // Work in zoom-0 world points (scale 1); the zoom comes out as a log2 scale.
        // Latitudes are clamped to MapLibre's ±85.051129°, as its fitting does.
        let size = WebMercator.tileSize
        func world(_ latitude: Double, _ longitude: Double) -> (x: Double, y: Double) {
            let y = mapLibreY(latitude: min(max(latitude, -mapLibreMaxLatitude), mapLibreMaxLatitude))
            return (WebMercator.normalizedX(longitude: longitude) * size, y * size)
        }
        let northWest = world(bounds.north, bounds.west), northEast = world(bounds.north, bounds.east)
        let southEast = world(bounds.south, bounds.east), southWest = world(bounds.south, bounds.west)

        // Reduced first: bearing × π overflows for the largest finite bearings.
        let turn = bearing.truncatingRemainder(dividingBy: 360)
        let angle = -turn * Double.pi / 180
        let cosine = cos(angle), sine = sin(angle)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for corner in [northWest, northEast, southEast, southWest] {
            let x = cosine * corner.x - sine * corner.y
            let y = sine * corner.x + cosine * corner.y
            minX = min(minX, x); maxX = max(maxX, x)
            minY = min(minY, y); maxY = max(maxY, y)
        }
        let availableWidth = viewport.width - padding.left - padding.right
        let availableHeight = viewport.height - padding.top - padding.bottom
        // A zero-width box fits at any scale along that axis.
        let scaleX = maxX - minX > 0 ? availableWidth / (maxX - minX) : Double.infinity
        let scaleY = maxY - minY > 0 ? availableHeight / (maxY - minY) : Double.infinity
        let zoom = min(max(log2(min(scaleX, scaleY)), zoomRange.lowerBound), zoomRange.upperBound)

        // Shift the centre so the box centre is drawn at the padded rect's
        // centre: the screen offset of that centre, rotated into the world and
        // converted to zoom-0 world points.
        let offsetX = (padding.left - padding.right) / 2, offsetY = (padding.top - padding.bottom) / 2
        let back = turn * Double.pi / 180
        let toWorld = 1 / exp2(zoom)
        let shiftX = (cos(back) * offsetX - sin(back) * offsetY) * toWorld
        let shiftY = (sin(back) * offsetX + cos(back) * offsetY) * toWorld
        let centerX = (northWest.x + southEast.x) / 2 - shiftX
        let centerY = (northWest.y + southEast.y) / 2 - shiftY
        let center = Coordinate(
            latitude: WebMercator.latitude(normalizedY: centerY / size),
            longitude: WebMercator.wrapLongitude(WebMercator.longitude(normalizedX: centerX / size)))
        return (center, zoom)
    }
}
