import CartoucheGeometry
import CartoucheJSON

/// A point manager's clusters with the annotation id of every point index.
public struct ManagerClusters: Sendable {
    public let index: ClusterIndex
    /// `annotationIds[i]` is the annotation behind point index `i` (duplicates
    /// dropped, as in the compiled source).
    public let annotationIds: [String]
}

extension AnnotationManager where Kind == PointAnnotationKind {
    /// The clusters the renderer will show for this manager, or nil when it
    /// is not clustered. Map expressions of `clusterProperties` see the same
    /// feature properties as the renderer (`layerProperties`, `custom_data`).
    public func clusters() throws -> ManagerClusters? {
        guard let clustering else { return nil }
        let compiled = try compile()
        var coordinates: [Coordinate] = []
        var properties: [[String: JSONValue]] = []
        var ids: [String] = []
        var seen = Set<String>()
        for annotation in annotations where seen.insert(annotation.id).inserted {
            coordinates.append(annotation.coordinate)
            ids.append(annotation.id)
        }
        for feature in compiled.source.features {
            properties.append(feature.objectValue?["properties"]?.objectValue ?? [:])
        }
        let index = try ClusterIndex(coordinates: coordinates, pointProperties: properties, options: clustering)
        return ManagerClusters(index: index, annotationIds: ids)
    }
}
