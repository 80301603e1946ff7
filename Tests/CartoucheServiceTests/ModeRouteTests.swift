import CartoucheJSON
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

/// `?mode=greedy|optimise` on `/v1/place`, `/v1/query` and `/v1/render`
/// (issue #27 item 2): it overrides the scene's `options.mode` exactly as
/// `?target=` overrides `options.target`, so the answer is byte for byte the
/// answer for the scene with that `options.mode`.
@Suite("the mode query parameter")
struct ModeRouteTests {
    static let routes = ["/v1/place", "/v1/query", "/v1/render"]

    /// The seed example with `options.mode` set to `mode` (nil: as shipped, no mode).
    static func scene(mode: String?) throws -> [UInt8] {
        let body = try Shared.example("sf-stanford.scene.json")
        guard let mode else { return body }
        var scene = try #require(try JSONParser().parse(body).objectValue)
        var options = scene["options"]?.objectValue ?? [:]
        options["mode"] = .string(mode)
        scene["options"] = .object(options)
        return try JSONValue.object(scene).jsonBytes()
    }

    static func body(_ route: String, _ scene: [UInt8]) -> ByteBuffer {
        route == "/v1/query" ? queryBody(scene: scene, #""rect":[0,0,10000,10000]"#) : ByteBuffer(bytes: scene)
    }

    @Test("?mode=optimise answers as options.mode optimise does; ?mode=greedy over a scene saying optimise as greedy", arguments: routes)
    func overridesTheScene(route: String) async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            for mode in ["optimise", "greedy"] {
                let other = mode == "greedy" ? "optimise" : "greedy"
                let viaParameter = try await post(client, route + "?mode=" + mode, Self.body(route, try Self.scene(mode: other)))
                let inScene = try await post(client, route, Self.body(route, try Self.scene(mode: mode)))
                #expect(viaParameter.status == .ok, "\(route) \(mode): \(String(buffer: viaParameter.body))")
                #expect(viaParameter.body.bytes == inScene.body.bytes, "\(route) \(mode)")
            }
        }
    }

    @Test("the place answer's frames say the mode asked for")
    func placeStatsSayTheMode() async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            for mode in ["optimise", "greedy"] {
                let response = try await post(client, "/v1/place?mode=" + mode, ByteBuffer(bytes: try Self.scene(mode: nil)))
                let frames = try #require(try JSONParser().parse(response.body.bytes).objectValue?["frames"]?.arrayValue)
                #expect(frames.count == 2)
                #expect(frames.map { $0.objectValue?["stats"]?.objectValue?["method"] } == Array(repeating: .string(mode), count: frames.count))
            }
        }
    }

    @Test("a mode outside the set is a 400 naming the parameter", arguments: routes)
    func badMode(route: String) async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            let response = try await post(client, route + "?mode=optimize", Self.body(route, try Self.scene(mode: nil)))
            let problem = try ProblemBody(response, status: .badRequest, slug: "invalid-parameter")
            #expect(problem.detail == #"mode: must be greedy or optimise, got "optimize""#)
        }
    }
}
