import CartoucheGeometry

/// One point-bound annotation of a zoom-range placement: a box fixed in
/// screen points around a point whose screen position scales with the zoom.
///
/// Positions are Web-Mercator world coordinates in the unit square (x east,
/// y **down**, (0, 0) the north-west corner). At zoom z the point sits at
/// `world * 512 * 2^z` screen points (512-point tiles), while the box keeps
/// its size: that is what makes two boxes meet on a bounded zoom interval.
public struct ZoomRangeItem: Hashable, Sendable {
    public var id: String
    /// The point, in Web-Mercator unit coordinates (y down).
    public var world: ScreenPoint
    /// The box's size in screen points.
    public var size: ScreenSize
    /// Anchor options in preference order.
    public var anchors: [AnchorConfig]
    /// Frame-relative sub-rects that collide instead of the whole frame; nil
    /// or empty: the frame.
    public var collisionBoxes: [ScreenRect]?
    /// May overlap what is already placed (it still blocks what comes after).
    public var allowOverlap: Bool
    public var visible: Bool
    /// Higher is placed first.
    public var priority: Int
    /// Mapbox's deprecated `selected`: placed before every unselected one.
    public var selected: Bool
    /// The annotation's own zoom limits: its active range lies inside them.
    public var minZoom: Double
    public var maxZoom: Double

    public init(
        id: String, world: ScreenPoint, size: ScreenSize, anchors: [AnchorConfig] = [AnchorConfig(.center)],
        collisionBoxes: [ScreenRect]? = nil, allowOverlap: Bool = false, visible: Bool = true, priority: Int = 0,
        selected: Bool = false, minZoom: Double = 0, maxZoom: Double = 22
    ) {
        self.id = id
        self.world = world
        self.size = size
        self.anchors = anchors
        self.collisionBoxes = collisionBoxes
        self.allowOverlap = allowOverlap
        self.visible = visible
        self.priority = priority
        self.selected = selected
        self.minZoom = minZoom
        self.maxZoom = maxZoom
    }

    /// How far its box reaches from its point, in screen points: the largest
    /// coordinate of any collision rect of any anchor (relative to the
    /// point). Infinite when the box's numbers overflow a `Double`.
    ///
    /// - Complexity: O(anchors × collision boxes).
    public var reach: Double {
        var e = 0.0
        for a in anchors {
            for r in relativeRects(a) { e = Swift.max(e, abs(r.minX), abs(r.maxX), abs(r.minY), abs(r.maxY)) }
        }
        return e
    }

    /// The farthest a box may reach from its point in a zoom-range
    /// placement: 10^9 screen points, about the width of the world at zoom
    /// 21. The placer computes with sums of two reaches scaled by zoom
    /// factors; under this bound they stay finite and exact enough, and no
    /// map label comes near it. `ZoomRangeScene` refuses a box beyond it
    /// (422 at the annotation); `ZoomRangePlacer` assumes it and counts a
    /// larger reach as this one, so it never fails on one.
    public static let maxReach = 1e9

    /// The rects that collide with `anchor`, relative to the point (screen
    /// points, y down).
    ///
    /// - Complexity: O(collision boxes).
    public func relativeRects(_ anchor: AnchorConfig) -> [ScreenRect] {
        let frame = anchor.frame(at: .zero, size: size)
        guard let boxes = collisionBoxes, !boxes.isEmpty else { return [frame] }
        return boxes.map { $0.offsetBy(dx: frame.minX, dy: frame.minY) }
    }
}

/// The zooms a zoom-range placement covers, both ends included.
public struct ZoomRange: Hashable, Sendable {
    public var min: Double
    public var max: Double

    public init(min: Double, max: Double) {
        self.min = min
        self.max = max
    }
}

/// The outcome for one item of a zoom-range placement.
public struct ZoomRangePlacement: Hashable, Sendable {
    public var id: String
    /// Position of the item in the input.
    public var itemIndex: Int
    /// The lowest zoom it is shown at, when shown: it is shown at every zoom
    /// of [`minZoom`, `maxZoom`] and at no other.
    public var minZoom: Double?
    /// The top of its active range: the range's `max`, or the item's own
    /// `maxZoom` when that is lower.
    public var maxZoom: Double?
    /// The one anchor it keeps over its whole active range.
    public var anchor: AnchorConfig?
    /// Why it is never shown; nil when shown.
    public var hiddenReason: HiddenReason?

    public var isVisible: Bool { minZoom != nil }
}

/// The outcome of a zoom-range placement.
public struct ZoomRangeResult: Hashable, Sendable {
    /// One entry per input item, in input order.
    public var placements: [ZoomRangePlacement]
    public var method: PlacementMode
    /// Pairs of boxes whose conflict interval was computed (the work done).
    public var pairTests: Int
    /// Optimise mode's moves that turned other items: items placed below
    /// their first fit by greedy with turns, then the search's moves (each
    /// lowered one minZoom).
    public var improvements: Int = 0
    /// False when `shouldStopSearch` ended optimise mode's search early (the
    /// result is still valid and at least as good as greedy's).
    public var finished = true

    /// Number of shown items.
    public var shownCount: Int { placements.reduce(0) { $0 + ($1.isVisible ? 1 : 0) } }

    /// Σ (maxZoom − minZoom) over shown items: the zooms of the range the
    /// labels cover together (the measure optimise mode raises).
    public var coverage: Double {
        placements.reduce(0) { acc, p in
            guard let lo = p.minZoom, let hi = p.maxZoom else { return acc }
            return acc + (hi - lo)
        }
    }
}
