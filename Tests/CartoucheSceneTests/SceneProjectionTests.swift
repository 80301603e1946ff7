import CartoucheCamera
import CartoucheJSON
import CartoucheQuery
import Foundation
import Testing

@testable import CartoucheScene

/// The scene's `projection` member: decoding, its errors, and globe
/// cameras below zoom 12 answered on the sphere.
@Suite("Scene projection")
struct SceneProjectionTests {
    static func scene(zoom: Double, projection: String?) -> String {
        let member = projection.map { #", "projection": \#($0)"# } ?? ""
        return #"""
            {"version": 1, "viewport": {"width": 400, "height": 300}, "camera": {"center": [2, 1], "zoom": \#(zoom)},
             "viewAnnotations": [{"id": "a", "feature": {"type": "Point", "coordinates": [2.001, 1]}, "size": {"width": 40, "height": 20}}]\#(member)}
            """#
    }

    func decode(_ text: String) throws -> SceneDocument { try SceneDocument(jsonBytes: Array(text.utf8)) }

    @Test func decodesTheStyleSpecShapeWithMercatorAsDefault() throws {
        #expect(try decode(Self.scene(zoom: 4, projection: nil)).projection == .mercator)
        #expect(try decode(Self.scene(zoom: 4, projection: "{}")).projection == .mercator)
        #expect(try decode(Self.scene(zoom: 4, projection: #"{"type": "mercator"}"#)).projection == .mercator)
        #expect(try decode(Self.scene(zoom: 4, projection: #"{"type": "globe"}"#)).projection == .globe)
    }

    @Test(arguments: [
        (#"{"type": "vertical-perspective"}"#, "projection.type"),
        (#"{"type": 3}"#, "projection.type"),
        (#"{"name": "globe"}"#, "projection.name"),
        (#""globe""#, "projection"),
    ])
    func badProjectionsNameTheirPath(projection: String, path: String) {
        do throws(JSONInputError) {
            _ = try SceneDocument(jsonBytes: Array(Self.scene(zoom: 4, projection: projection).utf8))
            Issue.record("\(projection) decoded")
        } catch .decoding(let error) {
            #expect(error.path.description == path)
            if path == "projection.type" && projection.contains("vertical") {
                #expect(error.reason.contains("\"mercator\"") && error.reason.contains("\"globe\""), "\(error.reason)")
            }
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func theGlobeBelowZoom12IsQueriedAndDrawnOnTheSphere() throws {
        let document = try decode(Self.scene(zoom: 4, projection: #"{"type": "globe"}"#))
        #expect(try document.place().frames.first?.result.drawOrder == ["a"])
        let index = try document.queryIndex()
        #expect(index.projection.globe != nil)
        let drawing = try document.drawing(text: nil)
        #expect(drawing.layers.first?.id == "globe")
        // Compiling does not depend on the camera.
        #expect(try document.compile().fragment.layers == decode(Self.scene(zoom: 4, projection: nil)).compile().fragment.layers)
    }

    @Test func fromZoom12TheGlobePlacesAsMercator() throws {
        let globe = try decode(Self.scene(zoom: 12.5, projection: #"{"type": "globe"}"#)).place()
        let mercator = try decode(Self.scene(zoom: 12.5, projection: nil)).place()
        #expect(globe == mercator)
        #expect(globe.frames.first?.result.drawOrder == ["a"])
    }
}
