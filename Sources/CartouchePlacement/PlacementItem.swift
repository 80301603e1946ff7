import CartoucheGeometry

/// One view annotation as the placement core sees it: already projected to
/// the screen. The scene layer (projection, line and polygon anchoring) turns
/// user-facing view annotations into these, passing their
/// ``ViewAnnotationOptions`` through unchanged (read here as the item's own
/// members: `item.priority`, `item.variableAnchors`).
public struct PlacementItem: Hashable, Sendable, CarriesViewAnnotationOptions {
    /// The caller's id, reported in results and in `collision` reasons.
    public var id: String
    /// Candidate anchor points in preference order (one for a point-bound
    /// annotation; several along a line or inside a polygon). Empty means the
    /// bound feature was not found or projects nowhere on screen.
    public var anchorPoints: [ScreenPoint]
    /// The view's size in points.
    public var size: ScreenSize
    /// How it may be placed: anchors, overlap rules, priority, zoom range.
    public var options: ViewAnnotationOptions
    /// Why the anchor points are empty, when they are (set by the scene layer).
    public var missingAnchorReason: HiddenReason
    /// The box the callout had on screen in the previous frame (only its
    /// origin counts), when it was shown there with the previous anchor
    /// (`PlacementOptions.previousAnchors`). With both, the callout tries its
    /// candidates calmest first (`CandidateOrder`, the motion contract):
    /// the box nearest that one on screen, a turn of anchor costing
    /// `CandidateOrder.anchorChangePenalty` more.
    public var previousFrame: ScreenRect? = nil
    /// The layer the callout is bound to (a `.layerFeature` binding), whose
    /// avoid lines (``ScreenPolyline/id``) it does not keep off: an avoid
    /// layer keeps *other* callouts off its lines, as in Mapbox, and a
    /// callout is never kept off its own line. nil: every avoid line applies.
    public var ownLayer: String? = nil

    public init(
        id: String, anchorPoints: [ScreenPoint], size: ScreenSize, options: ViewAnnotationOptions = ViewAnnotationOptions(),
        missingAnchorReason: HiddenReason = .offscreen
    ) {
        self.id = id
        self.anchorPoints = anchorPoints
        self.size = size
        self.options = options
        self.missingAnchorReason = missingAnchorReason
    }

    /// The rects that collide for a frame: the collision boxes moved into the
    /// frame, or the frame itself. (Always inlined, like the item's other
    /// uses in greedy placement's candidate loop, so that none of them takes
    /// a copy of the item: #31.)
    @inlinable @inline(__always)
    func collisionRects(for frame: ScreenRect) -> [ScreenRect] {
        guard let boxes = options.collisionBoxes, !boxes.isEmpty else { return [frame] }
        return boxes.map { $0.offsetBy(dx: frame.minX, dy: frame.minY) }
    }
}

/// A thick polyline on screen (a line of an avoid layer, or a line drawn
/// above a route) that callouts must not cover.
public struct ScreenPolyline: Hashable, Sendable {
    public var id: String
    public var points: [ScreenPoint]
    /// Half the drawn width, in points.
    public var halfWidth: Double

    public init(id: String, points: [ScreenPoint], halfWidth: Double) {
        self.id = id
        self.points = points
        self.halfWidth = halfWidth
    }
}

/// A box of a layer annotation's symbol (icon or text) that callouts with
/// `enableSymbolLayerCollision` must not cover.
public struct SymbolObstacle: Hashable, Sendable {
    public var id: String
    public var box: ScreenRect

    public init(id: String, box: ScreenRect) {
        self.id = id
        self.box = box
    }
}

/// Everything about the screen the placement needs besides the items.
public struct PlacementEnvironment: Hashable, Sendable {
    /// The viewport, origin (0, 0).
    public var viewport: ScreenSize
    /// The camera padding; frames must stay inside viewport minus padding.
    public var padding: EdgeInsets
    /// Current camera zoom, for `minZoom`/`maxZoom`.
    public var zoom: Double
    /// The location puck's full on-screen extent, if a puck is shown.
    public var puck: ScreenRect?
    /// Screen rects callouts keep out of (when `enableAvoidRegions`).
    public var avoidRegions: [ScreenRect]
    /// Lines callouts keep off (when `enableAvoidRegions`).
    public var avoidLines: [ScreenPolyline]
    /// Symbol boxes of layer annotations (for `enableSymbolLayerCollision`).
    public var symbols: [SymbolObstacle]
    /// How far outside the viewport an anchor point may be before the
    /// annotation is culled. 0 is Mapbox's rule (anchor on screen).
    public var cullingMargin: Double

    public init(
        viewport: ScreenSize,
        padding: EdgeInsets = .zero,
        zoom: Double = 0,
        puck: ScreenRect? = nil,
        avoidRegions: [ScreenRect] = [],
        avoidLines: [ScreenPolyline] = [],
        symbols: [SymbolObstacle] = [],
        cullingMargin: Double = 0
    ) {
        self.viewport = viewport
        self.padding = padding
        self.zoom = zoom
        self.puck = puck
        self.avoidRegions = avoidRegions
        self.avoidLines = avoidLines
        self.symbols = symbols
        self.cullingMargin = cullingMargin
    }

    /// The viewport rect.
    public var viewportRect: ScreenRect { ScreenRect(x: 0, y: 0, width: viewport.width, height: viewport.height) }

    /// The viewport minus the camera padding.
    public var paddedRect: ScreenRect {
        ScreenRect(
            minX: padding.left, minY: padding.top,
            maxX: viewport.width - padding.right, maxY: viewport.height - padding.bottom)
    }
}
