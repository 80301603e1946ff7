import CartoucheJSON
import CartoucheStyle

/// One piece of declared style content.
public enum StyleContentElement: Hashable, Sendable {
    case source(id: String, GeoJSONSource)
    /// A plain layer (or slot marker), stacked in declaration order.
    case layer(StyleLayer)
    case annotations(AnyAnnotationManager)
}

/// Anything that can appear in a ``StyleContent`` block.
public protocol StyleContentComponent {
    var contentElements: [StyleContentElement] { get }
}

extension StyleLayer: StyleContentComponent {
    public var contentElements: [StyleContentElement] { [.layer(self)] }
}

extension AnnotationManager: StyleContentComponent {
    public var contentElements: [StyleContentElement] { [.annotations(Kind.erase(self))] }
}

/// A slot marker layer (Mapbox): slotted layers render where it is.
public struct SlotLayer: StyleContentComponent {
    public var id: String
    public init(_ id: String) { self.id = id }
    public var contentElements: [StyleContentElement] { [.layer(StyleLayer(id: id, type: .slot))] }
}

/// A GeoJSON source declared in content, for plain layers to draw.
public struct SourceContent: StyleContentComponent {
    public var id: String
    public var source: GeoJSONSource
    public init(id: String, _ source: GeoJSONSource) {
        self.id = id
        self.source = source
    }
    public var contentElements: [StyleContentElement] { [.source(id: id, source)] }
}

/// Builds content from components, `if`, `switch` and `for`.
@resultBuilder
public enum StyleContentBuilder {
    public static func buildExpression(_ component: some StyleContentComponent) -> [StyleContentElement] { component.contentElements }
    public static func buildBlock(_ parts: [StyleContentElement]...) -> [StyleContentElement] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [StyleContentElement]?) -> [StyleContentElement] { part ?? [] }
    public static func buildEither(first: [StyleContentElement]) -> [StyleContentElement] { first }
    public static func buildEither(second: [StyleContentElement]) -> [StyleContentElement] { second }
    public static func buildArray(_ parts: [[StyleContentElement]]) -> [StyleContentElement] { parts.flatMap { $0 } }
}

/// Builds an annotation list from annotations, `if` and `for`.
@resultBuilder
public enum AnnotationListBuilder<Annotation> {
    public static func buildExpression(_ annotation: Annotation) -> [Annotation] { [annotation] }
    public static func buildBlock(_ parts: [Annotation]...) -> [Annotation] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Annotation]?) -> [Annotation] { part ?? [] }
    public static func buildEither(first: [Annotation]) -> [Annotation] { first }
    public static func buildEither(second: [Annotation]) -> [Annotation] { second }
    public static func buildArray(_ parts: [[Annotation]]) -> [Annotation] { parts.flatMap { $0 } }
}

extension AnnotationManager {
    /// A manager whose annotations are written as a block:
    /// `CircleAnnotationManager(id: "stops") { for s in stops { CircleAnnotation(…) } }`.
    public init(
        id: String, layerPosition: LayerPosition = .default, slot: String? = nil,
        @AnnotationListBuilder<Kind.Annotation> annotations: () -> [Kind.Annotation]
    ) {
        self.init(id: id, annotations: annotations(), layerPosition: layerPosition, slot: slot)
    }
}

/// The output of a ``StyleContent``: a fragment and the annotation
/// compile behind it (kept for the next reconciliation).
public struct CompiledStyleContent: Hashable, Sendable {
    public var fragment: StyleFragment
    public var annotations: CompiledAnnotations
    /// The external base layers the fragment was placed among.
    public var baseLayerIds: [String]

    /// The patch from `previous` to this content (same base layers assumed).
    public func patch(from previous: CompiledStyleContent) -> StylePatch {
        StylePatch.diff(from: previous.fragment, to: fragment, baseLayerIds: baseLayerIds)
    }
}

