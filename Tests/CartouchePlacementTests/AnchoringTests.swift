import CartoucheGeometry
import Testing

@testable import CartouchePlacement

@Suite("Line anchoring")
struct LineAnchoringTests {
    let view = ScreenRect(x: 0, y: 0, width: 400, height: 300)

    func line(_ pts: [(Double, Double)]) -> ProjectedLine {
        // Progress proportional to screen length is enough for these cases.
        var lengths = [0.0]
        for k in pts.indices.dropFirst() {
            lengths.append(lengths[k - 1] + ((pts[k].0 - pts[k - 1].0) * (pts[k].0 - pts[k - 1].0) + (pts[k].1 - pts[k - 1].1) * (pts[k].1 - pts[k - 1].1)).squareRoot())
        }
        let total = lengths.last ?? 1
        return ProjectedLine(points: pts.map { ScreenPoint(x: $0.0, y: $0.1) }, progress: lengths.map { $0 / total })
    }

    @Test func prefersTheMiddleOfTheVisiblePart() throws {
        let first = try #require(LineAnchoring().anchorPoints(for: line([(-400, 100), (400, 100)]), visible: view).first)
        #expect(abs(first.x - 200) < 1e-9 && first.y == 100)
    }

    /// What a kept anchor point must satisfy: on the visible, untrimmed part.
    @Test func anchorableIsTheVisibleUntrimmedPart() {
        let l = line([(-400, 100), (400, 100)])
        let anchoring = LineAnchoring()
        #expect(anchoring.isAnchorable(ScreenPoint(x: 100, y: 100), on: l, visible: view))
        #expect(anchoring.isAnchorable(ScreenPoint(x: 100, y: 100.4), on: l, visible: view))
        #expect(!anchoring.isAnchorable(ScreenPoint(x: 100, y: 101), on: l, visible: view))
        // Off screen, though on the line.
        #expect(!anchoring.isAnchorable(ScreenPoint(x: -100, y: 100), on: l, visible: view))
        // Trimmed up to 75 %: x 200 is the edge, x 100 is driven.
        #expect(!anchoring.isAnchorable(ScreenPoint(x: 100, y: 100), on: l, visible: view, trim: 0...0.75))
        #expect(anchoring.isAnchorable(ScreenPoint(x: 300, y: 100), on: l, visible: view, trim: 0...0.75))
    }

    /// Where a callout in motion slides its point to keep its box still:
    /// against a brute force over 4,000 steps of every segment (the visible,
    /// untrimmed steps only), on seeded zigzags that leave the screen and
    /// with seeded trims.
    @Test("the nearest anchorable point equals a brute-force search", arguments: 0..<40)
    func nearestAnchorablePoint(seed: UInt64) throws {
        var rng = SplitMix64(seed: 0x0A11_0000 + seed)
        let pts = (0..<rng.int(2...7)).map { _ in (rng.double(-100...500), rng.double(-100...400)) }
        let l = line(pts)
        let a = rng.double(0...1), b = rng.double(0...1)
        let trim: ClosedRange<Double>? = seed % 3 == 0 ? nil : min(a, b)...max(a, b)
        let target = ScreenPoint(x: rng.double(-50...450), y: rng.double(-50...350))
        var brute = Double.infinity
        for k in l.points.indices.dropFirst() {
            let p0 = try #require(l.points[k - 1]), p1 = try #require(l.points[k])
            for i in 0...4000 {
                let t = Double(i) / 4000
                let q = ScreenPoint(x: p0.x + (p1.x - p0.x) * t, y: p0.y + (p1.y - p0.y) * t)
                let progress = l.progress[k - 1] + (l.progress[k] - l.progress[k - 1]) * t
                guard view.contains(q), !(trim?.contains(progress) ?? false) else { continue }
                brute = min(brute, ((q.x - target.x) * (q.x - target.x) + (q.y - target.y) * (q.y - target.y)).squareRoot())
            }
        }
        let found = LineAnchoring().nearestAnchorablePoint(to: target, on: l, visible: view, trim: trim)
        guard brute.isFinite else {
            // Nothing anchorable but (at most) a sliver the steps miss.
            #expect(found.map { LineAnchoring().isAnchorable($0.point, on: l, visible: view, trim: trim) } ?? true)
            return
        }
        let f = try #require(found)
        // At least as near as every step; no nearer than the steps allow (a step is under 0.2 pt).
        #expect(f.distance <= brute + 1e-9)
        #expect(f.distance >= brute - 0.2)
        #expect(LineAnchoring().isAnchorable(f.point, on: l, visible: view, trim: trim))
    }

