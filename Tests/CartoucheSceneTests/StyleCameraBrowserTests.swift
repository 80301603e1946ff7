import CartoucheAnnotations
import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import CartoucheStyle
import CartoucheTestSupport
import Foundation
import Testing

@testable import CartoucheScene

/// A compiled style opens on the scene's camera: MapLibre GL JS 5.3, given
/// only the style (`scripts/interop/maplibre_style_oracle.py` with no camera
/// of its own), shows the scene's first camera, and draws an annotation where
/// our projection of that camera puts it.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CARTOUCHE_SKIP_BROWSER_TESTS"] != "1",
                "CARTOUCHE_SKIP_BROWSER_TESTS=1 skips the MapLibre browser test"))
struct StyleCameraBrowserTests {
    static let script = "scripts/interop/maplibre_style_oracle.py"

    static func scene(_ name: String) throws -> SceneDocument {
        let url = SeedScenario.repositoryRoot.appendingPathComponent("Examples/\(name).scene.json")
        return try SceneDocument(jsonBytes: Array(try Data(contentsOf: url)))
    }

    /// The sf-stanford overview (a camera fitted with even padding), and the
    /// mapbox-docs pitched, rotated camera on its own.
    static func cases() throws -> [(name: String, scene: SceneDocument, probe: Coordinate)] {
        let sf = try scene("sf-stanford")
        var docs = try scene("mapbox-docs")
        docs.cameras = [docs.cameras[1]]
        return [
            ("sf-stanford overview", sf, Coordinate(latitude: 37.44499999999998, longitude: -122.1704)),
            ("mapbox-docs pitched", docs, Coordinate(latitude: 39.8, longitude: -75.5)),
        ]
    }

