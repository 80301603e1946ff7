import CartoucheCamera
import CartoucheGeometry
import CartouchePlacement

/// A feature of a compiled layer that view annotations can be bound to.
public struct LayerFeature: Hashable, Sendable {
    public var id: String
    public var geometry: Geometry
    /// For lines: the manager's `line-trim-offset`, if any.
    public var lineTrim: ClosedRange<Double>?

    public init(id: String, geometry: Geometry, lineTrim: ClosedRange<Double>? = nil) {
        self.id = id
        self.geometry = geometry
        self.lineTrim = lineTrim
    }
}

/// Everything the view-annotation placement needs, in geographic terms.
public struct ViewAnnotationScene: Sendable {
    public var camera: Camera
    public var viewport: ScreenSize
    public var viewAnnotations: [ViewAnnotation]
    public var puck: Puck?
    /// Screen rects callouts keep out of.
    public var avoidRegions: [ScreenRect]
    /// Lines callouts keep off (avoid layers, lines drawn above routes).
    public var avoidLines: [AvoidLine]
    /// Symbol boxes of layer annotations, on screen for this camera.
    public var symbols: [SymbolObstacle]
    /// Features of compiled layers, by layer id, for `.layerFeature` bindings.
    public var layers: [String: [LayerFeature]]
    /// For a callout bound to a line, the lines drawn above that line (by view
    /// annotation id): its anchor steps away from the stretches they cover.
    public var linesAbove: [String: [AvoidLine]]
    public var mode: PlacementMode
    /// How far outside the viewport an anchor point may be; 0 = Mapbox's rule.
    public var cullingMargin: Double
    /// Minimum distance, in points, between a line-bound callout's anchor and
    /// the other annotated lines, so a callout is never ambiguous about which
    /// route it labels. nil = half the callout's larger side plus 4.
    public var lineClearance: Double?
    /// The map projection the client draws: under `MapProjection.globe`
    /// below zoom 12 everything is bound to the sphere MapLibre draws.
    public var projection: MapProjection

    public init(
        camera: Camera, viewport: ScreenSize, viewAnnotations: [ViewAnnotation],
        puck: Puck? = nil, avoidRegions: [ScreenRect] = [], avoidLines: [AvoidLine] = [],
        symbols: [SymbolObstacle] = [], layers: [String: [LayerFeature]] = [:],
        linesAbove: [String: [AvoidLine]] = [:], mode: PlacementMode = .greedy, cullingMargin: Double = 0, lineClearance: Double? = nil,
        projection: MapProjection = .mercator
    ) {
        self.projection = projection
        self.camera = camera
        self.viewport = viewport
        self.viewAnnotations = viewAnnotations
        self.puck = puck
        self.avoidRegions = avoidRegions
        self.avoidLines = avoidLines
        self.symbols = symbols
        self.layers = layers
        self.linesAbove = linesAbove
        self.mode = mode
        self.cullingMargin = cullingMargin
        self.lineClearance = lineClearance
    }
}

/// The outcome for one view annotation, in the terms of the scene.
public struct ViewAnnotationPlacement: Hashable, Sendable {
    public var id: String
    public var isVisible: Bool
    /// Left-top x, y, width, height in screen points, when shown.
    public var frame: ScreenRect?
    /// The anchor option chosen, when shown.
    public var anchor: AnchorConfig?
    /// The geographic point the callout is anchored to, when shown.
    public var anchorCoordinate: Coordinate?
    /// Stacking position among shown callouts: 0 is drawn first (bottom).
    public var zIndex: Int?
    /// Why it is hidden; nil when shown.
    public var hiddenReason: HiddenReason?
}

/// The outcome of placing a scene's view annotations for one camera.
public struct ViewAnnotationResult: Hashable, Sendable {
    /// One entry per view annotation, in scene order.
    public var placements: [ViewAnnotationPlacement]
    /// Ids of shown callouts, bottom to top.
    public var drawOrder: [String]
    /// Candidate frames tried and rejected (when asked for), for pictures.
    public var rejected: [RejectedCandidate]
    public var candidateTests: Int
    /// The mode that placed them (`stats.method`).
    public var method: PlacementMode = .greedy
    /// False when the request's time budget stopped optimise mode's search
    /// early (`stats.finished`): the answer is valid and at least as good as
    /// greedy mode's, but a longer budget might show more.
    public var finished = true
    /// Optimise mode: groups of competing callouts that needed a search
    /// (`stats.searchedComponents`); 0 in greedy mode.
    public var searchedComponents = 0
    /// Optimise mode: highest tiers decided exactly (`stats.exactTiers`).
    public var exactTiers = 0
    /// The anchors chosen, to pass as `previous` for the next frame.
    public var anchors: [String: AnchorConfig] {
        var out: [String: AnchorConfig] = [:]
        for p in placements { if let a = p.anchor { out[p.id] = a } }
        return out
    }
}

extension ViewAnnotationResult {
    /// Callouts shown here and in `previous` whose anchor changed
    /// (`stats.anchorChanges`, frame-to-frame stability).
    public func anchorChanges(since previous: ViewAnnotationResult) -> Int {
        let before = previous.anchors
        return placements.reduce(0) { n, p in
            guard let a = p.anchor, let b = before[p.id] else { return n }
            return a == b ? n : n + 1
        }
    }
}
