import Cartouche  // the only Cartouche import of this file: the umbrella must bring everything below
import Testing

/// `import Cartouche` alone (issue #27 item 12): a consumer builds managers
/// and a scene, places, compiles and runs a job with the one import.
@Suite struct UmbrellaImportTests {
    @Test func oneImportBuildsPlacesAndCompiles() throws {
        var stops = CircleAnnotationManager(id: "stops", annotations: [
            CircleAnnotation(id: "s1", coordinate: Coordinate(latitude: 48.85, longitude: 2.35)),
        ])
        stops.circleRadius = 6
        let callout = ViewAnnotation(
            id: "c1", annotatedFeature: .layerFeature(layerId: "stops", featureId: "s1"), size: ScreenSize(width: 60, height: 24))
        let scene = SceneDocument(
            viewport: ScreenSize(width: 400, height: 300),
            cameras: [.camera(Camera(center: Coordinate(latitude: 48.85, longitude: 2.35), zoom: 14))],
            viewAnnotations: [callout], managers: [.circle(stops)])
        let placed = try scene.place()
        #expect(placed.frames[0].result.placements.map(\.isVisible) == [true])
        let style: StyleDocument = try scene.styleDocument()
        #expect(style.layers.map(\.id) == ["background", "stops"])
        let bytes = Array(try JSONValue.object(["version": 1, "viewport": ["width": 10, "height": 10],
                                                "camera": ["center": [0, 0], "zoom": 1]]).jsonBytes())
        let answer = PlaceJob.run(bytes, limits: .unlimited, text: nil)
        #expect((try? answer.get())?.placed == 0)
    }
}