    @Test("the style's root camera is the scene's first camera, and MapLibre opens on it")
    func opensOnSceneCamera() async throws {
        let missing = PythonOracle.missingBrowserPrerequisites(script: Self.script)
        try #require(missing.isEmpty, "run scripts/setup; missing: \(missing.joined(separator: ", "))")
        for (name, scene, probe) in try Self.cases() {
            let document = try scene.styleDocument(options: StyleDocumentOptions(glyphs: "cartouche://glyphs/{fontstack}/{range}.pbf"))
            let camera = try scene.resolve(try #require(scene.cameras.first))
            let root = try #require(document.camera)
            #expect(root == StyleCamera(longitude: camera.center.longitude, latitude: camera.center.latitude,
                                        zoom: camera.zoom, bearing: camera.bearing, pitch: camera.pitch), "\(name)")
            let job: JSONValue = [
                "width": .number(scene.viewport.width), "height": .number(scene.viewport.height), "camera": .null,
                "style": document.json, "images": [], "glyphFont": "Fonts/NotoSans-Regular.ttf", "glyphChars": "0123456789",
                "screenshot": .string(FileManager.default.temporaryDirectory.appendingPathComponent("cartouche-style-camera.png").path),
                "probes": [[.number(probe.longitude), .number(probe.latitude)]],
            ]
            let output = try await PythonOracle.runOffThePool(script: Self.script, input: Data(try job.jsonBytes()))
            let parsed = try JSONParser().parse(Array(output))
            let result = try #require(parsed.objectValue)
            #expect(result["errors"] == [], "\(name): \(result["errors"] ?? .null)")
            let view = try #require(result["view"]?.objectValue)
            let centerValues = view["center"]?.arrayValue ?? []
            let center = centerValues.compactMap { $0.numberValue }
            try #require(center.count == 2)
            #expect(abs(center[0] - camera.center.longitude) < 1e-9 && abs(center[1] - camera.center.latitude) < 1e-9, "\(name): \(center)")
            #expect(abs((view["zoom"]?.numberValue ?? -1) - camera.zoom) < 1e-9, "\(name)")
            #expect(abs((view["bearing"]?.numberValue ?? -1) - camera.bearing) < 1e-9, "\(name)")
            #expect(abs((view["pitch"]?.numberValue ?? -1) - camera.pitch) < 1e-9, "\(name)")
            // The style has no padding: compare with our projection of the same camera unpadded.
            var unpadded = camera
            unpadded.padding = EdgeInsets()
            let ours = try #require(try Projection(camera: unpadded, viewport: scene.viewport).project(probe))
            let projected = result["projected"]?.arrayValue?.first?.arrayValue ?? []
            let theirs = projected.compactMap { $0.numberValue }
            try #require(theirs.count == 2)
            #expect(abs(ours.x - theirs[0]) < 0.01 && abs(ours.y - theirs[1]) < 0.01, "\(name): ours \(ours), MapLibre \(theirs)")
        }
    }

    /// `Examples/world-globe.scene.json`, one style per camera, and a camera
    /// fitted to Europe's cities on the globe: the style carries `"projection": {"type": "globe"}`, and a
    /// MapLibre map made from it alone is on the globe, at the scene camera
    /// as MapLibre's globe constraints leave it, drawing cities where our
    /// globe projection of that camera puts them.
    @Test("a globe scene's style opens MapLibre on the globe at the scene's camera")
    func globeStyleOpensOnTheGlobe() async throws {
        let missing = PythonOracle.missingBrowserPrerequisites(script: Self.script)
        try #require(missing.isEmpty, "run scripts/setup; missing: \(missing.joined(separator: ", "))")
        let globe = try Self.scene("world-globe")
        #expect(globe.projection == .globe)
        // Paris, Lagos, New York, Buenos Aires, Tokyo, Sydney: some hidden behind the globe for each camera.
        let probes = [(2.35, 48.85), (3.4, 6.45), (-74, 40.7), (-58.4, -34.6), (139.7, 35.7), (151.2, -33.9)]
            .map { Coordinate(latitude: $0.1, longitude: $0.0) }
        var scenes: [SceneDocument] = globe.cameras.map { camera in
            var scene = globe
            scene.cameras = [camera]
            return scene
        }
        // Lisbon, Paris, Helsinki, Athens: a globe fit of Europe, rotated.
        scenes.append(try SceneDocument(jsonBytes: Array("""
            {"version": 1, "viewport": {"width": 1280, "height": 720}, "projection": {"type": "globe"},
             "camera": {"fit": {"padding": {"top": 40, "left": 60, "bottom": 80, "right": 40}, "bearing": 20}},
             "managers": [{"id": "cities", "type": "circle", "annotations": [
               {"id": "lisbon", "geometry": {"type": "Point", "coordinates": [-9.14, 38.72]}},
               {"id": "paris", "geometry": {"type": "Point", "coordinates": [2.35, 48.85]}},
               {"id": "helsinki", "geometry": {"type": "Point", "coordinates": [24.94, 60.17]}},
               {"id": "athens", "geometry": {"type": "Point", "coordinates": [23.73, 37.98]}}]}]}
            """.utf8)))
        var compared = 0
        for (index, scene) in scenes.enumerated() {
            let document = try scene.styleDocument(options: StyleDocumentOptions(glyphs: "cartouche://glyphs/{fontstack}/{range}.pbf"))
            #expect(document.json.objectValue?["projection"] == ["type": "globe"])
            let expected = try scene.resolve(scene.cameras[0]).constrainedLikeMapLibre(in: scene.viewport, projection: .globe)
            let job: JSONValue = [
                "width": .number(scene.viewport.width), "height": .number(scene.viewport.height), "camera": .null,
                "style": document.json, "images": [], "glyphFont": "Fonts/NotoSans-Regular.ttf", "glyphChars": "0123456789",
                "screenshot": .string(FileManager.default.temporaryDirectory.appendingPathComponent("cartouche-style-globe-\(index).png").path),
                "probes": .array(probes.map { [.number($0.longitude), .number($0.latitude)] }),
            ]
            let output = try await PythonOracle.runOffThePool(script: Self.script, input: Data(try job.jsonBytes()))
            let result = try #require(try JSONParser().parse(Array(output)).objectValue)
            #expect(result["errors"] == [], "camera \(index): \(result["errors"] ?? .null)")
            let view = try #require(result["view"]?.objectValue)
            #expect(view["projection"] == ["type": "globe"], "camera \(index)")
            #expect(view["globeRendering"] == true, "camera \(index)")
            let center = (view["center"]?.arrayValue ?? []).compactMap(\.numberValue)
            try #require(center.count == 2)
            #expect(abs(center[0] - expected.center.longitude) < 1e-9 && abs(center[1] - expected.center.latitude) < 1e-9,
                    "camera \(index): MapLibre \(center), ours \(expected.center)")
            #expect(abs((view["zoom"]?.numberValue ?? -1) - expected.zoom) < 1e-9, "camera \(index)")
            #expect(abs((view["bearing"]?.numberValue ?? -1) - expected.bearing) < 1e-9, "camera \(index)")
            #expect(abs((view["pitch"]?.numberValue ?? -1) - expected.pitch) < 1e-9, "camera \(index)")
            var unpadded = expected
            unpadded.padding = EdgeInsets()
            let projection = try Projection(camera: unpadded, viewport: scene.viewport, projection: .globe)
            let projected = result["projected"]?.arrayValue ?? []
            try #require(projected.count == probes.count)
            for (probe, answer) in zip(probes, projected) {
                guard let ours = projection.project(probe) else { continue }  // behind the globe
                let theirs = (answer.arrayValue ?? []).compactMap(\.numberValue)
                try #require(theirs.count == 2)
                #expect(abs(ours.x - theirs[0]) < 0.05 && abs(ours.y - theirs[1]) < 0.05, "camera \(index) \(probe): ours \(ours), MapLibre \(theirs)")
                compared += 1
            }
        }
        #expect(compared >= 6)
    }
}
