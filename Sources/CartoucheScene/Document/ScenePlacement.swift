import CartoucheAnnotations
import CartoucheCamera
import CartoucheGeometry
import CartouchePlacement
import CartoucheText

/// The answer to "place this scene": one frame per camera.
public struct PlaceResponse: Hashable, Sendable {
    public struct Frame: Hashable, Sendable {
        /// The camera actually used (fitted cameras resolved).
        public var camera: Camera
        public var result: ViewAnnotationResult
        /// Callouts shown in this frame and the previous one whose anchor
        /// changed (frame-to-frame stability); nil for the first frame.
        public var anchorChanges: Int?
    }

    public var frames: [Frame]
    /// Non-fatal findings about the scene's text (missing glyphs), in scene
    /// order; the same for every frame.
    public var warnings: [SceneWarning] = []

    /// Shown callouts over all frames.
    public var placedCount: Int { frames.reduce(0) { $0 + $1.result.drawOrder.count } }
}

extension SceneDocument {
    /// The scene for the view-annotation placement at one camera.
    /// - Parameter projection: the frame's projection, when the caller has
    ///   it (symbol boxes are projected with it); nil builds one if needed.
    func placementScene(
        camera: Camera, projection frameProjection: Projection? = nil, text: TextLayoutEngine? = nil,
        linesAbove: [String: [AvoidLine]] = [:]
    ) -> ViewAnnotationScene {
        let environment = styleEnvironment(zoom: camera.zoom)
        var layers: [String: [LayerFeature]] = [:]
        for m in managers { layers[m.id] = m.layerFeatures(in: environment) }
        let avoid = avoidLines + managers.filter { avoidLayers.contains($0.id) }.flatMap { $0.avoidLines(in: environment) }
        return ViewAnnotationScene(
            camera: camera, viewport: viewport, viewAnnotations: viewAnnotations, puck: puck,
            avoidRegions: avoidRegions, avoidLines: avoid, symbols: symbolObstacles(camera: camera, projection: frameProjection, text: text), layers: layers,
            linesAbove: linesAbove, mode: options.mode, cullingMargin: options.cullingMargin, lineClearance: options.lineClearance,
            projection: projection)
    }

    /// For each callout bound to a polyline annotation, the polylines drawn
    /// above it: those of managers higher in the compiled layer stack, and
    /// those of its own manager drawn later (higher `line-sort-key`, then
    /// later in the list).
    /// - Parameters:
    ///   - drawOrder: the annotation layers' ids, bottom to top (`drawOrder(target:)`).
    ///   - zoom: the frame's camera zoom (widths and sort keys may be expressions).
    func linesAboveBoundLines(drawOrder: [String], zoom: Double) throws(SceneError) -> [String: [AvoidLine]] {
        var bound: [(id: String, layer: String, feature: String?)] = []
        for va in viewAnnotations {
            if case .layerFeature(let layer, let feature) = va.annotatedFeature,
               case .polyline? = managers.first(where: { $0.id == layer }) { bound.append((va.id, layer, feature)) }
        }
        guard !bound.isEmpty else { return [:] }
        var rank: [String: Int] = [:]
        for (i, layer) in drawOrder.enumerated() { rank[layer] = i }
        // Every polyline in draw order: (manager rank, sort key, index), with its drawn parts.
        var drawn: [(order: (Int, Double, Int), manager: String, id: String, lines: [AvoidLine])] = []
        for m in managers {
            guard case .polyline(let pm) = m else { continue }
            let environment = styleEnvironment(zoom: zoom)
            for (i, (a, lines)) in zip(pm.annotations, m.avoidLinesByAnnotation(in: environment)).enumerated() {
                drawn.append(((rank[m.id] ?? 0, pm.resolvedStyle(of: a, in: environment).sortKey ?? 0, i), m.id, a.id, lines))
            }
        }
        var out: [String: [AvoidLine]] = [:]
        for b in bound {
            // With no feature id the callout may sit on any feature: only
            // other managers' lines above count.
            let mine = drawn.filter { $0.manager == b.layer && (b.feature == nil || $0.id == b.feature) }
            guard let lowest = mine.map(\.order).min(by: { $0 < $1 }) else { continue }
            let ids = Set(mine.map(\.id))
            out[b.id] = drawn.filter { d in
                guard d.order > lowest else { return false }
                // Within its own manager only a named feature has lines above it.
                return d.manager != b.layer || (b.feature != nil && !ids.contains(d.id))
            }.flatMap(\.lines)
        }
        return out
    }

