import CartoucheGeometry
import CartouchePlacement
import CartoucheScene
import CartoucheText

extension PreparedScene {
    /// A tap-query index for camera `frame`: the view annotations placed for
    /// that camera on top, then the managers' layers in their drawn order
    /// (`PreparedScene.drawnLayers(frame:leaves:)`), all with the
    /// projection placing built. `holes` and `globeTaps` choose between what
    /// is drawn and MapLibre's `queryRenderedFeatures` answers (see
    /// ``SceneQueryIndex``); cluster hits list the leaves of `leaves`.
    /// - Throws: `invalidValue` at `frame` for a frame not placed; the
    ///   managers' cluster errors.
    /// - Complexity: linear in the drawn features (building the hit index).
    public func queryIndex(
        frame index: Int = 0, holes: SceneQueryIndex.HoleRule = .honoured, globeTaps: SceneQueryIndex.GlobeTapRule = .drawn,
        leaves: ClusterLeafPage = ClusterLeafPage()
    ) throws(SceneError) -> SceneQueryIndex {
        let frame = try placedFrame(index)
        let layers = try drawnLayers(frame: index, leaves: leaves)
        var boxes: [String: [ScreenRect]] = [:]
        for va in document.viewAnnotations { if let b = va.collisionBoxes { boxes[va.id] = b } }
        return SceneQueryIndex(layers: layers, viewAnnotations: frame.placed.result, collisionBoxes: boxes, projection: frame.projection,
                                holes: holes, globeTaps: globeTaps)
    }
}

extension SceneDocument {
    /// A tap-query index for camera `frame`, placing the cameras up to it
    /// (the ones after it are not placed); see
    /// `queryIndex(frame:holes:globeTaps:leaves:)` on `PreparedScene`.
    /// - Parameters:
    ///   - frame: which camera of the scene.
    ///   - text: measures content-sized callouts and point labels (required
    ///     when the scene has content-sized callouts).
    ///   - holes: a tap in a polygon's hole misses (as drawn) or hits (as
    ///     MapLibre's `queryRenderedFeatures`).
    ///   - globeTaps: on the globe, what is drawn under the tap or MapLibre's answer.
    ///   - leaves: the page of leaves a cluster hit lists.
    ///   - budget: polled by the solver (a request deadline).
    public func queryIndex(
        frame: Int = 0, text: TextLayoutEngine? = nil, holes: SceneQueryIndex.HoleRule = .honoured,
        globeTaps: SceneQueryIndex.GlobeTapRule = .drawn, leaves: ClusterLeafPage = ClusterLeafPage(),
        budget: PlacementBudget = .unlimited
    ) throws(SceneError) -> SceneQueryIndex {
        try PreparedScene(self, text: text, through: frame, budget: budget)
            .queryIndex(frame: frame, holes: holes, globeTaps: globeTaps, leaves: leaves)
    }
}
