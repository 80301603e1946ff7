import CartoucheGeometry
import CartouchePlacement

/// What a view annotation is attached to (Mapbox's `annotatedFeature`).
public enum AnnotatedFeature: Hashable, Sendable {
    /// A geometry given directly: Point, LineString, Polygon, Multi*, or a collection.
    case geometry(Geometry)
    /// A feature of a compiled annotation manager's layer; `featureId` nil
    /// means any feature of the layer.
    case layerFeature(layerId: String, featureId: String?)
}

/// A callout placed by the solver: the user-facing model, geographic, with
/// Mapbox's option names and defaults.
public struct ViewAnnotation: Hashable, Sendable {
    public var id: String
    public var annotatedFeature: AnnotatedFeature
    /// The view's size in points (measured from content by the text module
    /// when the scene gives content instead of a size).
    public var size: ScreenSize
    /// Anchor options in preference order; Mapbox's default is `[center]`.
    public var variableAnchors: [AnchorConfig]
    public var allowOverlap: Bool
    public var allowOverlapWithPuck: Bool
    public var ignoreCameraPadding: Bool
    public var visible: Bool
    public var priority: Int
    /// Deprecated in Mapbox (use `priority`); placed before unselected ones.
    public var selected: Bool
    public var minZoom: Double
    public var maxZoom: Double
    /// Sub-rects of the view (origin at its top-left) that collide instead of the whole frame.
    public var collisionBoxes: [ScreenRect]?
    /// Whether the scene's avoid regions and avoid layers apply to this one.
    public var enableAvoidRegions: Bool
    /// Whether symbols of layer annotations are obstacles.
    public var enableSymbolLayerCollision: Bool
    /// For line-bound callouts: the `line-trim-offset` range of line progress
    /// that is not drawn (e.g. the stretch already driven).
    public var lineTrim: ClosedRange<Double>?

    public init(
        id: String,
        annotatedFeature: AnnotatedFeature,
        size: ScreenSize,
        variableAnchors: [AnchorConfig] = [AnchorConfig(.center)],
        allowOverlap: Bool = false,
        allowOverlapWithPuck: Bool = false,
        ignoreCameraPadding: Bool = false,
        visible: Bool = true,
        priority: Int = 0,
        selected: Bool = false,
        minZoom: Double = 0,
        maxZoom: Double = 22,
        collisionBoxes: [ScreenRect]? = nil,
        enableAvoidRegions: Bool = true,
        enableSymbolLayerCollision: Bool = false,
        lineTrim: ClosedRange<Double>? = nil
    ) {
        self.id = id
        self.annotatedFeature = annotatedFeature
        self.size = size
        self.variableAnchors = variableAnchors
        self.allowOverlap = allowOverlap
        self.allowOverlapWithPuck = allowOverlapWithPuck
        self.ignoreCameraPadding = ignoreCameraPadding
        self.visible = visible
        self.priority = priority
        self.selected = selected
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.collisionBoxes = collisionBoxes
        self.enableAvoidRegions = enableAvoidRegions
        self.enableSymbolLayerCollision = enableSymbolLayerCollision
        self.lineTrim = lineTrim
    }
}

/// The location puck: where the user is, drawn as a marker of `size` turned
/// to `bearing`. Callouts keep off its whole extent unless `allowOverlapWithPuck`.
public struct Puck: Hashable, Sendable {
    public var coordinate: Coordinate
    /// Heading in degrees clockwise from north.
    public var bearing: Double
    public var size: ScreenSize

    public init(coordinate: Coordinate, bearing: Double = 0, size: ScreenSize = ScreenSize(width: 48, height: 48)) {
        self.coordinate = coordinate
        self.bearing = bearing
        self.size = size
    }
}

/// A line callouts keep off (an avoid layer's line, or a line drawn above a route).
public struct AvoidLine: Hashable, Sendable {
    public var id: String
    public var coordinates: [Coordinate]
    /// Drawn width in points.
    public var width: Double

    public init(id: String, coordinates: [Coordinate], width: Double) {
        self.id = id
        self.coordinates = coordinates
        self.width = width
    }
}
