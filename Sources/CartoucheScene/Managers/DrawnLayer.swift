import CartoucheGeometry
import CartoucheJSON

/// A layer as the renderer draws it, reduced to what decides where a tap
/// hits: geometry and the sizes of each feature, and the layer-wide
/// translate and pitch options. Annotation managers compile to these
/// (one layer per manager, features in draw order).
public struct DrawnLayer: Sendable {
    public enum Anchor: String, Sendable, CaseIterable { case map, viewport }

    public var id: String
    public var features: [DrawnFeature]
    /// `*-translate` in points, and what it is relative to.
    public var translate: (x: Double, y: Double)
    public var translateAnchor: Anchor
    /// `circle-pitch-scale` and `circle-pitch-alignment` (circle layers).
    public var circlePitchScale: Anchor
    public var circlePitchAlignment: Anchor
    /// Extra reach of a tap, in points (Mapbox's per-manager `tapRadius`, default 0).
    public var tapRadius: Double

    public init(
        id: String, features: [DrawnFeature], translate: (x: Double, y: Double) = (0, 0),
        translateAnchor: Anchor = .map, circlePitchScale: Anchor = .map, circlePitchAlignment: Anchor = .viewport,
        tapRadius: Double = 0
    ) {
        self.id = id
        self.features = features
        self.translate = translate
        self.translateAnchor = translateAnchor
        self.circlePitchScale = circlePitchScale
        self.circlePitchAlignment = circlePitchAlignment
        self.tapRadius = tapRadius
    }
}

/// One feature of a `DrawnLayer`.
public struct DrawnFeature: Sendable {
    public enum Shape: Sendable {
        /// A circle: radius and stroke width in points.
        case circle(center: Coordinate, radius: Double, strokeWidth: Double)
        /// A line: width, gap width and offset in points (as the style spec).
        case line([[Coordinate]], width: Double, gapWidth: Double, offset: Double)
        /// A filled polygon (outer ring first, then holes); several for multipolygons.
        case fill([[[Coordinate]]])
        /// A symbol: its icon and text boxes relative to the anchor point, in
        /// screen points, viewport-aligned.
        case symbol(anchor: Coordinate, boxes: [ScreenRect])
    }

    public var id: String
    public var shape: Shape
    /// `*-sort-key`: features with a higher key are drawn later (on top).
    public var sortKey: Double?
    public var customData: [String: JSONValue]
    /// Set when the feature is a cluster of a clustered point manager.
    public var cluster: ClusterHit?

    public init(id: String, shape: Shape, sortKey: Double? = nil, customData: [String: JSONValue] = [:], cluster: ClusterHit? = nil) {
        self.id = id
        self.shape = shape
        self.sortKey = sortKey
        self.customData = customData
        self.cluster = cluster
    }

    /// The kind, as reported in hits.
    public var kind: HitKind {
        if cluster != nil { return .cluster }
        switch shape {
        case .circle: return .circle
        case .line: return .line
        case .fill: return .fill
        case .symbol: return .symbol
        }
    }
}

/// What a hit is.
public enum HitKind: String, Sendable, Hashable, CaseIterable {
    case viewAnnotation, symbol, circle, line, fill, cluster
}

/// What a tap on a cluster tells (Mapbox's cluster tap: the cluster, how many
/// points it stands for, the zoom at which it splits, and its points).
public struct ClusterHit: Sendable, Hashable {
    public var clusterId: Int
    public var pointCount: Int
    /// The zoom at which the cluster breaks apart.
    public var expansionZoom: Int
    /// A page of the annotation ids inside it, depth-first as
    /// `getClusterLeaves(clusterId, limit, offset)` walks them (the query's
    /// ``ClusterLeafPage``, by default the first 10).
    public var leaves: [String]
    /// The aggregates of the manager's `clusterProperties` (null where an
    /// evaluation failed, as the renderer's); empty without any.
    public var properties: [String: JSONValue]

    public init(clusterId: Int, pointCount: Int, expansionZoom: Int, leaves: [String], properties: [String: JSONValue] = [:]) {
        self.clusterId = clusterId
        self.pointCount = pointCount
        self.expansionZoom = expansionZoom
        self.leaves = leaves
        self.properties = properties
    }
}

/// Which of a cluster's leaves a cluster hit lists: Mapbox's and MapLibre's
/// `getClusterLeaves(clusterId, limit, offset)`, with supercluster's
/// defaults (the first 10).
public struct ClusterLeafPage: Hashable, Sendable {
    /// At most this many leaves (≥ 0).
    public var limit: Int
    /// Leaves skipped before the first one listed (≥ 0).
    public var offset: Int

    public init(limit: Int = 10, offset: Int = 0) {
        self.limit = limit
        self.offset = offset
    }
}
