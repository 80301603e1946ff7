import CartoucheJSON
import Testing

@testable import CartoucheScene

/// `line-emissive-strength` (Mapbox Standard's lighting) on a polyline
/// manager (issue #27 item 12): compiled as written under the mapbox target,
/// refused under portable with the property's path and how to allow it, as
/// every Mapbox-only property is.
@Suite struct EmissiveStrengthTests {
    static func scene(target: String) -> String {
        """
        {"version": 1, "viewport": {"width": 400, "height": 300}, "camera": {"center": [0, 0], "zoom": 10},
         "options": {"target": "\(target)"},
         "managers": [{"id": "routes", "type": "polyline", "properties": {"line-width": 4, "line-emissive-strength": 1},
                       "annotations": [{"id": "r", "geometry": {"type": "LineString", "coordinates": [[-0.1, 0], [0.1, 0]]}}]}]}
        """
    }

    @Test func acceptedWithTheMapboxTarget() throws {
        let style = try SceneDocument(jsonBytes: Array(Self.scene(target: "mapbox").utf8)).styleDocument()
        let layer = try #require(style.layers.first { $0.id == "routes" })
        #expect(layer.paint["line-emissive-strength"] == 1)
    }

    @Test func refusedUnderPortableNamingTheProperty() throws {
        let document = try SceneDocument(jsonBytes: Array(Self.scene(target: "portable").utf8))
        #expect(throws: SceneError.self) { try document.styleDocument() }
        do { _ = try document.styleDocument() } catch {
            #expect("\(error)".contains("line-emissive-strength"), "\(error)")
        }
    }

    @Test func aNegativeStrengthIsRefused() {
        let text = Self.scene(target: "mapbox").replacingOccurrences(of: "\"line-emissive-strength\": 1", with: "\"line-emissive-strength\": -1")
        #expect(throws: (any Error).self) { try SceneDocument(jsonBytes: Array(text.utf8)).styleDocument() }
    }
}
