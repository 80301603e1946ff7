import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import CartouchePlacement
import CartoucheText
import Foundation
import Testing

@testable import CartoucheScene

/// Placing with a camera's own puck and trims, and with a scene's `previous`:
/// one request per frame must give what one scene of many cameras gives.
@Suite("Motion members: placement")
struct MotionPlacementTests {
    static let engine = Result { try TextLayoutEngine(registry: FontRegistry()) }

    func place(_ text: String) throws -> PlaceResponse {
        try SceneDocument(jsonBytes: Array(text.utf8)).place(text: try Self.engine.get())
    }

    /// The SF→Stanford example with its cameras taken out, and eight cameras
    /// following route 101 (the puck on the route, the route
    /// trimmed behind it): the anchor points of the route's ETA callout are
    /// kept from frame to frame, so the previous frame matters.
    static func drive() throws -> (base: [String: JSONValue], cameras: [JSONValue]) {
        let url = SeedScenario.repositoryRoot.appendingPathComponent("Examples/sf-stanford.scene.json")
        var base = try #require(try JSONParser().parse(Array(try Data(contentsOf: url))).objectValue)
        base["cameras"] = nil
        base["puck"] = nil
        let route = try #require(try SeedScenario().routes["route-101"])
        // Progress by Mercator length, as lineTrim counts it.
        let xy = route.map { (WebMercator.normalizedX(longitude: $0.longitude), WebMercator.normalizedY(latitude: $0.latitude)) }
        var length = [0.0]
        for k in xy.indices.dropFirst() { length.append(length[k - 1] + hypot(xy[k].0 - xy[k - 1].0, xy[k].1 - xy[k - 1].1)) }
        // A twelfth of a route segment (about 80 m) per frame, as the
        // benchmark's drive moves.
        let cameras: [JSONValue] = (0..<8).map { k in
            let a = route[20], b = route[21], t = Double(k) / 12
            let bearing = atan2((b.longitude - a.longitude) * cos(a.latitude * .pi / 180), b.latitude - a.latitude) * 180 / .pi
            let p: JSONValue = [.number(a.longitude + (b.longitude - a.longitude) * t), .number(a.latitude + (b.latitude - a.latitude) * t)]
            return ["center": p, "zoom": .number(15.5 + Double(k) / 8), "bearing": .number(bearing), "pitch": 50,
                    "padding": ["top": 80, "bottom": 180], "puck": ["coordinate": p, "bearing": .number(bearing)],
                    "lineTrim": ["eta-route-101": [0, .number((length[20] + (length[21] - length[20]) * t) / length[length.count - 1])]]]
        }
        return (base, cameras)
    }

    /// Frame k placed as its own scene with `previous` = the answer of frame
    /// k−1 (pasted as is) gives the same bytes as frame k of one scene with
    /// every camera. It holds for any scene: a frame's placement depends only
    /// on the scene, its camera's state and the previous frame's anchors and
    /// anchor points and boxes, and the answer writes those exactly
    /// (shortest round-trip numbers). The drive makes it bite: its callouts keep
    /// anchor points that placing a frame alone would not choose.
    @Test("one request per frame with previous equals one scene of many cameras", arguments: ["greedy", "optimise"])
    func requestsEqualOneScene(mode: String) throws {
        var (base, cameras) = try Self.drive()
        base["options"] = ["mode": .string(mode)]
        var one = base
        one["cameras"] = .array(cameras)
        let whole = try place(String(decoding: try JSONValue.object(one).jsonBytes(), as: UTF8.self))
        var previous: JSONValue? = nil
        var differsFromAlone = false
        for (k, camera) in cameras.enumerated() {
            var single = base
            single["camera"] = camera
            let alone = try place(String(decoding: try JSONValue.object(single).jsonBytes(), as: UTF8.self))
            single["previous"] = previous
            let answer = try place(String(decoding: try JSONValue.object(single).jsonBytes(), as: UTF8.self))
            let frame = try answer.frames[0].jsonBytes()
            #expect(frame == (try whole.frames[k].jsonBytes()), "frame \(k)")
            if alone.frames[0].result.placements != answer.frames[0].result.placements { differsFromAlone = true }
            previous = try JSONParser().parse(frame)
        }
        #expect(differsFromAlone)
    }

