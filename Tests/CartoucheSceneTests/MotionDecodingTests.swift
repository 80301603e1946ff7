import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import CartouchePlacement
import Testing

@testable import CartoucheScene

/// Decoding of the members that carry motion across frames and requests:
/// a camera's own `puck` and `lineTrim`, and the scene's `previous`.
@Suite("Motion members: decoding")
struct MotionDecodingTests {
    /// A scene with callout `a` (two anchors, on a line of manager `routes`)
    /// and `b` (a point); `extra` is spliced into the top level.
    static func scene(cameras: String = #""camera": {"center": [0, 0], "zoom": 10}"#, extra: String = "") -> String {
        #"""
        {"version": 1, "viewport": {"width": 400, "height": 300}, \#(cameras),
         "managers": [{"id": "routes", "type": "polyline", "annotations": [{"id": "r", "geometry": {"type": "LineString", "coordinates": [[-0.1, 0], [0.1, 0]]}}]}],
         "viewAnnotations": [
           {"id": "a", "feature": {"layerId": "routes", "featureId": "r"}, "size": {"width": 40, "height": 20},
            "variableAnchors": ["top-left", {"anchor": "left", "offsetX": 4}]},
           {"id": "b", "feature": {"type": "Point", "coordinates": [0.05, 0.05]}, "size": {"width": 40, "height": 20}}]\#(extra)}
        """#
    }

    func decode(_ text: String) throws -> SceneDocument { try SceneDocument(jsonBytes: Array(text.utf8)) }

    /// The path and reason of the decoding error, or nil when it decodes.
    func failure(_ text: String) -> (path: String, reason: String)? {
        do throws(JSONInputError) {
            _ = try SceneDocument(jsonBytes: Array(text.utf8))
            return nil
        } catch .decoding(let e) {
            return (e.path.description, e.reason)
        } catch {
            return ("(syntax)", "\(error)")
        }
    }

    @Test("a camera carries its own puck and trims; cameras that set nothing fall back to the scene")
    func cameraState() throws {
        let doc = try decode(Self.scene(cameras: #"""
            "puck": {"coordinate": [0, 0]},
            "cameras": [{"center": [0, 0], "zoom": 10},
                        {"center": [0, 0], "zoom": 11, "puck": {"coordinate": [0.02, 0], "bearing": 90}, "lineTrim": {"routes": [0, 0.5], "a": [0, 0.25]}},
                        {"fit": {"padding": {"top": 10}}, "puck": {"coordinate": [0.01, 0]}}]
            """#))
        #expect(doc.cameras.count == 3)
        #expect(doc.cameraState(ofFrame: 0).isEmpty)
        #expect(doc.puck(ofFrame: 0)?.coordinate == Coordinate(latitude: 0, longitude: 0))
        #expect(doc.puck(ofFrame: 1) == Puck(coordinate: Coordinate(latitude: 0, longitude: 0.02), bearing: 90))
        #expect(doc.cameraState(ofFrame: 1).lineTrim == ["routes": 0...0.5, "a": 0...0.25])
        #expect(doc.puck(ofFrame: 2)?.coordinate == Coordinate(latitude: 0, longitude: 0.01))
        // The callout's own entry wins over its manager's.
        #expect(doc.forFrame(1).viewAnnotations[0].lineTrim == 0...0.25)
        #expect(doc.forFrame(0).viewAnnotations[0].lineTrim == nil)
    }

    @Test("a manager's trim applies to the callouts bound to its lines")
    func managerTrim() throws {
        let doc = try decode(Self.scene(cameras: #""camera": {"center": [0, 0], "zoom": 10, "lineTrim": {"routes": [0.1, 0.6]}}"#))
        #expect(doc.forFrame(0).viewAnnotations[0].lineTrim == 0.1...0.6)
        #expect(doc.forFrame(0).viewAnnotations[1].lineTrim == nil)
    }

    @Test("previous as a compact map: anchors, anchor points and the shown set")
    func compactPrevious() throws {
        let doc = try decode(Self.scene(extra: #"""
            , "previous": {"a": {"anchor": {"anchor": "left", "offsetX": 4, "offsetY": 0}, "anchorCoordinate": [0.01, 0], "shown": true},
                           "b": {"shown": false}}
            """#))
        let previous = try #require(doc.previous)
        #expect(previous.entries["a"] == PreviousFrame.Entry(
            shown: true, anchor: AnchorConfig(.left, offsetX: 4), anchorCoordinate: Coordinate(latitude: 0, longitude: 0.01)))
        #expect(previous.entries["b"] == PreviousFrame.Entry(shown: false))
    }

    @Test("previous as the previous answer's frame, or the whole answer, pasted as is")
    func pastedPrevious() throws {
        let frame = #"""
            {"camera": {"bearing": 0, "center": [0, 0], "padding": {"bottom": 0, "left": 0, "right": 0, "top": 0}, "pitch": 0, "zoom": 10},
             "drawOrder": ["a"], "stats": {"placed": 1, "candidateTests": 3, "finished": true, "method": "greedy"},
             "placements": [
               {"anchor": {"anchor": "top-left", "offsetX": 0, "offsetY": 0}, "anchorCoordinate": [0.02, 0],
                "frame": {"x": 1, "y": 2, "width": 40, "height": 20}, "id": "a", "visible": true, "zIndex": 0},
               {"hiddenReason": {"code": "collision", "with": "a"}, "id": "b", "visible": false}]}
            """#
        let expected = PreviousFrame(entries: [
            "a": .init(shown: true, anchor: AnchorConfig(.topLeft), anchorCoordinate: Coordinate(latitude: 0, longitude: 0.02),
                       frame: ScreenRect(x: 1, y: 2, width: 40, height: 20)),
            "b": .init(shown: false),
        ])
        #expect(try decode(Self.scene(extra: ", \"previous\": \(frame)")).previous == expected)
        #expect(try decode(Self.scene(extra: ", \"previous\": {\"version\": 1, \"frames\": [\(frame)]}")).previous == expected)
    }

    @Test("bad motion members are errors at their JSON path", arguments: [
        (#", "previous": {"nope": {"anchor": "middle"}}"#, "previous.nope.anchor", "unknown value"),
        (#", "previous": {"a": {"shown": false, "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}}"#, "previous.a.frame", "not shown"),
        (#", "previous": {"a": {"anchor": "top-left", "frame": {"x": 0, "y": 0}}}"#, "previous.a.frame", "missing required member"),
        (#", "previous": {"a": {"anchor": "middle"}}"#, "previous.a.anchor", "unknown value"),
        (#", "previous": {"a": {"shown": true}}"#, "previous.a", "missing member \"anchor\""),
        (#", "previous": {"a": {"shown": false, "anchor": "top-left"}}"#, "previous.a.anchor", "not shown"),
        (#", "previous": {"a": {"anchor": "top-left", "anchorCoordinate": [0, 91]}}"#, "previous.a.anchorCoordinate", "latitude"),
        (#", "previous": {"a": {"anchor": "top-left", "size": 3}}"#, "previous.a.size", "unknown member"),
        (#", "previous": {"placements": [{"id": "zz", "visible": 1}]}"#, "previous.placements[0].visible", "expected a boolean"),
        (#", "previous": {"placements": [{"id": "b", "visible": false}, {"id": "b", "visible": false}]}"#,
         "previous.placements[1].id", "listed by an earlier placement"),
        (#", "previous": {"frames": []}"#, "previous.frames", "at least one frame"),
        (#", "previous": []"#, "previous", "expected an object"),
    ])
    func previousErrors(extra: String, path: String, reason: String) throws {
        let error = try #require(failure(Self.scene(extra: extra)))
        #expect(error.path == path)
        #expect(error.reason.contains(reason), "\(error.reason)")
    }

    /// A navigation client drops callouts between ticks (a finished route,
    /// a passed POI) and may change a callout's anchors: what no longer
    /// applies is left out with a warning, the rest kept.
    @Test("previous naming a callout the scene no longer has, or an anchor it no longer offers: left out with a warning",
          arguments: [
        // A compact map's ids in sorted order (its members' order is not kept).
        (#"{"nope": {"anchor": "top-left"}, "a": {"anchor": "bottom"}, "b": {"shown": false}}"#,
         [("a", "previous.a.anchor"), ("nope", "previous.nope")]),
        (#"{"placements": [{"id": "zz", "visible": false}, {"id": "a", "visible": true, "anchor": "left"}, {"id": "b", "visible": false}]}"#,
         [("zz", "previous.placements[0].id"), ("a", "previous.placements[1].anchor")]),
    ])
    func staleIgnored(previous: String, ignored: [(String, String)]) throws {
        let doc = try decode(Self.scene(extra: ", \"previous\": \(previous)"))
        let p = try #require(doc.previous)
        #expect(p.ignored.map { [$0.id, $0.path] } == ignored.map { [$0.0, $0.1] })
        #expect(p.entries.keys.sorted() == ["a", "b"])
        // The anchor not offered is not kept (nor a box it made); the shown state is.
        #expect(p.entries["a"] == PreviousFrame.Entry(shown: true))
        #expect(p.entries["b"] == PreviousFrame.Entry(shown: false))
        for i in p.ignored {
            #expect(i.reason.contains(i.id == "a" ? "is not one of the callout's variableAnchors" : "is not the id of a view annotation of this scene"))
        }
    }

    @Test("bad camera members are errors at their JSON path", arguments: [
        (#""cameras": [{"center": [0, 0], "zoom": 10}, {"center": [0, 0], "zoom": 10, "lineTrim": {"nope": [0, 1]}}]"#,
         "cameras[1].lineTrim.nope", "names no view annotation or polyline manager"),
        (#""camera": {"center": [0, 0], "zoom": 10, "lineTrim": {"a": [0.5, 0.2]}}"#, "camera.lineTrim.a", "0 ≤ start ≤ end ≤ 1"),
        (#""camera": {"center": [0, 0], "zoom": 10, "lineTrim": {"routes": [0]}}"#, "camera.lineTrim.routes", "[start, end]"),
        (#""cameras": [{"center": [0, 0], "zoom": 10, "puck": {"coordinate": [0, 100]}}]"#, "cameras[0].puck.coordinate", "latitude"),
        (#""cameras": [{"center": [0, 0], "zoom": 10, "puck": {}}]"#, "cameras[0].puck", "missing required member"),
        (#""cameras": [{"fit": {}, "trim": 1}]"#, "cameras[0].trim", "unknown member"),
    ])
    func cameraErrors(cameras: String, path: String, reason: String) throws {
        let error = try #require(failure(Self.scene(cameras: cameras)))
        #expect(error.path == path)
        #expect(error.reason.contains(reason), "\(error.reason)")
    }
}
