import CartoucheAnnotations
import CartoucheCamera
import CartoucheGeometry
import CartouchePlacement
import CartoucheStyle
import CartoucheTestSupport
import CartoucheText
import Foundation
import Testing

@testable import CartoucheScene

/// docs/EMBEDDING.md's "Build a scene in code" (issue #27 item 12): the
/// listing compiled and run here, and the doc checked to hold it line for
/// line, so the two stay in step.
@Suite("EMBEDDING.md: a scene built in code")
struct EmbeddingSceneInCodeTests {
    /// The listing's statements as the doc spells them (checked verbatim below).
    static let listing = [
        #"var routes = PolylineAnnotationManager(id: "routes", annotations: ["#,
        #"routes.lineWidth = 6"#,
        #"id: "eta-1", annotatedFeature: .layerFeature(layerId: "routes", featureId: "route-1"),"#,
        #"avoidLayers: ["routes"], options: SceneOptions(mode: .optimise))"#,
        #"let placed = try scene.place(text: text)"#,
        #"let shown = placed.frames[0].result.placements.filter(\.isVisible)"#,
        #"let style = try scene.styleDocument()"#,
        #"let bytes = try placed.jsonBytes()"#,
    ]

    @Test func theDocHoldsTheListing() throws {
        let doc = try String(contentsOf: PythonOracle.repositoryRoot.appendingPathComponent("docs/EMBEDDING.md"), encoding: .utf8)
        #expect(doc.contains("## Build a scene in code"))
        for line in Self.listing { #expect(doc.contains(line), "docs/EMBEDDING.md lacks: \(line)") }
        #expect(doc.contains("Sources/CartoucheScene/CartoucheScene.docc/GettingStarted.md"))
    }

    @Test func theListingRuns() throws {
        var routes = PolylineAnnotationManager(id: "routes", annotations: [
            PolylineAnnotation(id: "route-1", coordinates: [
                Coordinate(latitude: 37.7749, longitude: -122.4194), Coordinate(latitude: 37.7858, longitude: -122.4008),
            ]),
        ])
        routes.lineWidth = 6
        let eta = ViewAnnotation(
            id: "eta-1", annotatedFeature: .layerFeature(layerId: "routes", featureId: "route-1"),
            size: ScreenSize(width: 80, height: 32), options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.bottom), AnchorConfig(.top)]))
        let scene = SceneDocument(
            viewport: ScreenSize(width: 800, height: 600),
            cameras: [.camera(Camera(center: Coordinate(latitude: 37.7803, longitude: -122.4101), zoom: 14))],
            viewAnnotations: [eta], managers: [.polyline(routes)],
            avoidLayers: ["routes"], options: SceneOptions(mode: .optimise))

        let text = try SceneDocumentTests.engine.get()
        let placed = try scene.place(text: text)
        let shown = placed.frames[0].result.placements.filter(\.isVisible)
        let style = try scene.styleDocument()
        let bytes = try placed.jsonBytes()
        // The ETA is bound to the avoided routes layer and still shown (an avoid layer keeps other callouts off).
        #expect(shown.map(\.id) == ["eta-1"])
        #expect(placed.frames[0].result.method == .optimise)
        #expect(style.layers.map(\.id) == ["background", "routes"])
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""method":"optimise""#))
    }
}
