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

    /// A tap-query index for camera `frame` (the cameras after it are not
    /// placed); see ``PreparedScene/queryIndex(frame:holes:globeTaps:leaves:)``.
    public func queryIndex(
        frame: Int = 0, text: TextLayoutEngine? = nil, holes: SceneQueryIndex.HoleRule = .honoured,
        globeTaps: SceneQueryIndex.GlobeTapRule = .drawn, leaves: ClusterLeafPage = ClusterLeafPage(),
        budget: PlacementBudget = .unlimited
    ) throws(SceneError) -> SceneQueryIndex {
        try PreparedScene(self, text: text, through: frame, budget: budget)
            .queryIndex(frame: frame, holes: holes, globeTaps: globeTaps, leaves: leaves)
    }
}

extension PreparedScene {
    /// A tap-query index for camera `frame`: the view annotations placed for
    /// that camera on top, then the managers' layers in their compiled
    /// (drawn) order. `holes` and `globeTaps` choose between what is drawn
    /// and MapLibre's `queryRenderedFeatures` answers (see ``SceneQueryIndex``);
    /// cluster hits list the leaves of `leaves`.
    /// - Throws: `invalidValue` at `frame` for a frame not placed; text and
    ///   camera errors as placing.
    public func queryIndex(
        frame index: Int = 0, holes: SceneQueryIndex.HoleRule = .honoured, globeTaps: SceneQueryIndex.GlobeTapRule = .drawn,
        leaves: ClusterLeafPage = ClusterLeafPage()
    ) throws(SceneError) -> SceneQueryIndex {
        let (placed, projection) = try frame(index)
        // The frame's own trims (`cameras[i].lineTrim`) hide stretches of its lines.
        let frameDoc = document.forFrame(index)
        var layers: [DrawnLayer] = []
        for m in frameDoc.managersInDrawOrder(drawOrder) {
            layers += try frameDoc.drawnLayers(of: m, zoom: placed.camera.zoom, text: text, leaves: leaves)
        }
        var boxes: [String: [ScreenRect]] = [:]
        for va in document.viewAnnotations { if let b = va.collisionBoxes { boxes[va.id] = b } }
        return SceneQueryIndex(layers: layers, viewAnnotations: placed.result, collisionBoxes: boxes, projection: projection,
                                holes: holes, globeTaps: globeTaps)
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
