import CartoucheGeometry
import CartoucheJSON
import CartouchePlacement
import Foundation
import Testing

@testable import CartoucheScene

/// `avoidLayers` keeps *other* callouts off a layer's lines, as Mapbox's
/// avoid layers do; a callout bound to that very layer (a route's ETA bound
/// to `routes` with `avoidLayers: ["routes"]`) is never kept off its own
/// line (issue #27 item 3).
@Suite("avoidLayers and the callouts bound to that layer")
struct AvoidOwnLayerTests {
    /// Two routes across the screen, an ETA bound to each, a pin sitting on
    /// the first route (centre anchor only), a station bound to `stops`
    /// sitting on the second; every manager but `stops` may be avoided.
    static func scene(avoid: [String], mode: String = "greedy") -> String {
        let avoidList = avoid.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
        {"version": 1, "viewport": {"width": 800, "height": 400}, "camera": {"center": [0, 0], "zoom": 8},
         "avoidLayers": [\(avoidList)], "options": {"mode": "\(mode)"},
         "managers": [{"id": "routes", "type": "polyline", "properties": {"line-width": 6}, "annotations": [
                         {"id": "r1", "geometry": {"type": "LineString", "coordinates": [[-1.2, 0.3], [1.2, 0.3]]}},
                         {"id": "r2", "geometry": {"type": "LineString", "coordinates": [[-1.2, -0.3], [1.2, -0.3]]}}]},
                      {"id": "stops", "type": "circle", "annotations": [
                         {"id": "s1", "geometry": {"type": "Point", "coordinates": [0.8, -0.3]}}]}],
         "viewAnnotations": [
           {"id": "eta-r1", "feature": {"layerId": "routes", "featureId": "r1"}, "size": {"width": 60, "height": 30},
            "variableAnchors": ["top-left", "top", "top-right", "left", "right", "bottom-left", "bottom", "bottom-right"]},
           {"id": "eta-r2", "feature": {"layerId": "routes", "featureId": "r2"}, "size": {"width": 60, "height": 30},
            "variableAnchors": ["bottom", "top"]},
           {"id": "eta-any", "feature": {"layerId": "routes"}, "size": {"width": 60, "height": 30}, "variableAnchors": ["bottom"]},
           {"id": "pin", "feature": {"type": "Point", "coordinates": [-0.8, 0.3]}, "size": {"width": 40, "height": 20}},
           {"id": "station", "feature": {"layerId": "stops", "featureId": "s1"}, "size": {"width": 40, "height": 20}}]}
        """
    }

    static func placements(avoid: [String], mode: String = "greedy") throws -> [String: ViewAnnotationPlacement] {
        let frame = try SceneDocument(jsonBytes: Array(Self.scene(avoid: avoid, mode: mode).utf8)).place().frames[0]
        var byId: [String: ViewAnnotationPlacement] = [:]
        for placement in frame.result.placements { byId[placement.id] = placement }
        return byId
    }

    @Test("the routes' own ETAs are shown, where they are without avoidLayers; other callouts on a route are hidden", arguments: ["greedy", "optimise"])
    func ownLayerDoesNotHide(mode: String) throws {
        let avoided = try Self.placements(avoid: ["routes"], mode: mode)
        let free = try Self.placements(avoid: [], mode: mode)
        for id in ["eta-r1", "eta-r2", "eta-any"] {
            #expect(avoided[id]?.isVisible == true, "\(id): \(String(describing: avoided[id]?.hiddenReason))")
            #expect(avoided[id]?.anchorCoordinate == free[id]?.anchorCoordinate, "\(id)")
            #expect(avoided[id]?.anchor == free[id]?.anchor, "\(id)")
        }
        // A callout bound to a point on the route, or to another layer's feature on it, is still kept off.
        #expect(free["pin"]?.isVisible == true)
        #expect(avoided["pin"]?.isVisible == false)
        #expect(avoided["pin"]?.hiddenReason == .avoidLayer("routes"))
        #expect(free["station"]?.isVisible == true)
        #expect(avoided["station"]?.isVisible == false)
        #expect(avoided["station"]?.hiddenReason == .avoidLayer("routes"))
    }

    @Test("a callout bound to the routes is still kept off another avoid layer")
    func otherLayersStillApply() throws {
        // `stops` is a circle manager, not an avoid layer; avoid lines of the scene's own
        // avoidLines still apply to the route ETAs: one along the second route hides its ETA.
        var scene = try #require(try JSONParser().parse(Self.scene(avoid: ["routes"])).objectValue)
        scene["avoidLines"] = try JSONParser().parse(#"[{"id": "works", "coordinates": [[-1.2, -0.3], [1.2, -0.3]], "width": 8}]"#)
        let frame = try SceneDocument(json: .object(scene)).place().frames[0]
        let eta = try #require(frame.result.placements.first { $0.id == "eta-r2" })
        #expect(eta.isVisible == false)
        #expect(eta.hiddenReason == .avoidLayer("works"))
    }
}
