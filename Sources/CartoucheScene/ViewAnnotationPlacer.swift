import CartoucheCamera
@_spi(Instrumentation) import CartoucheGeometry
import CartouchePlacement
import Foundation

/// Places a scene's view annotations for its camera: binds each one to the
/// screen (points, visible stretches of lines, visible parts of polygons),
/// then runs the placement core in the scene's mode.
public enum ViewAnnotationPlacer {
    /// - Parameters:
    ///   - scene: the callouts, bound to the screen for one camera.
    ///   - previous: the last frame's result, for anchor stability.
    ///   - recordRejected: keep rejected candidates (for pictures).
    ///   - budget: when to give up (``SceneError/cancelled(_:)``) and when
    ///     optimise mode's search should end early.
    public static func place(
        _ scene: ViewAnnotationScene, previous: ViewAnnotationResult? = nil,
        recordRejected: Bool = false, budget: PlacementBudget = .unlimited
    ) throws(SceneError) -> ViewAnnotationResult {
        // The projection validates the camera (its errors come first, as
        // before); then the callouts and options.
        let projection: Projection
        do { projection = try Projection(camera: scene.camera, viewport: scene.viewport, projection: scene.projection) } catch { throw .camera(error) }
        try validateCallouts(scene.viewAnnotations, cullingMargin: scene.cullingMargin, lineClearance: scene.lineClearance)
        return try placeValidated(scene, projection: projection, previous: previous, recordRejected: recordRejected, budget: budget)
    }

    /// `place` for a scene whose callouts and options were validated once
    /// for all its frames (`validateCallouts`), with the frame's projection
    /// (which validated its camera): a prepared scene validates once and
    /// projects once per frame.
    static func placeValidated(
        _ scene: ViewAnnotationScene, projection: Projection, previous: ViewAnnotationResult?,
        recordRejected: Bool, budget: PlacementBudget
    ) throws(SceneError) -> ViewAnnotationResult {
        let binder = Binder(scene: scene, projection: projection, previous: previous)
        var items: [PlacementItem] = []
        var anchorCoordinates: [[Coordinate?]] = []
        items.reserveCapacity(scene.viewAnnotations.count)
        for (i, va) in scene.viewAnnotations.enumerated() {
            let (item, coordinates) = binder.bind(va, index: i)
            items.append(item)
            anchorCoordinates.append(coordinates)
        }
        let environment = binder.environment()
        let options = PlacementOptions(previousAnchors: previous?.anchors ?? [:], recordRejected: recordRejected, budget: budget)
        let result: PlacementResult
        do throws(PlacementCancelled) {
            switch scene.mode {
            case .greedy: result = try GreedyPlacer.place(items, in: environment, options: options)
            case .optimise: result = try OptimisePlacer.place(items, in: environment, options: options)
            }
        } catch {
            throw .cancelled(error)
        }
        let placements = result.placements.map { p in
            ViewAnnotationPlacement(
                id: p.id, isVisible: p.isVisible, frame: p.frame, anchor: p.anchor,
                anchorCoordinate: p.anchorPointIndex.flatMap { anchorCoordinates[p.itemIndex][$0] },
                zIndex: p.zIndex, hiddenReason: p.hiddenReason)
        }
        return ViewAnnotationResult(
            placements: placements, drawOrder: result.drawOrder.map { items[$0].id },
            rejected: result.rejected, candidateTests: result.candidateTests,
            method: result.method, finished: result.finished, searchedComponents: result.searchedComponents,
            exactTiers: result.exactTiers)
    }

    /// Places the same scene for a sequence of cameras (an animation), each
    /// frame starting from the previous frame's anchors.
    public static func placeSequence(
        _ scene: ViewAnnotationScene, cameras: [Camera], budget: PlacementBudget = .unlimited
    ) throws(SceneError) -> [ViewAnnotationResult] {
        var results: [ViewAnnotationResult] = []
        var scene = scene
        for camera in cameras {
            scene.camera = camera
            results.append(try place(scene, previous: results.last, budget: budget))
        }
        return results
    }

    /// What `place` checks beyond the camera (which its projection checks):
    /// the same for every frame of a scene, so a prepared scene checks it once.
    static func validateCallouts(
        _ viewAnnotations: [ViewAnnotation], cullingMargin: Double, lineClearance: Double?
    ) throws(SceneError) {
        PlacementInstrument.calloutValidations?.increment()
        guard cullingMargin.isFinite, cullingMargin >= 0 else {
            throw .invalidValue(field: "options.cullingMargin", value: cullingMargin, reason: "must be finite and ≥ 0")
        }
        if let c = lineClearance, !(c.isFinite && c >= 0) {
            throw .invalidValue(field: "options.lineClearance", value: c, reason: "must be finite and ≥ 0")
        }
        var seen = Set<String>()
        for va in viewAnnotations {
            guard seen.insert(va.id).inserted else { throw .duplicateViewAnnotationId(va.id) }
            // Content is measured before placing (`PreparedScene`); the
            // solver takes sizes only.
            guard let s = va.size else { throw .unmeasuredContent(id: va.id) }
            guard s.width.isFinite, s.height.isFinite, s.width >= 0, s.height >= 0 else {
                throw .invalidSize(id: va.id, width: s.width, height: s.height)
            }
            guard !va.variableAnchors.isEmpty else { throw .emptyVariableAnchors(id: va.id) }
            for (k, a) in va.variableAnchors.enumerated() where !(a.offsetX.isFinite && a.offsetY.isFinite) {
                throw .invalidAnchorOffset(id: va.id, index: k)
            }
            guard va.minZoom.isFinite, va.maxZoom.isFinite, va.minZoom <= va.maxZoom else {
                throw .invalidZoomRange(id: va.id, minZoom: va.minZoom, maxZoom: va.maxZoom)
            }
        }
    }
}
