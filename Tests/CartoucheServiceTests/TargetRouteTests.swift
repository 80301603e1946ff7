import CartoucheJSON
import CartoucheTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

/// One target for every route (issue #14 item 2): the seed example's route
/// styling (`SeedRouteScene`: a slot, a border, a trim, Mapbox-only) through
/// `/v1/place`, `/v1/compile`, `/v1/query` and `/v1/render`, with the target
/// in the scene or in the `target` query parameter; refused under the
/// portable target with a 422 at the property's path naming how to allow it.
@Suite("the target on every route")
struct TargetRouteTests {
    static let routes = ["/v1/place", "/v1/compile", "/v1/query", "/v1/render"]

    /// The body a route takes for a scene (a query wraps it with a tap).
    static func body(_ route: String, _ scene: Data) -> ByteBuffer {
        route == "/v1/query" ? queryBody(scene: Array(scene), #""at":[300,300]"#) : ByteBuffer(bytes: Array(scene))
    }

    @Test("the seed route styling is accepted by every route with options.target mapbox, or with ?target=mapbox", arguments: routes)
    func mapboxAccepted(route: String) async throws {
        let inScene = try SeedRouteScene.bytes(target: "mapbox")
        let plain = try SeedRouteScene.bytes()
        try await makeApp(testConfiguration()).test(.router) { client in
            for (uri, scene) in [(route, inScene), (route + "?target=mapbox", plain)] {
                let response = try await post(client, uri, Self.body(route, scene))
                #expect(response.status == .ok, "\(uri): \(String(buffer: response.body))")
            }
            // Both spellings give the same answer.
            let a = try await post(client, route, Self.body(route, inScene))
            let b = try await post(client, route + "?target=mapbox", Self.body(route, plain))
            #expect(a.body.bytes == b.body.bytes, "\(route)")
        }
    }

    @Test("under the portable target every route answers 422 at the property, naming the option", arguments: routes)
    func portableRefused(route: String) async throws {
        // The scene's own portable default, and a parameter overriding a scene that says mapbox.
        let cases = [(route, try SeedRouteScene.bytes()), (route + "?target=portable", try SeedRouteScene.bytes(target: "mapbox"))]
        let prefix = route == "/v1/query" ? "scene." : ""
        try await makeApp(testConfiguration()).test(.router) { client in
            for (uri, scene) in cases {
                let response = try await post(client, uri, Self.body(route, scene))
                let problem = try ProblemBody(response, status: .unprocessableContent, slug: "invalid-value")
                // The slot is checked first: it is the manager's own member.
                #expect(problem.path == prefix + "managers[0].slot", "\(uri): \(problem.detail)")
                #expect(problem.detail.contains(#""options": {"target": "mapbox"}"#) && problem.detail.contains("--target mapbox"),
                        "\(uri): \(problem.detail)")
            }
        }
    }

    @Test("a Mapbox-only property is a 422 at its own path, manager-wide or per annotation, naming it and the option")
    func propertyPaths() async throws {
        var scene = try #require(try JSONParser().parse(Array(try SeedRouteScene.bytes(styled: false))).objectValue)
        var managers = try #require(scene["managers"]?.arrayValue)
        var routes = try #require(managers[0].objectValue)
        var properties = try #require(routes["properties"]?.objectValue)
        properties["line-trim-offset"] = [0, 0.3]
        routes["properties"] = .object(properties)
        managers[0] = .object(routes)
        scene["managers"] = .array(managers)
        let managerWide = try JSONValue.object(scene).jsonBytes()

        var annotations = try #require(routes["annotations"]?.arrayValue)
        var second = try #require(annotations[1].objectValue)
        second["properties"] = ["line-border-width": 3]
        annotations[1] = .object(second)
        routes["annotations"] = .array(annotations)
        properties["line-trim-offset"] = nil
        routes["properties"] = .object(properties)
        managers[0] = .object(routes)
        scene["managers"] = .array(managers)
        let perAnnotation = try JSONValue.object(scene).jsonBytes()

        try await makeApp(testConfiguration()).test(.router) { client in
            for (body, path) in [(managerWide, "managers[0].properties.line-trim-offset"),
                                 (perAnnotation, "managers[0].annotations[1].properties.line-border-width")] {
                for route in Self.routes {
                    let response = try await post(client, route, Self.body(route, Data(body)))
                    let problem = try ProblemBody(response, status: .unprocessableContent, slug: "invalid-value")
                    #expect(problem.path == (route == "/v1/query" ? "scene." : "") + path, "\(route): \(problem.detail)")
                    #expect(problem.detail.hasPrefix((problem.path ?? "") + ": a Mapbox-only property;"), "\(route): \(problem.detail)")
                    #expect(problem.detail.contains(#""target": "mapbox""#) && problem.detail.contains("?target=mapbox"), "\(route): \(problem.detail)")
                }
            }
        }
    }

    @Test("a bad target parameter is a 400 naming it, on every scene route", arguments: routes)
    func badParameter(route: String) async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            let response = try await post(client, route + "?target=maplibre", Self.body(route, try SeedRouteScene.bytes()))
            let problem = try ProblemBody(response, status: .badRequest, slug: "invalid-parameter")
            #expect(problem.object["parameter"] == "target")
            #expect(problem.detail == #"target: must be portable or mapbox, got "maplibre""#)
        }
    }

    @Test("the compiled fragment: the slot on the route layer without a beforeId, lineMetrics on its source, promoted ids")
    func compiledFragment() async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            let response = try await post(client, "/v1/compile?output=fragment", ByteBuffer(bytes: Array(try SeedRouteScene.bytes(target: "mapbox"))))
            try #require(response.status == .ok)
            let fragment = try JSONParser().parse(response.body.bytes)
            let layers = try #require(fragment.objectValue?["layers"]?.arrayValue)
            let routes = try #require(layers.first { $0.objectValue?["id"] == "routes" }?.objectValue)
            #expect(routes["slot"] == "middle")
            #expect(routes["beforeId"] == nil)
            #expect(routes["paint"]?.objectValue?["line-trim-offset"] == [0, 0.3])
            let sources = try #require(fragment.objectValue?["sources"]?.objectValue)
            #expect(sources["routes"]?.objectValue?["lineMetrics"] == true)
            #expect(sources["parking"]?.objectValue?["lineMetrics"] == nil)
            #expect(sources.values.allSatisfy { $0.objectValue?["promoteId"] == "id" })
        }
    }
}
