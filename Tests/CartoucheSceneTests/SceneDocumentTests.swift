import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import CartouchePlacement
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
         "camera: camera.zoom must be within 0.0...25.5, got 30.0"),
        (#"{"version": 1, "viewport": {"width": 4, "height": 3}, "camera": {"center": [0, 0], "zoom": 1}, "viewAnnotation": []}"#,
         #"viewAnnotation: unknown member; allowed members are "version", "viewport", "camera", "cameras", "puck", "viewAnnotations", "avoidRegions", "avoidLines", "options""#),
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
        let shown = Set(overview.placements.filter(\.visible).map(\.id))
        #expect(shown == ["eta-route-101", "eta-route-280", "parking-1", "parking-2"])
        // Sizes come from shaping: the ETA bubble is the measured callout.
        let measured = try engine.measure(.eta(title: "52 min", hint: "On highway")).size
        let frame = try #require(overview.placements.first { $0.id == "eta-route-101" }?.frame)
        #expect(abs(frame.width - measured.width) < 1e-9 && abs(frame.height - measured.height) < 1e-9)
        // Drive mode: only the route under the puck is on screen.
        let drive = response.frames[1].result
        #expect(drive.placements.first { $0.id == "eta-route-101" }?.visible == true)
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
}
