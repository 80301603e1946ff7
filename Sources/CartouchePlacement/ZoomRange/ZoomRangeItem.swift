import CartoucheGeometry

/// One point-bound annotation of a zoom-range placement: a box fixed in
/// screen points around a point whose screen position scales with the zoom.
///
/// Positions are Web-Mercator world coordinates in the unit square (x east,
/// y **down**, (0, 0) the north-west corner). At zoom z the point sits at
/// `world * 512 * 2^z` screen points (512-point tiles), while the box keeps
/// its size: that is what makes two boxes meet on a bounded zoom interval.
public struct ZoomRangeItem: Hashable, Sendable, CarriesViewAnnotationOptions {
    public var id: String
    /// The point, in Web-Mercator unit coordinates (y down).
    public var world: ScreenPoint
    /// The box's size in screen points.
    public var size: ScreenSize
    /// How it may be placed: the callout's own ``ViewAnnotationOptions``, read
    /// as the item's members (`item.variableAnchors`, `item.priority`). A
    /// zoom range honours the anchors, collision boxes, `allowOverlap`
    /// (it may overlap what is already placed and still blocks what comes
    /// after), `visible`, `priority`, `selected` and the zoom limits (its
    /// active range lies inside them); it has no puck, padding, avoid
    /// regions or symbols, so the options about those change nothing.
    public var options: ViewAnnotationOptions

    public init(id: String, world: ScreenPoint, size: ScreenSize, options: ViewAnnotationOptions = ViewAnnotationOptions()) {
        self.id = id
        self.world = world
        self.size = size
        self.options = options
    }

    /// How far its box reaches from its point, in screen points: the largest
    /// coordinate of any collision rect of any anchor (relative to the
    /// point). Infinite when the box's numbers overflow a `Double`.
    ///
    /// - Complexity: O(anchors × collision boxes).
    public var reach: Double {
        var e = 0.0
        for a in options.variableAnchors {
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
        guard let boxes = options.collisionBoxes, !boxes.isEmpty else { return [frame] }
        return boxes.map { $0.offsetBy(dx: frame.minX, dy: frame.minY) }
    }
}

/// The zooms a zoom-range placement covers, both ends included.
public struct ZoomRange: Hashable, Sendable {
    public var min: Double
    public var max: Double
    /// The steps a minimum zoom is chosen on. 0 (the default): any zoom. A
    /// step `s > 0`: every shown annotation's minimum zoom is its own lowest
    /// zoom (`max(its minZoom, min)`) or a multiple of `s`, and both modes
    /// choose on those steps (greedy: the lowest free step; optimise: the
    /// lexicographic contract on steps). Tiles switch labels on at whole
    /// zooms, so a step of 1 spends no zoom range on starts a tile cannot
    /// show, which leaves more room for the labels below.
    public var minZoomStep: Double

    public init(min: Double, max: Double, minZoomStep: Double = 0) {
        self.min = min
        self.max = max
        self.minZoomStep = minZoomStep
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
