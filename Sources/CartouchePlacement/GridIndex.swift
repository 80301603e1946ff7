import CartoucheGeometry

/// A uniform grid over a screen region that stores rectangles and answers
/// "does anything stored intersect this rect?" — the collision index of the
/// placement, in the spirit of MapLibre Native's `GridIndex`.
///
/// Rects that reach outside the region are clamped into the border cells, so
/// queries stay correct for any rect; they are only slower there.
///
/// Invariant: every stored rect is listed in every cell its clamped extent
/// covers, and `owners[i]` is the caller's id for `rects[i]`.
public struct GridIndex: Sendable {
    public let region: ScreenRect
    public let cellSize: Double
    @usableFromInline let columns: Int
    @usableFromInline let rows: Int
    @usableFromInline var cells: [[Int32]]
    @usableFromInline var rects: [ScreenRect] = []
    @usableFromInline var owners: [Int32] = []

    /// - Parameters:
    ///   - region: the area most rects fall in (usually the viewport).
    ///   - cellSize: side of a cell in points; about the size of a typical
    ///     stored rect works well.
    public init(region: ScreenRect, cellSize: Double) {
        self.region = region
        let size = cellSize.isFinite && cellSize > 0 ? cellSize : 64
        self.cellSize = size
        // Cap the grid so a huge region cannot allocate unbounded memory.
        self.columns = min(4096, max(1, Int((max(region.width, 1) / size).rounded(.up))))
        self.rows = min(4096, max(1, Int((max(region.height, 1) / size).rounded(.up))))
        self.cells = Array(repeating: [], count: columns * rows)
    }

    /// Number of rects stored.
    public var count: Int { rects.count }

    @inlinable
    func cellRange(_ r: ScreenRect) -> (c0: Int, c1: Int, r0: Int, r1: Int) {
        let c0 = Self.clampedCell((r.minX - region.minX) / cellSize, columns)
        let c1 = Self.clampedCell((r.maxX - region.minX) / cellSize, columns)
        let r0 = Self.clampedCell((r.minY - region.minY) / cellSize, rows)
        let r1 = Self.clampedCell((r.maxY - region.minY) / cellSize, rows)
        return (c0, c1, r0, r1)
    }

    /// The cell `v` (a coordinate in cells) falls in, clamped into `0..<n`:
    /// +∞ to the last, -∞ and NaN to the first.
    ///
    /// Always inlined: as a nested function, called four times per query and
    /// not inlined, it was a tenth of greedy placement's instructions on
    /// `placement-speed` (#31).
    @inlinable @inline(__always)
    static func clampedCell(_ v: Double, _ n: Int) -> Int {
        guard v.isFinite else { return v > 0 ? n - 1 : 0 }
        if v <= 0 { return 0 }
        if v >= Double(n - 1) { return n - 1 }
        return Int(v)
    }

    /// Stores `rect` for `owner`.
    ///
    /// - Complexity: O(cells covered).
    public mutating func insert(_ rect: ScreenRect, owner: Int32) {
        let index = Int32(rects.count)
        rects.append(rect)
        owners.append(owner)
        let (c0, c1, r0, r1) = cellRange(rect)
        for row in r0...r1 {
            let base = row * columns
            for col in c0...c1 { cells[base + col].append(index) }
        }
    }

    /// The owner of some stored rect that collides with `rect`
    /// (`ScreenRect.collides(with:)`: interiors overlap beyond rounding), or nil.
    /// When several do, the one stored first in the first cell scanned wins,
    /// which is deterministic for a given insertion order.
    ///
    /// - Complexity: O(cells covered + rects listed in them).
    @inlinable
    public func firstIntersection(with rect: ScreenRect) -> Int32? {
        let (c0, c1, r0, r1) = cellRange(rect)
        var best: Int32? = nil
        for row in r0...r1 {
            let base = row * columns
            for col in c0...c1 {
                // Report the earliest stored hit so the answer does not depend
                // on which cell was scanned first. Cells list rects in insertion
                // order, so a cell's scan stops at the first hit or at the
                // best hit found so far.
                for i in cells[base + col] {
                    if let b = best, i >= b { break }
                    if rects[Int(i)].collides(with: rect) {
                        best = i
                        break
                    }
                }
            }
        }
        return best.map { owners[Int($0)] }
    }

    /// Whether some stored rect has `point` inside it by more than
    /// `collisionTolerance` on every side, so that every box with a corner
    /// or edge at the point (and sides over the tolerance) collides with it.
    ///
    /// - Complexity: O(rects listed in the point's cell).
    @inlinable
    public func interiorContains(_ point: ScreenPoint) -> Bool {
        let (col, _, row, _) = cellRange(ScreenRect(minX: point.x, minY: point.y, maxX: point.x, maxY: point.y))
        let t = collisionTolerance
        for i in cells[row * columns + col] {
            let r = rects[Int(i)]
            if r.minX + t < point.x && point.x + t < r.maxX && r.minY + t < point.y && point.y + t < r.maxY { return true }
        }
        return false
    }

    /// Like ``forEachIntersection(with:_:)``, stopping as soon as `body`
    /// returns false; returns false when it stopped early.
    @discardableResult
    func visitIntersections(with rect: ScreenRect, while body: (Int32) -> Bool) -> Bool {
        let (c0, c1, r0, r1) = cellRange(rect)
        for row in r0...r1 {
            let base = row * columns
            for col in c0...c1 {
                for i in cells[base + col] where rects[Int(i)].collides(with: rect) {
                    if !body(owners[Int(i)]) { return false }
                }
            }
        }
        return true
    }

    /// Calls `body` with the owner of every stored rect colliding with `rect`
    /// (an owner may be reported more than once when its rect spans cells).
    public func forEachIntersection(with rect: ScreenRect, _ body: (Int32) -> Void) {
        let (c0, c1, r0, r1) = cellRange(rect)
        for row in r0...r1 {
            let base = row * columns
            for col in c0...c1 {
                for i in cells[base + col] where rects[Int(i)].collides(with: rect) { body(owners[Int(i)]) }
            }
        }
    }
}

/// How far two boxes may meet, in points on each axis, before they collide:
/// a millionth of a point. Projection rounds: two callouts set flush on
/// either side of one line (a route's ETA `left` of it, another route's
/// `right` of it, where the routes share a stretch) meet by 1e-10 pt in one
/// frame and miss by as much in the next. Counted as a collision, that noise
/// moved a callout off a point it could keep (route 280's unforced jumps on
/// the motion drives); no one sees an overlap a million times thinner than a
/// point.
@usableFromInline let collisionTolerance = 1e-6

extension ScreenRect {
    /// The smallest box around `rects`; inside out (it collides with
    /// nothing) when there are none.
    ///
    /// - Complexity: O(rects).
    init(around rects: ArraySlice<ScreenRect>) {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for r in rects {
            minX = min(minX, r.minX); minY = min(minY, r.minY)
            maxX = max(maxX, r.maxX); maxY = max(maxY, r.maxY)
        }
        self.init(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }

    /// Whether the two boxes collide: their interiors overlap by more than
    /// `collisionTolerance` on both axes. Boxes that touch, or meet by
    /// rounding, do not (callouts may sit flush). A degenerate box (zero
    /// width or height) inside another still collides, as with `intersects`.
    ///
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    func collides(with other: ScreenRect) -> Bool {
        let t = collisionTolerance
        return minX + t < other.maxX && other.minX + t < maxX && minY + t < other.maxY && other.minY + t < maxY
    }
}
