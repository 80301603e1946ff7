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
/// covers (once per rect), and in no other cell, with the box around its
/// rects.
struct OccupancyGrid {
    /// A listed candidate and the box around its rects: a query tests the
    /// box where it reads the id (one cache line, no lookup in the store),
    /// and the rects only for a candidate with several.
    struct Entry {
        var box: ScreenRect
        var candidate: Int32
        /// The box is the candidate's one rect.
        var single: Bool
    }

    let region: ScreenRect
    let cellSize: Double
    private let columns: Int
    private let rows: Int
    private var cells: [[Entry]]
    /// Changes so far (inserts and removals): a clock for `ConflictCache`.
    private(set) var clock = 0
    /// Per cell: the clock of its last change.
    private var changed: [Int]

    init(region: ScreenRect, cellSize: Double) {
        self.region = region
        let size = cellSize.isFinite && cellSize > 0 ? cellSize : 64
        self.cellSize = size
        columns = min(4096, max(1, Int((max(region.width, 1) / size).rounded(.up))))
        rows = min(4096, max(1, Int((max(region.height, 1) / size).rounded(.up))))
        cells = Array(repeating: [], count: columns * rows)
        changed = Array(repeating: 0, count: columns * rows)
    }

    /// The clock of the last change to a cell that candidate `v`'s rects
    /// cover: a query about `v` answers the same as at any clock since.
    ///
    /// - Complexity: O(cells covered).
    @inline(__always) func lastChange(around v: Int, _ store: CandidateStore) -> Int {
        var last = 0
        for k in store.rectRange(v) {
            let (c0, c1, r0, r1) = cellRange(store.rects[k])
            for row in r0...r1 {
                for col in c0...c1 { last = max(last, changed[row * columns + col]) }
            }
        }
        return last
    }

    /// Cells a rect covers, clamped into the grid (as `GridIndex` does).
    @inline(__always) private func cellRange(_ r: ScreenRect) -> (c0: Int, c1: Int, r0: Int, r1: Int) {
        (clampedCell((r.minX - region.minX) / cellSize, count: columns), clampedCell((r.maxX - region.minX) / cellSize, count: columns),
         clampedCell((r.minY - region.minY) / cellSize, count: rows), clampedCell((r.maxY - region.minY) / cellSize, count: rows))
    }

    /// - Complexity: O(cells covered).
    mutating func insert(_ v: Int, _ store: CandidateStore) {
        let range = store.rectRange(v)
        let entry = Entry(box: ScreenRect(around: store.rects[range]), candidate: Int32(v), single: range.count == 1)
        clock += 1
        for k in range {
            let (c0, c1, r0, r1) = cellRange(store.rects[k])
            for row in r0...r1 {
                for col in c0...c1 {
                    cells[row * columns + col].append(entry)
                    changed[row * columns + col] = clock
                }
            }
        }
    }

    /// - Complexity: O(cells covered × candidates listed there).
    mutating func remove(_ v: Int, _ store: CandidateStore) {
        clock += 1
        for k in store.rectRange(v) {
            let (c0, c1, r0, r1) = cellRange(store.rects[k])
            for row in r0...r1 {
                for col in c0...c1 {
                    let c = row * columns + col
                    if let at = cells[c].firstIndex(where: { $0.candidate == Int32(v) }) { cells[c].remove(at: at) }
                    changed[c] = clock
                }
            }
        }
    }

    /// Calls `body` with the listed candidates whose rects overlap candidate
    /// `v`'s (as `forEachConflict`) until it returns false; false when it stopped.
    ///
    /// Every conflict query of optimise mode's insertion and exact steps
    /// that `ConflictCache` cannot answer ends here (India z5 with
    /// priorities: some 350,000), so it tests each entry's box where it
    /// reads it, through raw buffers, and looks up rects only for a
    /// candidate with several.
    ///
    /// - Complexity: O(cells covered × candidates listed there × rects each).
    @inline(__always) func visitConflicts(of v: Int, _ store: CandidateStore, while body: (Int) -> Bool) -> Bool {
        let range = store.rectRange(v)
        return cells.withUnsafeBufferPointer { cells in
            store.rects.withUnsafeBufferPointer { rects in
                store.rectStart.withUnsafeBufferPointer { rectStart in
                    for k in range {
                        let rect = rects[k]
                        let (c0, c1, r0, r1) = cellRange(rect)
                        for row in r0...r1 {
                            for col in c0...c1 {
                                for e in cells[row * columns + col] where e.box.collides(with: rect) {
                                    let u = Int(e.candidate)
                                    guard u != v else { continue }
                                    if e.single {
                                        if !body(u) { return false }
                                        continue
                                    }
                                    for x in Int(rectStart[u])..<Int(rectStart[u + 1]) where rects[x].collides(with: rect) {
                                        if !body(u) { return false }
                                        break
                                    }
                                }
                            }
                        }
                    }
                    return true
                }
            }
        }
    }

    /// A listed single-rect candidate whose box holds `point` strictly
    /// inside (by more than the tolerance, as `GridIndex.interiorContains`),
    /// or nil.
    ///
    /// - Complexity: O(candidates listed in the point's cell).
    func candidate(covering point: ScreenPoint) -> Int32? {
        let (col, _, row, _) = cellRange(ScreenRect(minX: point.x, minY: point.y, maxX: point.x, maxY: point.y))
        let t = collisionTolerance
        for e in cells[row * columns + col] where e.single {
            let b = e.box
            if b.minX + t < point.x && point.x + t < b.maxX && b.minY + t < point.y && point.y + t < b.maxY {
                return e.candidate
            }
        }
        return nil
    }

    /// Calls `body` with every listed candidate whose rects overlap candidate
    /// `v`'s (possibly more than once; never `v` itself).
    ///
    /// - Complexity: O(cells covered × candidates listed there × rects each).
    @inline(__always) func forEachConflict(of v: Int, _ store: CandidateStore, _ body: (Int) -> Void) {
        _ = visitConflicts(of: v, store) { body($0); return true }
    }
}