    @Test func skipsTheTrimmedPart() throws {
        // Trimmed up to 75 % of the way: the visible, untrimmed part is x 200…400
        // of a line from -400 to 400.
        let points = LineAnchoring().anchorPoints(for: line([(-400, 100), (400, 100)]), visible: view, trim: 0...0.75)
        let first = try #require(points.first)
        #expect(abs(first.x - 300) < 1e-9)
        #expect(points.allSatisfy { $0.x >= 200 - 1e-9 })
    }

    /// A callout in motion on a driven line: the furthest points along it
    /// first (checked against each point's own x, which grows with progress
    /// on this line), still after every point clear of obstacles.
    @Test func aheadFirstOrdersByProgressAfterClearance() throws {
        let l = line([(-400, 100), (400, 100)])
        let points = LineAnchoring().anchorPoints(for: l, visible: view, trim: 0...0.6, aheadFirst: true)
        #expect(points.count > 10)
        #expect(zip(points, points.dropFirst()).allSatisfy { $0.x > $1.x })
        let anchoring = LineAnchoring()
        #expect(try #require(anchoring.progress(of: ScreenPoint(x: 200, y: 110), on: l)).progress == 0.75)
        #expect(try #require(anchoring.progress(of: ScreenPoint(x: 200, y: 110), on: l)).distance == 10)
        // A crossing line near the far end: the points it leaves clear come first.
        let obstacle = LineAnchoring.Obstacle(points: [ScreenPoint(x: 380, y: 0), ScreenPoint(x: 380, y: 300)], clearance: 40)
        let clear = LineAnchoring().anchorPoints(for: l, visible: view, trim: 0...0.6, obstacles: [obstacle], aheadFirst: true)
        let first = try #require(clear.first)
        #expect(first.x <= 340 && first.x == clear.filter { $0.x <= 340 }.map(\.x).max())
    }

    @Test func aTrimInsideASegmentKeepsBothSides() {
        let pieces = LineAnchoring().visiblePieces(line([(0, 100), (400, 100)]), visible: view, trim: 0.25...0.5)
        #expect(pieces.map(\.length) == [100, 200])
    }

    @Test func unprojectableVerticesSplitTheLine() {
        let l = ProjectedLine(points: [ScreenPoint(x: 0, y: 10), ScreenPoint(x: 100, y: 10), nil, ScreenPoint(x: 200, y: 10), ScreenPoint(x: 300, y: 10)],
                              progress: [0, 0.25, 0.5, 0.75, 1])
        #expect(LineAnchoring().visiblePieces(l, visible: view, trim: nil).map(\.length) == [100, 100])
    }

    @Test func staysClearOfASharedStretchWithAnotherRoute() throws {
        // Two routes leave (0,150) together, split at x = 100.
        let a = [(0.0, 150.0), (100, 150), (400, 40)]
        let b = [(0.0, 150.0), (100, 150), (400, 260)]
        let obstacle = LineAnchoring.Obstacle(points: b.map { ScreenPoint(x: $0.0, y: $0.1) }, clearance: 40)
        let points = LineAnchoring().anchorPoints(for: line(a), visible: view, obstacles: [obstacle])
        let first = try #require(points.first)
        #expect(distance(from: first, to: obstacle.points) >= 40)
        // Clear points come first; the ambiguous ones are still offered last.
        let clearFlags = points.map { distance(from: $0, to: obstacle.points) >= 40 }
        #expect(clearFlags == clearFlags.sorted { $0 && !$1 })
        #expect(clearFlags.contains(false))
    }

