import CartoucheJSON
import CartoucheTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

/// `POST /v1/compile` of a scene with text and no `glyphs` parameter: the
/// style points at this service's own glyph route, as an absolute URL built
/// from `--public-url` or, without it, `http://` and the request's `Host`.
@Suite("POST /v1/compile: the default glyphs")
struct DefaultGlyphsRouteTests {
    static let labelled = Array(MissingGlyphScene.json.utf8)

    static func compiledGlyphs(_ configuration: ServiceConfiguration, query: String = "") async throws -> JSONValue? {
        try await makeApp(configuration).test(.router) { client in
            let response = try await post(client, "/v1/compile" + query, ByteBuffer(bytes: labelled))
            #expect(response.status == .ok, "\(String(decoding: response.body.bytes, as: UTF8.self))")
            return try JSONParser().parse(response.body.bytes).objectValue?["glyphs"]
        }
    }

    @Test("a scene with text gets http:// and the Host the client reached (the test client sends localhost)")
    func hostHeader() async throws {
        #expect(try await Self.compiledGlyphs(testConfiguration()) == "http://localhost/v1/glyphs/{fontstack}/{range}.pbf")
    }

    @Test("--public-url wins over Host; a glyphs parameter wins over both")
    func configuredAndGiven() async throws {
        let configuration = testConfiguration { $0.publicURL = "https://maps.example.com/cartouche" }
        #expect(try await Self.compiledGlyphs(configuration) == "https://maps.example.com/cartouche/v1/glyphs/{fontstack}/{range}.pbf")
        #expect(try await Self.compiledGlyphs(configuration, query: "?glyphs=https://cdn.example.com/%7Bfontstack%7D/%7Brange%7D.pbf")
            == "https://cdn.example.com/{fontstack}/{range}.pbf")
    }

    @Test("a style without text gets no glyphs (its bytes stay the library's)")
    func noTextNoGlyphs() async throws {
        let body = try Shared.example("sf-stanford.scene.json")
        try await makeApp(testConfiguration()).test(.router) { client in
            let response = try await post(client, "/v1/compile", ByteBuffer(bytes: body))
            #expect(response.status == .ok)
            #expect(try JSONParser().parse(response.body.bytes).objectValue?["glyphs"] == nil)
        }
    }

    @Test("the base URL: Host as sent, a Host no host has replaced by the listen address, none likewise")
    func baseURL() {
        let configuration = ServiceConfiguration(host: "0.0.0.0", port: 9090)
        func request(_ authority: String?) -> HTTPRequest {
            HTTPRequest(method: .post, scheme: "http", authority: authority, path: "/v1/compile")
        }
        #expect(PublicBaseURL.resolve(configuration: configuration, request: request("maps.local:8080")) == "http://maps.local:8080")
        #expect(PublicBaseURL.resolve(configuration: configuration, request: request("[::1]:8080")) == "http://[::1]:8080")
        #expect(PublicBaseURL.resolve(configuration: configuration, request: request("evil.example/x?\"")) == "http://0.0.0.0:9090")
        #expect(PublicBaseURL.resolve(configuration: configuration, request: request(nil)) == "http://0.0.0.0:9090")
        #expect(PublicBaseURL.resolve(configuration: ServiceConfiguration(host: "::1", port: 80), request: request(nil)) == "http://[::1]:80")
    }

    @Test("--public-url must be an absolute http(s) URL without a trailing slash", arguments: [
        ("https://maps.example.com", true), ("http://10.0.0.2:8080/cartouche", true), ("maps.example.com", false),
        ("https://maps.example.com/", false), ("https://maps.example.com/?a=1", false), ("ftp://x", false), ("https://", false),
    ])
    func publicURLValidation(url: String, valid: Bool) {
        var configuration = ServiceConfiguration()
        configuration.publicURL = url
        #expect(((try? configuration.validate()) != nil) == valid, "\(url)")
        #expect(((try? ServiceConfiguration().applying(environment: ["CARTOUCHE_PUBLIC_URL": url])) != nil) == valid, "\(url)")
    }
}
