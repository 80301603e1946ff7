import CartoucheGeometry
import CartouchePlacement
import CartoucheText

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
/// `ViewAnnotationOptions` value, the same the solver's `PlacementItem`
/// carries, read and written as the callout's own members
/// (`callout.priority`, `callout.variableAnchors`).
public struct ViewAnnotation: Hashable, Sendable, CarriesViewAnnotationOptions {
    public var id: String
    public var annotatedFeature: AnnotatedFeature
    /// How big the view is: a size given in points, or content (text runs,
    /// an icon, padding) that the text module measures with the fonts. A
    /// ``PreparedScene`` measures content before placing; the solver sees
    /// given sizes only.
    public var sizing: ViewAnnotationSizing
    /// How it may be placed: anchors, overlap rules, priority, zoom range.
    public var options: ViewAnnotationOptions
    /// For line-bound callouts: the `line-trim-offset` range of line progress
    /// that is not drawn (e.g. the stretch already driven).
    public var lineTrim: ClosedRange<Double>?

    public init(
        id: String, annotatedFeature: AnnotatedFeature, sizing: ViewAnnotationSizing,
        options: ViewAnnotationOptions = ViewAnnotationOptions(), lineTrim: ClosedRange<Double>? = nil
    ) {
        self.id = id
        self.annotatedFeature = annotatedFeature
        self.sizing = sizing
        self.options = options
        self.lineTrim = lineTrim
    }

    /// A view of a given size in points.
    public init(
        id: String, annotatedFeature: AnnotatedFeature, size: ScreenSize,
        options: ViewAnnotationOptions = ViewAnnotationOptions(), lineTrim: ClosedRange<Double>? = nil
    ) {
        self.init(id: id, annotatedFeature: annotatedFeature, sizing: .explicit(size), options: options, lineTrim: lineTrim)
    }

    /// The size in points when it is given (or was measured); nil for
    /// content not measured yet.
    public var size: ScreenSize? {
        switch sizing {
        case .explicit(let size): size
        case .measured(_, let layout): layout.size
        case .content: nil
        }
    }

    /// The content of a view sized by its content, measured or not.
    public var content: CalloutContent? {
        switch sizing {
        case .content(let content), .measured(let content, _): content
        case .explicit: nil
        }
    }

    /// The measured layout of a view sized by its content, once measured
    /// (``PreparedScene`` measures before placing).
    public var layout: CalloutLayout? {
        if case .measured(_, let layout) = sizing { layout } else { nil }
    }

    /// The size the solver places: callouts reach it validated
    /// (``ViewAnnotationPlacer`` refuses content that was not measured).
    var placedSize: ScreenSize { size ?? ScreenSize(width: 0, height: 0) }
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
