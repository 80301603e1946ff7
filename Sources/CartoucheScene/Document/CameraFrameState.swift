import CartoucheAnnotations
import CartoucheCamera
import CartoucheGeometry
import CartoucheStyle

/// What one camera of `cameras` sets for its own frame besides the view: the
/// puck's position and the line trim progress. A drive (the puck moving along
/// a route, the route trimmed behind it) is then one scene whose frames keep
/// each other's anchors, instead of one request per tick.
///
/// Unset members fall back to the scene's: `puck` to the scene's `puck`, a
/// trim not named here to the callout's own `lineTrim` or its manager's
/// `line-trim-offset`.
public struct CameraFrameState: Hashable, Sendable {
    /// The puck for this frame; nil: the scene's.
    public var puck: Puck?
    /// Trim progress `[start, end]` for this frame, by view annotation id (the
    /// callout's `lineTrim`) or polyline manager id (its lines'
    /// `line-trim-offset`, for the callouts bound to them). A callout's own
    /// entry wins over its manager's.
    public var lineTrim: [String: ClosedRange<Double>]

    public init(puck: Puck? = nil, lineTrim: [String: ClosedRange<Double>] = [:]) {
        self.puck = puck
        self.lineTrim = lineTrim
    }

    /// Whether the frame changes nothing of the scene.
    public var isEmpty: Bool { puck == nil && lineTrim.isEmpty }
}

extension SceneDocument {
    /// Frame `index`'s own state; an empty one when the camera sets nothing
    /// (or `cameraStates` does not reach it).
    public func cameraState(ofFrame index: Int) -> CameraFrameState {
        cameraStates.indices.contains(index) ? cameraStates[index] : CameraFrameState()
    }

    /// The puck frame `index` shows: its camera's, else the scene's.
    public func puck(ofFrame index: Int) -> Puck? {
        cameraState(ofFrame: index).puck ?? puck
    }

    /// The scene as frame `index` sees it: its camera's puck, and the trims
    /// it names applied to the callouts (directly or through their manager)
    /// and to the polyline managers it names, whose lines are then drawn,
    /// hit and avoided without the trimmed stretch for this frame.
    /// Everything else is shared by every frame.
    func forFrame(_ index: Int) -> SceneDocument {
        let state = cameraState(ofFrame: index)
        guard !state.isEmpty else { return self }
        var doc = self
        doc.puck = state.puck ?? puck
        guard !state.lineTrim.isEmpty else { return doc }
        for (i, va) in doc.viewAnnotations.enumerated() {
            if let own = state.lineTrim[va.id] {
                doc.viewAnnotations[i].lineTrim = own
            } else if case .layerFeature(let layer, _) = va.annotatedFeature, let managed = state.lineTrim[layer] {
                doc.viewAnnotations[i].lineTrim = managed
            }
        }
        for (i, m) in doc.managers.enumerated() {
            if case .polyline(var pm) = m, let trim = state.lineTrim[m.id] {
                pm.layerProperties.lineTrimOffset = StyleOffset(x: trim.lowerBound, y: trim.upperBound)
                doc.managers[i] = .polyline(pm)
            }
        }
        return doc
    }

    /// Whether frame `index`'s camera trims a manager's lines (its drawn
    /// lines then differ from the scene's).
    func trimsManagers(inFrame index: Int) -> Bool {
        let trims = cameraState(ofFrame: index).lineTrim
        return !trims.isEmpty && managers.contains { trims[$0.id] != nil }
    }
}
