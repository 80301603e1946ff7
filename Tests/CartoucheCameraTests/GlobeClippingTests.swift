import CartoucheCamera
import CartoucheGeometry
import Foundation
import Testing

/// Lines and rings on the globe as MapLibre draws them: subdivided at its
/// grid, cut at the horizon plane.
@Suite("Globe clipping")
struct GlobeClippingTests {
    static let viewport = ScreenSize(width: 800, height: 600)

    static func globe(zoom: Double = 2, pitch: Double = 0) throws -> GlobeProjection {
        try #require(try Projection(camera: Camera(center: Coordinate(latitude: 10, longitude: 20), zoom: zoom, pitch: pitch),
                                    viewport: viewport, projection: .globe).globe)
    }

    @Test func theGridsAreMapLibresGranularities() {
        // Lines: 512 cells across the world up to tile zoom 9, then tile edges.
        #expect(GlobeProjection.lineGridCells(zoom: 0) == 512)
        #expect(GlobeProjection.lineGridCells(zoom: 9.9) == 512)
        #expect(GlobeProjection.lineGridCells(zoom: 10.2) == 1024)
        #expect(GlobeProjection.lineGridCells(zoom: 11.99) == 2048)
        // Fills: 128 per zoom-0 tile halved per zoom, at least 2 per tile.
        #expect(GlobeProjection.fillGridCells(zoom: 3) == 128)
        #expect(GlobeProjection.fillGridCells(zoom: 7.5) == 256)
        #expect(GlobeProjection.fillGridCells(zoom: 11.5) == 4096)
    }

    @Test func aLineOverTheHorizonStopsWhereItGoesBehindTheGlobe() throws {
        let globe = try Self.globe()
        let line = [Coordinate(latitude: 10, longitude: 20), Coordinate(latitude: 10, longitude: 170)]
        let runs = globe.visibleRuns(of: line, gridCells: 512)
        try #require(runs.count == 1)
        let run = runs[0]
        #expect(run.start == .end && run.end == .horizon)
        // Every grid crossing is a vertex: one per 360° / 512 up to the horizon, some 85° east.
        #expect(run.points.count > 100 && run.positions == run.positions.sorted())
        let cut = try #require(run.positions.last)
        // The Mercator-straight line is on the near side just before the cut and behind just after.
        func along(_ t: Double) -> Coordinate { Coordinate(latitude: 10, longitude: 20 + 150 * t) }
        #expect(!globe.isOccluded(along(cut - 1e-3)) && globe.isOccluded(along(cut + 1e-3)))
        // Vertices strictly inside the run are the sphere's projections of the line's points.
        for (p, t) in zip(run.points.dropLast(), run.positions.dropLast()) {
            let q = try #require(globe.project(along(t)))
            #expect(hypot(p.x - q.x, p.y - q.y) < 1e-6)
        }
        #expect(globe.visibleRuns(of: line.reversed(), gridCells: 512).first?.start == .horizon)
        #expect(!globe.hidesLine(line, gridCells: 512))
        #expect(globe.hidesLine([Coordinate(latitude: -10, longitude: -150), Coordinate(latitude: -20, longitude: -170)], gridCells: 512))
    }

    @Test func aRingHalfBehindTheGlobeIsClosedAlongTheHorizonOnItsInteriorsSide() throws {
        let globe = try Self.globe()
        // Counter-clockwise (east, north), from the centre out over the eastern horizon.
        let ring = [Coordinate(latitude: -20, longitude: 60), Coordinate(latitude: -20, longitude: 160),
                    Coordinate(latitude: 40, longitude: 160), Coordinate(latitude: 40, longitude: 60),
                    Coordinate(latitude: -20, longitude: 60)]
        let outline = globe.visibleOutline(ofRing: ring, gridCells: 128)
        try #require(outline.count > 10)
        // Every point of the outline is a point of the sphere inside the ring (or on its edge).
        for p in outline {
            let c = try #require(globe.unproject(ScreenPoint(x: p.x + (400 - p.x) * 1e-6, y: p.y + (300 - p.y) * 1e-6)))
            #expect(c.longitude > 59.9 && c.longitude < 160.1 && c.latitude > -20.1 && c.latitude < 40.1, "\(p) → \(c)")
        }
        // Clockwise, the same ring is closed the same way (the same points, in the other order).
        let reversed = globe.visibleOutline(ofRing: ring.reversed(), gridCells: 128)
        for p in outline {
            #expect(reversed.contains { hypot($0.x - p.x, $0.y - p.y) < 1e-6 }, "\(p) missing from the clockwise ring's outline")
        }
        let behind = [Coordinate(latitude: -20, longitude: -160), Coordinate(latitude: -20, longitude: -80),
                      Coordinate(latitude: 40, longitude: -80), Coordinate(latitude: 40, longitude: -160),
                      Coordinate(latitude: -20, longitude: -160)]
        #expect(globe.visibleOutline(ofRing: behind, gridCells: 128).isEmpty)
    }
}
