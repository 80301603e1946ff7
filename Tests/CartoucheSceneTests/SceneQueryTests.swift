import CartoucheCamera
import CartoucheGeometry
import CartouchePlacement
import CartoucheQuery
import Foundation
import Testing

@testable import CartoucheScene

@Suite("Scene queries: exact geometry")
struct SceneQueryTests {
    let viewport = ScreenSize(width: 400, height: 300)
    let center = Coordinate(latitude: 10, longitude: 20)

    func coordinate(_ p: ScreenPoint, _ projection: Projection) throws -> Coordinate { try #require(projection.unproject(p)) }

    @Test func circleRadiusPlusStrokeTopDownAndPitchScaled() throws {
        let flat = try Projection(camera: Camera(center: center, zoom: 10), viewport: viewport)
        let c = DrawnFeature(id: "c", shape: .circle(center: center, radius: 8, strokeWidth: 2))
        let index = SceneQueryIndex(layers: [DrawnLayer(id: "circles", features: [c])], projection: flat)
        #expect(index.query(at: ScreenPoint(x: 209.9, y: 150)).map(\.id) == ["c"])
        #expect(index.query(at: ScreenPoint(x: 210.1, y: 150)).isEmpty)
        #expect(index.query(at: ScreenPoint(x: 200, y: 160)).first?.distance == 0)
        // Pitched, circle-pitch-scale "map" (default): radius × cameraToCenterDistance / depth.
        let pitched = try Projection(camera: Camera(center: center, zoom: 10, pitch: 50), viewport: viewport)
        let far = try coordinate(ScreenPoint(x: 200, y: 60), pitched)
        let depth = pitched.projectDetailed(far).depth
        let expected = 10 * pitched.cameraToCenterDistance / depth
        #expect(expected < 10)
        let farCircle = DrawnFeature(id: "far", shape: .circle(center: far, radius: 8, strokeWidth: 2))
        let p = try #require(pitched.project(far))
        let scaled = SceneQueryIndex(layers: [DrawnLayer(id: "l", features: [farCircle])], projection: pitched)
        #expect(scaled.query(at: ScreenPoint(x: p.x + expected - 0.01, y: p.y)).count == 1)
        #expect(scaled.query(at: ScreenPoint(x: p.x + expected + 0.01, y: p.y)).isEmpty)
        // circle-pitch-scale "viewport": the radius stays 10 on screen.
        let fixed = SceneQueryIndex(layers: [DrawnLayer(id: "l", features: [farCircle], circlePitchScale: .viewport)], projection: pitched)
        #expect(fixed.query(at: ScreenPoint(x: p.x + 9.99, y: p.y)).count == 1)
    }

    @Test func lineWidthGapAndOffset() throws {
        let projection = try Projection(camera: Camera(center: center, zoom: 12), viewport: viewport)
        let a = try coordinate(ScreenPoint(x: 50, y: 150), projection), b = try coordinate(ScreenPoint(x: 350, y: 150), projection)
        func hits(_ f: DrawnFeature.Shape, _ y: Double) -> Bool {
            !SceneQueryIndex(layers: [DrawnLayer(id: "l", features: [DrawnFeature(id: "x", shape: f)])], projection: projection)
                .query(at: ScreenPoint(x: 200, y: y)).isEmpty
        }
        #expect(hits(.line([[a, b]], width: 10, gapWidth: 0, offset: 0), 154.9))
        #expect(!hits(.line([[a, b]], width: 10, gapWidth: 0, offset: 0), 155.1))
        // Gap 4 + 2 × width 2 = 8 drawn: half 4.
        #expect(hits(.line([[a, b]], width: 2, gapWidth: 4, offset: 0), 153.9))
        #expect(!hits(.line([[a, b]], width: 2, gapWidth: 4, offset: 0), 154.1))
        // Offset 6 moves the line to the right of its direction (east → south, y down): centre at 156.
        #expect(hits(.line([[a, b]], width: 2, gapWidth: 0, offset: 6), 156.9))
        #expect(!hits(.line([[a, b]], width: 2, gapWidth: 0, offset: 6), 154.9))
    }

    @Test func polygonHolesEdgesAndTranslate() throws {
        let projection = try Projection(camera: Camera(center: center, zoom: 12), viewport: viewport)
        func ring(_ pts: [(Double, Double)]) throws -> [Coordinate] { try pts.map { try coordinate(ScreenPoint(x: $0.0, y: $0.1), projection) } }
        let outer = try ring([(100, 50), (300, 50), (300, 250), (100, 250), (100, 50)])
        let hole = try ring([(150, 100), (250, 100), (250, 200), (150, 200), (150, 100)])
        let f = DrawnFeature(id: "p", shape: .fill([[outer, hole]]))
        let index = SceneQueryIndex(layers: [DrawnLayer(id: "fills", features: [f])], projection: projection)
        #expect(index.query(at: ScreenPoint(x: 120, y: 150)).count == 1)
        #expect(index.query(at: ScreenPoint(x: 200, y: 150)).isEmpty)       // in the hole
        #expect(index.query(at: ScreenPoint(x: 300.01, y: 150)).isEmpty)
        let nearHole = index.query(at: ScreenPoint(x: 200, y: 150), radius: 51)
        #expect(nearHole.count == 1 && abs(nearHole[0].distance - 50) < 1e-6)
        // fill-translate [30, 0] (map anchor, bearing 0): everything 30 pt right.
        let moved = SceneQueryIndex(layers: [DrawnLayer(id: "fills", features: [f], translate: (30, 0))], projection: projection)
        #expect(moved.query(at: ScreenPoint(x: 320, y: 150)).count == 1)
        #expect(moved.query(at: ScreenPoint(x: 120, y: 150)).isEmpty)
    }

    @Test func viewportTranslateTurnsWithTheScreen() throws {
        // Bearing 90: screen up is east. A viewport-anchored translate of
        // (0, -20) moves the circle 20 pt up the screen.
        let projection = try Projection(camera: Camera(center: center, zoom: 12, bearing: 90), viewport: viewport)
        let f = DrawnFeature(id: "c", shape: .circle(center: center, radius: 5, strokeWidth: 0))
        let viewportAnchor = SceneQueryIndex(layers: [DrawnLayer(id: "l", features: [f], translate: (0, -20), translateAnchor: .viewport)], projection: projection)
        #expect(viewportAnchor.query(at: ScreenPoint(x: 200, y: 130)).count == 1)
        // Map anchor: (0, -20) is 20 pt north, which is to the left on screen.
        let mapAnchor = SceneQueryIndex(layers: [DrawnLayer(id: "l", features: [f], translate: (0, -20))], projection: projection)
        #expect(mapAnchor.query(at: ScreenPoint(x: 180, y: 150)).count == 1)
    }

    @Test func resultsAreTopMostFirstAndTapRadiusWidens() throws {
        let projection = try Projection(camera: Camera(center: center, zoom: 12), viewport: viewport)
        let c = { (id: String, key: Double?) in DrawnFeature(id: id, shape: .circle(center: self.center, radius: 5, strokeWidth: 0), sortKey: key) }
        let layers = [
            DrawnLayer(id: "bottom", features: [c("b1", nil), c("b2", nil)]),
            DrawnLayer(id: "top", features: [c("t-high", 5), c("t-low", 1)], tapRadius: 10),
        ]
        let frame = ScreenRect(x: 190, y: 140, width: 20, height: 20)
        let placed = ViewAnnotationResult(
            placements: [ViewAnnotationPlacement(id: "callout", isVisible: true, frame: frame, anchor: AnchorConfig(.center), anchorCoordinate: center, zIndex: 0, hiddenReason: nil)],
            drawOrder: ["callout"], rejected: [], candidateTests: 1)
        let index = SceneQueryIndex(layers: layers, viewAnnotations: placed, projection: projection)
        #expect(index.query(at: ScreenPoint(x: 200, y: 150)).map(\.id) == ["callout", "t-high", "t-low", "b2", "b1"])
        // 12 pt away: only the top layer reaches with its tap radius of 10.
        let wide = index.query(at: ScreenPoint(x: 212, y: 150))
        #expect(wide.map(\.id) == ["t-high", "t-low"])
        #expect(abs(wide[0].distance - 7) < 1e-6)
        #expect(index.query(in: ScreenRect(x: 195, y: 145, width: 2, height: 2)).map(\.id) == ["callout", "t-high", "t-low", "b2", "b1"])
    }

    @Test func antimeridianShapesUseTheNearestWorldCopy() throws {
        let projection = try Projection(camera: Camera(center: Coordinate(latitude: 0, longitude: -179.95), zoom: 10), viewport: viewport)
        let line = DrawnFeature(id: "x", shape: .line([[Coordinate(latitude: 0, longitude: 179.9), Coordinate(latitude: 0, longitude: 179.99)]], width: 4, gapWidth: 0, offset: 0))
        let index = SceneQueryIndex(layers: [DrawnLayer(id: "l", features: [line])], projection: projection)
        let p = try #require(projection.project(Coordinate(latitude: 0, longitude: 179.95)))
        #expect(index.query(at: p).map(\.id) == ["x"])
    }
}
