import CartoucheJSON
import CartoucheScene
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

@Suite("POST /v1/place")
struct PlaceRouteTests {
    @Test("the example scene answers exactly what the library places")
    func placesExample() async throws {
        let body = try Shared.example("sf-stanford.scene.json")
        let expected = try SceneDocument(jsonBytes: body).place(text: try Shared.engine.get()).jsonBytes()
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/v1/place", method: .post, headers: jsonHeaders, body: ByteBuffer(bytes: body)) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json")
                #expect(response.body.bytes == expected)
                #expect(response.headers[.xRequestID] != nil)
            }
        }
    }

    @Test("previous carries the last answer across requests; a stale one is a warning, a malformed one a 422 at its path")
    func previousAcrossRequests() async throws {
        let scene = try #require(try JSONParser().parse(try Shared.example("sf-stanford.scene.json")).objectValue)
        let engine = try Shared.engine.get()
        let first = try SceneDocument(json: .object(scene)).place(text: engine)
        var next = scene
        next["previous"] = try JSONParser().parse(try #require(first.frames.last).jsonBytes())
        let body = try JSONValue.object(next).jsonBytes()
        let expected = try SceneDocument(jsonBytes: body).place(text: engine).jsonBytes()
        // A client that dropped a callout between ticks: the rest is placed.
        next["previous"] = ["gone": ["anchor": "top"], "eta-route-101": ["anchor": ["anchor": "center"]]]
        let stale = try JSONValue.object(next).jsonBytes()
        next["previous"] = ["eta-route-101": ["anchor": ["anchor": "middle"]]]
        let bad = try JSONValue.object(next).jsonBytes()
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/v1/place", method: .post, headers: jsonHeaders, body: ByteBuffer(bytes: body)) { response in
                #expect(response.status == .ok)
                #expect(response.body.bytes == expected)
            }
            try await client.execute(uri: "/v1/place", method: .post, headers: jsonHeaders, body: ByteBuffer(bytes: stale)) { response in
                #expect(response.status == .ok)
                let answer = try JSONParser().parse(Array(response.body.readableBytesView))
                let warnings = answer.objectValue?["warnings"]?.arrayValue ?? []
                #expect(warnings.map { $0.objectValue?["path"]?.stringValue } == ["previous.eta-route-101.anchor", "previous.gone"])
                #expect(warnings.allSatisfy { $0.objectValue?["kind"]?.stringValue == "previous-ignored" })
                #expect(answer.objectValue?["frames"]?.arrayValue?.count == first.frames.count)
                #expect(response.headers[.init("Cartouche-Warning-Count")!] == "2")
            }
            try await client.execute(uri: "/v1/place", method: .post, headers: jsonHeaders, body: ByteBuffer(bytes: bad)) { response in
                let problem = try ProblemBody(response, status: .unprocessableContent, slug: "invalid-value")
                #expect(problem.path == "previous.eta-route-101.anchor.anchor")
                #expect(problem.detail.contains("unknown value"))
            }
        }
    }

    @Test("malformed JSON is a 400 with the line and column of the error")
    func malformedJSON() async throws {
        // Line 3 is `  "viewport": ]`: the `]` is the 15th character.
        let body = "{\n  \"version\": 1,\n  \"viewport\": ]\n}"
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/v1/place", method: .post, headers: jsonHeaders, body: ByteBuffer(string: body)) { response in
                let problem = try ProblemBody(response, status: .badRequest, slug: "invalid-json")
                #expect(problem.object["line"]?.numberValue == 3)
                #expect(problem.object["column"]?.numberValue == 15)
                #expect(problem.object["instance"]?.stringValue == "/v1/place")
            }
        }
    }

    @Test("an unknown member is a 422 naming its JSON path")
    func unknownMember() async throws {
        let body = #"{"version":1,"viewport":{"width":100,"height":100},"camera":{"center":[0,0],"zoom":1},"viewAnnotations":[{"id":"a","feature":{"type":"Point","coordinates":[0,0]},"size":{"width":1,"height":1},"sise":3}]}"#
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/v1/place", method: .post, headers: jsonHeaders, body: ByteBuffer(string: body)) { response in
                let problem = try ProblemBody(response, status: .unprocessableContent, slug: "invalid-value")
                #expect(problem.path == "viewAnnotations[0].sise")
                #expect(problem.detail.contains("unknown member"))
            }
        }
    }

    @Test("a wrong type is a 422 at the value's path")
    func wrongType() async throws {
        let body = #"{"version":1,"viewport":{"width":"wide","height":100},"camera":{"center":[0,0],"zoom":1}}"#
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/v1/place", method: .post, headers: jsonHeaders, body: ByteBuffer(string: body)) { response in
                let problem = try ProblemBody(response, status: .unprocessableContent, slug: "invalid-value")
                #expect(problem.path == "viewport.width")
            }
        }
    }

    @Test("a body over the byte limit is a 413")
    func bodyTooLarge() async throws {
        let body = try Shared.example("sf-stanford.scene.json")
        try await makeApp(testConfiguration { $0.maxBodyBytes = 100 }).test(.router) { client in
            try await client.execute(uri: "/v1/place", method: .post, headers: jsonHeaders, body: ByteBuffer(bytes: body)) { response in
                let problem = try ProblemBody(response, status: .contentTooLarge, slug: "body-too-large")
                #expect(problem.detail.contains("100 bytes"))
            }
        }
    }

    @Test("more view annotations than allowed is a 413 at viewAnnotations")
    func tooManyAnnotations() async throws {
        try await makeApp(testConfiguration { $0.maxAnnotations = 2 }).test(.router) { client in
            try await client.execute(uri: "/v1/place", method: .post, headers: jsonHeaders, body: ByteBuffer(bytes: pointScene(count: 3, mode: "greedy"))) { response in
                let problem = try ProblemBody(response, status: .contentTooLarge, slug: "too-many-annotations")
                #expect(problem.path == "viewAnnotations")
                #expect(problem.detail.contains("3 view annotations"))
            }
        }
    }

    @Test("callout text over the length limit is a 422 at the text's path")
    func textTooLong() async throws {
        let body = #"{"version":1,"viewport":{"width":100,"height":100},"camera":{"center":[0,0],"zoom":1},"viewAnnotations":[{"id":"a","feature":{"type":"Point","coordinates":[0,0]},"content":{"runs":[{"text":"ok"},{"text":"héllo!"}]}}]}"#
        try await makeApp(testConfiguration { $0.maxTextLength = 5 }).test(.router) { client in
            try await client.execute(uri: "/v1/place", method: .post, headers: jsonHeaders, body: ByteBuffer(string: body)) { response in
                let problem = try ProblemBody(response, status: .unprocessableContent, slug: "text-too-long")
                #expect(problem.path == "viewAnnotations[0].content.runs[1].text")
                #expect(problem.detail.contains("6 Unicode scalars"))
            }
        }
    }

    @Test("a body that is not JSON by content type is a 415")
    func wrongContentType() async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/v1/place", method: .post, headers: [.contentType: "text/plain"], body: ByteBuffer(string: "{}")) { response in
                let problem = try ProblemBody(response, status: .unsupportedMediaType, slug: "unsupported-media-type")
                #expect(problem.detail.contains("text/plain"))
            }
        }
    }

    @Test("a heavy scene with a tiny budget answers 503 time-budget-exceeded with Retry-After")
    func budgetExceeded() async throws {
        // 5,000 callouts in optimise mode take far more than 5 ms to solve.
        // That the solver then stops at its next poll is OptimiseCancellationTests';
        // how soon the answer comes is measured by `Benchmarks/run service`.
        let body = pointScene(count: 5_000, mode: "optimise")
        let config = testConfiguration { $0.requestTimeout = .milliseconds(5); $0.maxBodyBytes = 64 << 20 }
        try await makeApp(config).test(.router) { client in
            try await client.execute(uri: "/v1/place", method: .post, headers: jsonHeaders, body: ByteBuffer(bytes: body)) { response in
                let problem = try ProblemBody(response, status: .serviceUnavailable, slug: "time-budget-exceeded")
                #expect(response.headers[.retryAfter] == "1")
                #expect(problem.detail.contains("5 ms"))
            }
        }
    }
}
