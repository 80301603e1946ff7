import CartoucheGeometry

/// The working state of a zoom-range placement: per item its clamped zoom
/// limits, its chosen anchor and minimum zoom when placed, and the level
/// grid of placed items. Shared by greedy mode and optimise mode's search.
struct ZoomRangeState {
    let items: [ZoomRangeItem]
    /// Per item: the lowest zoom it may start at, `max(minZoom, range.min)`.
    let lowest: [Double]
    /// Per item: the top of its active range, `min(maxZoom, range.max)`, and its scale.
    let top: [Double]
    let sTop: [Double]
    /// Per item: the chosen anchor index, -1 while not placed.
    var anchor: [Int32]
    /// Per item: its minimum zoom (and its scale) when placed.
    var minZoom: [Double]
    var sMin: [Double]
    var grid: ZoomLevelGrid
    /// Per item: how far any of its boxes reaches from its point on either
    /// axis (all anchors): two items further apart than the sum on an axis,
    /// at a scale, do not collide there.
    let extent: [Double]
    /// Per item: the scale at its lowest zoom.
    let sLowest: [Double]
    /// The largest `extent`.
    let maxExtent: Double
    /// Per placed item without collision boxes: its frame around its point
    /// for its anchor (the pair loop reads it instead of rebuilding it).
    var frame: [ScreenRect]
    /// Per item: its point, and whether it has collision boxes (read in the
    /// pair loop without touching the items).
    let world: [ScreenPoint]
    let hasBoxes: [Bool]
    /// Pair-of-rect interval computations so far.
    var pairTests = 0
    /// ``ZoomRange/minZoomStep``: when above 0, every minimum zoom asked
    /// for is rounded up to a multiple of it unless it is the item's lowest.
    let minZoomStep: Double
    /// Per item, what the pair loop reads of a neighbour, side by side: one
    /// cache line per neighbour instead of one in each of seven arrays (the
    /// loop is bound by memory at a million items).
    private(set) var packed: [Packed]

    struct Packed {
        var world: ScreenPoint
        var extent: Double
        var sMin: Double
        var top: Double
        var sTop: Double
        var frame: ScreenRect
        var hasBoxes: Bool
    }

    init(_ items: [ZoomRangeItem], range: ZoomRange) {
        self.items = items
        minZoomStep = range.minZoomStep
        lowest = items.map { max($0.minZoom, range.min) }
        top = items.map { min($0.maxZoom, range.max) }
        sTop = top.map(ZoomConflict.scale)
        anchor = Array(repeating: -1, count: items.count)
        minZoom = Array(repeating: .infinity, count: items.count)
        sMin = Array(repeating: .infinity, count: items.count)
        // Clamped so that the grid's arithmetic stays finite whatever the
        // caller passes; `ZoomRangePlacer.place` documents the bound, and
        // `ZoomRangeScene` refuses a box beyond it before placing.
        extent = items.map { item in
            let reach = item.reach
            return reach <= ZoomRangeItem.maxReach ? reach : ZoomRangeItem.maxReach
        }
        sLowest = lowest.map(ZoomConflict.scale)
        maxExtent = extent.max() ?? 0
        world = items.map(\.world)
        hasBoxes = items.map { !($0.collisionBoxes?.isEmpty ?? true) }
        frame = Array(repeating: ScreenRect(x: 0, y: 0, width: 0, height: 0), count: items.count)
        grid = ZoomLevelGrid(range: range, reach: max(2 * (extent.max() ?? 0), 1e-9))
        packed = items.indices.map { [world, extent, top, sTop, hasBoxes, frame] i in
            Packed(world: world[i], extent: extent[i], sMin: .infinity, top: top[i], sTop: sTop[i], frame: frame[i], hasBoxes: hasBoxes[i])
        }
    }

    func isPlaced(_ i: Int) -> Bool { anchor[i] >= 0 }

