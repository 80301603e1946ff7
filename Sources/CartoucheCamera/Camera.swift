import CartoucheGeometry

/// Where the map is looked at from: the same five numbers as a Mapbox
/// `CameraOptions` or a MapLibre `jumpTo`.
///
/// Construction never fails and never validates (hot paths build cameras in
/// loops); call ``validate(for:)`` or build a ``Projection``, which validates
/// once, before trusting user input.
public struct Camera: Hashable, Sendable {
    /// Allowed zoom levels (MapLibre's default `maxZoom` is 22; Mapbox goes to 25.5).
    public static let zoomRange: ClosedRange<Double> = 0...25.5
    /// Allowed pitch in degrees (MapLibre's hard upper limit is 85).
    public static let pitchRange: ClosedRange<Double> = 0...85

    /// The coordinate drawn at the centre of the padded viewport.
    public var center: Coordinate
    /// Zoom level: the world is `512 · 2^zoom` points wide.
    public var zoom: Double
    /// Degrees clockwise from north that the map is rotated by (the direction
    /// the top of the screen faces), always in (-180, 180].
    public var bearing: Double {
        get { _bearing }
        set { _bearing = wrapDegrees(newValue) }
    }
    /// Tilt away from straight down, in degrees; 0 looks straight down.
    public var pitch: Double
    /// Insets that move the centre point and the perspective's principal point.
    public var padding: EdgeInsets

    private var _bearing: Double

    /// Bearing is normalised into (-180, 180] (so 270 becomes -90); nothing is validated.
    public init(
        center: Coordinate, zoom: Double, bearing: Double = 0, pitch: Double = 0,
        padding: EdgeInsets = .zero
    ) {
        self.center = center
        self.zoom = zoom
        self._bearing = wrapDegrees(bearing)
        self.pitch = pitch
        self.padding = padding
    }

    /// Checks every field and the viewport; throws the first problem found.
    ///
    /// - center latitude finite and within -90...90 (it is then clamped to
    ///   ±``WebMercator/maxLatitude`` for drawing), longitude finite (any value, it wraps);
    /// - zoom within ``zoomRange``, pitch within ``pitchRange``, bearing finite;
    /// - viewport width and height finite and > 0;
    /// - padding insets finite, ≥ 0 and not adding up to more than the viewport.
    public func validate(for viewport: ScreenSize) throws(CameraError) {
        try Camera.validate(viewport: viewport)
        try checkRange(center.latitude, -90...90, field: "camera.center.latitude")
        guard center.longitude.isFinite else {
            throw .nonFinite(field: "camera.center.longitude", value: center.longitude)
        }
        try checkRange(zoom, Camera.zoomRange, field: "camera.zoom")
        guard bearing.isFinite else { throw .nonFinite(field: "camera.bearing", value: bearing) }
        try checkRange(pitch, Camera.pitchRange, field: "camera.pitch")
        try padding.validate(in: viewport, field: "camera.padding")
    }

    /// Checks a viewport size is finite and positive.
    public static func validate(viewport: ScreenSize) throws(CameraError) {
        for (name, value) in [("viewport.width", viewport.width), ("viewport.height", viewport.height)] {
            guard value.isFinite else { throw .nonFinite(field: name, value: value) }
            guard value > 0 else { throw .nonPositiveViewport(field: name, value: value) }
        }
    }
}

extension Camera: CustomStringConvertible {
    public var description: String {
        let p = padding
        return "Camera(center: \(center), zoom: \(zoom), bearing: \(bearing), pitch: \(pitch), "
            + "padding: top \(p.top) left \(p.left) bottom \(p.bottom) right \(p.right))"
    }
}