/// Declarative style content in the spirit of Mapbox's
/// `setMapStyleContent`: describe the whole desired state each time; the
/// difference from the previous state becomes a minimal `StylePatch` (in `CartoucheStyle`).
///
/// ```swift
/// let content = StyleContent {
///     SlotLayer("overlays")
///     CircleAnnotationManager(id: "stops", slot: "overlays") {
///         for stop in stops { CircleAnnotation(id: stop.id, coordinate: stop.location) }
///     }
///     if showRoute { PolylineAnnotationManager(id: "route") { PolylineAnnotation(id: "r", coordinates: path) } }
/// }
/// let next = try content.compile(previous: current)
/// let patch = next.patch(from: current)
/// ```
///
/// Layers and slots stack in declaration order on top of the base style;
/// an annotation manager with the default position sits where it is
/// declared (below the next declared layer), other positions and slots
/// work as in ``AnnotationOrchestrator``.
public struct StyleContent: Hashable, Sendable {
    public var elements: [StyleContentElement]

    public init(@StyleContentBuilder _ content: () -> [StyleContentElement]) {
        elements = content()
    }

    /// - Parameters:
    ///   - baseLayers: the layers of the style this content is added to.
    ///   - previous: the previous result, to keep data-driven keys stable.
    ///   - target: the renderers the output must be valid for.
    public func compile(
        baseLayers: [BaseLayer] = [], previous: CompiledStyleContent? = nil, target: StyleTarget = .portable
    ) throws(AnnotationError) -> CompiledStyleContent {
        var declaredLayers: [StyleLayer] = []
        var sources: [String: GeoJSONSource] = [:]
        var orchestrator = AnnotationOrchestrator()
        for (i, element) in elements.enumerated() {
            switch element {
            case .source(let id, let source):
                guard sources.updateValue(source, forKey: id) == nil else { throw .idCollision(id) }
            case .layer(let layer):
                declaredLayers.append(layer)
            case .annotations(var manager):
                guard orchestrator.manager(withId: manager.id) == nil else { throw .idCollision(manager.id) }
                // Default position: where declared, i.e. below the next declared layer.
                if manager.layerPosition == .default, manager.slot == nil,
                    let next = elements[(i + 1)...].lazy.compactMap({ if case .layer(let l) = $0 { l } else { nil } }).first
                {
                    manager = manager.with(layerPosition: .below(next.id))
                }
                orchestrator.setManager(manager)
            }
        }
        let declaredBase = declaredLayers.map { BaseLayer(id: $0.id, isSlot: $0.type == .slot) }
        let compiled = try orchestrator.compile(baseLayers: baseLayers + declaredBase, previous: previous?.annotations, target: target)
        for id in compiled.fragment.sources.keys where sources[id] != nil { throw .idCollision(id) }
        for layer in declaredLayers where layer.type != .slot && layer.type != .background {
            guard let source = layer.source, sources[source] != nil || compiled.fragment.sources[source] != nil else {
                throw .unknownSource(layer: layer.id, source: layer.source ?? "")
            }
        }

        // Stack everything over the external base, then keep only our layers.
        let externalIds = baseLayers.map(\.id)
        var stack = StyleStack(compiled.fragment, baseLayerIds: externalIds + declaredLayers.map(\.id))
        stack.items = stack.items.map { item in
            guard case .base(let id) = item, let declared = declaredLayers.first(where: { $0.id == id }) else { return item }
            return .layer(declared)
        }
        let (layers, insertBefore) = stack.split()
        var fragment = compiled.fragment
        fragment.layers = layers
        fragment.insertBefore = insertBefore
        fragment.sources.merge(sources) { ours, _ in ours }
        return CompiledStyleContent(fragment: fragment, annotations: compiled, baseLayerIds: externalIds)
    }
}

extension AnyAnnotationManager {
    func with(layerPosition: LayerPosition) -> AnyAnnotationManager {
        switch self {
        case .point(var m): m.layerPosition = layerPosition; return .point(m)
        case .circle(var m): m.layerPosition = layerPosition; return .circle(m)
        case .polyline(var m): m.layerPosition = layerPosition; return .polyline(m)
        case .polygon(var m): m.layerPosition = layerPosition; return .polygon(m)
        }
    }
}

extension AnnotationManager where Kind == PointAnnotationKind {
    /// A clustered (or not) point manager whose annotations are written as a block.
    public init(
        id: String, layerPosition: LayerPosition = .default, slot: String? = nil, clusterOptions: ClusterOptions?,
        @AnnotationListBuilder<PointAnnotation> annotations: () -> [PointAnnotation]
    ) {
        self.init(id: id, annotations: annotations(), layerPosition: layerPosition, slot: slot, clusterOptions: clusterOptions)
    }
}
