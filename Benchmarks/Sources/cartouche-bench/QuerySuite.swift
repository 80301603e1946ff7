import CartoucheGeometry
import CartoucheQuery
import Foundation

/// `query`: tap hit-testing throughput. 100,000 annotations — a quarter each
/// of icons (boxes), circles, lines and polygons (a third of them with a
/// hole) — spread over a 16,384 × 16,384-point map area (what 100k
/// annotations of a city cover at street zooms; packed into one screen they
/// would overlap dozens deep), and 1,000,000 seeded tap points over the same
/// area.
/// The same shapes and points go to the shapely STRtree peer
/// (`peers/shapely_query.py`) through `--dump`.
struct QuerySuite: BenchmarkSuite {
    let name = "query"

    struct Rng {
        var state: UInt64
        mutating func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        mutating func r(_ a: Double, _ b: Double) -> Double { a + next() * (b - a) }
    }

    static let width = 16384.0, height = 16384.0

    static func shapes(count: Int) -> [HitShape] {
        var g = Rng(state: 61)
        return (0..<count).map { i in
            let c = ScreenPoint(x: g.r(0, width), y: g.r(0, height))
            switch i % 4 {
            case 0:
                let s = g.r(12, 28)
                return .boxes([ScreenRect(x: c.x - s / 2, y: c.y - s / 2, width: s, height: s)])
            case 1:
                return .circle(center: c, radius: g.r(3, 12))
            case 2:
                var p = c
                var pts = [p]
                for _ in 0..<Int(g.r(2, 6)) {
                    p = ScreenPoint(x: p.x + g.r(-80, 80), y: p.y + g.r(-80, 80))
                    pts.append(p)
                }
                return .polyline(pts, halfWidth: g.r(1, 4))
            default:
                let r = g.r(10, 40)
                let n = Int(g.r(5, 9))
                let outer = (0..<n).map { k -> ScreenPoint in
                    let a = Double(k) / Double(n) * 2 * .pi
                    return ScreenPoint(x: c.x + r * cos(a), y: c.y + r * sin(a))
                }
                var rings = [outer]
                if i % 12 == 3 { rings.append(outer.map { ScreenPoint(x: c.x + ($0.x - c.x) / 3, y: c.y + ($0.y - c.y) / 3) }.reversed()) }
                return .polygon(rings, outline: 0)
            }
        }
    }

    static func points(count: Int) -> [ScreenPoint] {
        var g = Rng(state: 97)
        return (0..<count).map { _ in ScreenPoint(x: g.r(0, width), y: g.r(0, height)) }
    }

    func run(rounds: Int, arguments: [String]) throws -> [Measurement] {
        let shapeCount = 100_000, pointCount = 1_000_000
        let shapes = Self.shapes(count: shapeCount)
        let points = Self.points(count: pointCount)
        if let i = arguments.firstIndex(of: "--dump"), i + 1 < arguments.count {
            try dump(shapes, points, to: arguments[i + 1])
            return []
        }
        let region = ScreenRect(x: 0, y: 0, width: Self.width, height: Self.height)
        var build = Measurement(suite: name, name: "cartouche build", items: shapeCount, seconds: [], checksum: 0)
        var query = Measurement(suite: name, name: "cartouche query", items: pointCount, seconds: [], checksum: 0)
        for _ in 0..<rounds {
            var index: HitIndex? = nil
            build.seconds.append(time { index = HitIndex(shapes: shapes, region: region) })
            guard let index else { continue }
            var hits = 0
            query.seconds.append(time {
                for p in points { index.forEachHit(at: p) { _, _ in hits += 1 } }
            })
            query.checksum = Double(hits)
            build.checksum = Double(shapeCount)
        }
        return [build, query]
    }

    /// The shapes and points as JSON for the peer: boxes, circles, lines
    /// (with half widths) and polygons (rings), then the points.
    private func dump(_ shapes: [HitShape], _ points: [ScreenPoint], to path: String) throws {
        var out = "{\"shapes\":["
        func pts(_ ps: [ScreenPoint]) -> String { "[" + ps.map { "[\($0.x),\($0.y)]" }.joined(separator: ",") + "]" }
        for (i, s) in shapes.enumerated() {
            if i > 0 { out += "," }
            switch s {
            case .boxes(let b): out += "{\"box\":[\(b[0].minX),\(b[0].minY),\(b[0].maxX),\(b[0].maxY)]}"
            case .circle(let c, let r): out += "{\"circle\":[\(c.x),\(c.y),\(r)]}"
            case .polyline(let p, let w): out += "{\"line\":\(pts(p)),\"half\":\(w)}"
            case .polygon(let rings, _): out += "{\"polygon\":[" + rings.map(pts).joined(separator: ",") + "]}"
            }
        }
        out += "],\"points\":" + pts(points) + "}"
        try out.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
