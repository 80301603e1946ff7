import CartoucheAnnotations
import CartoucheCamera
import CartoucheGeometry
import CartouchePlacement
import CartoucheQuery
import CartoucheStyle
import CartoucheText
import Testing

@testable import CartoucheScene

/// The code of the DocC article "Getting started"
/// (`Sources/CartoucheScene/CartoucheScene.docc/GettingStarted.md`): compile
/// managers, place a scene, hit-test a tap. Each step below is the article's
/// listing as it stands there; keep the two in step.
@Suite("the getting-started article's code")
struct GettingStartedTests {
    // Step 1
    static func stopsManager() throws -> CircleAnnotationManager {
        var stops = CircleAnnotationManager(id: "stops", annotations: [
            CircleAnnotation(id: "stop-1", coordinate: Coordinate(latitude: 37.7749, longitude: -122.4194)),
            CircleAnnotation(id: "stop-2", coordinate: Coordinate(latitude: 37.7793, longitude: -122.4130)),
        ])
        stops.circleRadius = 8
        stops.circleColor = try StyleColor(parsing: "#0a84ff")
        return stops
    }

    @Test("1. compile managers to a style")
    func compileManagers() throws {
        let stops = try Self.stopsManager()
        var orchestrator = AnnotationOrchestrator()
        orchestrator.setManager(.circle(stops))
        let (style, compiled) = try orchestrator.styleDocument(options: StyleDocumentOptions(name: "Stops"))
        // style.json is a complete v8 style: a background layer, then the
        // "stops" GeoJSON source and circle layer, ready for any GL renderer.
        let json = try style.json.jsonString()
        #expect(compiled.warnings.isEmpty)
        #expect(style.layers.map(\.id) == ["background", "stops"])
        #expect(json.contains(#""stop-1""#))
    }

    // Step 2
    static func scene() throws -> SceneDocument {
        let stops = try stopsManager()
        let eta = ViewAnnotation(
            id: "eta", annotatedFeature: .geometry(.point(Point(Coordinate(latitude: 37.7771, longitude: -122.4160)))),
            size: ScreenSize(width: 120, height: 40),
            options: ViewAnnotationOptions(variableAnchors: [AnchorConfig(.bottom), AnchorConfig(.top), AnchorConfig(.left)]))
        return SceneDocument(
            viewport: ScreenSize(width: 800, height: 600),
            cameras: [.camera(Camera(center: Coordinate(latitude: 37.7771, longitude: -122.4160), zoom: 15))],
            viewAnnotations: [eta], managers: [.circle(stops)])
    }

    @Test("2. place a scene")
    func placeScene() throws {
        let text = try TextLayoutEngine(registry: FontRegistry())   // the bundled fonts
        let scene = try Self.scene()
        let placed = try scene.place(text: text)
        let eta = placed.frames[0].result.placements[0]
        // eta.anchor: the anchor the solver chose; eta.frame: the callout's
        // rectangle in screen points; hidden ones say why (eta.hiddenReason).
        #expect(eta.isVisible)
        #expect(eta.anchor == AnchorConfig(.bottom))
        #expect(eta.frame?.width == 120)
    }

    @Test("3. hit-test a tap")
    func hitTestTap() throws {
        let text = try TextLayoutEngine(registry: FontRegistry())
        let scene = try Self.scene()
        let index = try scene.queryIndex(text: text)
        // A tap where stop-1 is drawn (an app gets the point from its gesture).
        let tap = try #require(index.projection.project(Coordinate(latitude: 37.7749, longitude: -122.4194)))
        let hits = index.query(at: tap, radius: 4)
        // Top-most first: the callout, then the managers' layers in draw order.
        #expect(hits.first?.id == "stop-1")
        #expect(hits.first?.layerId == "stops")
    }
}
