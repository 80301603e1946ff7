import CartoucheGeometry

/// The space held by the current choice of every shown, movable annotation:
/// a uniform grid of candidate ids that, unlike `GridIndex`, supports removal,
/// because optimise mode moves shown annotations between their candidates.
///
/// Conflicts are found on the fly from this grid rather than from a stored
/// conflict graph: the chosen candidates never overlap each other, so a cell
/// lists only a few of them however dense the scene is, and memory stays
/// linear in the annotations shown.
///
/// Invariant: a candidate id is listed in every cell that one of its rects
/// covers (once per rect), and in no other cell.
struct OccupancyGrid {
    let region: ScreenRect
    let cellSize: Double
    private let columns: Int
    private let rows: Int
    private var cells: [[Int32]]

    init(region: ScreenRect, cellSize: Double) {
        self.region = region
        let size = cellSize.isFinite && cellSize > 0 ? cellSize : 64
        self.cellSize = size
        columns = min(4096, max(1, Int((max(region.width, 1) / size).rounded(.up))))
        rows = min(4096, max(1, Int((max(region.height, 1) / size).rounded(.up))))
        cells = Array(repeating: [], count: columns * rows)
    }

    /// Cells a rect covers, clamped into the grid (as `GridIndex` does).
    @inline(__always) private func cellRange(_ r: ScreenRect) -> (c0: Int, c1: Int, r0: Int, r1: Int) {
        (clampedCell((r.minX - region.minX) / cellSize, count: columns), clampedCell((r.maxX - region.minX) / cellSize, count: columns),
         clampedCell((r.minY - region.minY) / cellSize, count: rows), clampedCell((r.maxY - region.minY) / cellSize, count: rows))
    }

    /// - Complexity: O(cells covered).
    mutating func insert(_ v: Int, _ store: CandidateStore) {
        for k in store.rectRange(v) {
            let (c0, c1, r0, r1) = cellRange(store.rects[k])
            for row in r0...r1 {
                for col in c0...c1 { cells[row * columns + col].append(Int32(v)) }
            }
        }
    }

    /// - Complexity: O(cells covered × candidates listed there).
    mutating func remove(_ v: Int, _ store: CandidateStore) {
        for k in store.rectRange(v) {
            let (c0, c1, r0, r1) = cellRange(store.rects[k])
            for row in r0...r1 {
                for col in c0...c1 {
                    let c = row * columns + col
                    if let at = cells[c].firstIndex(of: Int32(v)) { cells[c].remove(at: at) }
                }
            }
        }
    }

    /// Calls `body` with every listed candidate whose rects overlap candidate
    /// `v`'s (possibly more than once; never `v` itself).
    ///
    /// - Complexity: O(cells covered × candidates listed there × rects each).
    @inline(__always) func forEachConflict(of v: Int, _ store: CandidateStore, _ body: (Int) -> Void) {
        for k in store.rectRange(v) {
            let rect = store.rects[k]
            let (c0, c1, r0, r1) = cellRange(rect)
            for row in r0...r1 {
                for col in c0...c1 {
                    for u in cells[row * columns + col] where Int(u) != v {
                        for x in store.rectRange(Int(u)) where store.rects[x].collides(with: rect) {
                            body(Int(u))
                            break
                        }
                    }
                }
            }
        }
    }
}
