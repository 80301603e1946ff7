import CartoucheGeometry
import Foundation
import Testing

@testable import CartoucheCamera

/// The globe's outline, lines cut at it and rings pressed onto the near side,
/// checked against the sphere itself: `unproject` (the ray through a pixel
/// meets the sphere or not) and `isOccluded`.
@Suite("Globe outline and segments")
struct GlobeSegmentsTests {
    let viewport = ScreenSize(width: 400, height: 300)

    func globe(_ camera: Camera) throws -> GlobeProjection {
        try #require(try Projection(camera: camera, viewport: viewport, projection: .globe).globe)
    }

    static let cameras = [
        Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 0),
        Camera(center: Coordinate(latitude: 35, longitude: 140), zoom: 1.3, bearing: 40, pitch: 30),
        Camera(center: Coordinate(latitude: -60, longitude: -100), zoom: 2.2, bearing: -120, pitch: 55),
    ]

    @Test(arguments: cameras)
    func theOutlineSeparatesTheSphereFromTheSky(camera: Camera) throws {
        let globe = try globe(camera)
        let limb = globe.limb()
        #expect(limb.count >= 32)
        // The disc's centre of mass, to step inwards and outwards from the outline.
        let cx = limb.map(\.x).reduce(0, +) / Double(limb.count), cy = limb.map(\.y).reduce(0, +) / Double(limb.count)
        for p in limb {
            let dx = p.x - cx, dy = p.y - cy, l = (dx * dx + dy * dy).squareRoot()
            #expect(globe.unproject(ScreenPoint(x: p.x - dx / l * 0.5, y: p.y - dy / l * 0.5)) != nil, "inside \(p)")
            #expect(globe.unproject(ScreenPoint(x: p.x + dx / l * 0.5, y: p.y + dy / l * 0.5)) == nil, "outside \(p)")
        }
        #expect(globe.isOccluded(globe.farPoint))
    }

    @Test(arguments: cameras)
    func runsFollowTheLineOnTheNearSideAndStopAtTheOutline(camera: Camera) throws {
        let globe = try globe(camera)
        // A meridian through the centre's opposite and an equator-ish line around the world.
        let lines = [
            (0...8).map { Coordinate(latitude: -80 + Double($0) * 20, longitude: camera.center.longitude + 30) },
            (0...8).map { Coordinate(latitude: camera.center.latitude / 2, longitude: -180 + Double($0) * 45) },
        ]
        for line in lines {
            let runs = globe.visibleRuns(of: line, gridCells: GlobeProjection.lineGridCells(zoom: camera.zoom)).map(\.points)
            #expect(!runs.isEmpty)
            for run in runs {
                for (k, p) in run.enumerated() {
                    // Inner points are on the sphere; the ends may sit on the outline.
                    let ground = globe.unproject(p)
                    if k > 0 && k < run.count - 1 { #expect(ground != nil, "\(p)") }
                    if let ground { #expect(!globe.isOccluded(ground)) }
                }
            }
            // Every visible vertex is drawn where it projects.
            for c in line {
                guard let p = globe.project(c) else { continue }
                #expect(runs.contains { $0.contains { q in abs(q.x - p.x) < 1e-6 && abs(q.y - p.y) < 1e-6 } }, "\(c)")
            }
        }
    }

    @Test func aRingOnTheFarSideLiesOnTheOutline() throws {
        let globe = try globe(Self.cameras[0])
        let ring = [(-10.0, 170.0), (-10, 190), (10, 190), (10, 170), (-10, 170)].map { Coordinate(latitude: $0.0, longitude: $0.1) }
        let pressed = globe.pressedRing(ring, gridCells: GlobeProjection.fillGridCells(zoom: Self.cameras[0].zoom))
        #expect(!pressed.isEmpty)
        let limb = globe.limb(samples: 4096)
        for p in pressed {
            var nearest = Double.infinity
            for q in limb { nearest = min(nearest, ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()) }
            #expect(nearest < 0.5, "\(p)")
        }
    }
}
