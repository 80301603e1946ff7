import CartoucheAnnotations
import CartoucheCamera
@_spi(Instrumentation) import CartoucheGeometry
import CartouchePlacement
import CartoucheText

/// A scene with the work its outputs share done once: the content-sized
/// callouts measured, the managers checked and their draw order resolved
/// (no GeoJSON is built: `compile` is for that), the lines above line-bound
/// callouts found, and the cameras placed in order (each frame starting from
/// the previous frame's anchors, so hysteresis holds; the first from the
/// scene's `previous`, when given). The place response,
/// tap queries and pictures all read it, so placing, querying and drawing
/// every camera of a scene costs one placement per camera.
///
/// Prepare through a frame (`through:`) when only that frame is wanted: the
/// cameras after it are not placed, and the ones before it are (hysteresis
/// needs them).
public struct PreparedScene: Sendable {
    /// The scene with every content-sized callout's size set.
    public let document: SceneDocument
    /// The measured layouts of content-sized callouts, by id: each is its
    /// callout's own (`ViewAnnotationSizing.measured`) in ``document``.
    public var layouts: [String: CalloutLayout] {
        var out: [String: CalloutLayout] = [:]
        for va in document.viewAnnotations { if let layout = va.layout { out[va.id] = layout } }
        return out
    }
    /// The annotation layers' ids, bottom to top (``SceneDocument/drawOrder(target:)``).
    public let drawOrder: [String]
    /// One frame per placed camera: all of them, or those up to `through`
    /// (each frame's answer, as `frames` keeps it).
    public var response: PlaceResponse { PlaceResponse(frames: frames.map(\.placed), warnings: warnings) }
    /// Text the fonts cannot draw, by annotation, then the entries of the
    /// scene's `previous` that were ignored (also `response.warnings`).
    public let warnings: [SceneWarning]
    /// Whether rejected candidates were recorded (pictures' ghosts need them).
    public let recordsRejected: Bool
    let text: TextLayoutEngine?
    /// Per placed frame, what placing it built and its other outputs reuse.
    let frames: [PreparedFrame]

    /// - Parameters:
    ///   - scene: the scene to place.
    ///   - text: measures content-sized callouts and point annotations' labels
    ///     (required when the scene has content-sized callouts).
    ///   - lastFrame: place cameras `0...lastFrame` only; nil places all.
    ///   - recordRejected: keep rejected candidates; nil follows the scene's
    ///     `options.recordRejected`.
    ///   - budget: polled by the solver: a request deadline
    ///   (``SceneError/cancelled(_:)``) and optimise mode's softer one (past it
    ///   the search ends with a valid answer that says so, `stats.finished`).
    /// - Throws: ``SceneError/annotations(_:)`` when the managers do not
    ///   compile (the same error as ``SceneDocument/compile(target:)``), text errors
    ///   for content that cannot be measured, camera errors for fits,
    ///   `invalidValue` at `frame` for a frame the scene does not have,
    ///   ``SceneError/cancelled(_:)``.
    /// - Complexity: checking and measuring are linear in the annotations;
    ///   placement dominates (see `ViewAnnotationPlacer`), once per camera.
    public init(
        _ scene: SceneDocument, text: TextLayoutEngine?, through lastFrame: Int? = nil, recordRejected: Bool? = nil,
        budget: PlacementBudget = .unlimited
    ) throws(SceneError) {
        if let lastFrame { try scene.checkFrame(lastFrame) }
        // Managers that cannot be compiled (layer positions in a cycle or
        // naming unknown layers, properties a renderer refuses) make the scene
        // invalid for placing too, not only for compiling: every route
        // answers the same scene the same way.
        let drawOrder = try scene.drawOrder()
        let (doc, layouts) = try scene.measured(with: text)
        let record = recordRejected ?? scene.options.recordRejected
        // The callouts and options are the same in every frame: checked once.
        try ViewAnnotationPlacer.validateCallouts(
            doc.viewAnnotations, cullingMargin: doc.options.cullingMargin, lineClearance: doc.options.lineClearance)
        var frames: [PreparedFrame] = []
        // A scene's `previous` stands for the frame before its first camera.
        var last = doc.previous?.result(inOrder: doc.viewAnnotations.map(\.id))
        for (index, spec) in doc.cameras.prefix((lastFrame ?? doc.cameras.count - 1) + 1).enumerated() {
            let frameDoc = doc.forFrame(index)
            let camera = try frameDoc.resolve(spec)
            // The frame's one projection (it validates the camera): placing,
            // the tap index and the picture all use it.
            let projection: Projection
            do { projection = try Projection(camera: camera, viewport: doc.viewport, projection: doc.projection) } catch { throw .camera(error) }
            // Per frame: widths and sort keys may be zoom expressions, and a
            // camera that trims a manager changes which of its lines are drawn.
            let above = try frameDoc.linesAboveBoundLines(drawOrder: drawOrder, zoom: camera.zoom)
            PlacementInstrument.framePlacements?.increment()
            let result = try ViewAnnotationPlacer.placeValidated(
                frameDoc.placementScene(camera: camera, projection: projection, text: text, linesAbove: above),
                projection: projection, previous: last,
                recordRejected: record, budget: budget)
            let frame = PlaceResponse.Frame(camera: camera, result: result, anchorChanges: last.map { result.anchorChanges(since: $0) })
            frames.append(PreparedFrame(placed: frame, projection: projection, scene: frameDoc))
            last = result
        }
        self.document = doc
        self.drawOrder = drawOrder
        self.frames = frames
        let stale = (doc.previous?.ignored ?? []).map(SceneWarning.init(previousIgnored:))
        self.warnings = scene.missingGlyphWarnings(text: text, layouts: layouts) + stale
        self.recordsRejected = record
        self.text = text
    }

