import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import CartouchePlacement
import CartoucheQuery
import CartoucheText
import Foundation
import Testing

@testable import CartoucheScene

@Suite("Scene document")
struct SceneDocumentTests {
    static let engine = Result { try TextLayoutEngine(registry: FontRegistry()) }

    func decode(_ text: String) throws -> SceneDocument { try SceneDocument(jsonBytes: Array(text.utf8)) }

    func decodingError(_ text: String) -> String? {
        do { _ = try decode(text); return nil } catch { return "\(error)" }
    }

    let minimal = #"{"version": 1, "viewport": {"width": 400, "height": 300}, "camera": {"center": [2, 1], "zoom": 4}}"#

    @Test func minimalSceneDecodesWithDefaults() throws {
        let doc = try decode(minimal)
        #expect(doc.viewport == ScreenSize(width: 400, height: 300))
        #expect(doc.cameras == [.camera(Camera(center: Coordinate(latitude: 1, longitude: 2), zoom: 4))])
        #expect(doc.options == SceneOptions())
        #expect(doc.viewAnnotations.isEmpty)
        #expect(doc.managers.isEmpty)
    }

    @Test(arguments: [
        (#"{"version": 2, "viewport": {"width": 4, "height": 3}, "camera": {"center": [0, 0], "zoom": 1}}"#,
         "version: unsupported version 2; this Cartouche reads version 1"),
        (#"{"version": 1, "viewport": {"width": 0, "height": 3}, "camera": {"center": [0, 0], "zoom": 1}}"#,
         "viewport: width and height must be greater than 0"),
        (#"{"version": 1, "viewport": {"width": 4, "height": 3}}"#,
         #"$: missing member "camera" (or "cameras")"#),
        (#"{"version": 1, "viewport": {"width": 4, "height": 3}, "camera": {"center": [0, 95], "zoom": 1}}"#,
         "camera.center: latitude 95.0 is outside [-90, 90]"),
        (#"{"version": 1, "viewport": {"width": 4, "height": 3}, "camera": {"center": [0, 0], "zoom": 30}}"#,
         "camera.zoom: must be within 0.0...25.5, got 30.0"),
        (#"{"version": 1, "viewport": {"width": 4, "height": 3}, "camera": {"center": [0, 0], "zoom": 1}, "viewAnnotation": []}"#,
         #"viewAnnotation: unknown member; allowed members are "version", "viewport", "camera", "cameras", "puck", "viewAnnotations", "avoidRegions", "avoidLines", "managers", "avoidLayers", "images", "basemap", "options", "previous""#),
        (#"{"version": 1, "viewport": {"width": 4, "height": 3}, "camera": {"center": [0, 0], "zoom": 1}, "managers": [{"id": "m", "type": "circle", "properties": {"circle-radius": -2}}]}"#,
         #"managers[0].properties.circle-radius: -2.0 is out of range"#),
        (#"{"version": 1, "viewport": {"width": 4, "height": 3}, "camera": {"center": [0, 0], "zoom": 1}, "managers": [{"id": "m", "type": "circle", "properties": {"circle-radius": 2, "line-width": 3}}]}"#,
         #"managers[0].properties.line-width: unknown property for this manager; known: "#),
        (#"{"version": 1, "viewport": {"width": 4, "height": 3}, "camera": {"center": [0, 0], "zoom": 1}, "managers": [{"id": "m", "type": "polyline", "annotations": [{"id": "a", "geometry": {"type": "Point", "coordinates": [0, 0]}}]}]}"#,
         #"managers[0].annotations[0].geometry: a polyline annotation needs a LineString"#),
        (#"{"version": 1, "viewport": {"width": 4, "height": 3}, "camera": {"center": [0, 0], "zoom": 1}, "managers": [{"id": "m", "type": "square"}]}"#,
         #"managers[0].type: unknown manager type "square""#),
        (#"{"version": 1, "viewport": {"width": 4, "height": 3}, "camera": {"center": [0, 0], "zoom": 1}, "avoidLayers": ["routes"]}"#,
         #"avoidLayers[0]: "routes" is not the id of a polyline manager of this scene"#),
        (#"{"version": 1, "viewport": {"width": 4, "height": 3}, "camera": {"center": [0, 0], "zoom": 1}, "viewAnnotations": [{"id": "a", "feature": {"type": "Point", "coordinates": [0, 0]}}]}"#,
         #"viewAnnotations[0]: give exactly one of "size" and "content""#),
        (#"{"version": 1, "viewport": {"width": 4, "height": 3}, "camera": {"center": [0, 0], "zoom": 1}, "viewAnnotations": [{"id": "a", "feature": {"type": "Point", "coordinates": [0, 0]}, "size": {"width": 1, "height": 1}, "variableAnchors": ["middle"]}]}"#,
         #"viewAnnotations[0].variableAnchors[0]"#),
        (#"{"version": 1, "viewport": {"width": 4, "height": 3}, "camera": {"center": [0, 0], "zoom": 1}, "options": {"mode": "best"}}"#,
         #"options.mode"#),
    ])
    func badScenesGetPreciseErrors(json: String, expected: String) {
        let message = decodingError(json)
        #expect(message?.hasPrefix(expected) == true, "got: \(message ?? "no error")")
    }

    @Test func duplicateIdsAreRejectedAtTheSecondOne() {
        let json = #"{"version": 1, "viewport": {"width": 4, "height": 3}, "camera": {"center": [0, 0], "zoom": 1}, "viewAnnotations": [{"id": "a", "feature": {"type": "Point", "coordinates": [0, 0]}, "size": {"width": 1, "height": 1}}, {"id": "a", "feature": {"type": "Point", "coordinates": [0, 0]}, "size": {"width": 1, "height": 1}}]}"#
        #expect(decodingError(json) == #"viewAnnotations[1].id: "a" is used by an earlier view annotation"#)
    }

    @Test func placesTheBundledExampleWithMeasuredCallouts() throws {
        let url = SeedScenario.repositoryRoot.appendingPathComponent("Examples/sf-stanford.scene.json")
        let doc = try SceneDocument(jsonBytes: [UInt8](try Data(contentsOf: url)))
        let engine = try Self.engine.get()
        let response = try doc.place(text: engine)
        #expect(response.frames.count == 2)
        let overview = response.frames[0].result
        let shown = Set(overview.placements.filter(\.isVisible).map(\.id))
        #expect(shown == ["eta-route-101", "eta-route-280", "price-parking-1", "price-parking-2"])
        // Sizes come from shaping: the ETA bubble is the measured callout.
        let measured = try engine.measure(.eta(title: "52 min", hint: "On highway")).size
        let frame = try #require(overview.placements.first { $0.id == "eta-route-101" }?.frame)
        #expect(abs(frame.width - measured.width) < 1e-9 && abs(frame.height - measured.height) < 1e-9)
        // Drive mode: only the route under the puck is on screen.
        let drive = response.frames[1].result
        #expect(drive.placements.first { $0.id == "eta-route-101" }?.isVisible == true)
        #expect(drive.placements.first { $0.id == "eta-route-280" }?.hiddenReason == .offscreen)
        // Deterministic bytes.
        let a = try response.jsonBytes(), b = try doc.place(text: engine).jsonBytes()
        #expect(a == b)
    }

    @Test func contentWithoutATextEngineIsAnError() throws {
        let url = SeedScenario.repositoryRoot.appendingPathComponent("Examples/sf-stanford.scene.json")
        let doc = try SceneDocument(jsonBytes: [UInt8](try Data(contentsOf: url)))
        #expect(throws: SceneError.textEngineRequired) { try doc.place() }
    }

    @Test("a callout's size is given or measured from content: decoded, prepared, refused unmeasured")
    func sizingFromDecodingToSolver() throws {
        let url = SeedScenario.repositoryRoot.appendingPathComponent("Examples/sf-stanford.scene.json")
        let doc = try SceneDocument(jsonBytes: [UInt8](try Data(contentsOf: url)))
        let eta = try #require(doc.viewAnnotations.first { $0.id == "eta-route-101" })
        let content = try #require(eta.content)
        #expect(eta.size == nil)
        #expect(content == .eta(title: "52 min", hint: "On highway"))
        // Preparing measures it: the prepared document gives the size and
        // keeps the content (pictures draw its runs) beside its layout.
        let engine = try Self.engine.get()
        let prepared = try PreparedScene(doc, text: engine)
        let measured = try #require(prepared.document.viewAnnotations.first { $0.id == "eta-route-101" })
        let layout = try engine.measure(content)
        #expect(measured.sizing == .measured(content, layout))
        #expect(measured.size == layout.size)
        #expect(measured.content == content)
        #expect(prepared.layouts["eta-route-101"] == layout)
        // A measured document is whole: it places again without fonts, the same.
        #expect(try PreparedScene(prepared.document, text: nil).response.frames == prepared.response.frames)
        // The solver itself takes sizes only.
        let camera = try doc.resolve(try #require(doc.cameras.first))
        let unmeasured = ViewAnnotationScene(camera: camera, viewport: doc.viewport, viewAnnotations: [eta])
        #expect(throws: SceneError.unmeasuredContent(id: "eta-route-101")) { try ViewAnnotationPlacer.place(unmeasured) }
    }
}

@Suite("Scene managers: compile and query")
struct SceneManagerTests {
    static func example() throws -> SceneDocument {
        let url = SeedScenario.repositoryRoot.appendingPathComponent("Examples/sf-stanford.scene.json")
        return try SceneDocument(jsonBytes: [UInt8](try Data(contentsOf: url)))
    }

    @Test func compilesTheManagersToOneSourceAndLayerEach() throws {
        let compiled = try Self.example().compile()
        #expect(compiled.fragment.layers.map(\.id) == ["routes", "parking"])
        #expect(compiled.fragment.sources.keys.sorted() == ["parking", "routes"])
        #expect(compiled.warnings.isEmpty)
    }

    @Test func queryFindsTheCalloutThenTheCircleUnderIt() throws {
        let doc = try Self.example()
        let engine = try SceneDocumentTests.engine.get()
        let index = try doc.queryIndex(frame: 0, text: engine)
        let circle = try #require(index.projection.project(Coordinate(latitude: 37.4441, longitude: -122.1691)))
        let hits = index.query(at: circle)
        // The parking circle (radius 7 + stroke 2) is hit; its own price tag
        // hangs above it (bottom anchor, 8 pt up), so it is not.
        #expect(hits.first.map { "\($0.layerId ?? "")/\($0.id)" } == "parking/parking-2")
        #expect(hits.first?.customData["price"] == "$5.99/hr")
        // The callout of the first route is hit inside its frame.
        let placed = try doc.place(text: engine).frames[0].result
        let frame = try #require(placed.placements.first { $0.id == "eta-route-101" }?.frame)
        let top = index.query(at: frame.center).first
        #expect(top?.kind == .viewAnnotation && top?.id == "eta-route-101")
    }
}
