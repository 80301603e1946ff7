import CartoucheJSON
import CartoucheScene
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

@Suite("Routes other than /v1/place")
struct OtherRouteTests {
    @Test("GET /healthz answers ok")
    func health() async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == #"{"status":"ok","version":"\#(CartoucheVersion.string)"}"#)
            }
        }
    }

    @Test("unknown paths are 404 problems; known paths with the wrong method are 405 with Allow")
    func notFoundAndMethodNotAllowed() async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/v2/place", method: .post, headers: jsonHeaders, body: ByteBuffer(string: "{}")) { response in
                _ = try ProblemBody(response, status: .notFound, slug: "not-found")
            }
            try await client.execute(uri: "/v1/place", method: .get) { response in
                let problem = try ProblemBody(response, status: .methodNotAllowed, slug: "method-not-allowed")
                #expect(response.headers[.allow] == "POST")
                #expect(problem.detail.contains("GET"))
            }
        }
    }

    @Test("POST /v1/shape: Hello wörld in the bundled Noto Sans at 16 px is 5363 units × 16 / 1000 = 85.808 px wide")
    func shape() async throws {
        let body = #"{"text":"Hello wörld","font":["Noto Sans Regular"],"size":16}"#
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/v1/shape", method: .post, headers: jsonHeaders, body: ByteBuffer(string: body)) { response in
                #expect(response.status == .ok)
                let object = try #require(try JSONParser().parse(response.body.bytes).objectValue)
                let width = try #require(object["width"]?.numberValue)
                // hb-shape on Fonts/NotoSans-Regular.ttf: 741+564+258+258+605+260+786+605+413+258+615 = 5363 units at 1000 upem.
                #expect(abs(width - 5363.0 * 16 / 1000) < 1e-9)
                #expect(object["faces"] == ["Noto Sans Regular"])
                #expect(object["lines"]?.arrayValue?.count == 1)
                #expect(object["lines"]?.arrayValue?.first?.objectValue?["end"] == 11)
                #expect(object["missingCodePoints"] == [])
            }
        }
    }

    @Test("POST /v1/shape with glyphs lists one glyph per letter of a Latin text")
    func shapeGlyphs() async throws {
        let body = #"{"text":"Cartouche","glyphs":true,"maxWidth":100}"#
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/v1/shape", method: .post, headers: jsonHeaders, body: ByteBuffer(string: body)) { response in
                #expect(response.status == .ok)
                let object = try #require(try JSONParser().parse(response.body.bytes).objectValue)
                let glyphs = try #require(object["lines"]?.arrayValue?.first?.objectValue?["glyphs"]?.arrayValue)
                #expect(glyphs.count == 9)
                let advances = glyphs.compactMap { $0.objectValue?["advance"]?.numberValue }
                let width = try #require(object["width"]?.numberValue)
                #expect(abs(advances.reduce(0, +) - width) < 1e-6)
            }
        }
    }

    @Test("POST /v1/shape errors name the request member", arguments: [
        (#"{"text":"a","size":-1}"#, "size", "invalid-value"),
        (#"{"text":"a","font":["No Such Font"]}"#, "font", "invalid-value"),
        (#"{"text":"a","font":[]}"#, "font", "invalid-value"),
        (#"{"text":"a","justify":"middle"}"#, "justify", "invalid-value"),
        (#"{"text":"a","colour":"red"}"#, "colour", "invalid-value"),
        (#"{"size":3}"#, "$", "invalid-value"),
        (#"{"text":"abcdefghijk"}"#, "text", "text-too-long"),
    ])
    func shapeErrors(body: String, path: String, slug: String) async throws {
        try await makeApp(testConfiguration { $0.maxTextLength = 10 }).test(.router) { client in
            try await client.execute(uri: "/v1/shape", method: .post, headers: jsonHeaders, body: ByteBuffer(string: body)) { response in
                let problem = try ProblemBody(response, status: .unprocessableContent, slug: slug)
                #expect(problem.path == path)
            }
        }
    }

    @Test("GET /v1/fonts lists the bundled faces with their coverage")
    func fonts() async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/v1/fonts", method: .get) { response in
                #expect(response.status == .ok)
                let object = try #require(try JSONParser().parse(response.body.bytes).objectValue)
                let fonts = try #require(object["fonts"]?.arrayValue)
                let names = fonts.compactMap { $0.objectValue?["name"]?.stringValue }
                #expect(names.contains("Noto Sans Regular"))
                #expect(names.contains("Noto Sans Arabic Regular"))
                #expect(names == names.sorted())
                let noto = try #require(fonts.first { $0.objectValue?["name"] == "Noto Sans Regular" }?.objectValue)
                let basicLatin = try #require(noto["blocks"]?.arrayValue?.first { $0.objectValue?["name"] == "Basic Latin" }?.objectValue)
                // U+0020…U+007E: 95 printable ASCII characters, all in Noto Sans.
                #expect(basicLatin["covered"] == 95)
                #expect(basicLatin["size"] == 95)
                // Noto Sans has no Arabic letters: the block is left out.
                #expect(noto["blocks"]?.arrayValue?.contains { $0.objectValue?["name"] == "Arabic" } == false)
                #expect(object["aliases"]?.objectValue?["open sans regular"] == "Noto Sans Regular")
                // The Korean subset covers every precomposed syllable.
                let korean = try #require(fonts.first { $0.objectValue?["name"] == "Noto Sans CJK KR Regular" }?.objectValue)
                let hangul = korean["blocks"]?.arrayValue?.first { $0.objectValue?["name"] == "Hangul Syllables" }?.objectValue
                #expect(hangul?["covered"] == 11172 && hangul?["size"] == 11172)
                let fallbacks = object["fallbacks"]?.arrayValue?.compactMap(\.stringValue) ?? []
                #expect(fallbacks.firstIndex(of: "Noto Sans CJK KR Regular") ?? .max < fallbacks.firstIndex(of: "Droid Sans Fallback Regular") ?? -1)
            }
        }
    }

    @Test("GET /metrics counts requests by route and status, and the callouts placed")
    func metrics() async throws {
        let body = try Shared.example("sf-stanford.scene.json")
        let placed = try SceneDocument(jsonBytes: body).place(text: try Shared.engine.get()).placedCount
        try await makeApp(testConfiguration()).test(.router) { client in
            for _ in 0..<2 {
                try await client.execute(uri: "/v1/place", method: .post, headers: jsonHeaders, body: ByteBuffer(bytes: body)) { #expect($0.status == .ok) }
            }
            try await client.execute(uri: "/v1/place", method: .post, headers: jsonHeaders, body: ByteBuffer(string: "[")) { #expect($0.status == .badRequest) }
            try await client.execute(uri: "/nowhere", method: .get) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.status == .ok)
                let text = String(buffer: response.body)
                let lines = Set(text.split(separator: "\n").map(String.init))
                #expect(lines.contains(#"cartouche_requests_total{route="/v1/place",status="200"} 2"#))
                #expect(lines.contains(#"cartouche_requests_total{route="/v1/place",status="400"} 1"#))
                #expect(lines.contains(#"cartouche_requests_total{route="unmatched",status="404"} 1"#))
                #expect(lines.contains("cartouche_annotations_placed_total \(2 * placed)"))
                #expect(lines.contains(#"cartouche_request_duration_seconds_count{route="/v1/place"} 3"#))
                #expect(text.contains(#"cartouche_request_duration_seconds_bucket{route="/v1/place",le="+Inf"} 3"#))
            }
        }
    }

    @Test("hidden callouts are counted by reason")
    func hiddenMetrics() async throws {
        // Two identical callouts on one point: the second collides with the first.
        let body = #"{"version":1,"viewport":{"width":400,"height":400},"camera":{"center":[0,0],"zoom":3},"viewAnnotations":[{"id":"a","feature":{"type":"Point","coordinates":[0,0]},"size":{"width":50,"height":20}},{"id":"b","feature":{"type":"Point","coordinates":[0,0]},"size":{"width":50,"height":20}},{"id":"c","feature":{"type":"Point","coordinates":[0,0]},"size":{"width":50,"height":20},"visible":false}]}"#
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/v1/place", method: .post, headers: jsonHeaders, body: ByteBuffer(string: body)) { #expect($0.status == .ok) }
            try await client.execute(uri: "/metrics", method: .get) { response in
                let lines = Set(String(buffer: response.body).split(separator: "\n").map(String.init))
                #expect(lines.contains("cartouche_annotations_placed_total 1"))
                #expect(lines.contains(#"cartouche_annotations_hidden_total{reason="collision"} 1"#))
                #expect(lines.contains(#"cartouche_annotations_hidden_total{reason="notVisible"} 1"#))
            }
        }
    }
}
