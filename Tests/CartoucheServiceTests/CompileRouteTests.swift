import CartoucheJSON
import CartoucheScene
import CartoucheAnnotations
import CartoucheStyle
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

/// The example scenes the routes are checked on.
let exampleScenes = ["sf-stanford.scene.json", "mapbox-docs.scene.json", "world-cities.scene.json", "world-globe.scene.json"]

@Suite("POST /v1/compile")
struct CompileRouteTests {
    @Test("the default answer is the library's complete style, sorted keys, byte for byte", arguments: exampleScenes)
    func styleEqualsLibrary(name: String) async throws {
        let body = try Shared.example(name)
        let expected = try SceneDocument(jsonBytes: body).styleDocument().json.jsonBytes()
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/v1/compile", method: .post, headers: jsonHeaders, body: ByteBuffer(bytes: body)) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json")
                #expect(response.body.bytes == expected)
                #expect(response.headers[SceneController.warningCountField] == "0")
                #expect(response.headers[SceneController.warningsField] == nil)
            }
        }
    }

    @Test("output=fragment&target=mapbox is the library's fragment for Mapbox GL")
    func fragmentEqualsLibrary() async throws {
        let body = try Shared.example("sf-stanford.scene.json")
        let expected = try SceneDocument(jsonBytes: body).compile(target: .mapbox).fragment.json.jsonBytes()
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/v1/compile?output=fragment&target=mapbox", method: .post, headers: jsonHeaders,
                                     body: ByteBuffer(bytes: body)) { response in
                #expect(response.status == .ok)
                #expect(response.body.bytes == expected)
                let object = try #require(try JSONParser().parse(response.body.bytes).objectValue)
                #expect(Set(object.keys) == ["layers", "sources"])
            }
        }
    }

    @Test("name, glyphs, sprite, background and slots reach the style document")
    func styleOptions() async throws {
        let body = try Shared.example("mapbox-docs.scene.json")
        let options = StyleDocumentOptions(
            name: "Gulf", glyphs: "https://example.com/{fontstack}/{range}.pbf", sprite: "https://example.com/sprite",
            backgroundColor: nil, slots: ["bottom", "top"])
        let expected = try SceneDocument(jsonBytes: body).styleDocument(options: options).json.jsonBytes()
        let query = "name=Gulf&glyphs=https://example.com/%7Bfontstack%7D/%7Brange%7D.pbf&sprite=https://example.com/sprite&background=none&slots=bottom,top"
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/v1/compile?" + query, method: .post, headers: jsonHeaders, body: ByteBuffer(bytes: body)) { response in
                #expect(response.status == .ok)
                #expect(response.body.bytes == expected)
                let style = try #require(try JSONParser().parse(response.body.bytes).objectValue)
                #expect(style["glyphs"] == "https://example.com/{fontstack}/{range}.pbf")
                #expect(style["layers"]?.arrayValue?.first?.objectValue?["id"] == "bottom")
            }
        }
    }

    @Test("duplicate annotation ids: the first is kept, and the warning travels in the headers")
    func duplicateIdWarnings() async throws {
        let body = #"{"version":1,"viewport":{"width":100,"height":100},"camera":{"center":[0,0],"zoom":1},"managers":[{"id":"pins","type":"circle","annotations":[{"id":"ä","geometry":{"type":"Point","coordinates":[0,0]}},{"id":"b","geometry":{"type":"Point","coordinates":[1,1]}},{"id":"ä","geometry":{"type":"Point","coordinates":[2,2]}}]}]}"#
        let document = try SceneDocument(jsonBytes: Array(body.utf8))
        let expected = try document.styleDocument().json.jsonBytes()
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/v1/compile", method: .post, headers: jsonHeaders, body: ByteBuffer(string: body)) { response in
                #expect(response.status == .ok)
                #expect(response.body.bytes == expected)
                #expect(response.headers[SceneController.warningCountField] == "1")
                let header = try #require(response.headers[SceneController.warningsField])
                #expect(header.unicodeScalars.allSatisfy { $0.isASCII })
                let warnings = try JSONParser().parse(Array(header.utf8))
                #expect(warnings == [#"manager "pins": annotation id "ä" at index 2 repeats index 0; the first is kept"#])
            }
        }
        // The kept one is the first: one feature with id ä, at (0, 0).
        let features = try #require(try JSONParser().parse(expected).objectValue?["sources"]?.objectValue?["pins"]?
            .objectValue?["data"]?.objectValue?["features"]?.arrayValue)
        #expect(features.count == 2)
    }

    @Test("bad query parameters are 400 problems naming the parameter", arguments: [
        ("format=json", "format"), ("target=maplibre", "target"), ("output=tiles", "output"),
        ("output=fragment&glyphs=x", "glyphs"), ("target=mapbox&target=portable", "target"), ("background=notacolour", "background"),
        ("slots=a,,b", "slots"), ("glyphs=", "glyphs"),
    ])
    func badParameter(query: String, parameter: String) async throws {
        let body = try Shared.example("sf-stanford.scene.json")
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/v1/compile?" + query, method: .post, headers: jsonHeaders, body: ByteBuffer(bytes: body)) { response in
                let problem = try ProblemBody(response, status: .badRequest, slug: "invalid-parameter")
                #expect(problem.object["parameter"]?.stringValue == parameter)
                #expect(problem.detail.hasPrefix("\(parameter): "))
            }
        }
    }

    @Test("malformed JSON is a 400 with line and column; an unknown member a 422 at its path")
    func badBodies() async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/v1/compile", method: .post, headers: jsonHeaders, body: ByteBuffer(string: "{\n  \"version\": 1,\n  \"viewport\": ]\n}")) { response in
                let problem = try ProblemBody(response, status: .badRequest, slug: "invalid-json")
                #expect(problem.object["line"] == 3)
                #expect(problem.object["column"] == 15)
            }
            let unknown = #"{"version":1,"viewport":{"width":100,"height":100},"camera":{"center":[0,0],"zoom":1},"managers":[{"id":"m","type":"circle","colour":"red"}]}"#
            try await client.execute(uri: "/v1/compile", method: .post, headers: jsonHeaders, body: ByteBuffer(string: unknown)) { response in
                let problem = try ProblemBody(response, status: .unprocessableContent, slug: "invalid-value")
                #expect(problem.path == "managers[0].colour")
            }
        }
    }

    @Test("limits: a body over the byte limit is 413; more manager annotations than allowed is 413 at managers")
    func limits() async throws {
        let body = try Shared.example("world-cities.scene.json")
        try await makeApp(testConfiguration { $0.maxBodyBytes = 1_000 }).test(.router) { client in
            try await client.execute(uri: "/v1/compile", method: .post, headers: jsonHeaders, body: ByteBuffer(bytes: body)) { response in
                _ = try ProblemBody(response, status: .contentTooLarge, slug: "body-too-large")
            }
        }
        let threeCircles = #"{"version":1,"viewport":{"width":100,"height":100},"camera":{"center":[0,0],"zoom":1},"managers":[{"id":"a","type":"circle","annotations":[{"id":"1","geometry":{"type":"Point","coordinates":[0,0]}}]},{"id":"b","type":"circle","annotations":[{"id":"2","geometry":{"type":"Point","coordinates":[0,0]}},{"id":"3","geometry":{"type":"Point","coordinates":[0,0]}}]}]}"#
        try await makeApp(testConfiguration { $0.maxAnnotations = 2 }).test(.router) { client in
            try await client.execute(uri: "/v1/compile", method: .post, headers: jsonHeaders, body: ByteBuffer(string: threeCircles)) { response in
                let problem = try ProblemBody(response, status: .contentTooLarge, slug: "too-many-annotations")
                #expect(problem.path == "managers")
                #expect(problem.detail.contains("3 annotations"))
            }
        }
    }

    @Test("GET is 405 with Allow: POST; the route is counted in the metrics")
    func methodAndMetrics() async throws {
        let metrics = ServiceMetrics()
        try await makeApp(testConfiguration(), metrics: metrics).test(.router) { client in
            try await client.execute(uri: "/v1/compile", method: .get) { response in
                _ = try ProblemBody(response, status: .methodNotAllowed, slug: "method-not-allowed")
                #expect(response.headers[.allow] == "POST")
            }
            try await client.execute(uri: "/v1/compile", method: .post, headers: jsonHeaders, body: ByteBuffer(bytes: try Shared.example("sf-stanford.scene.json"))) { response in
                #expect(response.status == .ok)
            }
        }
        let exposition = String(decoding: metrics.exposition(), as: UTF8.self)
        #expect(exposition.contains(#"cartouche_requests_total{route="/v1/compile",status="200"} 1"#))
    }
}

@Suite("Cartouche-Warnings header")
struct WarningsHeaderTests {
    @Test("long and many warnings are cut to stay a small, ASCII, parseable header")
    func bounded() throws {
        let long = "manager \"m\": annotation id \"" + String(repeating: "é", count: 500) + "\" at index 1 repeats index 0; the first is kept"
        let value = SceneController.warningsHeader(Array(repeating: long, count: 40))
        #expect(value.utf8.count <= SceneController.warningHeaderBytes)
        #expect(value.unicodeScalars.allSatisfy { $0.isASCII })
        let parsed = try #require(try JSONParser().parse(Array(value.utf8)).arrayValue)
        // A cut message is 28 ASCII characters (3 quotes escaped: 31 bytes), 171 × é
        // (\u00e9, 6 bytes each) and … (6 bytes): 1,063 bytes, 1,065 quoted.
        // Three take 2 + 3 × 1,065 + 2 = 3,199 bytes; four would take 4,265 > 4,096.
        #expect(parsed.count == 3)
        #expect(parsed.first?.stringValue == String(long.prefix(199)) + "…")
        #expect(SceneController.warningsHeader(["a", "b"]) == #"["a","b"]"#)
    }
}