    /// Icon and text boxes of point annotations on screen, for callouts with
    /// `enableSymbolLayerCollision` (on the globe at the sphere's
    /// `map.project` position; symbols behind it are not drawn).
    /// (A camera that cannot be projected has no symbols here: placing it
    /// fails on that camera anyway, with the camera's error.)
    func symbolObstacles(camera: Camera, projection frameProjection: Projection?, text: TextLayoutEngine?) -> [SymbolObstacle] {
        guard viewAnnotations.contains(where: { $0.enableSymbolLayerCollision }),
              let projection = frameProjection ?? (try? Projection(camera: camera, viewport: viewport, projection: self.projection))
        else { return [] }
        var out: [SymbolObstacle] = []
        for m in managers where { if case .point = m { true } else { false } }() {
            for f in m.drawnLayer(iconSizes: images, text: text, environment: styleEnvironment(zoom: camera.zoom)).features {
                guard case .symbol(let anchor, let boxes) = f.shape, let p = projection.project(anchor) else { continue }
                for b in boxes { out.append(SymbolObstacle(id: f.id, box: b.offsetBy(dx: p.x, dy: p.y))) }
            }
        }
        return out
    }

    /// Resolves a camera spec: fitted cameras enclose every view annotation's
    /// geometry, every layer annotation and the puck, fitted as MapLibre fits
    /// in the scene's projection (`Camera.fitting(_:viewport:padding:bearing:pitch:maxZoom:projection:)`).
    public func resolve(_ spec: CameraSpec) throws(SceneError) -> Camera {
        switch spec {
        case .camera(let c):
            return c
        case .fit(let padding, let bearing, let pitch, let maxZoom):
            var coordinates: [Coordinate] = []
            for va in viewAnnotations {
                if case .geometry(let g) = va.annotatedFeature { g.forEachPosition { coordinates.append($0.coordinate) } }
            }
            for m in managers { for f in m.layerFeatures(in: StyleEnvironment()) { f.geometry.forEachPosition { coordinates.append($0.coordinate) } } }
            if let puck { coordinates.append(puck.coordinate) }
            do {
                return try Camera.fitting(coordinates, viewport: viewport, padding: padding, bearing: bearing,
                                          pitch: pitch, maxZoom: maxZoom, projection: projection)
            } catch {
                throw .camera(error)
            }
        }
    }

    /// Measures content-sized view annotations with `text`: the returned
    /// document gives every callout's size: a content-sized callout becomes
    /// `ViewAnnotationSizing.measured(content, layout)`, its content kept
    /// beside the layout's size the solver places. Also returns the layouts
    /// by id (for warnings).
    public func measured(with text: TextLayoutEngine?) throws(SceneError) -> (SceneDocument, [String: CalloutLayout]) {
        var doc = self
        let layouts = try doc.viewAnnotations.measure(with: text)
        return (doc, layouts)
    }
    /// Places the view annotations for every camera, in order, each frame
    /// starting from the previous frame's anchors. Content-sized callouts are
    /// measured with `text` first. (``PreparedScene`` keeps what this
    /// computes on the way, for callers that also query or draw.)
    ///
    /// - Parameters:
    ///   - text: measures content-sized callouts (required when the scene has any).
    ///   - budget: a request deadline, polled by the solver, and optimise
    ///     mode's softer one (the answer then says `finished: false`).
    /// - Throws: as ``PreparedScene/init(_:text:through:recordRejected:budget:)``.
    /// - Complexity: checking the managers is linear in their annotations;
    ///   placement dominates (see `ViewAnnotationPlacer`).
    public func place(text: TextLayoutEngine? = nil, budget: PlacementBudget = .unlimited) throws(SceneError) -> PlaceResponse {
        try PreparedScene(self, text: text, budget: budget).response
    }
}

extension [ViewAnnotation] {
    /// Measures the content-sized callouts with `text` (`.content` becomes
    /// `.measured`; measured ones are left as they are); the layouts by id.
    /// - Throws: ``SceneError/textEngineRequired`` when some callout has
    ///   content and `text` is nil; ``SceneError/text(id:_:)`` for content
    ///   that cannot be measured.
    mutating func measure(with text: TextLayoutEngine?) throws(SceneError) -> [String: CalloutLayout] {
        var layouts: [String: CalloutLayout] = [:]
        for i in indices {
            guard case .content(let content) = self[i].sizing else { continue }
            guard let text else { throw .textEngineRequired }
            do {
                let layout = try text.measure(content)
                layouts[self[i].id] = layout
                self[i].sizing = .measured(content, layout)
            } catch {
                throw .text(id: self[i].id, error)
            }
        }
        return layouts
    }

    /// The content of each content-sized callout, by id.
    var contentsById: [String: CalloutContent] {
        var out: [String: CalloutContent] = [:]
        for va in self { if let content = va.content { out[va.id] = content } }
        return out
    }
}
