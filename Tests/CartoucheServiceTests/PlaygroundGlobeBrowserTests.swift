import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import CartoucheTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

/// What once broke the playground (issue #27, item 10), in headless chromium
/// with Natural Earth's basemap (`scripts/interop/playground_globe_check.py`):
/// pitching a view much smaller than the countries kept the land (rings
/// reaching behind the camera were dropped: the basemap vanished at pitch
/// 10–50°); on the globe the service's opaque disc no longer covers the land
/// the page draws; a drag on world-globe moves the camera by the drag as
/// MapLibre's globe pan does (a 150 px drag once jumped to latitude 77.5°,
/// zoom 0); a click in the blank band beside the picture clears the old hits.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CARTOUCHE_SKIP_BROWSER_TESTS"] != "1",
                "CARTOUCHE_SKIP_BROWSER_TESTS=1 skips the playground browser tests"))
struct PlaygroundGlobeBrowserTests {
    static let script = "scripts/interop/playground_globe_check.py"
    /// Land-coloured pixels that mean "the land is drawn" (the map is about 700 × 470 page pixels; with the bugs: 0).
    static let landPixels = 10_000.0

    static func camera(_ json: JSONValue?) throws -> MapLibreGlobePan.Camera {
        let c = try PlaygroundBrowserTests.camera(json)
        return MapLibreGlobePan.Camera(longitude: c.center.longitude, latitude: c.center.latitude, zoom: c.zoom, bearing: c.bearing)
    }

    @Test("pitch, globe, drag and a click in the blank band: land drawn throughout, the camera moved by the drag, old hits cleared")
    func pitchGlobeDrag() async throws {
        let missing = PythonOracle.missingBrowserPrerequisites(script: Self.script)
        try #require(missing.isEmpty, "run scripts/setup; missing: \(missing.joined(separator: ", "))")
        let basemap = Shared.repositoryRoot.appendingPathComponent(PlaygroundBasemap.defaultPath)
        try #require(FileManager.default.fileExists(atPath: basemap.path), "run scripts/setup: it writes \(basemap.path)")
        let examples = Shared.repositoryRoot.appendingPathComponent("Examples").path
        try await makeApp(testConfiguration { $0.examplesDirectory = examples; $0.basemapFile = basemap.path }).test(.live) { client in
            let port = try #require(client.port)
            let job: JSONValue = [
                "url": .string("http://127.0.0.1:\(port)/"), "width": 1280, "height": 800,
                "pitchExample": "mapbox-docs", "pitchCamera": 1, "pitches": [10, 30, 50],
                "globeExample": "world-globe", "drags": [[150, 0], [0, -80]],
            ]
            let result = try await PlaygroundBrowserTests.runScript(job, script: Self.script)
            #expect(result["consoleErrors"]?.arrayValue == [], "\(result["consoleErrors"] ?? .null)")

            let pitched = try #require(result["pitched"]?.arrayValue)
            #expect(pitched.count == 3)
            for step in pitched {
                let pitch = step.objectValue?["pitch"]?.numberValue ?? -1
                #expect(try PlaygroundBrowserTests.camera(step.objectValue?["camera"]).pitch == pitch)
                #expect((step.objectValue?["paths"]?.numberValue ?? 0) >= 1, "pitch \(pitch): no basemap path")
                #expect((step.objectValue?["land"]?.numberValue ?? 0) >= Self.landPixels, "pitch \(pitch): \(step)")
            }
            let globe = try #require(result["globe"]?.objectValue)
            #expect(globe["serviceGlobeHidden"] == true)
            #expect((globe["land"]?.numberValue ?? 0) >= Self.landPixels, "globe: \(globe)")

            let drags = try #require(result["drags"]?.arrayValue)
            try #require(drags.count == 2)
            for drag in drags {
                let d = try #require(drag.objectValue)
                let by = try #require(d["by"]?.arrayValue?.compactMap { $0.numberValue })
                let scale = try #require(d["scale"]?.numberValue)
                let before = try Self.camera(d["before"]), after = try Self.camera(d["after"])
                let (dx, dy) = (by[0] / scale, by[1] / scale)
                let oneStep = MapLibreGlobePan.step(before, dx: dx, dy: dy)
                // Each pointer step moves the centre linearly: along a parallel by the step's length, along a
                // meridian at 360·cos(lat)/worldSize degrees a pixel, which the zoom change keeps constant.
                // So the whole drag is one step of its length, and the zoom follows cos(latitude).
                #expect(abs(after.longitude - oneStep.longitude) < 1e-6 && abs(after.latitude - oneStep.latitude) < 1e-6
                        && abs(after.zoom - oneStep.zoom) < 1e-6, "drag \(by): \(before) → \(after), MapLibre's \(oneStep)")
                #expect(after.zoom > 1, "drag \(by) fell to zoom \(after.zoom)")
            }

            let click = try #require(result["click"]?.objectValue)
            #expect((click["hits"]?.numberValue ?? 0) >= 1, "\(click)")
            let band = try #require(result["band"]?.objectValue)
            #expect(band["hits"] == 0)
            #expect(band["count"] == "0")
            #expect(band["tapText"]?.stringValue?.contains("outside the map") == true, "\(band)")
        }
    }
}
