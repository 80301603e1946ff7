import CartoucheGeometry

/// Choosing the anchor point of a callout bound to a polygon: the point of the
/// *visible* part of the polygon (clipped to the viewport minus padding) that
/// lies furthest from its edges and holes — the pole of inaccessibility, found
/// with the cell-subdivision search Mapbox's `polylabel` popularised. Unlike a
/// clipped centroid it is always inside, also for C shapes and rings with holes.
public enum PolygonAnchoring {
    /// The most cells the first grid puts along the polygon's longer side.
    static let maximumInitialCells = 256.0

    /// - Parameters:
    ///   - rings: outer ring first, then holes, in screen points (closed or not).
    ///   - visible: the rect the callout must anchor in.
    ///   - precision: stop refining once no cell can beat the best by this much.
    ///   - contains: when given, decides which screen points are inside the
    ///     polygon instead of the rings' even–odd rule (the rings still give
    ///     the distances and the search area). The globe needs it: a ring
    ///     that goes behind the horizon is closed along the globe's outline,
    ///     which the exact answer (the point of the sphere under the pixel,
    ///     tested against the geographic polygon) keeps honest.
    /// - Returns: the anchor point, or nil when no part of the polygon is visible.
    /// - Complexity: O(c·v) for c cells examined and v clipped vertices.
    public static func anchorPoint(
        rings: [[ScreenPoint]], visible: ScreenRect, precision: Double = 1, contains: ((ScreenPoint) -> Bool)? = nil
    ) -> ScreenPoint? {
        let clipped = rings.map { clip(ring: $0, to: visible) }
        guard let outer = clipped.first, outer.count >= 3 else { return nil }
        let polygon = clipped.filter { $0.count >= 3 }
        func makeCell(x: Double, y: Double, h: Double, polygon: [[ScreenPoint]]) -> Cell {
            var cell = Cell(x: x, y: y, h: h, polygon: polygon)
            if let contains {
                let p = ScreenPoint(x: x, y: y)
                cell.d = (visible.contains(p) && contains(p) ? 1 : -1) * abs(cell.d)
            }
            return cell
        }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in outer {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        let width = maxX - minX, height = maxY - minY
        let shorter = min(width, height)
        guard shorter > 0 else {
            let corner = ScreenPoint(x: minX, y: minY)
            return contains.map { $0(corner) ? corner : nil } ?? corner
        }
        // Square cells of the shorter side, as polylabel starts. A sliver (a
        // hairline viewport, a degenerate ring) would need billions of them,
        // and `x += size` stops advancing once size is below x's precision:
        // at most `maximumInitialCells` along the longer side.
        let size = max(shorter, max(width, height) / Self.maximumInitialCells)

        var heap = CellHeap()
        let h = size / 2
        var x = minX
        while x < maxX {
            var y = minY
            while y < maxY {
                heap.push(makeCell(x: x + h, y: y + h, h: h, polygon: polygon))
                y += size
            }
            x += size
        }
        var best = makeCell(x: minX + width / 2, y: minY + height / 2, h: 0, polygon: polygon)
        let center = centroid(outer)
        let centroidCell = makeCell(x: center.x, y: center.y, h: 0, polygon: polygon)
        if centroidCell.d > best.d { best = centroidCell }
        // A bound on the work: 20,000 cells is far beyond what a screen needs.
        var budget = 20_000
        while let cell = heap.pop(), budget > 0 {
            budget -= 1
            if cell.d > best.d { best = cell }
            if cell.max - best.d <= precision { continue }
            let q = cell.h / 2
            heap.push(makeCell(x: cell.x - q, y: cell.y - q, h: q, polygon: polygon))
            heap.push(makeCell(x: cell.x + q, y: cell.y - q, h: q, polygon: polygon))
            heap.push(makeCell(x: cell.x - q, y: cell.y + q, h: q, polygon: polygon))
            heap.push(makeCell(x: cell.x + q, y: cell.y + q, h: q, polygon: polygon))
        }
        return best.d > 0 ? ScreenPoint(x: best.x, y: best.y) : nil
    }

    /// Sutherland–Hodgman clipping of a ring to a convex rect.
    static func clip(ring: [ScreenPoint], to r: ScreenRect) -> [ScreenPoint] {
        var output = ring
        if let f = output.first, let l = output.last, output.count > 1, f == l { output.removeLast() }
        let edges: [(ScreenPoint) -> Double] = [
            { $0.x - r.minX }, { r.maxX - $0.x }, { $0.y - r.minY }, { r.maxY - $0.y },
        ]
        for inside in edges {
            let input = output
            output = []
            guard var prev = input.last else { return [] }
            for cur in input {
                let a = inside(prev), b = inside(cur)
                if b >= 0 {
                    if a < 0 { output.append(lerp(prev, cur, a / (a - b))) }
                    output.append(cur)
                } else if a >= 0 {
                    output.append(lerp(prev, cur, a / (a - b)))
                }
                prev = cur
            }
        }
        return output
    }

    static func centroid(_ ring: [ScreenPoint]) -> ScreenPoint {
        var area = 0.0, cx = 0.0, cy = 0.0
        var j = ring.count - 1
        for i in ring.indices {
            let a = ring[i], b = ring[j]
            let f = a.x * b.y - b.x * a.y
            cx += (a.x + b.x) * f
            cy += (a.y + b.y) * f
            area += f * 3
            j = i
        }
        return area == 0 ? ring[0] : ScreenPoint(x: cx / area, y: cy / area)
    }

    /// Signed distance from a point to the polygon's edges: positive inside
    /// (even–odd over all rings, so holes are outside).
    static func signedDistance(_ p: ScreenPoint, _ polygon: [[ScreenPoint]]) -> Double {
        var inside = false
        var best = Double.infinity
        for ring in polygon {
            var j = ring.count - 1
            for i in ring.indices {
                let a = ring[i], b = ring[j]
                if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
                    inside.toggle()
                }
                best = min(best, squaredDistance(p, a, b))
                j = i
            }
        }
        return (inside ? 1 : -1) * best.squareRoot()
    }

    struct Cell {
        var x, y, h, d: Double
        var max: Double { d + h * 2.0.squareRoot() }

        init(x: Double, y: Double, h: Double, polygon: [[ScreenPoint]]) {
            self.x = x
            self.y = y
            self.h = h
            self.d = PolygonAnchoring.signedDistance(ScreenPoint(x: x, y: y), polygon)
        }

        init(point: ScreenPoint, h: Double, polygon: [[ScreenPoint]]) {
            self.init(x: point.x, y: point.y, h: h, polygon: polygon)
        }
    }

    /// A binary max-heap of cells by their potential (`max`); ties broken by
    /// position so the search order, and so the answer, is deterministic.
    struct CellHeap {
        private var items: [Cell] = []

        private func above(_ a: Cell, _ b: Cell) -> Bool {
            if a.max != b.max { return a.max > b.max }
            return a.y != b.y ? a.y < b.y : a.x < b.x
        }

        mutating func push(_ c: Cell) {
            items.append(c)
            var i = items.count - 1
            while i > 0 {
                let parent = (i - 1) / 2
                guard above(items[i], items[parent]) else { break }
                items.swapAt(i, parent)
                i = parent
            }
        }

        mutating func pop() -> Cell? {
            guard !items.isEmpty else { return nil }
            items.swapAt(0, items.count - 1)
            let top = items.removeLast()
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < items.count && above(items[l], items[m]) { m = l }
                if r < items.count && above(items[r], items[m]) { m = r }
                if m == i { break }
                items.swapAt(i, m)
                i = m
            }
            return top
        }
    }
}
