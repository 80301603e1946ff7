import CartoucheJSON
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheJobs
@testable import CartoucheService

@Suite("/openapi.json against the compile, query and render routes")
struct OpenAPIRouteTests {
    /// The query parameter names documented for a POST path.
    static func documentedParameters(_ path: String) throws -> [String] {
        let operation = try #require(try OpenAPITests.document()["paths"]?.objectValue?[path]?.objectValue?["post"]?.objectValue)
        return (operation["parameters"]?.arrayValue ?? []).compactMap { $0.objectValue?["name"]?.stringValue }
    }

    @Test("the documented query parameters are exactly the ones the routes read")
    func parameters() throws {
        #expect(try Self.documentedParameters("/v1/compile") == CompileOptions.parameterNames)
        #expect(try Self.documentedParameters("/v1/render") == RenderOptions.parameterNames)
        for path in ["/v1/place", "/v1/query"] { #expect(try Self.documentedParameters(path) == TargetOptions.parameterNames, "\(path)") }
        #expect(try Self.documentedParameters("/v1/shape") == [])
    }

    @Test("compiled styles and fragments of the examples match their schemas", arguments: exampleScenes)
    func compiledMatchSchema(name: String) async throws {
        let checker = try OpenAPITests.checker()
        let body = try Shared.example(name)
        try await makeApp(testConfiguration()).test(.router) { client in
            for (query, schema) in [("", "StyleDocument"), ("?output=fragment", "StyleFragment")] {
                let response = try await post(client, "/v1/compile" + query, ByteBuffer(bytes: body))
                #expect(response.status == .ok)
                let answer = try JSONParser().parse(response.body.bytes)
                #expect(checker.check(answer, against: ["$ref": .string("#/components/schemas/\(schema)")], at: "$") == [], "\(name)\(query)")
            }
        }
    }

    @Test("routes refuse query parameters they do not take", arguments: [
        ("/v1/shape", "this route takes no query parameters"),
        ("/v1/place", "allowed are target, mode"), ("/v1/query", "allowed are target, mode"),
    ])
    func unknownParameters(path: String, allowed: String) async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            let response = try await post(client, path + "?pretty=true", ByteBuffer(string: "{}"))
            let problem = try ProblemBody(response, status: .badRequest, slug: "invalid-parameter")
            #expect(problem.object["parameter"] == "pretty")
            #expect(problem.detail == "pretty: unknown parameter; \(allowed)")
        }
    }

    @Test("the new routes' problems match the Problem schema (every member described)")
    func problemsMatchSchema() async throws {
        let checker = try OpenAPITests.checker()
        let scene = try Shared.example("sf-stanford.scene.json")
        try await makeApp(testConfiguration()).test(.router) { client in
            let cases: [(String, ByteBuffer)] = [
                ("/v1/compile?target=x", ByteBuffer(bytes: scene)),
                ("/v1/render?frame=9", ByteBuffer(bytes: scene)),
                ("/v1/query", queryBody(scene: scene, #""at":[1,2],"near":[0,0]"#)),
                ("/v1/query", ByteBuffer(string: "{")),
            ]
            for (uri, body) in cases {
                let response = try await post(client, uri, body)
                #expect(response.status.code >= 400)
                let problem = try JSONParser().parse(response.body.bytes)
                #expect(checker.check(problem, against: ["$ref": "#/components/schemas/Problem"], at: "$") == [], "\(uri)")
            }
        }
    }
}
