import CartoucheAnnotations
import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import CartouchePlacement
import CartoucheText

/// A scene as users write it: the one JSON format (version 1) shared by the
/// CLI, the HTTP service and batch files. See `docs/SCENE_FORMAT.md`.
///
/// Decoding is strict: unknown members are errors naming the member and the
/// allowed ones, so a typo never silently does nothing.
public struct SceneDocument: Hashable, Sendable {
    /// The format version; only 1 exists.
    public static let currentVersion = 1

    public var viewport: ScreenSize
    /// One or more cameras; several mean one result per camera (an
    /// animation, or a batch over views), each frame reusing the previous
    /// frame's anchors.
    public var cameras: [CameraSpec]
    public var puck: Puck?
    /// The callouts, each with its size given or its content to measure
    /// (``ViewAnnotation/sizing``).
    public var viewAnnotations: [ViewAnnotation]
    public var avoidRegions: [ScreenRect]
    public var avoidLines: [AvoidLine]
    /// Layer annotations, grouped in managers (bottom to top unless their
    /// layer positions say otherwise).
    public var managers: [AnyAnnotationManager]
    /// Ids of polyline managers whose lines callouts keep off.
    public var avoidLayers: [String]
    /// Icon sizes in points by image name, for hit-testing point annotations.
    public var images: [String: ScreenSize]
    /// The client's basemap as far as the managers' layers go among its
    /// layers: the layer ids positions may name, the slots managers may use.
    public var basemap: Basemap
    public var options: SceneOptions
    /// Per camera, in the order of `cameras`: what that camera sets for its own
    /// frame (puck, line trims). Empty, or shorter than `cameras`, means the
    /// remaining cameras set nothing (see ``cameraState(ofFrame:)``).
    public var cameraStates: [CameraFrameState]
    /// The previous answer's anchors, anchor points and shown set (a client's
    /// last tick), seeding the first camera's placement as if it were the
    /// frame before it; nil starts afresh.
    public var previous: PreviousFrame?
    /// Feature state by manager id, then annotation id, as a renderer holds
    /// it (`setFeatureState`): what `["feature-state", …]` expressions read.
    /// Empty (the default) is a fresh renderer's state.
    public var featureState: [String: [String: [String: JSONValue]]]
    /// The map projection the client draws (the style's `projection.type`).
    /// A camera MapLibre draws on the globe (zoom below 12) is placed, queried
    /// and drawn on the sphere (callouts it hides: `horizon`; see
    /// `ScreenLines`, `SceneQueryIndex` and `GlobeDrawing`).
    public var projection: MapProjection = .mercator

    public init(
        viewport: ScreenSize, cameras: [CameraSpec], puck: Puck? = nil, viewAnnotations: [ViewAnnotation] = [],
        avoidRegions: [ScreenRect] = [], avoidLines: [AvoidLine] = [],
        managers: [AnyAnnotationManager] = [], avoidLayers: [String] = [], images: [String: ScreenSize] = [:],
        basemap: Basemap = Basemap(), options: SceneOptions = SceneOptions(), cameraStates: [CameraFrameState] = [],
        previous: PreviousFrame? = nil, featureState: [String: [String: [String: JSONValue]]] = [:]
    ) {
        self.viewport = viewport
        self.cameras = cameras
        self.puck = puck
        self.viewAnnotations = viewAnnotations
        self.avoidRegions = avoidRegions
        self.avoidLines = avoidLines
        self.managers = managers
        self.avoidLayers = avoidLayers
        self.images = images
        self.basemap = basemap
        self.options = options
        self.cameraStates = cameraStates
        self.previous = previous
        self.featureState = featureState
    }

    /// What expressions are evaluated with at a frame's camera `zoom`.
    public func styleEnvironment(zoom: Double) -> StyleEnvironment {
        StyleEnvironment(zoom: zoom, featureState: featureState)
    }
}

/// A camera given outright, or "fit these annotations" (Mapbox's
/// `camera(for:padding:bearing:pitch:)`).
public enum CameraSpec: Hashable, Sendable {
    case camera(Camera)
    /// Fit every view annotation's geometry (and the puck) into the viewport.
    case fit(padding: EdgeInsets, bearing: Double, pitch: Double, maxZoom: Double)
}

/// Scene-wide knobs.
public struct SceneOptions: Hashable, Sendable {
    public var mode: PlacementMode
    /// How far outside the viewport an anchor point may be (points); 0 is Mapbox's rule.
    public var cullingMargin: Double
    /// Minimum distance between a line-bound callout's anchor and other
    /// annotated lines; nil = half the callout's larger side + 4.
    public var lineClearance: Double?
    /// Report rejected candidates ("ghosts") in the result.
    public var recordRejected: Bool
    /// The renderers the scene is for, on every route alike (place, compile,
    /// query, render): `portable` (MapLibre and Mapbox GL; the default)
    /// refuses Mapbox-only properties and slots, `mapbox` accepts them and
    /// honours those that change geometry (`line-trim-offset`). A request's
    /// own target (`--target`, `?target=`) overrides it: see
    /// ``SceneDocument/resolvingTarget(_:)``.
    public var target: StyleTarget

    public init(
        mode: PlacementMode = .greedy, cullingMargin: Double = 0, lineClearance: Double? = nil, recordRejected: Bool = false,
        target: StyleTarget = .portable
    ) {
        self.mode = mode
        self.cullingMargin = cullingMargin
        self.lineClearance = lineClearance
        self.recordRejected = recordRejected
        self.target = target
    }
}

/// What a scene knows of the map its managers' layers are added to: the
/// ids of that map's own layers that a manager's `layerPosition` may name
/// (`above` / `below`), and the slots a manager's `slot` may name.
///
/// The basemap's layers are never in Cartouche's output: a fragment names
/// them in `beforeId`, a complete style keeps each annotation layer's place
/// among the layers it has. Slots are a Mapbox feature (target `mapbox`);
/// a slotted layer is positioned by its `slot`, never by a `beforeId`
/// naming the slot.
public struct Basemap: Hashable, Sendable {
    /// Mapbox Standard's slots, bottom to top: above land and water, above
    /// roads (below 3D buildings), above POI labels.
    public static let standardSlots = ["bottom", "middle", "top"]

    /// Ids of the basemap's layers, bottom to top.
    public var layers: [String]
    /// The basemap's slots, bottom to top (Mapbox Standard's by default).
    public var slots: [String]

    public init(layers: [String] = [], slots: [String] = Basemap.standardSlots) {
        self.layers = layers
        self.slots = slots
    }
}

extension SceneDocument {
    /// The scene with the target a request asks for: `override` (a CLI
    /// `--target`, a `target` query parameter) when given, else the scene's
    /// own `options.target` (itself `portable` when the scene says nothing).
    /// Every route resolves its target through this one rule.
    public func resolvingTarget(_ override: StyleTarget?) -> SceneDocument {
        guard let override, override != options.target else { return self }
        var scene = self
        scene.options.target = override
        return scene
    }
}