    mutating func place(_ i: Int, anchor a: Int, minZoom m: Double) {
        if isPlaced(i) { grid.remove(Int32(i), at: items[i].world, minZoom: minZoom[i]) }
        anchor[i] = Int32(a)
        frame[i] = items[i].variableAnchors[a].frame(at: .zero, size: items[i].size)
        minZoom[i] = m
        sMin[i] = ZoomConflict.scale(m)
        packed[i].sMin = sMin[i]
        packed[i].frame = frame[i]
        grid.insert(Int32(i), at: items[i].world, minZoom: m, extent: extent[i], sMin: sMin[i])
    }

    /// Turns placed item `i` to anchor `a`, keeping its minimum zoom.
    mutating func turn(_ i: Int, to a: Int) {
        anchor[i] = Int32(a)
        frame[i] = items[i].variableAnchors[a].frame(at: .zero, size: items[i].size)
        packed[i].frame = frame[i]
    }

    /// Collects into `list` the placed items that may collide with item `i`
    /// at a zoom ≥ its lowest (and possibly a few others).
    func gatherNeighbours(of i: Int, into list: inout [Int32]) {
        list.removeAll(keepingCapacity: true)
        grid.near(items[i].world, lowest: lowest[i], into: &list)
    }

    /// Lists in `list` the placed items within reach of item `i` from the
    /// first zoom both may show at — the test
    /// ``lowestMinZoom(_:anchor:near:skip:overrides:bound:)`` makes per
    /// neighbour, whatever the anchor — in the order
    /// ``gatherNeighbours(of:into:)`` lists them. Greedy mode filters once
    /// and tries every anchor on the short list.
    ///
    /// - Complexity: O(list).
    func keepInReach(of i: Int, _ list: inout [Int32]) {
        // Listed afresh within this item's own reach (its extent plus the
        // widest one's): every item left out fails the test below anyway,
        // its level starting at or above the zoom the radius is taken at (a
        // relative 1e-9 more, so that rounding at a cell edge drops none).
        list.removeAll(keepingCapacity: true)
        grid.near(items[i].world, lowest: lowest[i], reach: (extent[i] + maxExtent) * (1 + 1e-9), into: &list)
        let p = world[i], ei = extent[i], sLow = sLowest[i]
        list.removeAll { j32 in
            let j = packed[Int(j32)], reach = ei + j.extent, s0 = max(j.sMin, sLow)
            return abs(j.world.x - p.x) * s0 >= reach || abs(j.world.y - p.y) * s0 >= reach
        }
    }

    /// The lowest minimum zoom item `i` may take with anchor `a` against the
    /// placed items listed in `near` (from ``gatherNeighbours(of:into:)``; skipping `i` and `skip`), each with its
    /// own anchor or the one `overrides` gives it; and the item that binds
    /// it (-1 when none). `+infinity` when no minimum zoom fits below its top.
    /// With a `bound`, it stops as soon as the answer reaches it and returns
    /// a zoom ≥ `bound` (the caller only asks whether it can beat `bound`).
    ///
    /// - Complexity: O(neighbours × collision boxes²).
    mutating func lowestMinZoom(
        _ i: Int, anchor a: Int, near: [Int32], skip: Int = -1, overrides: [Int32: Int32] = [:], bound: Double = .infinity
    ) -> (zoom: Double, blocker: Int32) {
        var tests = 0
        defer { pairTests += tests }
        return lowestMinZoom(i, anchor: a, near: near, skip: skip, overrides: overrides, bound: bound, pairTests: &tests)
    }

    /// ``lowestMinZoom(_:anchor:near:skip:overrides:bound:)`` counting its
    /// pair tests in `pairTests`, leaving the state alone (several threads
    /// may ask at once).
    func lowestMinZoom(
        _ i: Int, anchor a: Int, near: [Int32], skip: Int = -1, overrides: [Int32: Int32], bound: Double,
        pairTests: inout Int
    ) -> (zoom: Double, blocker: Int32) {
        let r = lowestMinZoomExact(i, anchor: a, near: near, skip: skip, overrides: overrides, bound: bound, pairTests: &pairTests)
        return (stepped(r.zoom, i), r.blocker)
    }

