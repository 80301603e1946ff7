import CartoucheGeometry
import CartoucheTestSupport
import Foundation
import Testing

@testable import CartoucheQuery

@Suite("Hit shapes")
struct HitShapeTests {
    func pt(_ x: Double, _ y: Double) -> ScreenPoint { ScreenPoint(x: x, y: y) }

    @Test func circleDistanceIsOutsideTheRadius() {
        let c = HitShape.circle(center: pt(100, 100), radius: 7)  // radius 5 + stroke 2
        #expect(c.distance(from: pt(100, 107)) == 0)   // on the edge: a hit
        #expect(c.distance(from: pt(103, 104)) == 0)   // inside
        #expect(c.distance(from: pt(100, 110)) == 3)
        #expect(c.distance(from: pt(106, 108)) == 3)   // 10 away along a 3-4-5 diagonal
    }

    @Test func polylineHitsWithinHalfWidth() {
        let l = HitShape.polyline([pt(0, 0), pt(100, 0), pt(100, 100)], halfWidth: 2)
        #expect(l.distance(from: pt(50, 2)) == 0)
        #expect(l.distance(from: pt(50, 5)) == 3)
        #expect(l.distance(from: pt(103, 50)) == 1)
        #expect(l.distance(from: pt(104, 104)) == (32.0).squareRoot() - 2)
    }

    @Test func polygonHonoursHolesAndEdges() {
        let outer = [pt(0, 0), pt(100, 0), pt(100, 100), pt(0, 100)]
        let hole = [pt(40, 40), pt(60, 40), pt(60, 60), pt(40, 60)]
        let p = HitShape.polygon([outer, hole], outline: 0)
        #expect(p.distance(from: pt(20, 20)) == 0)
        #expect(p.distance(from: pt(50, 50)) == 10)   // in the hole: 10 from its edge
        #expect(p.distance(from: pt(100, 50)) == 0)   // on the outer edge
        #expect(p.distance(from: pt(110, 50)) == 10)
        #expect(HitShape.polygon([outer], outline: 1).distance(from: pt(101, 50)) == 0)
    }

    @Test func boxesHitOnAnyBox() {
        let icon = ScreenRect(x: 90, y: 90, width: 20, height: 20)
        let text = ScreenRect(x: 70, y: 112, width: 60, height: 16)
        let s = HitShape.boxes([icon, text])
        #expect(s.distance(from: pt(100, 100)) == 0)
        #expect(s.distance(from: pt(75, 120)) == 0)
        #expect(s.distance(from: pt(100, 111)) == 1)  // in the 2-pt gap between them
        #expect(s.bounds == ScreenRect(minX: 70, minY: 90, maxX: 130, maxY: 128))
    }

    @Test func rectQueries() {
        let outer = [pt(0, 0), pt(100, 0), pt(100, 100), pt(0, 100)]
        let hole = [pt(20, 20), pt(80, 20), pt(80, 80), pt(20, 80)]
        let donut = HitShape.polygon([outer, hole], outline: 0)
        #expect(!donut.intersects(ScreenRect(x: 30, y: 30, width: 10, height: 10)))  // inside the hole
        #expect(donut.intersects(ScreenRect(x: 75, y: 30, width: 10, height: 10)))   // straddles the hole's edge
        #expect(donut.intersects(ScreenRect(x: -50, y: -50, width: 300, height: 300)))  // contains it all
        let line = HitShape.polyline([pt(0, 0), pt(100, 100)], halfWidth: 1)
        #expect(line.intersects(ScreenRect(x: 40, y: 55, width: 5, height: 5)) == false)
        #expect(line.intersects(ScreenRect(x: 40, y: 41, width: 5, height: 5)))
        #expect(HitShape.circle(center: pt(0, 0), radius: 5).intersects(ScreenRect(x: 3, y: 3, width: 5, height: 5)))
        #expect(!HitShape.circle(center: pt(0, 0), radius: 4).intersects(ScreenRect(x: 3, y: 3, width: 5, height: 5)))
    }
}

@Suite("Hit index")
struct HitIndexTests {
    static func randomShapes(_ n: Int, seed: UInt64) -> [HitShape] {
        var g = SplitMix64(seed: seed)
        return (0..<n).map { i in
            let c = ScreenPoint(x: g.uniform(-50, 850), y: g.uniform(-50, 650))
            switch i % 4 {
            case 0: return .circle(center: c, radius: g.uniform(0, 20))
            case 1: return .boxes([ScreenRect(x: c.x, y: c.y, width: g.uniform(1, 60), height: g.uniform(1, 20))])
            case 2: return .polyline((0..<4).map { _ in ScreenPoint(x: c.x + g.uniform(-80, 80), y: c.y + g.uniform(-80, 80)) }, halfWidth: g.uniform(0, 4))
            default:
                let r = g.uniform(5, 60)
                let outer: [ScreenPoint] = (0..<6).map { k in
                    let angle = Double(k) * Double.pi / 3
                    return ScreenPoint(x: c.x + r * cos(angle), y: c.y + r * sin(angle))
                }
                let hole = outer.map { ScreenPoint(x: c.x + ($0.x - c.x) / 3, y: c.y + ($0.y - c.y) / 3) }
                return .polygon([outer, hole], outline: 0)
            }
        }
    }

    @Test(arguments: [0.0, 3.0, 25.0])
    func pointQueriesEqualALinearScan(radius: Double) {
        let shapes = Self.randomShapes(600, seed: 11)
        let index = HitIndex(shapes: shapes, region: ScreenRect(x: 0, y: 0, width: 800, height: 600))
        var g = SplitMix64(seed: 99)
        for _ in 0..<1500 {
            let p = ScreenPoint(x: g.uniform(-100, 900), y: g.uniform(-100, 700))
            let expected = shapes.indices.filter { shapes[$0].distance(from: p) <= radius }.sorted(by: >)
            #expect(index.query(at: p, radius: radius).map(\.shapeIndex) == expected)
        }
    }

    @Test func rectQueriesEqualALinearScan() {
        let shapes = Self.randomShapes(400, seed: 5)
        let index = HitIndex(shapes: shapes, region: ScreenRect(x: 0, y: 0, width: 800, height: 600))
        var g = SplitMix64(seed: 3)
        for _ in 0..<500 {
            let q = ScreenRect(x: g.uniform(-50, 800), y: g.uniform(-50, 600), width: g.uniform(0, 120), height: g.uniform(0, 120))
            let expected = shapes.indices.filter { shapes[$0].intersects(q) }.sorted(by: >)
            #expect(index.query(in: q).map(\.shapeIndex) == expected)
        }
    }

    @Test func resultsAreTopMostFirst() {
        let shapes: [HitShape] = [
            .circle(center: ScreenPoint(x: 10, y: 10), radius: 5),
            .circle(center: ScreenPoint(x: 10, y: 10), radius: 5),
            .circle(center: ScreenPoint(x: 10, y: 10), radius: 5),
        ]
        let index = HitIndex(shapes: shapes, z: [5, 9, 1], region: ScreenRect(x: 0, y: 0, width: 100, height: 100))
        #expect(index.query(at: ScreenPoint(x: 10, y: 10)).map(\.shapeIndex) == [1, 0, 2])
    }
}
