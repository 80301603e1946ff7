import CartoucheJSON
import CartoucheScene
import CartoucheText
import Testing

/// The scene decoder holds a scene to the caller's limits in its one walk
/// over the JSON: too many annotations before anything is decoded, a text
/// over the length limit where it is read.
@Suite("Scene limits: checked by the decoder")
struct SceneLimitsTests {
    /// Two callouts (an ETA bubble with a hint, then a box of two runs) and a
    /// manager of three circles; `extra` is spliced into the top level.
    static func scene(title: String = "12 min", hint: String = "fastest", secondRun: String = "Alt",
                      extra: String = "") -> JSONValue {
        let text = #"""
        {"version": 1, "viewport": {"width": 400, "height": 300}, "camera": {"center": [0, 0], "zoom": 10},
         "managers": [{"id": "dots", "type": "circle", "annotations": [
           {"id": "c1", "geometry": {"type": "Point", "coordinates": [0, 0]}},
           {"id": "c2", "geometry": {"type": "Point", "coordinates": [0.01, 0]}},
           {"id": "c3", "geometry": {"type": "Point", "coordinates": [0.02, 0]}}]}],
         "viewAnnotations": [
           {"id": "eta", "feature": {"type": "Point", "coordinates": [0, 0]}, "content": {"eta": {"title": "\#(title)", "hint": "\#(hint)"}}},
           {"id": "box", "feature": {"type": "Point", "coordinates": [0.05, 0.05]},
            "content": {"runs": [{"text": "Route"}, {"text": "\#(secondRun)"}]}}]\#(extra)}
        """#
        // A literal of this test: parsing it cannot fail.
        return (try? JSONParser().parse(Array(text.utf8))) ?? .null
    }

    /// The decoding error under `limits`, or nil when the scene decodes.
    func refusal(_ json: JSONValue, _ limits: SceneLimits) -> JSONDecodingError? {
        do throws(JSONDecodingError) {
            _ = try SceneDocument(json: json, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test("a scene within its limits decodes as without them")
    func withinLimits() throws {
        let json = Self.scene()
        let limited = try SceneDocument(json: json, limits: SceneLimits(maxAnnotations: 3, maxTextLength: 7))
        #expect(limited == (try SceneDocument(json: json)))
    }

    @Test("too many view annotations, or manager annotations in all: refused at the array, with the counts")
    func counts() throws {
        let views = try #require(refusal(Self.scene(), SceneLimits(maxAnnotations: 1, maxTextLength: .max)))
        #expect(views.path.description == "viewAnnotations")
        #expect(views.exceeded == .elements(count: 2, limit: 1))
        #expect(views.reason == "the scene has 2 view annotations, more than the limit of 1")

        let managed = try #require(refusal(Self.scene(), SceneLimits(maxAnnotations: 2, maxTextLength: .max)))
        #expect(managed.path.description == "managers")
        #expect(managed.exceeded == .elements(count: 3, limit: 2))
        #expect(managed.reason == "the scene's managers hold 3 annotations, more than the limit of 2")
    }

    @Test("counts come before any decoding error: an oversized scene is not decoded")
    func countsFirst() throws {
        // An unknown member would fail decoding; the count refuses first.
        let json = Self.scene(extra: #", "colour": "red""#)
        let error = try #require(refusal(json, SceneLimits(maxAnnotations: 1, maxTextLength: .max)))
        #expect(error.exceeded == .elements(count: 2, limit: 1))
        let unlimited = try #require(refusal(json, .unlimited))
        #expect(unlimited.exceeded == nil)
        #expect(unlimited.path.description == "colour")
    }

    @Test("a long text is refused where it is read: ETA title, ETA hint, a run's text")
    func textLengths() throws {
        let limits = SceneLimits(maxAnnotations: .max, maxTextLength: 8)
        let cases: [(JSONValue, String, Int)] = [
            (Self.scene(title: "twenty-one minutes"), "viewAnnotations[0].content.eta.title", 18),
            (Self.scene(hint: "the fastest route"), "viewAnnotations[0].content.eta.hint", 17),
            (Self.scene(secondRun: "Alternative"), "viewAnnotations[1].content.runs[1].text", 11),
        ]
        for (json, path, count) in cases {
            let error = try #require(refusal(json, limits))
            #expect(error.path.description == path)
            #expect(error.exceeded == .textLength(count: count, limit: 8))
            #expect(error.reason == "the text has \(count) Unicode scalars, more than the limit of 8")
        }
    }

    @Test("text length counts Unicode scalars, not bytes or grapheme clusters")
    func scalarsCounted() throws {
        // "é" as e + combining acute: two scalars, one grapheme, three bytes.
        let decomposed = String(repeating: "e\u{301}", count: 4)
        #expect(refusal(Self.scene(title: decomposed), SceneLimits(maxAnnotations: .max, maxTextLength: 8)) == nil)
        let error = try #require(refusal(Self.scene(title: decomposed), SceneLimits(maxAnnotations: .max, maxTextLength: 7)))
        #expect(error.exceeded == .textLength(count: 8, limit: 7))
    }

    @Test("the first long text in scene order is the one named")
    func firstInSceneOrder() throws {
        let json = Self.scene(title: "twenty-one minutes", secondRun: "Alternative")
        let error = try #require(refusal(json, SceneLimits(maxAnnotations: .max, maxTextLength: 8)))
        #expect(error.path.description == "viewAnnotations[0].content.eta.title")
    }

    @Test("a zoom-range scene is held to the same limits")
    func zoomRange() throws {
        let text = #"""
        {"version": 1, "zoomRange": {"min": 2, "max": 6}, "viewAnnotations": [
          {"id": "a", "feature": {"type": "Point", "coordinates": [0, 0]}, "content": {"runs": [{"text": "Amsterdam"}]}},
          {"id": "b", "feature": {"type": "Point", "coordinates": [1, 0]}, "size": {"width": 10, "height": 10}}]}
        """#
        let json = try JSONParser().parse(Array(text.utf8))
        #expect(throws: JSONDecodingError(
            path: JSONPath.root.appending(key: "viewAnnotations"),
            reason: "the scene has 2 view annotations, more than the limit of 1",
            exceeded: .elements(count: 2, limit: 1))) {
            _ = try ZoomRangeScene(json: json, limits: SceneLimits(maxAnnotations: 1, maxTextLength: .max))
        }
        #expect(throws: JSONDecodingError(
            path: JSONPath.root.appending(key: "viewAnnotations").appending(index: 0).appending(key: "content")
                .appending(key: "runs").appending(index: 0).appending(key: "text"),
            reason: "the text has 9 Unicode scalars, more than the limit of 5",
            exceeded: .textLength(count: 9, limit: 5))) {
            _ = try ZoomRangeScene(json: json, limits: SceneLimits(maxAnnotations: .max, maxTextLength: 5))
        }
    }
}