    static let lineScene = #"""
        {"version": 1, "viewport": {"width": 400, "height": 300}, %CAMERAS%,
         "puck": {"coordinate": [1, 1]},
         "viewAnnotations": [
           {"id": "line", "feature": {"type": "LineString", "coordinates": [[-0.1, 0], [0.1, 0]]}, "size": {"width": 40, "height": 20},
            "variableAnchors": ["top", "bottom"]},
           {"id": "dot", "feature": {"type": "Point", "coordinates": [0, 0.05]}, "size": {"width": 30, "height": 16}}]%EXTRA%}
        """#

    func lineScene(_ cameras: String, extra: String = "") -> String {
        Self.lineScene.replacingOccurrences(of: "%CAMERAS%", with: cameras).replacingOccurrences(of: "%EXTRA%", with: extra)
    }

    @Test("each frame uses its camera's puck, else the scene's")
    func perCameraPuck() throws {
        let response = try place(lineScene(#"""
            "cameras": [{"center": [0, 0], "zoom": 10}, {"center": [0, 0], "zoom": 10, "puck": {"coordinate": [0, 0.05]}},
                        {"center": [0, 0], "zoom": 10}]
            """#))
        let dot = response.frames.map { $0.result.placements[1] }
        #expect(dot[0].isVisible && dot[2].isVisible)
        #expect(dot[1].hiddenReason == .puck)
    }

    /// The camera stands still, so the box's least move off the trimmed part
    /// puts its point at the trim's end (line progress 0.75 is longitude
    /// 0.05 on this line, 0.8 is 0.06).
    @Test("a camera's trim moves a line callout off the driven part, as little as it can; a point still legal is kept")
    func perCameraTrim() throws {
        let response = try place(lineScene(#"""
            "cameras": [{"center": [0, 0], "zoom": 10}, {"center": [0, 0], "zoom": 10, "lineTrim": {"line": [0, 0.75]}},
                        {"center": [0, 0], "zoom": 10, "lineTrim": {"line": [0, 0.8]}},
                        {"center": [0, 0], "zoom": 10, "lineTrim": {"line": [0, 0.7]}}]
            """#))
        let points = try response.frames.map { try #require($0.result.placements[0].anchorCoordinate) }
        #expect(abs(points[0].longitude) < 0.01)
        #expect(abs(points[1].longitude - 0.05) < 1e-6)
        #expect(abs(points[2].longitude - 0.06) < 1e-6)
        // Frame 3 trims less than frame 2's point: the point (and box) is kept.
        #expect(abs(points[3].longitude - points[2].longitude) < 1e-9)
        #expect(response.frames[3].result.placements[0].frame == response.frames[2].result.placements[0].frame)
        #expect(response.frames.dropFirst().allSatisfy { $0.anchorChanges == 0 })
    }

    @Test("previous seeds the first frame: its anchor and anchor point are kept while legal")
    func previousSeedsFirstFrame() throws {
        let camera = #""camera": {"center": [0, 0], "zoom": 10}"#
        let alone = try place(lineScene(camera)).frames[0].result.placements[0]
        #expect(alone.anchor == AnchorConfig(.top))
        let previous = #", "previous": {"line": {"anchor": "bottom", "anchorCoordinate": [0.03, 0]}, "dot": {"shown": false}}"#
        let seeded = try place(lineScene(camera, extra: previous)).frames[0]
        let line = seeded.result.placements[0]
        #expect(line.anchor == AnchorConfig(.bottom))
        #expect(abs((line.anchorCoordinate?.longitude ?? 0) - 0.03) < 1e-9)
        #expect(seeded.anchorChanges == 0)
        // A point on the trimmed part is not kept.
        let trimmed = try place(lineScene(#""camera": {"center": [0, 0], "zoom": 10, "lineTrim": {"line": [0, 0.9]}}"#, extra: previous))
        #expect((trimmed.frames[0].result.placements[0].anchorCoordinate?.longitude ?? 0) > 0.07)
    }

    /// A navigation client drops callouts between ticks: naming one the
    /// scene no longer has, or an anchor a callout no longer offers, in
    /// `previous` is left out with a warning; the rest is placed as if
    /// `previous` had not named it.
    @Test("previous naming a vanished callout or an anchor no longer offered: a warning, the rest placed")
    func stalePrevious() throws {
        let camera = #""camera": {"center": [0, 0], "zoom": 10}"#
        let kept = #""line": {"anchor": "bottom", "anchorCoordinate": [0.03, 0]}"#
        let clean = try place(lineScene(camera, extra: ", \"previous\": {\(kept)}"))
        #expect(clean.warnings.isEmpty)
        let stale = try place(lineScene(camera, extra: #", "previous": {"gone": {"anchor": "top"}, "dot": {"anchor": "left"}, "# + kept + "}"))
        #expect(stale.frames[0].result == clean.frames[0].result)
        #expect(stale.warnings.map(\.kind) == [.previousIgnored, .previousIgnored])
        #expect(stale.warnings.map(\.path) == ["previous.dot.anchor", "previous.gone"])
        #expect(stale.warnings.map(\.annotation) == ["dot", "gone"])
        var w = JSONWriter()
        stale.warnings[1].writeJSON(to: &w)
        #expect(String(decoding: w.bytes, as: UTF8.self) == #"{"annotation":"gone","kind":"previous-ignored","message":"previous.gone: \"gone\" is not the id of a view annotation of this scene: ignored","path":"previous.gone"}"#)
    }

    /// The answer's `frame` is what the next tick keeps still: given a box,
    /// the callout's line point slides to keep it; a compact `previous`
    /// without one stands for the previous anchor at its point.
    @Test("previous with a frame: the box is kept where it was on screen, the point sliding along the line")
    func previousFrameKept() throws {
        let camera = #""camera": {"center": [0, 0], "zoom": 10}"#
        let first = try place(lineScene(camera)).frames[0].result.placements[0]
        let box = try #require(first.frame)
        // The same box 30 pt to the right: the line is horizontal, so a
        // `top` box can sit exactly there.
        let moved = #", "previous": {"line": {"anchor": "top", "frame": {"x": \#(box.minX + 30), "y": \#(box.minY), "width": 40, "height": 20}}}"#
        let next = try place(lineScene(camera, extra: moved)).frames[0].result.placements[0]
        #expect(next.anchor == AnchorConfig(.top))
        let frame = try #require(next.frame)
        #expect(abs(frame.minX - (box.minX + 30)) < 1e-9 && abs(frame.minY - box.minY) < 1e-9)
        #expect(abs((next.anchorCoordinate?.longitude ?? 0) - (first.anchorCoordinate?.longitude ?? 0)) > 0.005)
    }

    /// A camera that does not move gives every callout's box back: no turn,
    /// no toggle. Optimise mode's search could find another arrangement of
    /// as many labels in a tier (on main, 18 of world-cities' 312 labels
    /// changed between two frames of one camera); with a previous frame a
    /// tier keeps its arrangement unless the search shows more of it.
    @Test("the same camera twice: the same frame, in both modes", arguments: ["greedy", "optimise"])
    func stillCameraStillFrame(mode: String) throws {
        let url = SeedScenario.repositoryRoot.appendingPathComponent("Examples/world-cities.scene.json")
        var scene = try #require(try JSONParser().parse(Array(try Data(contentsOf: url))).objectValue)
        scene["options"] = ["mode": .string(mode)]
        for camera in scene["cameras"]?.arrayValue ?? [] {
            scene["cameras"] = [camera, camera, camera]
            let frames = try place(String(decoding: try JSONValue.object(scene).jsonBytes(), as: UTF8.self)).frames
            #expect(frames[0].result.placements.filter(\.isVisible).count > 40)
            #expect(frames[1].result.placements == frames[0].result.placements)
            #expect(frames[2].result.placements == frames[0].result.placements)
            #expect(frames.dropFirst().map(\.anchorChanges) == [0, 0])
        }
    }
}
