import CartoucheJSON

extension SceneHit {
    /// Writes the hit as the service's `/v1/query` answers it, keys sorted:
    /// `{"cluster"?, "customData"?, "distance", "id", "kind", "layer"}`.
    ///
    /// `layer` is the manager id, `null` for a view annotation; `customData`
    /// appears only when the annotation has some, `cluster` only for cluster
    /// hits (`{"clusterId", "expansionZoom", "leaves", "pointCount", "properties"?}`,
    /// `properties` holding the `clusterProperties` aggregates when the
    /// manager has some).
    /// - Throws: `JSONWriteError` only for a non-finite number in `customData`
    ///   (decoded JSON never holds one).
    public func writeJSON(to w: inout JSONWriter) throws(JSONWriteError) {
        w.beginObject()
        if let cluster {
            w.key("cluster")
            w.beginObject()
            w.key("clusterId"); w.write(cluster.clusterId)
            w.key("expansionZoom"); w.write(cluster.expansionZoom)
            w.key("leaves"); w.beginArray(); for leaf in cluster.leaves { w.write(leaf) }; w.endArray()
            w.key("pointCount"); w.write(cluster.pointCount)
            if !cluster.properties.isEmpty { w.key("properties"); try w.write(JSONValue.object(cluster.properties)) }
            w.endObject()
        }
        if !customData.isEmpty { w.key("customData"); try w.write(JSONValue.object(customData)) }
        w.key("distance"); try w.write(distance)
        w.key("id"); w.write(id)
        w.key("kind"); w.write(kind.rawValue)
        w.key("layer")
        if let layerId { w.write(layerId) } else { w.writeNull() }
        w.endObject()
    }
}
