import CartoucheGeometry

/// Placed boxes of a zoom-range placement, bucketed by the integer zoom at
/// which they appear (the floor of their minimum zoom), each bucket a grid
/// over world coordinates whose cells are as wide as two boxes can reach at
/// that zoom.
///
/// Why levels: at the lowest zooms every point of a continent lies within
/// one box's reach of every other, so one grid sized for the low zooms
/// would list all pairs. But a box placed from zoom `m` only matters at
/// zooms ≥ `m`, where points are `2^(m − z0)` times further apart on
/// screen; a query at level `L` (boxes with minimum zoom in `[L, L + 1)`)
/// only needs the cells within `reach / (512 · 2^max(L, lowest))` of the
/// point — one or two cells per axis. Few boxes appear at low zooms
/// (they must not overlap there), so every level's cells stay short.
///
/// - Complexity: insert and remove O(1) expected (remove O(cell length));
///   a query O(levels + listed entries).
struct ZoomLevelGrid {
    /// The lowest level (floor of the range's min).
    let baseLevel: Int
    /// Twice the largest reach of any box from its point, in screen points:
    /// two boxes further apart than this on an axis cannot collide.
    let reach: Double
    /// Per level, cells keyed by packed (column, row).
    private var cells: [[Int64: [Entry]]]
    /// Per level, the cell side in world units.
    private let cellSides: [Double]
    /// A placed box as its cell lists it: what the reach test reads, inline,
    /// so that filtering a cell's list touches no per-item array (at a
    /// million items those reads are cache misses).
    struct Entry {
        var x: Double
        var y: Double
        /// The item's extent (``ZoomRangeState/extent``).
        var extent: Double
        /// The scale at its minimum zoom.
        var sMin: Double
        var index: Int32
    }

    /// The number of levels.
    var levelCount: Int { cells.count }

    /// The zoom level `l` starts at.
    func levelZoom(_ l: Int) -> Double { Double(l + baseLevel) }

    /// The cells per axis never exceed this (deep zooms with tiny boxes).
    private static let maxCellsPerAxis = Double(1 << 30)

    init(range: ZoomRange, reach: Double) {
        let base = Int(range.min.rounded(.down))
        let count = max(1, Int(range.max.rounded(.down)) - base + 1)
        baseLevel = base
        self.reach = reach
        cells = Array(repeating: [:], count: count)
        cellSides = (0..<count).map { i in
            max(reach / ZoomConflict.scale(Double(base + i)), 1 / ZoomLevelGrid.maxCellsPerAxis)
        }
    }

    private func level(ofMinZoom m: Double) -> Int {
        min(cells.count - 1, max(0, Int(m.rounded(.down)) - baseLevel))
    }

    @inline(__always)
    private func key(_ p: ScreenPoint, side: Double) -> Int64 {
        let cx = Int64((p.x / side).rounded(.down)), cy = Int64((p.y / side).rounded(.down))
        return (cx << 32) ^ (cy & 0xFFFF_FFFF)
    }

    mutating func insert(_ index: Int32, at p: ScreenPoint, minZoom: Double, extent: Double, sMin: Double) {
        let l = level(ofMinZoom: minZoom)
        cells[l][key(p, side: cellSides[l]), default: []].append(Entry(x: p.x, y: p.y, extent: extent, sMin: sMin, index: index))
    }

    mutating func remove(_ index: Int32, at p: ScreenPoint, minZoom: Double) {
        let l = level(ofMinZoom: minZoom)
        let k = key(p, side: cellSides[l])
        guard var list = cells[l][k], let at = list.firstIndex(where: { $0.index == index }) else { return }
        list.remove(at: at)
        cells[l][k] = list.isEmpty ? nil : list
    }

    /// Appends to `out` every placed box that may collide with a box at `p`
    /// at some zoom ≥ `lowest` (and possibly others): those within `reach`
    /// screen points of `p` on both axes at the zoom each level starts at
    /// (default ``reach``, any two boxes; a box's own extent plus the widest
    /// one's lists fewer).
    func near(_ p: ScreenPoint, lowest: Double, reach: Double? = nil, into out: inout [Int32]) {
        let reach = min(reach ?? self.reach, self.reach)
        for l in cells.indices where !cells[l].isEmpty {
            let side = cellSides[l]
            let z = max(Double(l + baseLevel), lowest)
            let r = min(side, reach / ZoomConflict.scale(z))
            let x0 = Int64(((p.x - r) / side).rounded(.down)), x1 = Int64(((p.x + r) / side).rounded(.down))
            let y0 = Int64(((p.y - r) / side).rounded(.down)), y1 = Int64(((p.y + r) / side).rounded(.down))
            for cx in x0...x1 {
                for cy in y0...y1 {
                    if let list = cells[l][(cx << 32) ^ (cy & 0xFFFF_FFFF)] { for e in list { out.append(e.index) } }
                }
            }
        }
    }

    /// Appends to `out` the entries of level `l` in the cells within
    /// `radius` world units of `p` on both axes (and possibly others).
    ///
    /// - Complexity: O(cells covered + entries listed); at most 3 × 3
    ///   cells when `radius` is at most the level's cell side.
    func entries(level l: Int, near p: ScreenPoint, radius: Double, into out: inout [Entry]) {
        guard !cells[l].isEmpty else { return }
        let side = cellSides[l], r = min(side, radius)
        let x0 = Int64(((p.x - r) / side).rounded(.down)), x1 = Int64(((p.x + r) / side).rounded(.down))
        let y0 = Int64(((p.y - r) / side).rounded(.down)), y1 = Int64(((p.y + r) / side).rounded(.down))
        for cx in x0...x1 {
            for cy in y0...y1 {
                if let list = cells[l][(cx << 32) ^ (cy & 0xFFFF_FFFF)] { out.append(contentsOf: list) }
            }
        }
    }
}
