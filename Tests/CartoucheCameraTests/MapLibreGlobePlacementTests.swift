import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import CartouchePlacement
import CartoucheScene
import CartoucheTestSupport
import Foundation
import Testing

/// Places point callouts under `projection` `globe` and compares them with
/// MapLibre GL JS 5.3.0 in a real browser, through the globe oracle
/// (scripts/interop/maplibre_globe_oracle.py): every shown callout's anchor
/// point is MapLibre's `map.project` of its coordinate (where a MapLibre
/// `Marker` or view annotation is drawn), and every callout MapLibre says
/// is occluded (`transform.isLocationOccluded`) is hidden with `horizon`.
///
/// FAILS when the browser prerequisites are missing, like the other
/// MapLibre tests; `CARTOUCHE_SKIP_BROWSER_TESTS=1` is the only opt-out.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CARTOUCHE_SKIP_BROWSER_TESTS"] != "1",
                "CARTOUCHE_SKIP_BROWSER_TESTS=1 skips the MapLibre browser comparison"))
struct MapLibreGlobePlacementTests {
    /// Seeded globe cameras, zoom 0–11.9, constrained as MapLibre constrains
    /// them (so the map shows exactly the camera the scene places for).
    static func makeCameras(viewport: ScreenSize, count: Int, random: inout SplitMix64) -> [Camera] {
        MapLibreGlobeInteropTests.makeCameras(viewport: viewport, count: count, random: &random).map { camera in
            var camera = camera
            camera.zoom = camera.zoom.truncatingRemainder(dividingBy: 11.9)
            return camera.constrainedLikeMapLibre(in: viewport, projection: .globe)
        }
    }

    /// One point callout per coordinate: tiny, overlapping allowed, padding
    /// ignored and culling far out, so every callout MapLibre draws is shown.
    static func scene(_ camera: Camera, viewport: ScreenSize, coordinates: [Coordinate]) throws -> SceneDocument {
        let callouts: [JSONValue] = coordinates.enumerated().map { i, c in
            ["id": .string("c\(i)"), "feature": ["type": "Point", "coordinates": [.number(c.longitude), .number(c.latitude)]],
             "size": ["width": 2, "height": 2], "allowOverlap": true, "ignoreCameraPadding": true]
        }
        let p = camera.padding
        let json: JSONValue = [
            "version": 1, "viewport": ["width": .number(viewport.width), "height": .number(viewport.height)],
            "camera": ["center": [.number(camera.center.longitude), .number(camera.center.latitude)], "zoom": .number(camera.zoom),
                       "bearing": .number(camera.bearing), "pitch": .number(camera.pitch),
                       "padding": ["top": .number(p.top), "left": .number(p.left), "bottom": .number(p.bottom), "right": .number(p.right)]],
            "projection": ["type": "globe"], "options": ["cullingMargin": 1e9], "viewAnnotations": .array(callouts),
        ]
        return try SceneDocument(jsonBytes: try json.jsonBytes())
    }

    struct Tally { var compared = 0, horizon = 0, behindCamera = 0, farOffScreen = 0, maxError = 0.0 }

    @Test func placedAnchorsAreMapLibresProjectionsAndOccludedCalloutsAreHiddenByTheHorizon() async throws {
        guard MapLibreGlobeOracle.prerequisitesPresent(for: "MapLibre globe placement test") else { return }
        var random = SplitMix64(seed: 0x610B_E91A_CE)
        let viewports = [ScreenSize(width: 800, height: 600), ScreenSize(width: 375, height: 667)]
        let cameras = viewports.map { Self.makeCameras(viewport: $0, count: 40, random: &random) }
        let coordinates = zip(viewports, cameras).map { viewport, list in
            list.map { MapLibreGlobeInteropTests.makeCoordinates(around: $0, viewport: viewport, random: &random) }
        }
        let job = MapLibreGlobeOracle.job(viewports: viewports, cameras: cameras, project: coordinates)
        let result = try await MapLibreGlobeOracle.run(job)
        try #require(result.viewports.count == viewports.count)
        var tally = Tally()
        for (v, viewport) in viewports.enumerated() {
            try #require(result.viewports[v].cases.count == cameras[v].count)
            for (c, mapLibre) in result.viewports[v].cases.enumerated() {
                let camera = cameras[v][c]
                #expect(abs(mapLibre.actual.zoom - camera.zoom) < 1e-9 && mapLibre.globeRendering, "camera \(camera)")
                let frame = try #require(try Self.scene(camera, viewport: viewport, coordinates: coordinates[v][c]).place().frames.first)
                try Self.compare(frame.result.placements, coordinates[v][c], mapLibre, camera: camera, viewport: viewport, tally: &tally)
            }
        }
        print("""
            MapLibre GL JS 5.3.0 globe placement: \(tally.compared) shown callouts' anchors compared, max error \
            \(tally.maxError) px; \(tally.horizon) occluded callouts hidden by the horizon; \(tally.behindCamera) \
            unoccluded but behind the camera (offscreen), \(tally.farOffScreen) far off screen not compared
            """)
        #expect(tally.compared >= 600 && tally.horizon >= 300)
        #expect(tally.maxError <= MapLibreGlobeInteropTests.tolerance)
    }

    static func compare(
        _ placements: [ViewAnnotationPlacement], _ coordinates: [Coordinate], _ mapLibre: MapLibreGlobeOracle.CaseResult,
        camera: Camera, viewport: ScreenSize, tally: inout Tally
    ) throws {
        // As in MapLibreGlobeInteropTests: positions far off screen lose precision in both.
        let near = ScreenRect(minX: -viewport.width, minY: -viewport.height, maxX: 2 * viewport.width, maxY: 2 * viewport.height)
        try #require(placements.count == coordinates.count && mapLibre.project.count == coordinates.count)
        for (index, placement) in placements.enumerated() {
            if mapLibre.occluded[index] {
                #expect(placement.hiddenReason == .horizon, "\(coordinates[index]) occluded in MapLibre with \(camera): \(placement)")
                tally.horizon += 1
                continue
            }
            guard let frame = placement.frame, let anchor = placement.anchor else {
                // On the near side but behind the camera: no screen position, culled.
                #expect(placement.hiddenReason == .offscreen, "\(coordinates[index]) with \(camera): \(placement)")
                tally.behindCamera += 1
                continue
            }
            let point = mapLibre.project[index]
            guard point.count == 2, let x = point[0], let y = point[1] else {
                Issue.record("MapLibre gave no position for \(coordinates[index]) with \(camera)")
                continue
            }
            guard near.contains(ScreenPoint(x: x, y: y)) else { tally.farOffScreen += 1; continue }
            let probe = anchor.frame(at: ScreenPoint(x: 0, y: 0), size: ScreenSize(width: frame.width, height: frame.height))
            let error = hypot(frame.minX - probe.minX - x, frame.minY - probe.minY - y)
            tally.maxError = max(tally.maxError, error)
            tally.compared += 1
            #expect(error <= MapLibreGlobeInteropTests.tolerance, "\(coordinates[index]) with \(camera): off MapLibre by \(error) px")
        }
    }
}
