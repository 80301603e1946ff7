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
/// Mapbox's option names and defaults. Its placement options are one
/// ``ViewAnnotationOptions`` value, the same the solver's `PlacementItem`
/// carries, read and written as the callout's own members
/// (`callout.priority`, `callout.variableAnchors`).
@dynamicMemberLookup
public struct ViewAnnotation: Hashable, Sendable {
    public var id: String
    public var annotatedFeature: AnnotatedFeature
    /// The view's size in points (measured from content by the text module
    /// when the scene gives content instead of a size).
    public var size: ScreenSize
    /// How it may be placed: anchors, overlap rules, priority, zoom range.
    public var options: ViewAnnotationOptions
    /// For line-bound callouts: the `line-trim-offset` range of line progress
    /// that is not drawn (e.g. the stretch already driven).
    public var lineTrim: ClosedRange<Double>?

    public init(
        id: String, annotatedFeature: AnnotatedFeature, size: ScreenSize, options: ViewAnnotationOptions = ViewAnnotationOptions(),
        lineTrim: ClosedRange<Double>? = nil
    ) {
        self.id = id
        self.annotatedFeature = annotatedFeature
        self.size = size
        self.options = options
        self.lineTrim = lineTrim
    }

    /// The options' members, read and written as the callout's own.
    @inlinable
    public subscript<Value>(dynamicMember member: WritableKeyPath<ViewAnnotationOptions, Value>) -> Value {
        get { options[keyPath: member] }
        set { options[keyPath: member] = newValue }
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
