import CartoucheJobs
import CartoucheJSON
import CartoucheScene
import CartoucheText
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

/// The two ways a Swift app embeds Cartouche without the CLI, as the docs show
/// them (`CartoucheRoutes`, `docs/EMBEDDING.md`): this file is their
/// compiled, running copy.
@Suite("embedding Cartouche in a Swift app")
struct EmbeddingExampleTests {
    /// Example 1: Cartouche's routes mounted in the host's own Hummingbird app.
    static func hostApplication(text: TextLayoutEngine) throws -> some ApplicationProtocol {
        let routes = try CartoucheRoutes(configuration: ServiceConfiguration(requestTimeout: .seconds(30)), text: text)
        let router = Router(context: ServiceRequestContext.self)
        router.get("/app/hello") { _, _ in "hello from the host app" }   // the host's own routes
        routes.register(on: router)                                       // /v1/place, /v1/compile, …
        return Application(responder: routes.responder(router: router), server: routes.http1Server,
                           configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    }

    /// Example 2: a job called directly, no HTTP at all.
    static func placeDirectly(scene bytes: [UInt8], text: TextLayoutEngine) throws -> PlaceOutcome {
        try PlaceJob.run(bytes, limits: .unlimited, text: text).get()
    }

    @Test("the host app answers its own route and Cartouche's, with Cartouche's problems and request ids")
    func hostApp() async throws {
        let body = try Shared.example("sf-stanford.scene.json")
        let text = try Shared.engine.get()
        let expected = try SceneDocument(jsonBytes: body).place(text: text).jsonBytes()
        try await Self.hostApplication(text: text).test(.live) { client in
            try await client.execute(uri: "/app/hello", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "hello from the host app")
            }
            try await client.execute(uri: "/v1/place", method: .post, headers: jsonHeaders, body: ByteBuffer(bytes: body)) { response in
                #expect(response.status == .ok)
                #expect(response.body.bytes == expected)
                #expect(response.headers[.xRequestID] != nil)
            }
            try await client.execute(uri: "/v1/nothing", method: .get) { response in
                _ = try ProblemBody(response, status: .notFound, slug: "not-found")
            }
        }
    }

    @Test("a job called directly gives the same bytes as the route")
    func jobDirectly() throws {
        let body = try Shared.example("sf-stanford.scene.json")
        let text = try Shared.engine.get()
        let outcome = try Self.placeDirectly(scene: body, text: text)
        #expect(outcome.body == (try SceneDocument(jsonBytes: body).place(text: text).jsonBytes()))
        #expect(outcome.placed > 0)
    }
}
