import CartoucheJSON
import CartoucheScene
import CartoucheTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

/// Property expressions over HTTP: the seed's route styling is answered like
/// the library answers it; bad expressions are 422 problems at their exact
/// path, on every scene route.
@Suite("expressions over HTTP")
struct ExpressionRouteTests {
    static let color = SeedRouteScene.expressionColor
    static let width = SeedRouteScene.expressionWidth

    /// sf-stanford with its routes styled by `lineColor` and the width curve, first route selected.
    static func scene(lineColor: JSONValue = color, lineWidth: JSONValue = width) throws -> [UInt8] {
        try SeedRouteScene.expressionStyled(lineColor: lineColor, lineWidth: lineWidth)
    }

    @Test("compile and place answer the seed's route styling as the library does")
    func seedStyling() async throws {
        let body = try Self.scene()
        let document = try SceneDocument(jsonBytes: body)
        let style = try document.styleDocument().json.jsonBytes()
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/v1/compile", method: .post, headers: jsonHeaders, body: ByteBuffer(bytes: body)) { response in
                #expect(response.status == .ok)
                #expect(response.body.bytes == style)
                let layers = try #require(try JSONParser().parse(response.body.bytes).objectValue?["layers"]?.arrayValue)
                let routes = try #require(layers.first { $0.objectValue?["id"] == "routes" }?.objectValue)
                #expect(routes["paint"]?.objectValue?["line-color"] == Self.color)
            }
            try await client.execute(uri: "/v1/place", method: .post, headers: jsonHeaders, body: ByteBuffer(bytes: body)) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test("unknown operator, wrong arity and wrong type are 422s at the expression's path",
          arguments: ["/v1/place", "/v1/compile", "/v1/query", "/v1/render"])
    func badExpressions(route: String) async throws {
        let cases: [(JSONValue, JSONValue, String, String)] = [
            (["case", ["bogus", 1], "red", "blue"], Self.width, "managers[0].properties.line-color[1][0]", "unsupported operator \"bogus\""),
            (Self.color, ["interpolate", ["linear"], ["zoom"], 10], "managers[0].properties.line-width", "\"interpolate\" expects"),
            (["+", 1, 2], Self.width, "managers[0].properties.line-color", "expected color but found number"),
        ]
        try await makeApp(testConfiguration()).test(.router) { client in
            for (color, width, path, reason) in cases {
                let scene = try Self.scene(lineColor: color, lineWidth: width)
                // The query route takes the scene under "scene".
                let (body, prefix) = route == "/v1/query" ? (queryBody(scene: scene, #""at":[1,1]"#), "scene.") : (ByteBuffer(bytes: scene), "")
                try await client.execute(uri: route, method: .post, headers: jsonHeaders, body: body) { response in
                    let problem = try ProblemBody(response, status: .unprocessableContent, slug: "invalid-value")
                    #expect(problem.path == prefix + path)
                    #expect(problem.detail.contains(reason), "\(problem.detail)")
                }
            }
        }
    }
}
