import CartoucheCamera
import CartoucheGeometry
import Foundation
import Testing

@testable import CartoucheScene

@Suite("Route callouts and the lines drawn above them")
struct LinesAboveTests {
    /// A route across the screen; optionally a thick line of a manager above
    /// covering its middle 60 %.
    static func scene(covered: Bool) -> String {
        let cover = covered ? #", {"id": "traffic", "type": "polyline", "properties": {"line-width": 12}, "annotations": [{"id": "jam", "geometry": {"type": "LineString", "coordinates": [[-0.6, 0], [0.6, 0]]}}]}"# : ""
        return """
        {"version": 1, "viewport": {"width": 800, "height": 400}, "camera": {"center": [0, 0], "zoom": 8},
         "managers": [{"id": "routes", "type": "polyline", "properties": {"line-width": 6},
                       "annotations": [{"id": "r", "geometry": {"type": "LineString", "coordinates": [[-1.2, 0], [1.2, 0]]}}]}\(cover)],
         "viewAnnotations": [{"id": "eta", "feature": {"layerId": "routes", "featureId": "r"}, "size": {"width": 60, "height": 30},
                              "variableAnchors": ["bottom"]}]}
        """
    }

    @Test func theAnchorStepsOffTheStretchALineAboveCovers() throws {
        let free = try SceneDocument(jsonBytes: Array(Self.scene(covered: false).utf8)).place().frames[0]
        let covered = try SceneDocument(jsonBytes: Array(Self.scene(covered: true).utf8)).place().frames[0]
        let a = try #require(free.result.placements[0].anchorCoordinate)
        let b = try #require(covered.result.placements[0].anchorCoordinate)
        #expect(abs(a.longitude) < 1e-9)        // the middle when nothing covers it
        #expect(abs(b.longitude) > 0.6)         // past the end of the jam
    }

    @Test func placeResponsesReportAnchorChangesBetweenFrames() throws {
        let url = SeedScenario.repositoryRoot.appendingPathComponent("Examples/sf-stanford.scene.json")
        let doc = try SceneDocument(jsonBytes: [UInt8](try Data(contentsOf: url)))
        let response = try doc.place(text: try SceneDocumentTests.engine.get())
        #expect(response.frames[0].anchorChanges == nil)
        let drive = response.frames[1]
        let before = response.frames[0].result.anchors
        let expected = drive.result.placements.filter { p in p.anchor != nil && before[p.id] != nil && before[p.id] != p.anchor }.count
        #expect(drive.anchorChanges == expected)
        let json = String(decoding: try response.jsonBytes(), as: UTF8.self)
        #expect(json.contains("\"anchorChanges\":\(expected)"))
    }
}
