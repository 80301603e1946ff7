import CartoucheJSON
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

/// MapLibre GL JS for the playground (`/playground/vendor/maplibre-gl.js`,
/// `.css`) and the page's policy with `?style=URL`, without a browser
/// (`PlaygroundStyleBrowserTests` drives the page).
@Suite("Playground style routes")
struct PlaygroundStyleRouteTests {
    static let script = "/**\n * MapLibre GL JS\n * @license 3-Clause BSD. Full text of license: "
        + "https://github.com/maplibre/maplibre-gl-js/blob/v5.3.0/LICENSE.txt\n */\nvar maplibregl = {};\n"
    static let style = ".maplibregl-map { overflow: hidden; }\n"

    static func problem(_ response: TestResponse) throws -> [String: JSONValue] {
        #expect(response.headers[.contentType] == "application/problem+json")
        return try #require(try JSONParser().parse(response.body.bytes).objectValue)
    }

    @Test("with a folder: both files served as they are, their release read from the licence header")
    func served() async throws {
        let folder = try PlaygroundRouteTests.folder(["maplibre-gl.js": Self.script, "maplibre-gl.css": Self.style])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try PlaygroundMapLibre.load(directory: folder.path).version == "v5.3.0")
        try await makeApp(testConfiguration { $0.mapLibreDirectory = folder.path }).test(.router) { client in
            for (path, type, body) in [("/playground/vendor/maplibre-gl.js", "text/javascript; charset=utf-8", Self.script),
                                       ("/playground/vendor/maplibre-gl.css", "text/css; charset=utf-8", Self.style)] {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == type)
                    #expect(String(buffer: response.body) == body)
                }
            }
        }
    }

    @Test("without one: a 404 problem whose detail tells to run scripts/setup or give --maplibre DIR")
    func absent() async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            for path in ["/playground/vendor/maplibre-gl.js", "/playground/vendor/maplibre-gl.css"] {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .notFound)
                    let body = try Self.problem(response)
                    let detail = try #require(body["detail"]?.stringValue)
                    #expect(detail.hasPrefix("MapLibre GL JS not installed: run scripts/setup"), "\(detail)")
                    #expect(detail.contains(PlaygroundMapLibre.defaultDirectory) && detail.contains("--maplibre DIR"))
                    #expect(body["instance"]?.stringValue == path)
                }
            }
        }
    }

    @Test("a folder without both files stops the start-up, naming the missing file")
    func unusable() throws {
        let folder = try PlaygroundRouteTests.folder(["maplibre-gl.js": Self.script])
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try makeApp(testConfiguration { $0.mapLibreDirectory = folder.path })
            Issue.record("the service started without maplibre-gl.css")
        } catch let error as PlaygroundFileError {
            #expect(error.part == .maplibre)
            #expect(error.file == folder.appendingPathComponent("maplibre-gl.css").path)
            #expect(error.reason.hasPrefix("cannot be read"))
        }
    }

    @Test("GET /?style=URL: the page, its policy also allowing the style's origin, workers from blobs, nothing inline")
    func pageWithStyle() async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            let style = "https://Tiles.Example.org:8443/styles/v1/style.json?key=a%26b"
            let query = style.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            try await client.execute(uri: "/?style=\(query)", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                let csp = try #require(response.headers[.contentSecurityPolicy])
                #expect(csp.contains("connect-src 'self' https://tiles.example.org:8443;"), "\(csp)")
                #expect(csp.contains("img-src 'self' data: blob: https://tiles.example.org:8443;"), "\(csp)")
                #expect(csp.contains("worker-src blob:") && csp.contains("script-src 'self';") && csp.contains("style-src 'self';"))
                #expect(!csp.contains("unsafe"))
            }
            // Without a style the policy stays the strict one: no other origin, no blobs.
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.headers[.contentSecurityPolicy] == PlaygroundController.contentSecurityPolicy)
                #expect(!PlaygroundController.contentSecurityPolicy.contains("blob:"))
            }
        }
    }

    @Test("a style that is not an http(s) URL a policy can name is a 400 problem for parameter style", arguments: [
        ("ftp://example.org/style.json", "the scheme is ftp"),
        ("mapbox://styles/mapbox/streets-v12", "mapbox:// URLs need Mapbox GL JS"),
        ("style.json", "is not an absolute URL"),
        ("http://user:secret@example.org/style.json", "user name or password"),
        ("http://[::1]:8080/style.json", "cannot be allowed by the page's Content-Security-Policy"),
        ("", "it is empty"),
    ])
    func badStyle(style: String, reason: String) async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            let query = style.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            try await client.execute(uri: "/?style=\(query)", method: .get) { response in
                #expect(response.status == .badRequest)
                let body = try Self.problem(response)
                #expect(body["parameter"]?.stringValue == "style")
                #expect(body["type"]?.stringValue == "https://cartouche.dev/problems/invalid-parameter")
                let detail = try #require(body["detail"]?.stringValue)
                #expect(detail.hasPrefix("style must be the http or https URL of a MapLibre/Mapbox style JSON: "))
                #expect(detail.contains(reason), "\(detail)")
            }
        }
    }

    @Test("style given twice is refused")
    func repeatedStyle() async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/?style=http://a.example/s.json&style=http://b.example/s.json", method: .get) { response in
                #expect(response.status == .badRequest)
                let detail = try Self.problem(response)["detail"]?.stringValue
                #expect(detail == "style is given 2 times; give it once")
            }
        }
    }
}
