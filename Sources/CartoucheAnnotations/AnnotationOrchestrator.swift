import CartoucheJSON
import CartoucheStyle

/// Everything the orchestrator produced from one state.
public struct CompiledAnnotations: Hashable, Sendable {
    /// Per manager id.
    public var managers: [String: CompiledManager]
    /// Sources, ordered layers and images to merge into a style.
    public var fragment: StyleFragment
    public var images: ImageNamespace
    /// Non-fatal findings (duplicate annotation ids), in manager order.
    public var warnings: [AnnotationError]
}

/// Options of a complete style document built around the annotations.
public struct StyleDocumentOptions: Hashable, Sendable {
    public var name: String?
    /// Glyph URL template (`…/{fontstack}/{range}.pbf`); needed for labels.
    public var glyphs: String?
    public var sprite: String?
    /// Color of the bottom `background` layer; nil leaves it out.
    public var backgroundColor: StyleColor?
    /// Mapbox slot marker layers to create, bottom to top, for managers with a slot.
    public var slots: [String]

    public init(name: String? = nil, glyphs: String? = nil, sprite: String? = nil, backgroundColor: StyleColor? = .white, slots: [String] = []) {
        self.name = name
        self.glyphs = glyphs
        self.sprite = sprite
        self.backgroundColor = backgroundColor
        self.slots = slots
    }

    /// Id of the background layer.
    public static let backgroundLayerId = "background"
}

/// Owns the managers (in creation order) and compiles them together:
/// resolves layer order, shares the image namespace, checks ids.
///
/// A value type: keep the previous value to diff against the next.
public struct AnnotationOrchestrator: Hashable, Sendable {
    public private(set) var managers: [AnyAnnotationManager] = []

    public init() {}

    /// Adds a manager. A manager with the same id is replaced, and the new
    /// one counts as created now (as in the Mapbox SDK, which removes the old
    /// manager's source, layers and images and adds the new one).
    /// - Returns: the replaced manager, if any.
    @discardableResult
    public mutating func setManager(_ manager: AnyAnnotationManager) -> AnyAnnotationManager? {
        let replaced = removeManager(withId: manager.id)
        managers.append(manager)
        return replaced
    }

    /// Removes a manager with its source, layers and image references.
    @discardableResult
    public mutating func removeManager(withId id: String) -> AnyAnnotationManager? {
        guard let i = managers.firstIndex(where: { $0.id == id }) else { return nil }
        return managers.remove(at: i)
    }

    public func manager(withId id: String) -> AnyAnnotationManager? { managers.first { $0.id == id } }

    /// The point manager with this id; setting updates it in place (keeping
    /// its creation order), setting nil removes it.
    public subscript(point id: String) -> PointAnnotationManager? {
        get { if case .point(let m) = manager(withId: id) { m } else { nil } }
        set { replaceInPlace(id: id, with: newValue.map(AnyAnnotationManager.point)) }
    }
    public subscript(circle id: String) -> CircleAnnotationManager? {
        get { if case .circle(let m) = manager(withId: id) { m } else { nil } }
        set { replaceInPlace(id: id, with: newValue.map(AnyAnnotationManager.circle)) }
    }
    public subscript(polyline id: String) -> PolylineAnnotationManager? {
        get { if case .polyline(let m) = manager(withId: id) { m } else { nil } }
        set { replaceInPlace(id: id, with: newValue.map(AnyAnnotationManager.polyline)) }
    }
    public subscript(polygon id: String) -> PolygonAnnotationManager? {
        get { if case .polygon(let m) = manager(withId: id) { m } else { nil } }
        set { replaceInPlace(id: id, with: newValue.map(AnyAnnotationManager.polygon)) }
    }

    private mutating func replaceInPlace(id: String, with manager: AnyAnnotationManager?) {
        guard let manager else {
            removeManager(withId: id)
            return
        }
        // A manager's id is fixed; writing one under another key adds it under its own id.
        if manager.id == id, let i = managers.firstIndex(where: { $0.id == id }) {
            managers[i] = manager
        } else {
            setManager(manager)
        }
    }

    /// Compiles every manager and places their layers among `baseLayers`.
    ///
    /// - Parameters:
    ///   - baseLayers: the layers of the style the fragment is merged into,
    ///     bottom to top; positions and slots may refer to them.
    ///   - previous: the previous result; keys data-driven there stay
    ///     data-driven (see ``CompiledManager/dataDrivenKeys``).
    ///   - target: the renderers the output must be valid for.
    /// - Throws: the first ``AnnotationError`` found.
    public func compile(
        baseLayers: [BaseLayer] = [], previous: CompiledAnnotations? = nil, target: StyleTarget = .portable
    ) throws(AnnotationError) -> CompiledAnnotations {
        try compile(baseLayers: baseLayers, target: target) { manager throws(AnnotationError) in
            try manager.compile(retainedDataDrivenKeys: previous?.managers[manager.id]?.dataDrivenKeys ?? [], target: target)
        }
    }

