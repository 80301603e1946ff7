import CartoucheAnnotations
import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import CartoucheStyle
import Foundation
import Testing

@testable import CartoucheScene

/// Compiling writes the scene's projection into the style's root (issue #16):
/// MapLibre's spelling for `portable`, Mapbox GL's for `mapbox`, nothing
/// under Mercator; the root camera of a fitted globe scene is the globe fit.
@Suite("The compiled style's projection")
struct StyleProjectionTests {
    static func scene(projection: String?, camera: String = #"{"center": [10, 45], "zoom": 3}"#, target: String? = nil) throws -> SceneDocument {
        let member = projection.map { #", "projection": \#($0)"# } ?? ""
        let options = target.map { #", "options": {"target": "\#($0)"}"# } ?? ""
        let json = """
        {"version": 1, "viewport": {"width": 800, "height": 600}, "camera": \(camera)\(member)\(options),
         "managers": [{"id": "pins", "type": "circle", "annotations": [
           {"id": "a", "geometry": {"type": "Point", "coordinates": [-10, 36]}},
           {"id": "b", "geometry": {"type": "Point", "coordinates": [40, 60]}}]}]}
        """
        return try SceneDocument(jsonBytes: Array(json.utf8))
    }

    @Test("globe: {\"type\": \"globe\"} for portable, {\"name\": \"globe\"} for mapbox (scene option or override)")
    func globeSpellings() throws {
        let globe = try Self.scene(projection: #"{"type": "globe"}"#)
        #expect(try globe.styleDocument().json.objectValue?["projection"] == ["type": "globe"])
        #expect(try globe.styleDocument(target: .mapbox).json.objectValue?["projection"] == ["name": "globe"])
        let mapbox = try Self.scene(projection: #"{"type": "globe"}"#, target: "mapbox")
        #expect(try mapbox.styleDocument().json.objectValue?["projection"] == ["name": "globe"])
        #expect(try mapbox.styleDocument(target: .portable).json.objectValue?["projection"] == ["type": "globe"])
        // The fragment has no root: nothing is added to it.
        #expect(try globe.compile().fragment.json.objectValue?["projection"] == nil)
    }

    @Test("Mercator, said or not, leaves the style as it was: no projection member", arguments: [nil, #"{"type": "mercator"}"#, "{}"])
    func mercatorOmitted(projection: String?) throws {
        let scene = try Self.scene(projection: projection)
        for target in StyleTarget.allCases {
            let style = try scene.styleDocument(target: target)
            #expect(style.projection == nil)
            #expect(style.json.objectValue?["projection"] == nil)
        }
        let plain = try Self.scene(projection: nil)
        #expect(try scene.styleDocument().json.jsonBytes() == (try plain.styleDocument().json.jsonBytes()))
    }

    @Test("the written member, sorted keys, between pitch and sources")
    func bytes() throws {
        let text = String(decoding: try Self.scene(projection: #"{"type": "globe"}"#).styleDocument().json.jsonBytes(), as: UTF8.self)
        #expect(text.contains(#""pitch":0,"projection":{"type":"globe"},"sources""#))
    }

    @Test("a fitted globe scene opens on MapLibre's globe fit, a Mercator one on the Mercator fit")
    func fittedRootCamera() throws {
        let fit = #"{"fit": {"padding": {"top": 20, "left": 20, "bottom": 20, "right": 20}, "bearing": 15}}"#
        let viewport = ScreenSize(width: 800, height: 600)
        let bounds = CoordinateBounds(west: -10, south: 36, east: 40, north: 60)
        let padding = EdgeInsets(top: 20, left: 20, bottom: 20, right: 20)
        for (projection, type) in [(MapProjection.globe, #"{"type": "globe"}"#), (.mercator, #"{"type": "mercator"}"#)] {
            let scene = try Self.scene(projection: type, camera: fit)
            let expected = try Camera.fitting(bounds, viewport: viewport, padding: padding, bearing: 15, projection: projection)
            let root = try #require(try scene.styleDocument().camera)
            #expect(root == StyleCamera(longitude: expected.center.longitude, latitude: expected.center.latitude,
                                        zoom: expected.zoom, bearing: 15, pitch: 0), "\(projection)")
        }
        let globe = try #require(try Self.scene(projection: #"{"type": "globe"}"#, camera: fit).styleCamera())
        let mercator = try #require(try Self.scene(projection: nil, camera: fit).styleCamera())
        #expect(globe.zoom != mercator.zoom)
    }

    @Test("the world-globe example compiles with its projection")
    func example() throws {
        let url = SeedScenario.repositoryRoot.appendingPathComponent("Examples/world-globe.scene.json")
        let scene = try SceneDocument(jsonBytes: Array(try Data(contentsOf: url)))
        #expect(scene.projection == .globe)
        #expect(scene.cameras.count == 3)
        #expect(try scene.styleDocument().json.objectValue?["projection"] == ["type": "globe"])
        // Every camera is drawn on the sphere (world and continent zooms).
        for spec in scene.cameras { #expect(try scene.resolve(spec).zoom < GlobeTransition.globeZoom) }
    }
}