    /// The placed frame `index` with the projection and the frame's scene
    /// that placing built (tap queries and pictures reuse them).
    /// - Throws: `invalidValue` at `frame` when the scene has no such camera
    ///   or it was not prepared (beyond `through`).
    public func placedFrame(_ index: Int) throws(SceneError) -> PreparedFrame {
        try document.checkFrame(index)
        guard frames.indices.contains(index) else {
            throw .invalidValue(field: "frame", value: Double(index),
                                reason: "was not placed: the scene was prepared through frame \(frames.count - 1)")
        }
        return frames[index]
    }
}

/// One placed camera of a ``PreparedScene``: its answer, with what placing
/// it built and the frame's other outputs (tap queries, pictures, drawn
/// layers) reuse instead of building again.
public struct PreparedFrame: Sendable {
    /// The frame's answer (camera used, placed callouts, anchor changes).
    public let placed: PlaceResponse.Frame
    /// The frame's one projection (it validated the camera).
    public let projection: Projection
    /// The scene as this camera sees it: the frame's puck and line trims
    /// (`cameras[i].puck`, `cameras[i].lineTrim`) in place of the scene's.
    let scene: SceneDocument
}

extension SceneDocument {
    /// - Throws: `invalidValue` at `frame` when `index` is not one of the cameras.
    func checkFrame(_ index: Int) throws(SceneError) {
        guard cameras.indices.contains(index) else {
            throw .invalidValue(field: "frame", value: Double(index), reason: "is not the index of one of the scene's \(cameras.count) cameras")
        }
    }
}

/// Counts the frames placed, for tests that show work is not repeated
/// (SPI: `@_spi(Instrumentation) import CartoucheScene`; not part of the
/// library's API).
@_spi(Instrumentation) public enum PlacementInstrument {
    /// Bound by a test around the work it measures; nil (the default) counts nothing.
    @TaskLocal public static var framePlacements: InstrumentCounter?
    /// Checks of a scene's callouts and placement options (once per
    /// prepared scene, once per direct `ViewAnnotationPlacer.place`).
    @TaskLocal public static var calloutValidations: InstrumentCounter?
}
