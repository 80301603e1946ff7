import CartoucheJSON
import CartoucheRender
import CartoucheScene
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

@Suite("POST /v1/render")
struct RenderRouteTests {
    @Test("the answer is SVGRenderer's picture of the library's drawing, byte for byte", arguments: [
        ("", 0, SceneDocument.DrawingOptions()),
        ("?frame=1&ghosts=true&caption=false", 1, SceneDocument.DrawingOptions(ghosts: true, caption: false)),
        ("?ghosts=false&caption=true", 0, SceneDocument.DrawingOptions()),
    ])
    func equalsLibrary(query: String, frame: Int, options: SceneDocument.DrawingOptions) async throws {
        let body = try Shared.example("sf-stanford.scene.json")
        let engine = try Shared.engine.get()
        let expected = try SVGRenderer().renderBytes(try SceneDocument(jsonBytes: body).drawing(frame: frame, text: engine, options: options))
        try await makeApp(testConfiguration()).test(.router) { client in
            // Twice: the bytes must not depend on the request.
            for _ in 0..<2 {
                let response = try await post(client, "/v1/render" + query, ByteBuffer(bytes: body))
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/svg+xml; charset=utf-8")
                #expect(response.body.bytes == expected)
            }
        }
        #expect(String(decoding: expected, as: UTF8.self).hasPrefix("<svg") || String(decoding: expected, as: UTF8.self).hasPrefix("<?xml"))
    }

    @Test("bad query parameters are 400 problems naming the parameter", arguments: [
        ("ghosts=yes", "ghosts"), ("caption=0", "caption"), ("frame=-1", "frame"), ("frame=one", "frame"), ("scale=2", "scale"),
        ("frame=0&frame=1", "frame"),
    ])
    func badParameter(query: String, parameter: String) async throws {
        let body = try Shared.example("sf-stanford.scene.json")
        try await makeApp(testConfiguration()).test(.router) { client in
            let response = try await post(client, "/v1/render?" + query, ByteBuffer(bytes: body))
            let problem = try ProblemBody(response, status: .badRequest, slug: "invalid-parameter")
            #expect(problem.object["parameter"]?.stringValue == parameter)
        }
    }

    @Test("a frame past the scene's cameras is a 422 naming the parameter")
    func frameOutOfRange() async throws {
        let body = try Shared.example("sf-stanford.scene.json")
        try await makeApp(testConfiguration()).test(.router) { client in
            let response = try await post(client, "/v1/render?frame=2", ByteBuffer(bytes: body))
            let problem = try ProblemBody(response, status: .unprocessableContent, slug: "invalid-value")
            #expect(problem.object["parameter"] == "frame")
            #expect(problem.detail == "frame: 2 is not the index of one of the scene's 2 cameras")
        }
    }

    @Test("bad bodies: malformed JSON 400, unknown member 422 at its path, too many annotations 413, wrong method 405")
    func badBodies() async throws {
        try await makeApp(testConfiguration { $0.maxAnnotations = 2 }).test(.router) { client in
            let broken = try await post(client, "/v1/render", ByteBuffer(string: "[1,"))
            _ = try ProblemBody(broken, status: .badRequest, slug: "invalid-json")
            let unknown = try await post(client, "/v1/render", ByteBuffer(string: #"{"version":1,"viewport":{"width":10,"height":10},"camera":{"center":[0,0],"zoom":1},"puck":{"coordinate":[0,0],"heading":3}}"#))
            #expect(try ProblemBody(unknown, status: .unprocessableContent, slug: "invalid-value").path == "puck.heading")
            let many = try await post(client, "/v1/render", ByteBuffer(bytes: pointScene(count: 3, mode: "greedy")))
            _ = try ProblemBody(many, status: .contentTooLarge, slug: "too-many-annotations")
            let get = try await client.execute(uri: "/v1/render", method: .get)
            #expect(get.headers[.allow] == "POST")
        }
    }

    @Test("a heavy scene with a tiny budget is a 503 time-budget-exceeded with Retry-After, on every scene route")
    func budget() async throws {
        let scene = pointScene(count: 5_000, mode: "optimise")
        let config = testConfiguration { $0.requestTimeout = .milliseconds(5); $0.maxBodyBytes = 64 << 20 }
        try await makeApp(config).test(.router) { client in
            for (uri, body) in [("/v1/render", ByteBuffer(bytes: scene)), ("/v1/query", queryBody(scene: scene, #""at":[1,2]"#))] {
                let response = try await post(client, uri, body)
                let problem = try ProblemBody(response, status: .serviceUnavailable, slug: "time-budget-exceeded")
                #expect(response.headers[.retryAfter] == "1")
                #expect(problem.detail.contains("5 ms"), "\(uri)")
            }
        }
        // Compiling does not poll; its one check comes after decoding, which a
        // 1 ns budget cannot survive whatever the machine's speed.
        try await makeApp(testConfiguration { $0.requestTimeout = .nanoseconds(1) }).test(.router) { client in
            let response = try await post(client, "/v1/compile", ByteBuffer(bytes: try Shared.example("sf-stanford.scene.json")))
            _ = try ProblemBody(response, status: .serviceUnavailable, slug: "time-budget-exceeded")
            #expect(response.headers[.retryAfter] == "1")
        }
    }
}
