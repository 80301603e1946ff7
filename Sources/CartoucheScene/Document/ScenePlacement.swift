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
    }

    public var frames: [Frame]

    /// Shown callouts over all frames.
    public var placedCount: Int { frames.reduce(0) { $0 + $1.result.drawOrder.count } }
}

extension SceneDocument {
    /// The scene for the view-annotation placement at one camera.
    func placementScene(camera: Camera, text: TextLayoutEngine? = nil) -> ViewAnnotationScene {
        var layers: [String: [LayerFeature]] = [:]
        for m in managers { layers[m.id] = m.layerFeatures }
        let avoid = avoidLines + managers.filter { avoidLayers.contains($0.id) }.flatMap(\.avoidLines)
        return ViewAnnotationScene(
            camera: camera, viewport: viewport, viewAnnotations: viewAnnotations, puck: puck,
            avoidRegions: avoidRegions, avoidLines: avoid, symbols: symbolObstacles(camera: camera, text: text), layers: layers,
            mode: options.mode, cullingMargin: options.cullingMargin, lineClearance: options.lineClearance)
    }

    /// Icon and text boxes of point annotations on screen, for callouts with
    /// `enableSymbolLayerCollision`.
    func symbolObstacles(camera: Camera, text: TextLayoutEngine?) -> [SymbolObstacle] {
        guard viewAnnotations.contains(where: \.enableSymbolLayerCollision),
              let projection = try? Projection(camera: camera, viewport: viewport) else { return [] }
        var out: [SymbolObstacle] = []
        for m in managers where { if case .point = m { true } else { false } }() {
            for f in m.drawnLayer(iconSizes: images, text: text).features {
                guard case .symbol(let anchor, let boxes) = f.shape, let p = projection.project(anchor) else { continue }
                for b in boxes { out.append(SymbolObstacle(id: f.id, box: b.offsetBy(dx: p.x, dy: p.y))) }
            }
        }
        return out
    }

    /// Resolves a camera spec: fitted cameras enclose every view annotation's
    /// geometry, every layer annotation and the puck.
    public func resolve(_ spec: CameraSpec) throws(SceneError) -> Camera {
        switch spec {
        case .camera(let c):
            return c
        case .fit(let padding, let bearing, let pitch, let maxZoom):
            var coordinates: [Coordinate] = []
            for va in viewAnnotations {
                if case .geometry(let g) = va.annotatedFeature { g.forEachPosition { coordinates.append($0.coordinate) } }
            }
            for m in managers { for f in m.layerFeatures { f.geometry.forEachPosition { coordinates.append($0.coordinate) } } }
            if let puck { coordinates.append(puck.coordinate) }
            do {
                return try Camera.fitting(coordinates, viewport: viewport, padding: padding, bearing: bearing,
                                          pitch: pitch, maxZoom: maxZoom)
            } catch {
                throw .camera(error)
            }
        }
    }

    /// Measures content-sized view annotations with `text`; the returned
    /// document has every size set, and the layouts by id (for pictures).
    public func measured(with text: TextLayoutEngine?) throws(SceneError) -> (SceneDocument, [String: CalloutLayout]) {
        guard !contents.isEmpty else { return (self, [:]) }
        guard let text else { throw .textEngineRequired }
        var doc = self
        var layouts: [String: CalloutLayout] = [:]
        for (i, va) in doc.viewAnnotations.enumerated() {
            guard let content = contents[va.id] else { continue }
            do {
                let layout = try text.measure(content)
                layouts[va.id] = layout
                doc.viewAnnotations[i].size = layout.size
            } catch {
                throw .text(id: va.id, error)
            }
        }
        return (doc, layouts)
    }

    /// Places the view annotations for every camera, in order, each frame
    /// starting from the previous frame's anchors. Content-sized callouts are
    /// measured with `text` first.
    ///
    /// - Parameter shouldCancel: polled by the solver (a request deadline).
    public func place(text: TextLayoutEngine? = nil, shouldCancel: (@Sendable () -> Bool)? = nil) throws(SceneError) -> PlaceResponse {
        let (doc, _) = try measured(with: text)
        var frames: [PlaceResponse.Frame] = []
        for spec in doc.cameras {
            let camera = try doc.resolve(spec)
            let result = try ViewAnnotationPlacer.place(
                doc.placementScene(camera: camera, text: text), previous: frames.last?.result,
                recordRejected: options.recordRejected, shouldCancel: shouldCancel)
            frames.append(PlaceResponse.Frame(camera: camera, result: result))
        }
        return PlaceResponse(frames: frames)
    }
}
