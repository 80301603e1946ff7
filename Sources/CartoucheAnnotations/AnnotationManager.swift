import CartoucheJSON
import CartoucheStyle

/// Binds an annotation type to its layer type and layer-only properties.
public protocol AnnotationKind: Sendable {
    associatedtype Annotation: LayerAnnotation
    associatedtype LayerProperties: AnnotationPropertySet
    static var layerType: StyleLayerType { get }
    /// What `["geometry-type"]` reads for this kind's features.
    static var geometryType: String { get }
    /// Layer-only values a new manager starts with.
    static var initialLayerProperties: LayerProperties { get }
    /// Wraps a manager of this kind for heterogeneous lists.
    static func erase(_ manager: AnnotationManager<Self>) -> AnyAnnotationManager
}

public enum PointAnnotationKind: AnnotationKind {
    public static let geometryType = "Point"
    public static func erase(_ manager: AnnotationManager<Self>) -> AnyAnnotationManager { .point(manager) }
    public typealias Annotation = PointAnnotation
    public static let layerType = StyleLayerType.symbol
    /// Like the Mapbox SDK, point managers start with icons and labels that
    /// neither hide nor are hidden by other symbols: `icon-allow-overlap`,
    /// `text-allow-overlap`, `icon-ignore-placement` and
    /// `text-ignore-placement` are all true. To get collision handling, set
    /// **both** the allow-overlap and the ignore-placement flags to false
    /// (setting only allow-overlap has no visible effect, a common surprise
    /// with the Mapbox SDK).
    public static var initialLayerProperties: SymbolLayerProperties {
        var p = SymbolLayerProperties()
        p.iconAllowOverlap = true
        p.textAllowOverlap = true
        p.iconIgnorePlacement = true
        p.textIgnorePlacement = true
        return p
    }
}

public enum CircleAnnotationKind: AnnotationKind {
    public static let geometryType = "Point"
    public static func erase(_ manager: AnnotationManager<Self>) -> AnyAnnotationManager { .circle(manager) }
    public typealias Annotation = CircleAnnotation
    public static let layerType = StyleLayerType.circle
    public static var initialLayerProperties: CircleLayerProperties { .init() }
}

public enum PolylineAnnotationKind: AnnotationKind {
    public static let geometryType = "LineString"
    public static func erase(_ manager: AnnotationManager<Self>) -> AnyAnnotationManager { .polyline(manager) }
    public typealias Annotation = PolylineAnnotation
    public static let layerType = StyleLayerType.line
    public static var initialLayerProperties: LineLayerProperties { .init() }
}

public enum PolygonAnnotationKind: AnnotationKind {
    public static let geometryType = "Polygon"
    public static func erase(_ manager: AnnotationManager<Self>) -> AnyAnnotationManager { .polygon(manager) }
    public typealias Annotation = PolygonAnnotation
    public static let layerType = StyleLayerType.fill
    public static var initialLayerProperties: FillLayerProperties { .init() }
}

/// Where a manager's layer goes in the style's layer stack.
public enum LayerPosition: Hashable, Sendable {
    /// On top (of its slot, when the manager has one).
    case `default`
    /// Directly above the layer with this id (a base-style or manager layer).
    case above(String)
    /// Directly below the layer with this id.
    case below(String)
    /// At this index of the layer list, bottom = 0.
    case at(Int)
}

/// A group of annotations of one type, compiled to one GeoJSON source and
/// one layer that share the manager's id.
///
/// Manager-level values are reachable directly: data-driven ones
/// (`manager.textColor`) are fallbacks for annotations that don't set them;
/// layer-only ones (`manager.textFont`) apply to the whole layer.
@dynamicMemberLookup
public struct AnnotationManager<Kind: AnnotationKind>: Hashable, Sendable {
    /// Source id, layer id and the key of the manager in the orchestrator.
    public let id: String
    /// In draw order (later on top for equal sort keys).
    public var annotations: [Kind.Annotation]
    /// Fallbacks for data-driven properties.
    public var defaults: Kind.Annotation.Properties
    public var layerProperties: Kind.LayerProperties
    public var layerPosition: LayerPosition
    /// Mapbox slot (`bottom`, `middle`, `top` or a custom one).
    public var slot: String?
    /// Extra hit-test radius in points around this manager's features (default 0).
    public var tapRadius: Double
    /// Whether each feature also carries its annotation id as the property
    /// ``annotationIdPropertyKey`` (`"id"`) and the source names that
    /// property as its `promoteId` (the default). MapLibre GL and Mapbox GL
    /// JS drop string feature ids from GeoJSON sources, so without this
    /// `queryRenderedFeatures` cannot say which annotation was hit, and
    /// feature state cannot address annotations; with it both renderers use
    /// the annotation id as the feature id (clustered sources included:
    /// their unclustered points keep it, a cluster keeps its `cluster_id`). False leaves
    /// the property and `promoteId` out, as the Mapbox SDK's managers do.
    public var promoteIds: Bool = true
    /// Whether the source asks the renderer for `line-progress`
    /// (`"lineMetrics": true`), which Mapbox GL needs to trim lines. Compiling
    /// sets it anyway when the layer has `line-trim-offset`; set it for a
    /// line layer whose trim the client animates itself.
    public var lineMetrics: Bool = false
    /// Clustering; only point managers expose it.
    var clustering: ClusterOptions?

    public init(
        id: String, annotations: [Kind.Annotation] = [], layerPosition: LayerPosition = .default,
        slot: String? = nil, tapRadius: Double = 0, promoteIds: Bool = true
    ) {
        self.id = id
        self.annotations = annotations
        self.defaults = .init()
        self.layerProperties = Kind.initialLayerProperties
        self.layerPosition = layerPosition
        self.slot = slot
        self.tapRadius = tapRadius
        self.promoteIds = promoteIds
    }

    public subscript<T>(dynamicMember keyPath: WritableKeyPath<Kind.Annotation.Properties, T>) -> T {
        get { defaults[keyPath: keyPath] }
        set { defaults[keyPath: keyPath] = newValue }
    }

    public subscript<T>(dynamicMember keyPath: WritableKeyPath<Kind.LayerProperties, T>) -> T {
        get { layerProperties[keyPath: keyPath] }
        set { layerProperties[keyPath: keyPath] = newValue }
    }
}

extension AnnotationManager where Kind == PointAnnotationKind {
    public init(
        id: String, annotations: [PointAnnotation] = [], layerPosition: LayerPosition = .default,
        slot: String? = nil, tapRadius: Double = 0, clusterOptions: ClusterOptions?
    ) {
        self.init(id: id, annotations: annotations, layerPosition: layerPosition, slot: slot, tapRadius: tapRadius)
        self.clustering = clusterOptions
    }

    /// Clustering of the source; nil (the default) draws every point.
    public var clusterOptions: ClusterOptions? {
        get { clustering }
        set { clustering = newValue }
    }
}

public typealias PointAnnotationManager = AnnotationManager<PointAnnotationKind>
public typealias CircleAnnotationManager = AnnotationManager<CircleAnnotationKind>
public typealias PolylineAnnotationManager = AnnotationManager<PolylineAnnotationKind>
public typealias PolygonAnnotationManager = AnnotationManager<PolygonAnnotationKind>
