import CartoucheGeometry
import Testing

@testable import CartouchePlacement

@Suite("Anchor frames")
struct AnchorFrameTests {
    // The table of the Mapbox reference (§2): frame relative to the anchor
    // point for a w×h view, y down. Here w = 100, h = 40 at (200, 300).
    @Test(arguments: [
        (BoxAnchor.center, 150.0, 280.0),
        (.top, 150, 300),
        (.bottom, 150, 260),
        (.left, 200, 280),
        (.right, 100, 280),
        (.topLeft, 200, 300),
        (.topRight, 100, 300),
        (.bottomLeft, 200, 260),
        (.bottomRight, 100, 260),
    ])
    func frameMatchesReferenceTable(anchor: BoxAnchor, minX: Double, minY: Double) {
        let f = AnchorConfig(anchor).frame(at: ScreenPoint(x: 200, y: 300), size: ScreenSize(width: 100, height: 40))
        #expect(f == ScreenRect(x: minX, y: minY, width: 100, height: 40))
    }

    @Test func positiveOffsetYMovesUpAndOffsetXMovesRight() {
        let f = AnchorConfig(.bottom, offsetX: 7, offsetY: 12)
            .frame(at: ScreenPoint(x: 200, y: 300), size: ScreenSize(width: 100, height: 40))
        #expect(f == ScreenRect(x: 157, y: 248, width: 100, height: 40))
    }

    @Test func allIsTheEightNonCentreAnchorsInMapboxOrder() {
        #expect(BoxAnchor.all.map(\.rawValue) == [
            "top-left", "top", "top-right", "left", "right", "bottom-left", "bottom", "bottom-right",
        ])
    }
}

@Suite("Grid index")
struct GridIndexTests {
    @Test func firstIntersectionEqualsBruteForce() {
        var rng = SplitMix64(seed: 7)
        var grid = GridIndex(region: ScreenRect(x: 0, y: 0, width: 800, height: 600), cellSize: 50)
        var stored: [ScreenRect] = []
        for i in 0..<400 {
            // Some rects reach outside the region on purpose.
            let r = ScreenRect(x: rng.double(-100...850), y: rng.double(-100...650),
                               width: rng.double(0...120), height: rng.double(0...80))
            grid.insert(r, owner: Int32(i))
            stored.append(r)
        }
        for _ in 0..<2000 {
            let q = ScreenRect(x: rng.double(-150...900), y: rng.double(-150...700),
                               width: rng.double(0...200), height: rng.double(0...150))
            let expected = stored.firstIndex { $0.intersects(q) }.map(Int32.init)
            #expect(grid.firstIntersection(with: q) == expected)
        }
    }

    @Test func interiorContainsEqualsBruteForce() {
        var rng = SplitMix64(seed: 11)
        var grid = GridIndex(region: ScreenRect(x: 0, y: 0, width: 800, height: 600), cellSize: 50)
        var stored: [ScreenRect] = []
        for i in 0..<300 {
            let r = ScreenRect(x: rng.double(-100...850), y: rng.double(-100...650),
                               width: rng.double(0...120), height: rng.double(0...80))
            grid.insert(r, owner: Int32(i))
            stored.append(r)
        }
        // Random points, plus corners of stored rects (on an edge: not inside).
        var points = (0..<2000).map { _ in ScreenPoint(x: rng.double(-150...900), y: rng.double(-150...700)) }
        points += stored.prefix(100).map { ScreenPoint(x: $0.minX, y: $0.minY) }
        for p in points {
            let expected = stored.contains { $0.minX < p.x && p.x < $0.maxX && $0.minY < p.y && p.y < $0.maxY }
            #expect(grid.interiorContains(p) == expected, "\(p)")
        }
    }

    @Test func touchingEdgesDoNotIntersect() {
        var grid = GridIndex(region: ScreenRect(x: 0, y: 0, width: 100, height: 100), cellSize: 10)
        grid.insert(ScreenRect(x: 10, y: 10, width: 20, height: 20), owner: 1)
        #expect(grid.firstIntersection(with: ScreenRect(x: 30, y: 10, width: 5, height: 5)) == nil)
        #expect(grid.firstIntersection(with: ScreenRect(x: 29.5, y: 10, width: 5, height: 5)) == 1)
    }

    @Test func nonFiniteAndHugeRectsAreHandled() {
        var grid = GridIndex(region: ScreenRect(x: 0, y: 0, width: 100, height: 100), cellSize: 10)
        grid.insert(ScreenRect(minX: -1e300, minY: -1e300, maxX: 1e300, maxY: 1e300), owner: 3)
        #expect(grid.firstIntersection(with: ScreenRect(x: 50, y: 50, width: 1, height: 1)) == 3)
        #expect(grid.firstIntersection(with: ScreenRect(minX: .nan, minY: 0, maxX: 1, maxY: 1)) == nil)
    }
}
