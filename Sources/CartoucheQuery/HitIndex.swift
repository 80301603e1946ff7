import CartoucheGeometry

/// One thing a query found: which shape, how far the query point was from its
/// hit area (0 when inside), and its stacking rank.
public struct Hit: Hashable, Sendable {
    /// Index of the shape in the index's input.
    public var shapeIndex: Int
    /// Distance from the query point to the shape's hit area, in points.
    public var distance: Double
    /// Draw rank: higher is drawn later, i.e. on top.
    public var z: Int
}

/// A static spatial index over hit shapes for tap queries: a uniform grid in
/// compressed-sparse-row form (one contiguous array of shape indices, cell
/// `c` owning `entries[cellStart[c]..<cellStart[c+1]]`), so a point query is
/// one cell lookup and a scan of a short contiguous list.
///
/// Built once per scene × camera; queries are read-only and may run
/// concurrently.
public struct HitIndex: Sendable {
    public let shapes: [HitShape]
    public let z: [Int]
    public let region: ScreenRect
    public let cellSize: Double
    private let bounds: [ScreenRect]
    private let columns: Int
    private let rows: Int
    private let cellStart: [Int32]
    private let entries: [Int32]

    /// - Parameters:
    ///   - shapes: what can be hit.
    ///   - z: the draw rank of each shape (higher = on top); defaults to input order.
    ///   - region: where queries happen (usually the viewport); shapes outside
    ///     are still found, from the border cells.
    ///   - cellSize: grid cell side; nil picks one from the shapes' sizes.
    /// - Complexity: O(n + cells covered).
    public init(shapes: [HitShape], z: [Int]? = nil, region: ScreenRect, cellSize: Double? = nil) {
        self.shapes = shapes
        self.z = z ?? Array(shapes.indices)
        self.region = region
        let bounds = shapes.map(\.bounds)
        self.bounds = bounds
        let size = cellSize ?? HitIndex.suggestedCellSize(bounds, region: region)
        self.cellSize = size
        let cols = min(2048, max(1, Int((max(region.width, 1) / size).rounded(.up))))
        let rows = min(2048, max(1, Int((max(region.height, 1) / size).rounded(.up))))
        self.columns = cols
        self.rows = rows
        // Two passes: count entries per cell, then fill (CSR layout).
        var counts = [Int32](repeating: 0, count: cols * rows + 1)
        var ranges: [(Int, Int, Int, Int)] = []
        ranges.reserveCapacity(bounds.count)
        for b in bounds {
            let r = HitIndex.cellRange(b, region: region, size: size, cols: cols, rows: rows)
            ranges.append(r)
            guard r.0 <= r.1 else { continue }
            for row in r.2...r.3 { for col in r.0...r.1 { counts[row * cols + col + 1] += 1 } }
        }
        for c in 1..<counts.count { counts[c] += counts[c - 1] }
        var fill = counts
        var entries = [Int32](repeating: 0, count: Int(counts.last ?? 0))
        for (i, r) in ranges.enumerated() where r.0 <= r.1 {
            for row in r.2...r.3 {
                for col in r.0...r.1 {
                    let c = row * cols + col
                    entries[Int(fill[c])] = Int32(i)
                    fill[c] += 1
                }
            }
        }
        self.cellStart = counts
        self.entries = entries
    }

    static func suggestedCellSize(_ bounds: [ScreenRect], region: ScreenRect) -> Double {
        // Aim for a few shapes per cell: the area per shape, but no smaller
        // than a typical shape's extent.
        let area = max(region.width * region.height, 1)
        let perShape = (area / Double(max(bounds.count, 1))).squareRoot()
        var sides = bounds.prefix(1024).map { max($0.width, $0.height) }.filter { $0.isFinite }
        sides.sort()
        let typical = sides.isEmpty ? perShape : sides[sides.count / 2]
        return min(256, max(4, max(perShape, typical)))
    }

    static func cellRange(_ b: ScreenRect, region: ScreenRect, size: Double, cols: Int, rows: Int) -> (Int, Int, Int, Int) {
        // NaN bounds (a shape with non-finite points) are listed nowhere.
        guard !b.minX.isNaN, !b.maxX.isNaN, !b.minY.isNaN, !b.maxY.isNaN else { return (1, 0, 1, 0) }
        func cell(_ v: Double, _ origin: Double, _ n: Int) -> Int {
            let t = (v - origin) / size
            if !(t > 0) { return 0 }
            if t >= Double(n - 1) { return n - 1 }
            return Int(t)
        }
        return (cell(b.minX, region.minX, cols), cell(b.maxX, region.minX, cols),
                cell(b.minY, region.minY, rows), cell(b.maxY, region.minY, rows))
    }

    /// Calls `body` once for every shape within `radius` of `p`.
    ///
    /// - Complexity: O(cells covered + entries listed there).
    @inlinable
    public func forEachHit(at p: ScreenPoint, radius: Double = 0, _ body: (Int, Double) -> Void) {
        let r = max(0, radius.isFinite ? radius : 0)
        let q = ScreenRect(minX: p.x - r, minY: p.y - r, maxX: p.x + r, maxY: p.y + r)
        forEachCandidate(in: q) { i in
            let d = shapes[i].distance(from: p)
            if d <= r { body(i, d) }
        }
    }

    /// Shapes whose bounds meet `q`, each once, in index order per cell.
    @usableFromInline
    func forEachCandidate(in q: ScreenRect, _ body: (Int) -> Void) {
        let (c0, c1, r0, r1) = HitIndex.cellRange(q, region: region, size: cellSize, cols: columns, rows: rows)
        guard c0 <= c1 else { return }
        let single = c0 == c1 && r0 == r1
        for row in r0...r1 {
            for col in c0...c1 {
                let c = row * columns + col
                for k in Int(cellStart[c])..<Int(cellStart[c + 1]) {
                    let i = Int(entries[k])
                    let b = bounds[i]
                    guard b.minX <= q.maxX, q.minX <= b.maxX, b.minY <= q.maxY, q.minY <= b.maxY else { continue }
                    // A shape listed in several covered cells is reported from the
                    // first covered cell it appears in only.
                    if !single {
                        let own = HitIndex.cellRange(b, region: region, size: cellSize, cols: columns, rows: rows)
                        if max(own.0, c0) != col || max(own.2, r0) != row { continue }
                    }
                    body(i)
                }
            }
        }
    }

    /// Every shape within `radius` of `p`, top-most first (then by index, descending).
    public func query(at p: ScreenPoint, radius: Double = 0) -> [Hit] {
        var hits: [Hit] = []
        forEachHit(at: p, radius: radius) { i, d in hits.append(Hit(shapeIndex: i, distance: d, z: z[i])) }
        return sortedTopFirst(hits)
    }

    /// Every shape meeting `rect`, top-most first. Distances are from the rect's centre.
    public func query(in rect: ScreenRect) -> [Hit] {
        var hits: [Hit] = []
        forEachCandidate(in: rect) { i in
            if shapes[i].intersects(rect) {
                hits.append(Hit(shapeIndex: i, distance: shapes[i].distance(from: rect.center), z: z[i]))
            }
        }
        return sortedTopFirst(hits)
    }

    private func sortedTopFirst(_ hits: [Hit]) -> [Hit] {
        hits.sorted { $0.z != $1.z ? $0.z > $1.z : $0.shapeIndex > $1.shapeIndex }
    }
}
