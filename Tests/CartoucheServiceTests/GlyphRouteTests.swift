import CartoucheJSON
import CartoucheText
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

/// `GET /v1/glyphs/{fontstack}/{range}.pbf`: the bytes the library makes
/// (themselves checked against FreeType and fontnik's algorithm in
/// `GlyphRangeTests`), the headers, the cache, and the problems.
@Suite("GET /v1/glyphs")
struct GlyphRouteTests {
    static func expected(_ fontstack: String, _ range: String) throws -> [UInt8] {
        try GlyphRangeGenerator(registry: try Shared.engine.get().registry).pbf(fontstack: fontstack, range: try GlyphRange(parsing: range))
    }

    @Test("200 with the range's bytes, protobuf type, Cache-Control, ETag; a second request is a cache hit; If-None-Match is 304")
    func served() async throws {
        let metrics = ServiceMetrics()
        try await makeApp(testConfiguration(), metrics: metrics).test(.router) { client in
            let uri = "/v1/glyphs/Noto%20Sans%20Regular/0-255.pbf"
            let first = try await client.execute(uri: uri, method: .get)
            #expect(first.status == .ok)
            #expect(first.headers[.contentType] == "application/x-protobuf")
            #expect(first.headers[.cacheControl] == "public, max-age=86400")
            #expect(first.headers[.init("Cartouche-Warning-Count")!] == "0")
            let etag = try #require(first.headers[.eTag])
            #expect(etag.hasPrefix("\"") && etag.count == 18)
            #expect(first.body.bytes == (try Self.expected("Noto Sans Regular", "0-255")))

            let second = try await client.execute(uri: uri, method: .get)
            #expect(second.body.bytes == first.body.bytes)
            #expect(second.headers[.eTag] == etag)
            let exposition = String(decoding: metrics.exposition(), as: UTF8.self)
            #expect(exposition.contains(#"cartouche_glyph_cache_lookups_total{result="miss"} 1"#))
            #expect(exposition.contains(#"cartouche_glyph_cache_lookups_total{result="hit"} 1"#))
            #expect(exposition.contains(#"cartouche_requests_total{route="/v1/glyphs/{fontstack}/{range}.pbf",status="200"} 2"#))

            let notModified = try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: etag])
            #expect(notModified.status == .notModified)
            #expect(notModified.body.readableBytes == 0)
            #expect(notModified.headers[.eTag] == etag)
            let other = try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: "\"0000000000000000\""])
            #expect(other.status == .ok)

            let head = try await client.execute(uri: uri, method: .head)
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
        }
    }

    @Test("a combined stack of aliases, as renderers join text-font; an unknown name in it is skipped with a warning")
    func stacks() async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            let combined = try await client.execute(uri: "/v1/glyphs/Open%20Sans%20Regular,Arial%20Unicode%20MS%20Regular/1536-1791.pbf", method: .get)
            #expect(combined.status == .ok)
            #expect(combined.body.bytes == (try Self.expected("Open Sans Regular,Arial Unicode MS Regular", "1536-1791")))

            let partly = try await client.execute(uri: "/v1/glyphs/Nope%20Sans,Noto%20Sans%20Bold/0-255.pbf", method: .get)
            #expect(partly.status == .ok)
            #expect(partly.headers[.init("Cartouche-Warning-Count")!] == "1")
            #expect(partly.headers[.init("Cartouche-Warnings")!]?.contains("Nope Sans") == true)
            #expect(partly.body.bytes == (try Self.expected("Nope Sans,Noto Sans Bold", "0-255")))
        }
    }

    @Test("a stack naming no known font is 404 naming it")
    func unknownFont() async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            let response = try await client.execute(uri: "/v1/glyphs/Comic%20Nope%20Regular/0-255.pbf", method: .get)
            let problem = try ProblemBody(response, status: .notFound, slug: "unknown-font")
            #expect(problem.detail.contains("\"Comic Nope Regular\""))
            #expect(problem.object["parameter"] == "fontstack")
        }
    }

    @Test("a range that is not N-(N+255) within the BMP is 400 naming it", arguments: ["1-256", "0-511", "65536-65791", "abc", "0-255x"])
    func badRange(_ range: String) async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            let response = try await client.execute(uri: "/v1/glyphs/Noto%20Sans%20Regular/\(range).pbf", method: .get)
            let problem = try ProblemBody(response, status: .badRequest, slug: "invalid-parameter")
            #expect(problem.detail.contains("\"\(range)\""))
            #expect(problem.object["parameter"] == "range")
        }
    }

    @Test("other methods are 405 listing GET and HEAD; a path without .pbf is 404")
    func methods() async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            let post = try await client.execute(uri: "/v1/glyphs/Noto%20Sans%20Regular/0-255.pbf", method: .post, headers: jsonHeaders, body: ByteBuffer(string: "{}"))
            #expect(post.status == .methodNotAllowed)
            #expect(post.headers[.allow] == "GET, HEAD")
            let missing = try await client.execute(uri: "/v1/glyphs/Noto%20Sans%20Regular/0-255", method: .get)
            _ = try ProblemBody(missing, status: .notFound, slug: "not-found")
        }
    }

    @Test("the cache keeps at most its bound, dropping the least recently used")
    func cacheBound() {
        let cache = GlyphCache(limitBytes: 250)
        let entry = { (n: Int) in GlyphCache.Entry(body: [UInt8](repeating: UInt8(n), count: 100), warnings: []) }
        cache.insert(entry(1), for: "a")
        cache.insert(entry(2), for: "b")
        #expect(cache.entry("a") == entry(1))  // a is now the most recently used
        cache.insert(entry(3), for: "c")
        #expect(cache.entry("b") == nil)
        #expect(cache.entry("a") == entry(1) && cache.entry("c") == entry(3))
        #expect(cache.usage.entries == 2 && cache.usage.bytes == 200)
        cache.insert(GlyphCache.Entry(body: [UInt8](repeating: 0, count: 300), warnings: []), for: "huge")
        #expect(cache.entry("huge") == nil)
        #expect(entry(1).etag != entry(2).etag)
    }
}
