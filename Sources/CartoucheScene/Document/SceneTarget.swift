import CartoucheAnnotations
import CartoucheCamera
import CartoucheStyle

// How a scene's managers meet its target and its basemap, for every route:
// compiling (fragment or style) and preparing (place, query, render) both go
// through `compile(target:)` or `styleDocumentWithWarnings`, which check the
// same rules in the same order, so the same scene is refused the same way
// everywhere.

extension AnyAnnotationManager {
    /// The ids of the layers the manager compiles to: its own, then a
    /// clustered point manager's cluster layers.
    var layerIds: [String] {
        guard case .point(let m) = self, m.clusterOptions != nil else { return [id] }
        return [id, m.clusterCircleLayerId, m.clusterCountLayerId]
    }

    /// The annotations' ids, in scene order.
    var annotationIds: [String] {
        switch self {
        case .point(let m): m.annotations.map(\.id)
        case .circle(let m): m.annotations.map(\.id)
        case .polyline(let m): m.annotations.map(\.id)
        case .polygon(let m): m.annotations.map(\.id)
        }
    }
}

extension SceneDocument {
    /// The managers in an orchestrator, in scene order. A polyline manager a
    /// camera trims (`cameras[i].lineTrim`) gets `lineMetrics`: the client
    /// animates that trim on its layer, which needs `line-progress`.
    var orchestrator: AnnotationOrchestrator {
        let trimmed = Set(cameraStates.flatMap(\.lineTrim.keys))
        var o = AnnotationOrchestrator()
        for m in managers {
            if case .polyline(var pm) = m, trimmed.contains(m.id) {
                pm.lineMetrics = true
                o.setManager(.polyline(pm))
            } else {
                o.setManager(m)
            }
        }
        return o
    }

    /// The slot markers the managers go among: the basemap's slots when a
    /// manager uses one, else none (so `layerPosition.at` indexes only
    /// layers where no manager has a slot).
    var slotMarkers: [String] {
        managers.contains { $0.slot != nil } ? basemap.slots : []
    }

    /// The layers of the client's map the managers' layers are placed among,
    /// bottom to top: the basemap's layers, then its slots (``slotMarkers``;
    /// a layer without a slot goes above them all, as on Mapbox Standard,
    /// whose slots live in its import).
    var basemapBase: [BaseLayer] {
        basemap.layers.map(BaseLayer.layer) + slotMarkers.map(BaseLayer.slot)
    }

    /// The target-dependent and slot rules of the managers, checked before
    /// compiling:
    /// - slots are Mapbox-only: under `portable`, a manager with a `slot` is
    ///   refused, naming the option that allows it;
    /// - a slotted layer is positioned by its slot, never by a `beforeId`
    ///   naming the slot, so a manager positioned above or below another
    ///   manager's layer must share its slot, and one positioned relative to
    ///   a basemap layer must have none (the renderer would put it in its
    ///   slot, not next to that layer).
    /// - Throws: ``SceneError/manager(id:member:reason:)`` naming the member.
    func checkManagers(target: StyleTarget) throws(SceneError) {
        if target == .portable, let m = managers.first(where: { $0.slot != nil }) {
            throw .manager(id: m.id, member: "slot", reason:
                "slot \"\(m.slot ?? "")\" is Mapbox-only; \(SceneError.allowMapbox)")
        }
        var slotOfLayer: [String: String?] = [:]
        for m in managers { for id in m.layerIds { slotOfLayer[id] = m.slot } }
        let basemapLayers = Set(basemap.layers)
        for m in managers {
            let target: String
            switch m.layerPosition {
            case .above(let id), .below(let id): target = id
            case .default, .at: continue
            }
            if let other = slotOfLayer[target], other != m.slot {
                let mine = m.slot.map { "is in slot \"\($0)\"" } ?? "has no slot"
                let theirs = other.map { "in slot \"\($0)\"" } ?? "in no slot"
                throw .manager(id: m.id, member: "layerPosition", reason:
                    "it \(mine) but is positioned relative to \"\(target)\", \(theirs): a layer goes into its slot, "
                        + "so give both the same slot")
            }
            if basemapLayers.contains(target), let slot = m.slot {
                throw .manager(id: m.id, member: "layerPosition", reason:
                    "it is in slot \"\(slot)\" but is positioned relative to the basemap layer \"\(target)\": "
                        + "a slotted layer goes where its slot is; drop the slot or the position")
            }
        }
    }

