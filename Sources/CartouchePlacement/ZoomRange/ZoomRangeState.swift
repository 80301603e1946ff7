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
    /// Pair-of-rect interval computations so far.
    var pairTests = 0

    init(_ items: [ZoomRangeItem], range: ZoomRange) {
        self.items = items
        lowest = items.map { max($0.minZoom, range.min) }
        top = items.map { min($0.maxZoom, range.max) }
        sTop = top.map(ZoomConflict.scale)
        anchor = Array(repeating: -1, count: items.count)
        minZoom = Array(repeating: .infinity, count: items.count)
        sMin = Array(repeating: .infinity, count: items.count)
        var reach = 0.0
        for item in items {
            for a in item.anchors {
                for r in item.relativeRects(a) {
                    reach = max(reach, abs(r.minX), abs(r.maxX), abs(r.minY), abs(r.maxY))
                }
            }
        }
        grid = ZoomLevelGrid(range: range, reach: max(2 * reach, 1e-9))
    }

    func isPlaced(_ i: Int) -> Bool { anchor[i] >= 0 }

    mutating func place(_ i: Int, anchor a: Int, minZoom m: Double) {
        if isPlaced(i) { grid.remove(Int32(i), at: items[i].world, minZoom: minZoom[i]) }
        anchor[i] = Int32(a)
        minZoom[i] = m
        sMin[i] = ZoomConflict.scale(m)
        grid.insert(Int32(i), at: items[i].world, minZoom: m)
    }

    /// Collects into `list` the placed items that may collide with item `i`
    /// at a zoom ≥ its lowest (and possibly a few others).
    func gatherNeighbours(of i: Int, into list: inout [Int32]) {
        list.removeAll(keepingCapacity: true)
        grid.near(items[i].world, lowest: lowest[i], into: &list)
    }

    /// The lowest minimum zoom item `i` may take with anchor `a` against the
    /// placed items listed in `near` (from ``gatherNeighbours(of:into:)``; skipping `i` and `skip`), each with its
    /// own anchor or the one `overrides` gives it; and the item that binds
    /// it (-1 when none). `+infinity` when no minimum zoom fits below its top.
    ///
    /// - Complexity: O(neighbours × collision boxes²).
    mutating func lowestMinZoom(
        _ i: Int, anchor a: Int, near: [Int32], skip: Int = -1, overrides: [Int32: Int32] = [:]
    ) -> (zoom: Double, blocker: Int32) {
        let item = items[i]
        let rects = item.relativeRects(item.anchors[a])
        var best = lowest[i], blocker: Int32 = -1
        let p = item.world, t = top[i], st = sTop[i]
        for j32 in near {
            let j = Int(j32)
            guard j != i, j != skip else { continue }
            let aj = overrides.isEmpty ? anchor[j] : (overrides[j32] ?? anchor[j])
            let other = items[j]
            let dx = other.world.x - p.x, dy = other.world.y - p.y
            for r in rects {
                for q in other.relativeRects(other.anchors[Int(aj)]) {
                    pairTests += 1
                    guard let s = ZoomConflict.scales(r, q, dx: dx, dy: dy) else { continue }
                    let f = ZoomConflict.floor(lo: s.lo, hi: s.hi, top: t, sTop: st, jTop: top[j], sjMin: sMin[j], sjTop: sTop[j])
                    if f > best {
                        best = f
                        blocker = j32
                        if f > t { return (.infinity, blocker) }
                    }
                }
            }
        }
        return (best, blocker)
    }
}