    /// `z` as a minimum zoom of item `i` on ``minZoomStep``'s steps: its
    /// lowest zoom stays; anything above rounds up to the next step (a
    /// later start never creates a collision), +infinity past its top.
    @inline(__always)
    func stepped(_ z: Double, _ i: Int) -> Double {
        guard minZoomStep > 0, z.isFinite, z > lowest[i] else { return z }
        // A step so small that `z / step` overflows puts `z` on a step
        // already; `max` keeps rounding error from starting before `z`.
        let k = (z / minZoomStep).rounded(.up)
        guard k.isFinite else { return z }
        let q = max(k * minZoomStep, z)
        return q > top[i] ? .infinity : q
    }

    /// ``lowestMinZoom(_:anchor:near:skip:overrides:bound:pairTests:)``
    /// without ``minZoomStep``'s rounding.
    func lowestMinZoomExact(
        _ i: Int, anchor a: Int, near: [Int32], skip: Int = -1, overrides: [Int32: Int32], bound: Double,
        pairTests: inout Int
    ) -> (zoom: Double, blocker: Int32) {
        let item = items[i]
        let rects = item.relativeRects(item.variableAnchors[a])
        var best = lowest[i], blocker: Int32 = -1
        // The scale at `best`: a pair that parts below it (or below the
        // neighbour's start) cannot raise `best` (see `ZoomConflict.floor`).
        var sBest = sLowest[i]
        let p = item.world, t = top[i], st = sTop[i], ei = extent[i], sLow = sLowest[i]
        for j32 in near {
            let j = Int(j32)
            guard j != i, j != skip else { continue }
            let n = packed[j]
            let dx = n.world.x - p.x, dy = n.world.y - p.y
            // Out of reach from the first zoom both may show at: no pair test.
            let reach = ei + n.extent, s0 = max(n.sMin, sLow)
            if abs(dx) * s0 >= reach || abs(dy) * s0 >= reach { continue }
            let overridden = overrides.isEmpty ? nil : overrides[j32]
            let sjMin = n.sMin, sjTop = n.sTop, jTop = n.top
            if overridden == nil, rects.count == 1, !n.hasBoxes {
                // The common case, one box each: no array built per neighbour.
                pairTests += 1
                if ZoomConflict.partsBelow(rects[0], n.frame, dx: dx, dy: dy, scale: max(sjMin, sBest)) { continue }
                guard let s = ZoomConflict.scales(rects[0], n.frame, dx: dx, dy: dy) else { continue }
                let f = ZoomConflict.floor(lo: s.lo, hi: s.hi, top: t, sTop: st, jTop: jTop, sjMin: sjMin, sjTop: sjTop)
                if f > best {
                    best = f
                    sBest = ZoomConflict.scale(f)
                    blocker = j32
                    if f > t { return (.infinity, blocker) }
                    if f >= bound { return (f, blocker) }
                }
                continue
            }
            let other = items[j]
            let rectsJ = other.relativeRects(other.variableAnchors[Int(overridden ?? anchor[j])])
            for r in rects {
                for q in rectsJ {
                    pairTests += 1
                    guard let s = ZoomConflict.scales(r, q, dx: dx, dy: dy) else { continue }
                    let f = ZoomConflict.floor(lo: s.lo, hi: s.hi, top: t, sTop: st, jTop: jTop, sjMin: sjMin, sjTop: sjTop)
                    if f > best {
                        best = f
                        blocker = j32
                        if f > t { return (.infinity, blocker) }
                        if f >= bound { return (f, blocker) }
                    }
                }
            }
        }
        return (best, blocker)
    }
}