    /// Compiles the scene's managers to GeoJSON sources and style layers (a
    /// fragment to merge into the client's map), with duplicate-id warnings.
    ///
    /// Layers are placed among the ``basemap``'s layers and slots: a layer
    /// going below a basemap layer says so in its `beforeId`; a slotted layer
    /// carries its `slot` and no `beforeId` naming the slot.
    /// - Parameter target: overrides the scene's `options.target` (nil: the scene's).
    public func compile(target: StyleTarget? = nil) throws(SceneError) -> CompiledAnnotations {
        let target = target ?? options.target
        try checkManagers(target: target)
        var compiled: CompiledAnnotations
        do { compiled = try orchestrator.compile(baseLayers: basemapBase, target: target) } catch { throw .annotations(error) }
        let markers = Set(slotMarkers)
        if !markers.isEmpty {
            compiled.fragment.insertBefore = compiled.fragment.insertBefore.map { before in
                before.flatMap { markers.contains($0) ? nil : $0 }
            }
        }
        return compiled
    }

    /// The annotation layers' ids bottom to top (layer positions resolved
    /// among the basemap's layers), after every check of
    /// ``compile(target:)`` with the same first error — without building a
    /// source: what placing, querying and drawing need of the managers.
    /// - Parameter target: overrides the scene's `options.target` (nil: the scene's).
    public func drawOrder(target: StyleTarget? = nil) throws(SceneError) -> [String] {
        let target = target ?? options.target
        try checkManagers(target: target)
        do { return try orchestrator.drawOrder(baseLayers: basemapBase, target: target) } catch { throw .annotations(error) }
    }

    /// ``styleDocument(options:target:)`` together with the compile's
    /// non-fatal findings (duplicate annotation ids: the first is kept), so
    /// callers that must report them need not compile twice.
    ///
    /// The style holds the managers' layers and, when a manager has a slot,
    /// the slot markers (`options.slots` when given, else the basemap's
    /// slots); the basemap's own layers are not in it, but each annotation
    /// layer keeps its place relative to the layers it has.
    /// - Parameters:
    ///   - options: the style's name, glyphs, sprite, background and slots.
    ///   - target: overrides the scene's `options.target` (nil: the scene's).
    public func styleDocumentWithWarnings(
        options: StyleDocumentOptions = StyleDocumentOptions(), target: StyleTarget? = nil
    ) throws(SceneError) -> (document: StyleDocument, warnings: [AnnotationError]) {
        let target = target ?? self.options.target
        try checkManagers(target: target)
        let camera = try styleCamera()
        var styleOptions = options
        if styleOptions.slots.isEmpty { styleOptions.slots = slotMarkers }
        do {
            var (document, compiled) = try orchestrator.styleDocument(
                options: styleOptions, target: target, externalLayers: basemap.layers.map(BaseLayer.layer))
            document.camera = camera
            document.projection = styleProjection(target: target)
            return (document, compiled.warnings)
        } catch let error as AnnotationError {
            throw .annotations(error)
        } catch {
            throw .invalidStyle("\(error)")
        }
    }

    /// The style root's `projection` for `target`: nil under Mercator (the
    /// style spec's default, so a Mercator style is unchanged), otherwise
    /// MapLibre's spelling `{"type": "globe"}` for `portable` and Mapbox GL's
    /// `{"name": "globe"}` for `mapbox`.
    public func styleProjection(target: StyleTarget) -> StyleProjection? {
        switch (projection, target) {
        case (.mercator, _): nil
        case (.globe, .portable): .mapLibre(type: projection.rawValue)
        case (.globe, .mapbox): .mapbox(name: projection.rawValue)
        }
    }

    /// A complete v8 style document holding the scene's managers, opening on
    /// the scene's first camera (``styleCamera()``) in the scene's projection
    /// (``styleProjection(target:)``).
    /// - Parameters:
    ///   - options: the style's name, glyphs, sprite, background and slots.
    ///   - target: overrides the scene's `options.target` (nil: the scene's).
    public func styleDocument(options: StyleDocumentOptions = StyleDocumentOptions(), target: StyleTarget? = nil)
        throws(SceneError) -> StyleDocument
    {
        try styleDocumentWithWarnings(options: options, target: target).document
    }
}
