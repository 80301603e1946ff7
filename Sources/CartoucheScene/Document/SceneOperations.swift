import CartoucheAnnotations
import CartoucheCamera
import CartoucheGeometry
import CartouchePlacement
import CartoucheStyle
import CartoucheText

extension SceneDocument {
    /// The style root's camera: the scene's first camera (a fitted one as
    /// fitted). The style spec has no camera padding: a client that pads its
    /// map (as the scene's camera does) sets it with `map.setPadding`.
    public func styleCamera() throws(SceneError) -> StyleCamera? {
        guard let first = cameras.first else { return nil }
        let camera = try resolve(first)
        return StyleCamera(longitude: camera.center.longitude, latitude: camera.center.latitude,
                           zoom: camera.zoom, bearing: camera.bearing, pitch: camera.pitch)
    }
}

extension PreparedScene {
    /// The managers' layers of camera `frame` as the renderer draws them,
    /// bottom to top: the frame's line trims applied, clustered point
    /// managers as their clusters at the camera's zoom (cluster features
    /// list the leaves of `leaves`). Tap queries (`CartoucheQuery`'s
    /// `SceneQueryIndex`) read them with the frame's placed callouts and
    /// projection (``placedFrame(_:)``).
    /// - Throws: `invalidValue` at `frame` for a frame not placed; the
    ///   managers' cluster errors.
    /// - Complexity: linear in the managers' annotations (a clustered
    ///   manager builds its cluster index, O(n log n)).
    public func drawnLayers(frame index: Int, leaves: ClusterLeafPage = ClusterLeafPage()) throws(SceneError) -> [DrawnLayer] {
        let frame = try placedFrame(index)
        // The frame's own trims (`cameras[i].lineTrim`) hide stretches of its lines.
        var layers: [DrawnLayer] = []
        for m in frame.scene.managersInDrawOrder(drawOrder) {
            layers += try frame.scene.drawnLayers(of: m, zoom: frame.placed.camera.zoom, text: text, leaves: leaves)
        }
        return layers
    }
}

extension SceneDocument {
    /// The managers bottom to top: by the position of each manager's own
    /// layer in `drawOrder` (the layer ids, positions resolved).
    func managersInDrawOrder(_ drawOrder: [String]) -> [AnyAnnotationManager] {
        var rank: [String: Int] = [:]
        for (i, layer) in drawOrder.enumerated() { rank[layer] = i }
        return managers.sorted { rank[$0.id, default: 0] < rank[$1.id, default: 0] }
    }
}
