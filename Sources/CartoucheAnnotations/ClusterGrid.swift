/// A static spatial index over points for fixed-radius queries: points are
/// sorted by grid cell (cell side = the query radius), so a query scans at
/// most 3 × 3 cells, each found by binary search.
struct ClusterGrid: Sendable {
    private let cellSize: Double
    /// Cell key of each entry of `order`, ascending.
    private let keys: [Int]
    /// Point indices sorted by cell key (ties keep input order).
    private let order: [Int32]

    /// - Complexity: O(n log n).
    init(xs: [Double], ys: [Double], cellSize: Double) {
        self.cellSize = cellSize
        let cells = zip(xs, ys).map { Self.key(Self.cell($0, cellSize), Self.cell($1, cellSize)) }
        let sorted = cells.indices.sorted { cells[$0] != cells[$1] ? cells[$0] < cells[$1] : $0 < $1 }
        keys = sorted.map { cells[$0] }
        order = sorted.map { Int32($0) }
    }

    private static func cell(_ v: Double, _ size: Double) -> Int {
        // Coordinates are in about [0, 1] and the cell side is at least
        // 50 / (512 · 2^25), so cell numbers stay far inside ±2^30.
        Int((v / size).rounded(.down))
    }

    private static func key(_ cx: Int, _ cy: Int) -> Int { ((cy + (1 << 30)) << 31) | (cx + (1 << 30)) }

    /// Calls `body` with every point index within `radius` (inclusive) of
    /// (x, y); `radius` must not exceed the cell size.
    /// - Complexity: O(log n + k) for k candidates in the 3 × 3 cells.
    func forEach(within radius: Double, of x: Double, _ y: Double, xs: [Double], ys: [Double], _ body: (Int) -> Void) {
        let r2 = radius * radius
        let cx0 = Self.cell(x - radius, cellSize), cx1 = Self.cell(x + radius, cellSize)
        let cy0 = Self.cell(y - radius, cellSize), cy1 = Self.cell(y + radius, cellSize)
        xs.withUnsafeBufferPointer { xb in
            ys.withUnsafeBufferPointer { yb in
                for cy in cy0...cy1 {
                    var i = lowerBound(Self.key(cx0, cy))
                    let end = lowerBound(Self.key(cx1, cy) + 1)
                    while i < end {
                        let p = Int(order[i])
                        let dx = xb[p] - x, dy = yb[p] - y
                        if dx * dx + dy * dy <= r2 { body(p) }
                        i += 1
                    }
                }
            }
        }
    }

    private func lowerBound(_ key: Int) -> Int {
        var lo = 0, hi = keys.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if keys[mid] < key { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