    @Test func highPitchPrefersPointsFurtherFromTheCamera() throws {
        // A line running from the bottom of the screen (near) to the top (far).
        let l = line([(200, 290), (200, 10)])
        let flat = try #require(LineAnchoring().anchorPoints(for: l, visible: view, pitch: 30).first)
        let pitched = try #require(LineAnchoring().anchorPoints(for: l, visible: view, pitch: 60).first)
        #expect(abs(flat.y - 150) < 1e-9)
        #expect(pitched.y < 37.5)
    }

    @Test func invisibleLinesGiveNoPoints() {
        #expect(LineAnchoring().anchorPoints(for: line([(-100, -100), (-10, -50)]), visible: view).isEmpty)
    }
}

@Suite("Polygon anchoring")
struct PolygonAnchoringTests {
    let view = ScreenRect(x: 0, y: 0, width: 400, height: 300)

    func ring(_ pts: [(Double, Double)]) -> [ScreenPoint] { pts.map { ScreenPoint(x: $0.0, y: $0.1) } }

    /// Independent oracle: the best signed distance on a fine grid.
    func bruteForceBest(_ rings: [[ScreenPoint]], in r: ScreenRect, step: Double) -> Double {
        var best = -Double.infinity
        var y = r.minY
        while y <= r.maxY {
            var x = r.minX
            while x <= r.maxX {
                best = max(best, PolygonAnchoring.signedDistance(ScreenPoint(x: x, y: y), rings))
                x += step
            }
            y += step
        }
        return best
    }

    @Test func squareGivesItsCentre() throws {
        let p = try #require(PolygonAnchoring.anchorPoint(rings: [ring([(100, 100), (200, 100), (200, 200), (100, 200)])], visible: view, precision: 0.01))
        #expect(abs(p.x - 150) < 0.05 && abs(p.y - 150) < 0.05)
    }

    @Test func holeAndCShapeKeepThePointInside() throws {
        let outer = ring([(50, 50), (350, 50), (350, 250), (50, 250)])
        let hole = ring([(150, 100), (250, 100), (250, 200), (150, 200)])
        let c = ring([(50, 50), (350, 50), (350, 100), (100, 100), (100, 200), (350, 200), (350, 250), (50, 250)])
        for rings in [[outer, hole], [c]] {
            let p = try #require(PolygonAnchoring.anchorPoint(rings: rings, visible: view, precision: 0.5))
            let d = PolygonAnchoring.signedDistance(p, rings)
            #expect(d > 0)
            // Within the precision of the exhaustive optimum.
            #expect(d >= bruteForceBest(rings, in: view, step: 1) - 1.5)
        }
    }

    @Test("a hairline of a visible rect (1e-45 wide, schemathesis found it) ends, with the point on the sliver")
    func hairlineSliverEnds() throws {
        let sliver = ScreenRect(x: 0, y: 0, width: 1.4e-45, height: 11838)
        let tall = ring([(-100, -100), (100, -100), (100, 12000), (-100, 12000)])
        let p = try #require(PolygonAnchoring.anchorPoint(rings: [tall], visible: sliver))
        #expect(p.x >= 0 && p.x <= 1.4e-45)
        #expect(p.y > 0 && p.y < 11838)
        // A wide sliver the other way round, and a long thin polygon: at most
        // 256 first cells along the long side, still the middle.
        let wide = ScreenRect(x: 0, y: 0, width: 100_000, height: 1)
        let q = try #require(PolygonAnchoring.anchorPoint(rings: [ring([(0, 0), (100_000, 0), (100_000, 1), (0, 1)])], visible: wide))
        #expect(abs(q.y - 0.5) < 1e-9)
        #expect(PolygonAnchoring.signedDistance(q, [ring([(0, 0), (100_000, 0), (100_000, 1), (0, 1)])]) > 0.49)
    }

    @Test func onlyTheVisiblePartCounts() throws {
        // A polygon much larger than the screen: the anchor is the visible rect's centre.
        let huge = ring([(-5000, -5000), (5000, -5000), (5000, 5000), (-5000, 5000)])
        let p = try #require(PolygonAnchoring.anchorPoint(rings: [huge], visible: view, precision: 0.01))
        #expect(abs(p.x - 200) < 1 && abs(p.y - 150) < 1)
        #expect(PolygonAnchoring.anchorPoint(rings: [ring([(-50, -50), (-10, -50), (-10, -10)])], visible: view) == nil)
    }
}
