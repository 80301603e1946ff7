import CartoucheJSON
import CartoucheJobs
import CartoucheTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

/// `POST /v1/place` with a zoom-range scene: the golden answer byte for
/// byte (the CLI test holds `cartouche place` to the same bytes), 422s at
/// the member's path.
@Suite("zoom-range scenes over HTTP")
struct ZoomRangeRouteTests {
    @Test("the golden scene answers the golden bytes, as PlaceJob (the CLI's path) does")
    func golden() async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            let response = try await post(client, "/v1/place", ByteBuffer(string: ZoomRangeFixture.scene))
            #expect(response.status == .ok)
            #expect(String(buffer: response.body) == ZoomRangeFixture.answer)
        }
        let job = try PlaceJob.run(Array(ZoomRangeFixture.scene.utf8), limits: .unlimited, text: nil).get()
        #expect(String(decoding: job.body, as: UTF8.self) == ZoomRangeFixture.answer)
    }

    @Test("a box reaching beyond 10^9 points is a 422 at its annotation, not a crash (schemathesis sent 1.8e308-wide boxes)")
    func hugeBox() async throws {
        @Sendable func scene(width: String, padding: String = "0") -> String {
            #"{"version":1,"zoomRange":{"min":1,"max":7},"viewAnnotations":["#
                + #"{"id":"a","feature":{"type":"Point","coordinates":[2,48]},"size":{"width":20,"height":10}},"#
                + #"{"id":"b","feature":{"type":"Point","coordinates":[2.1,48]},"size":{"width":\#(width),"height":10},"#
                + #""variableAnchors":[{"anchor":"right","offsetX":\#(padding)}]}]}"#
        }
        try await makeApp(testConfiguration()).test(.router) { client in
            for (width, offset) in [("1.7976931348623157e308", "0"), ("2e9", "0"), ("1e308", "1.7976931348623157e308")] {
                let response = try await post(client, "/v1/place", ByteBuffer(string: scene(width: width, padding: offset)))
                let problem = try ProblemBody(response, status: .unprocessableContent, slug: "invalid-value")
                #expect(problem.path == "viewAnnotations[1]", "\(width): \(problem.detail)")
                #expect(problem.detail.contains("reach at most 1000000000.0 points"), "\(problem.detail)")
            }
            // Within the bound it is placed: the wide box covers the other
            // label at every zoom of the range, so one of the two is hidden.
            let placed = try await post(client, "/v1/place", ByteBuffer(string: scene(width: "1e6")))
            #expect(placed.status == .ok)
            let answer = try JSONParser().parse(Array(placed.body.readableBytesView))
            let visible = try #require(answer.objectValue?["placements"]?.arrayValue).map { $0.objectValue?["visible"] }
            #expect(visible == [.bool(true), .bool(false)])
        }
    }

    @Test("bad zoom ranges are 422 problems at the member's path")
    func refused() async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            for (body, path) in [
                (#"{"version":1,"zoomRange":{"min":3,"max":2}}"#, "zoomRange.min"),
                (#"{"version":1,"zoomRange":{"min":3,"max":30}}"#, "zoomRange.max"),
                (#"{"version":1,"zoomRange":{"min":1,"max":2},"cameras":[{"center":[0,0],"zoom":1}]}"#, "cameras"),
                (#"{"version":1,"zoomRange":{"min":1,"max":2},"projection":{"type":"globe"}}"#, "projection.type"),
            ] {
                let response = try await post(client, "/v1/place", ByteBuffer(string: body))
                let problem = try ProblemBody(response, status: .unprocessableContent, slug: "invalid-value")
                #expect(problem.path == path, "\(body): \(problem.detail)")
            }
        }
    }

    @Test("compile of a zoom-range text scene answers the CLI's golden fragment")
    func compileGolden() async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            let response = try await post(client, "/v1/compile?output=fragment", ByteBuffer(string: ZoomRangeFixture.textScene))
            #expect(response.status == .ok)
            #expect(String(buffer: response.body) == ZoomRangeFixture.compiledFragment)
        }
    }
}
