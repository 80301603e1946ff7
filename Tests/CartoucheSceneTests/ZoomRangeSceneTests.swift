import CartoucheJSON
import CartoucheTestSupport
import Testing

@testable import CartoucheScene

@Suite("Zoom-range scenes: decoding and the golden answer")
struct ZoomRangeSceneTests {
    static func scene(_ members: String, annotations: String = "[]") -> String {
        #"{"version":1,\#(members),"viewAnnotations":\#(annotations)}"#
    }

    static func decodingError(_ text: String) -> JSONDecodingError? {
        do {
            _ = try ZoomRangeScene(json: try JSONParser().parse(Array(text.utf8)))
            return nil
        } catch let error as JSONDecodingError {
            return error
        } catch {
            return nil
        }
    }

    @Test("the golden scene places to the golden answer, byte for byte")
    func golden() throws {
        let json = try JSONParser().parse(Array(ZoomRangeFixture.scene.utf8))
        #expect(ZoomRangeScene.isZoomRange(json))
        let response = try ZoomRangeScene(json: json).place()
        #expect(String(decoding: try response.jsonBytes(), as: UTF8.self) == ZoomRangeFixture.answer)
    }

    @Test("bad zoom ranges and members a zoom range cannot honour are refused at their paths", arguments: [
        (scene(#""zoomRange":{"min":5,"max":4}"#), "zoomRange.min", "above max"),
        (scene(#""zoomRange":{"min":-1,"max":4}"#), "zoomRange.min", "zoom limits"),
        (scene(#""zoomRange":{"min":1,"max":26}"#), "zoomRange.max", "zoom limits"),
        (scene(#""zoomRange":{"min":1}"#), "zoomRange", "max"),
        (scene(#""zoomRange":{"min":1,"max":2,"step":1}"#), "zoomRange.step", "unknown member"),
        (scene(#""zoomRange":{"min":1,"max":2,"minZoomStep":-1}"#), "zoomRange.minZoomStep", "≥ 0"),
        (scene(#""zoomRange":{"min":1,"max":2,"minZoomStep":"1"}"#), "zoomRange.minZoomStep", "number"),
        (scene(#""zoomRange":{"min":1,"max":2},"camera":{"center":[0,0],"zoom":1}"#), "camera", "not both"),
        (scene(#""zoomRange":{"min":1,"max":2},"cameras":[]"#), "cameras", "not both"),
        (scene(#""zoomRange":{"min":1,"max":2},"managers":[]"#), "managers", "zoom-range"),
        (scene(#""zoomRange":{"min":1,"max":2},"projection":{"type":"globe"}"#), "projection.type", "globe"),
        (scene(#""zoomRange":{"min":1,"max":2},"viewport":{"width":16385,"height":10}"#), "viewport", "at most 16384"),
        (scene(#""zoomRange":{"min":1,"max":2},"viewport":{"width":10,"height":0}"#), "viewport", "greater than 0"),
        (scene(#""zoomRange":{"min":1,"max":2}"#,
               annotations: #"[{"id":"l","feature":{"type":"LineString","coordinates":[[0,0],[1,1]]},"size":{"width":1,"height":1}}]"#),
         "viewAnnotations[0].feature", "Point"),
        (scene(#""zoomRange":{"min":1,"max":2}"#,
               annotations: #"[{"id":"l","feature":{"layerId":"roads"},"size":{"width":1,"height":1}}]"#),
         "viewAnnotations[0].feature", "Point"),
        (scene(#""zoomRange":{"min":1,"max":2}"#,
               annotations: #"[{"id":"a","feature":{"type":"Point","coordinates":[0,0]},"size":{"width":1,"height":1}},{"id":"a","feature":{"type":"Point","coordinates":[0,0]},"size":{"width":1,"height":1}}]"#),
         "viewAnnotations[1].id", "earlier"),
    ])
    func refused(text: String, path: String, reason: String) throws {
        let error = try #require(Self.decodingError(text), "\(text)")
        #expect(error.path.description == path, "\(error)")
        #expect(error.reason.contains(reason), "\(error)")
    }

    @Test("minZoomStep: decoded, honoured, and repeated in the answer only when above 0")
    func minZoomStep() throws {
        // Two 40-point labels 30 points apart at zoom 3: the second fits from about 3.42.
        let labels = #"[{"id":"a","feature":{"type":"Point","coordinates":[0,0]},"size":{"width":40,"height":10},"priority":2},"#
            + #"{"id":"b","feature":{"type":"Point","coordinates":[2.636719,0]},"size":{"width":40,"height":10}}]"#
        func placed(_ range: String) throws -> (ZoomRangeResponse, String) {
            let scene = try ZoomRangeScene(json: try JSONParser().parse(Array(Self.scene(#""zoomRange":\#(range)"#, annotations: labels).utf8)))
            let response = try scene.place()
            return (response, String(decoding: try response.jsonBytes(), as: UTF8.self))
        }
        let (continuous, plain) = try placed(#"{"min":3,"max":8}"#)
        let (stepped, text) = try placed(#"{"min":3,"max":8,"minZoomStep":1}"#)
        #expect(continuous.zoomRange.minZoomStep == 0 && stepped.zoomRange.minZoomStep == 1)
        let m = try #require(continuous.result.placements[1].minZoom)
        #expect(m > 3.4 && m < 3.5)
        #expect(stepped.result.placements[1].minZoom == 4)
        #expect(plain.contains(#""zoomRange":{"max":8,"min":3}"#))
        #expect(text.contains(#""zoomRange":{"max":8,"min":3,"minZoomStep":1}"#))
    }

    @Test("a valid viewport is allowed and unused; a plain scene is not a zoom-range one")
    func viewportIgnored() throws {
        let with = Self.scene(#""zoomRange":{"min":1,"max":2},"viewport":{"width":10,"height":10}"#)
        #expect(Self.decodingError(with) == nil)
        #expect(!ZoomRangeScene.isZoomRange(try JSONParser().parse(Array(#"{"version":1}"#.utf8))))
    }

    /// `n` point annotations, those at `bad` with a size of -1.
    static func manyAnnotations(_ n: Int, bad: Set<Int> = []) -> String {
        let items = (0..<n).map { i in
            #"{"id":"a\#(i)","feature":{"type":"Point","coordinates":[\#(Double(i % 360) - 180),\#(Double(i % 140) - 70)]},"size":{"width":\#(bad.contains(i) ? -1 : 10 + i % 50),"height":12},"priority":\#(i % 97)}"#
        }
        return scene(#""zoomRange":{"min":0,"max":6}"#, annotations: "[" + items.joined(separator: ",") + "]")
    }

    @Test("view annotations decoded on several threads: the same scene, and the first bad one's error")
    func threadedDecoding() throws {
        let good = try JSONParser().parse(Array(Self.manyAnnotations(20_000).utf8))
        let one = try ZoomRangeScene(json: good)
        for threads in [2, 3, 7] { #expect(try ZoomRangeScene(json: good, threads: threads) == one, "\(threads) threads") }
        // Bad ones in the 2nd and 3rd of three chunks: the error names the first, as on one thread.
        let bad = try JSONParser().parse(Array(Self.manyAnnotations(20_000, bad: [9_000, 15_000]).utf8))
        for threads in [1, 3] {
            do {
                _ = try ZoomRangeScene(json: bad, threads: threads)
                Issue.record("\(threads) threads: no error")
            } catch {
                #expect(error.path.description == "viewAnnotations[9000].size.width", "\(threads) threads: \(error)")
            }
        }
    }
}