    /// The annotation layers' ids bottom to top, with every check of
    /// ``compile(baseLayers:previous:target:)`` and the same first error, but
    /// no sources built (``AnnotationManager/validated(target:)``): what a
    /// scene's placement, queries and pictures need of a compile.
    /// - Complexity: O(n · p) checks for n annotations and p properties, no
    ///   per-annotation output.
    public func drawOrder(baseLayers: [BaseLayer] = [], target: StyleTarget = .portable) throws(AnnotationError) -> [String] {
        try compile(baseLayers: baseLayers, target: target) { manager throws(AnnotationError) in
            try manager.validated(target: target)
        }.fragment.layers.map(\.id)
    }

    /// The merge shared by `compile` and `drawOrder`: each manager compiled
    /// by `compileManager`, layer ids and images checked across managers,
    /// layer positions resolved.
    private func compile(
        baseLayers: [BaseLayer], target: StyleTarget,
        _ compileManager: (AnyAnnotationManager) throws(AnnotationError) -> CompiledManager
    ) throws(AnnotationError) -> CompiledAnnotations {
        var compiled: [CompiledManager] = []
        var images = ImageNamespace()
        var warnings: [AnnotationError] = []
        var usedIds = Set<String>()
        for layer in baseLayers where !usedIds.insert(layer.id).inserted { throw .idCollision(layer.id) }

        for manager in managers {
            let result = try compileManager(manager)
            for layer in result.layers where !usedIds.insert(layer.id).inserted { throw .idCollision(layer.id) }
            for use in result.imageUses {
                try images.retain(use.image, manager: manager.id, annotation: use.annotation)
            }
            warnings += result.warnings
            compiled.append(result)
        }

        let order = try LayerOrdering.resolve(
            managers: managers, layerIds: compiled.map { $0.layers.map(\.id) }, base: baseLayers)

        let stack = StyleStack(items: order.flatMap { entry -> [StyleStack.Item] in
            switch entry {
            case .base(let id): [.base(id)]
            case .manager(let m): compiled[m].layers.map(StyleStack.Item.layer)
            }
        })
        let (layers, insertBefore) = stack.split()
        var fragment = StyleFragment(layers: layers, insertBefore: insertBefore, images: images.images)
        for result in compiled { fragment.sources[result.id] = result.source }

        return CompiledAnnotations(
            managers: Dictionary(uniqueKeysWithValues: compiled.map { ($0.id, $0) }),
            fragment: fragment, images: images, warnings: warnings)
    }

    /// A complete, validated v8 style: a background layer, the slot markers
    /// of `options`, then the annotation layers in resolved order.
    ///
    /// - Parameters:
    ///   - options: the style's own parts: name, glyphs and sprite URLs,
    ///     background colour, slot markers.
    ///   - previous: the previous result; keys data-driven there stay
    ///     data-driven (as in ``compile(baseLayers:previous:target:)``).
    ///   - target: the renderer the style is for (Mapbox-only properties and
    ///     slots need ``StyleTarget/mapbox``).
    ///   - externalLayers: layers of a basemap the client draws under
    ///     or around the style (bottom to top, above the background and below
    ///     the slot markers), which layer positions may name but the document
    ///     does not contain: each annotation layer keeps its place relative to
    ///     the layers the document has.
    public func styleDocument(
        options: StyleDocumentOptions, previous: CompiledAnnotations? = nil, target: StyleTarget = .portable,
        externalLayers: [BaseLayer] = []
    ) throws -> (document: StyleDocument, compiled: CompiledAnnotations) {
        var base: [BaseLayer] = []
        var emitted: [String: StyleLayer] = [:]
        if let background = options.backgroundColor {
            base.append(.background(StyleDocumentOptions.backgroundLayerId))
            emitted[StyleDocumentOptions.backgroundLayerId] = StyleLayer(
                id: StyleDocumentOptions.backgroundLayerId, type: .background,
                paint: ["background-color": background.styleJSON])
        }
        base += externalLayers
        for slot in options.slots {
            base.append(.slot(slot))
            emitted[slot] = StyleLayer(id: slot, type: .slot)
        }
        let compiled = try compile(baseLayers: base, previous: previous, target: target)
        // Interleave: each annotation layer goes right below its insertBefore;
        // external layers hold their place in the stack, then drop out.
        let stack = StyleStack(compiled.fragment, baseLayerIds: base.map(\.id))
        let layers = stack.items.compactMap { item -> StyleLayer? in
            switch item {
            case .base(let id): emitted[id]
            case .layer(let layer): layer
            }
        }
        let document = StyleDocument(
            name: options.name, glyphs: options.glyphs, sprite: options.sprite,
            sources: compiled.fragment.sources, layers: layers)
        try document.validate()
        return (document, compiled)
    }
}
