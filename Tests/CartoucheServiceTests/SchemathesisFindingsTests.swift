import Foundation
import CartoucheJSON
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

/// What schemathesis found against `/openapi.json` (`scripts/schemathesis`),
/// pinned here so each stays fixed without running it: the answers the
/// document promises for requests it calls valid, and the 422s for those it
/// calls invalid.
@Suite("schemathesis findings")
struct SchemathesisFindingsTests {
    static let scene = #"{"version":1,"viewport":{"width":400,"height":300},"camera":{"center":[0,0],"zoom":2}"#

    @Test("optional members given as null are absent, in a scene and in a query, and the schema agrees")
    func nullIsAbsent() async throws {
        let scene = #"{"version":1,"viewport":{"width":400,"height":300},"camera":{"center":[0,0],"zoom":2,"bearing":null,"fit":null},"cameras":null,"puck":null,"options":{"mode":null},"managers":[{"id":"m","type":"circle","cluster":null,"slot":null}]}"#
        let query = #"{"scene":\#(scene),"at":[1,2],"rect":null,"near":null,"taps":null,"radius":null,"frame":null}"#
        let checker = try OpenAPITests.checker()
        #expect(checker.check(try JSONParser().parse(scene), against: ["$ref": "#/components/schemas/Scene"], at: "$") == [])
        #expect(checker.check(try JSONParser().parse(query), against: ["$ref": "#/components/schemas/QueryRequest"], at: "$") == [])
        try await makeApp(testConfiguration()).test(.router) { client in
            let placed = try await post(client, "/v1/place", ByteBuffer(string: scene))
            #expect(placed.status == .ok)
            let answer = try await post(client, "/v1/query", ByteBuffer(string: query))
            #expect(answer.status == .ok)
            // rect with a null radius is rect alone.
            let rect = #"{"scene":\#(scene),"rect":[0,0,5,5],"radius":null}"#
            let rectAnswer = try await post(client, "/v1/query", ByteBuffer(string: rect))
            #expect(rectAnswer.status == .ok)
        }
    }

    @Test("an integral priority beyond 2^53 − 1 is refused by the document and by the route, which names the range")
    func prioritySafeRange() async throws {
        // 1.152921504606847e+18 is 2^60: an integer to JSON Schema, beyond
        // what a double holds exactly. The document bounds it, and the 422
        // says why instead of denying that it is an integer.
        let scene = #"{"version":1,"viewport":{"width":400,"height":300},"camera":{"center":[0,0],"zoom":2},"viewAnnotations":[{"id":"a","feature":{"type":"Point","coordinates":[0,0]},"size":{"width":10,"height":10},"priority":1.152921504606847e+18}]}"#
        let checker = try OpenAPITests.checker()
        #expect(checker.check(try JSONParser().parse(scene), against: ["$ref": "#/components/schemas/Scene"], at: "$") != [])
        let safe = scene.replacingOccurrences(of: "1.152921504606847e+18", with: "9007199254740991")
        #expect(checker.check(try JSONParser().parse(safe), against: ["$ref": "#/components/schemas/Scene"], at: "$") == [])
        try await makeApp(testConfiguration()).test(.router) { client in
            let problem = try ProblemBody(try await post(client, "/v1/place", ByteBuffer(string: scene)), status: .unprocessableContent, slug: "invalid-value")
            #expect(problem.path == "viewAnnotations[0].priority")
            #expect(problem.detail.contains("from -9007199254740991 to 9007199254740991"))
            #expect(try await post(client, "/v1/place", ByteBuffer(string: safe)).status == .ok)
        }
    }

    @Test("a huge line height or letter spacing is a 422 at its member, not a 500")
    func shapeBounds() async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            for (member, value) in [("lineHeight", "1.6e308"), ("letterSpacing", "-1e300"), ("lineHeight", "1001")] {
                let body = #"{"text":"a b c d e f","maxWidth":0.5,"\#(member)":\#(value)}"#
                let problem = try ProblemBody(try await post(client, "/v1/shape", ByteBuffer(string: body)), status: .unprocessableContent, slug: "invalid-value")
                #expect(problem.object["path"] == .string(member))
            }
        }
    }

    @Test("a fit camera with the largest finite bearing is placed")
    func fitWithHugeBearing() async throws {
        let body = #"{"version":1,"viewport":{"width":400,"height":300},"camera":{"fit":{"bearing":-1.7976931348623157e308,"pitch":45}},"puck":{"coordinate":[0,0]}}"#
        try await makeApp(testConfiguration()).test(.router) { client in
            let response = try await post(client, "/v1/place", ByteBuffer(string: body))
            #expect(response.status == .ok)
        }
    }

    @Test("compile refuses the callout content place refuses, at the same path")
    func contentCheckedOnDecode() async throws {
        let body = #"{"version":1,"viewport":{"width":400,"height":300},"camera":{"center":[0,0],"zoom":2},"viewAnnotations":[{"id":"a","feature":{"type":"Point","coordinates":[0,0]},"content":{"runs":[{"text":"x","size":20000}]}}]}"#
        try await makeApp(testConfiguration()).test(.router) { client in
            for route in ["/v1/place", "/v1/compile"] {
                let problem = try ProblemBody(try await post(client, route, ByteBuffer(string: body)), status: .unprocessableContent, slug: "invalid-value")
                #expect(problem.object["path"] == "viewAnnotations[0].content.runs[0].size", "\(route)")
            }
        }
    }

    @Test("a tiny maxTextWidth next to a large run wraps every word instead of failing")
    func tinyWrapWidth() async throws {
        let body = #"{"version":1,"viewport":{"width":400,"height":300},"camera":{"center":[0,0],"zoom":2},"viewAnnotations":[{"id":"a","feature":{"type":"Point","coordinates":[0,0]},"content":{"runs":[{"text":"two words"}],"maxTextWidth":5e-324}}]}"#
        try await makeApp(testConfiguration()).test(.router) { client in
            let answer = try await post(client, "/v1/place", ByteBuffer(string: body))
            #expect(answer.status == .ok)
        }
    }

    @Test("an empty manager id is refused at its path by every route")
    func emptyManagerId() async throws {
        let body = #"{"version":1,"viewport":{"width":400,"height":300},"camera":{"center":[0,0],"zoom":2},"managers":[{"id":"","type":"point"}]}"#
        try await makeApp(testConfiguration()).test(.router) { client in
            for route in ["/v1/place", "/v1/compile"] {
                let problem = try ProblemBody(try await post(client, route, ByteBuffer(string: body)), status: .unprocessableContent, slug: "invalid-value")
                #expect(problem.object["path"] == "managers[0].id", "\(route)")
            }
        }
    }
}
