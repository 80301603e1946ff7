import CartoucheAnnotations
import CartoucheGeometry
import CartoucheJSON
import CartoucheText

extension SceneDocument {
    /// Leaves per page when a cluster hit lists its points.
    public static let clusterLeafPage = ClusterLeafPage().limit

    /// What a clustered point manager shows at one zoom.
    struct ClustersAtZoom {
        /// The clusters, in the index's order (supercluster's `getClusters`).
        var clusters: [Cluster]
        /// Annotations shown as themselves (not inside a cluster).
        var singles: Set<String>
        var index: ManagerClusters
        var options: ClusterOptions
    }

    /// The clusters and unclustered annotations of `m` at `zoom`, the one
    /// source for hit-testing (``drawnLayers(of:zoom:text:)``) and pictures,
    /// so both show the same clusters; nil for a manager that does not cluster.
    /// - Complexity: builds the manager's cluster index (O(n log n)), then
    ///   linear in the items at that zoom.
    func clustersAtZoom(of m: AnyAnnotationManager, zoom: Double) throws(SceneError) -> ClustersAtZoom? {
        guard case .point(let manager) = m, let options = manager.clusterOptions else { return nil }
        let index: ManagerClusters
        do {
            guard let built = try manager.clusters() else { return nil }
            index = built
        } catch let error as AnnotationError {
            throw .annotations(error)
        } catch {
            throw .invalidStyle("\(error)")
        }
        var shown = ClustersAtZoom(clusters: [], singles: [], index: index, options: options)
        for item in index.index.items(atZoom: zoom) {
            switch item {
            case .point(let i, _): shown.singles.insert(index.annotationIds[i])
            case .cluster(let c): shown.clusters.append(c)
            }
        }
        return shown
    }

    /// The drawn layers of a point manager at `zoom`: its cluster circles (a
    /// layer of their own, `<id>-cluster-circle`, drawn above the points as
    /// the compiled style does) and its points that are not inside a cluster.
    /// For unclustered managers, just the manager's layer.
    /// Cluster hits list the leaves of `leaves`.
    func drawnLayers(of m: AnyAnnotationManager, zoom: Double, text: TextLayoutEngine?,
                     leaves page: ClusterLeafPage = ClusterLeafPage()) throws(SceneError) -> [DrawnLayer] {
        var main = m.drawnLayer(iconSizes: images, text: text, environment: styleEnvironment(zoom: zoom))
        guard let shown = try clustersAtZoom(of: m, zoom: zoom) else { return [main] }
        let clusters = shown.index
        let circles = shown.clusters.map { c in
            let expansion = (try? clusters.index.expansionZoom(ofCluster: c.id)) ?? Int(zoom) + 1
            let leaves = ((try? clusters.index.leaves(ofCluster: c.id, limit: page.limit, offset: page.offset)) ?? [])
                .map { clusters.annotationIds[$0] }
            return DrawnFeature(
                id: "cluster-\(c.id)", shape: .circle(center: c.coordinate, radius: shown.options.circleRadius.value, strokeWidth: 0),
                customData: c.properties,
                cluster: ClusterHit(clusterId: c.id, pointCount: c.pointCount, expansionZoom: expansion, leaves: leaves,
                                    properties: c.properties))
        }
        // The main layer is filtered to unclustered points.
        main.features = main.features.filter { shown.singles.contains($0.id) }
        return [main, DrawnLayer(id: "\(m.id)-cluster-circle", features: circles, tapRadius: main.tapRadius)]
    }

    /// A page of the annotation ids inside cluster `clusterId` of point
    /// manager `managerId` (Mapbox's cluster leaves).
    public func clusterLeaves(managerId: String, clusterId: Int, limit: Int = clusterLeafPage, offset: Int = 0) throws(SceneError) -> [String] {
        guard case .point(let manager)? = managers.first(where: { $0.id == managerId }) else {
            throw .invalidValue(field: "managerId", value: 0, reason: "\"\(managerId)\" is not a point manager of this scene")
        }
        do {
            guard let clusters = try manager.clusters() else { return [] }
            return try clusters.index.leaves(ofCluster: clusterId, limit: max(0, limit), offset: max(0, offset)).map { clusters.annotationIds[$0] }
        } catch {
            throw .invalidValue(field: "clusterId", value: Double(clusterId), reason: "is not a cluster of \"\(managerId)\": \(error)")
        }
    }
}
