import CartoucheJSON

/// Clustering settings of a GeoJSON source.
public struct SourceClustering: Hashable, Sendable {
    /// Cluster radius in pixels of a 512-pixel tile.
    public var radius: Double
    /// Highest zoom at which points are clustered.
    public var maxZoom: Double
    /// Fewest points that form a cluster.
    public var minPoints: Int
    public var properties: [String: ClusterProperty]

    public init(radius: Double = 50, maxZoom: Double = 14, minPoints: Int = 2, properties: [String: ClusterProperty] = [:]) {
        self.radius = radius
        self.maxZoom = maxZoom
        self.minPoints = minPoints
        self.properties = properties
    }
}

/// A GeoJSON source with inline data.
public struct GeoJSONSource: Hashable, Sendable {
    /// The features, each a GeoJSON Feature object, in draw order.
    public var features: [JSONValue]
    public var clustering: SourceClustering?
    /// The feature property a renderer uses as the feature id (`promoteId`);
    /// nil writes no `promoteId`.
    public var promoteId: String?
    /// Whether the renderer computes `line-progress` for the source's lines
    /// (`lineMetrics`): Mapbox GL needs it for `line-trim-offset`, both
    /// renderers for `line-gradient`. False writes nothing.
    public var lineMetrics: Bool

    public init(features: [JSONValue], clustering: SourceClustering? = nil, promoteId: String? = nil, lineMetrics: Bool = false) {
        self.features = features
        self.clustering = clustering
        self.promoteId = promoteId
        self.lineMetrics = lineMetrics
    }

    /// Whether everything but the features is the same: a renderer takes
    /// these options only when the source is added, so a change in them
    /// re-creates the source where a change of features only updates data.
    public func hasSameOptions(as other: GeoJSONSource) -> Bool {
        clustering == other.clustering && promoteId == other.promoteId && lineMetrics == other.lineMetrics
    }

    /// The source as style-spec JSON, data inline as a FeatureCollection.
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "type": "geojson",
            "data": ["type": "FeatureCollection", "features": .array(features)],
        ]
        if let promoteId { object["promoteId"] = .string(promoteId) }
        if lineMetrics { object["lineMetrics"] = true }
        if let clustering {
            object["cluster"] = true
            object["clusterRadius"] = .number(clustering.radius)
            object["clusterMaxZoom"] = .number(clustering.maxZoom)
            object["clusterMinPoints"] = .number(Double(clustering.minPoints))
            if !clustering.properties.isEmpty {
                object["clusterProperties"] = .object(clustering.properties.mapValues(\.json))
            }
        }
        return .object(object)
    }
}
