import CartoucheGeometry

/// How one view annotation may be placed: the placement members of Mapbox's
/// `ViewAnnotationOptions`, with its names and defaults.
///
/// One value travels from the scene to the solver: the scene's
/// `ViewAnnotation` and the solver's ``PlacementItem`` both carry it as
/// `options` (and read its members as their own through dynamic member
/// lookup: `item.priority`, `callout.variableAnchors`), so an option is
/// declared, defaulted and documented once.
public struct ViewAnnotationOptions: Hashable, Sendable {
    /// Anchor options in preference order; Mapbox's default is `[center]`.
    public var variableAnchors: [AnchorConfig]
    /// Sub-rects of the view (origin at its top-left) that collide instead
    /// of the whole frame; nil = the whole frame.
    public var collisionBoxes: [ScreenRect]?
    /// May overlap other view annotations (it still keeps off everything else).
    public var allowOverlap: Bool
    /// May cover the location puck.
    public var allowOverlapWithPuck: Bool
    /// May reach into the camera padding (it still stays in the viewport).
    public var ignoreCameraPadding: Bool
    /// False hides it (`hiddenReason` `notVisible`) without placing it.
    public var visible: Bool
    /// Higher is placed first and drawn on top.
    public var priority: Int
    /// Mapbox's deprecated `selected` (use `priority`): placed before every
    /// unselected one.
    public var selected: Bool
    /// Shown only at camera zooms in `minZoom...maxZoom`.
    public var minZoom: Double
    public var maxZoom: Double
    /// Whether the scene's avoid regions and avoid layers apply to this one.
    public var enableAvoidRegions: Bool
    /// Whether the symbols of layer annotations are obstacles.
    public var enableSymbolLayerCollision: Bool

    public init(
        variableAnchors: [AnchorConfig] = [AnchorConfig(.center)],
        collisionBoxes: [ScreenRect]? = nil,
        allowOverlap: Bool = false,
        allowOverlapWithPuck: Bool = false,
        ignoreCameraPadding: Bool = false,
        visible: Bool = true,
        priority: Int = 0,
        selected: Bool = false,
        minZoom: Double = 0,
        maxZoom: Double = 22,
        enableAvoidRegions: Bool = true,
        enableSymbolLayerCollision: Bool = false
    ) {
        self.variableAnchors = variableAnchors
        self.collisionBoxes = collisionBoxes
        self.allowOverlap = allowOverlap
        self.allowOverlapWithPuck = allowOverlapWithPuck
        self.ignoreCameraPadding = ignoreCameraPadding
        self.visible = visible
        self.priority = priority
        self.selected = selected
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.enableAvoidRegions = enableAvoidRegions
        self.enableSymbolLayerCollision = enableSymbolLayerCollision
    }
}

/// A value that carries a view annotation's ``ViewAnnotationOptions`` and
/// reads and writes the options' members as its own (`callout.priority`,
/// `item.variableAnchors`): the scene's `ViewAnnotation`, the solver's
/// ``PlacementItem`` and ``ZoomRangeItem``. The members are declared once,
/// here, instead of being repeated as stored properties of each type.
///
/// The subscript is `@inlinable` and its key paths are literals at every use,
/// so an optimised build reads the field directly: the solvers' hot loops
/// pay no key-path lookup.
@dynamicMemberLookup
public protocol CarriesViewAnnotationOptions {
    var options: ViewAnnotationOptions { get set }
}

extension CarriesViewAnnotationOptions {
    /// The options' members, read and written as the carrier's own.
    @inlinable
    public subscript<Value>(dynamicMember member: WritableKeyPath<ViewAnnotationOptions, Value>) -> Value {
        get { options[keyPath: member] }
        set { options[keyPath: member] = newValue }
    }
}
