import CartoucheJSON
import CartoucheScene
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

/// `GET /v1/examples` and the playground's files, without a browser
/// (`PlaygroundBrowserTests` drives the page itself).
@Suite("Playground and examples routes")
struct PlaygroundRouteTests {
    static var examplesFolder: String { Shared.repositoryRoot.appendingPathComponent("Examples").path }

    /// A fresh folder under the temporary directory holding `files` (name → contents).
    static func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cartouche-examples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
        return url
    }

    static let tinyScene = #"{"version":1,"viewport":{"width":400,"height":300},"camera":{"center":[0,0],"zoom":2}}"#

    @Test("GET /v1/examples lists every *.scene.json of Examples/, sorted by name, each scene as in its file")
    func examplesFromRepository() async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.examplesFolder)
            .filter { $0.hasSuffix(".scene.json") }.sorted()
        try #require(files.count >= 3)
        try await makeApp(testConfiguration { $0.examplesDirectory = Self.examplesFolder }).test(.router) { client in
            try await client.execute(uri: "/v1/examples", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json")
                let body = try JSONParser().parse(response.body.bytes)
                let examples = try #require(body.objectValue?["examples"]?.arrayValue)
                #expect(examples.compactMap { $0.objectValue?["name"]?.stringValue } == files.map { String($0.dropLast(".scene.json".count)) })
                for (file, example) in zip(files, examples) {
                    #expect(example.objectValue?["scene"] == (try JSONParser().parse(try Shared.example(file))), "\(file)")
                }
                let checker = try OpenAPITests.checker()
                #expect(checker.check(body, against: ["$ref": "#/components/schemas/ExamplesResponse"], at: "$") == [])
            }
        }
    }

    @Test("without an examples folder the list is empty")
    func noExamples() async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/v1/examples", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == #"{"examples":[]}"#)
            }
        }
    }

    @Test("only *.scene.json files count; names sort by code point; the answer is byte-identical across loads")
    func onlySceneFilesSorted() throws {
        let url = try Self.folder([
            "b.scene.json": Self.tinyScene, "a-b.scene.json": Self.tinyScene, "a.scene.json": Self.tinyScene,
            "notes.json": "not a scene", "README.md": "# hi", ".scene.json": "{",
        ])
        defer { try? FileManager.default.removeItem(at: url) }
        let first = try ExampleCatalog.load(directory: url)
        #expect(first.examples.map(\.name) == ["a", "a-b", "b"])
        #expect(try ExampleCatalog.load(directory: url).responseBody == first.responseBody)
    }

    @Test("a bad example stops the start-up with an error naming the file and the JSON path", arguments: [
        (#"{"version":1,"viewport":{"width":400,"height":300},"camera":{"center":[0,0],"zoom":99}}"#, "camera.zoom", "within 0.0...25.5, got 99.0"),
        (#"{"version":1,"viewport":{"width":400,"height":300},"camera":{"center":[0,0],"zoom":2},"viewAnnotations":[{"id":"a","feature":{"type":"Point","coordinates":[0,0]},"size":{"width":-1,"height":5}}]}"#,
         "viewAnnotations[0].size.width", "must be ≥ 0"),
        (#"{"version":1,"viewport":"#, nil, "line 1"),
    ])
    func badExample(text: String, path: String?, reasonMentions: String) throws {
        let url = try Self.folder(["good.scene.json": Self.tinyScene, "broken.scene.json": text])
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try makeApp(testConfiguration { $0.examplesDirectory = url.path })
            Issue.record("the service started with a broken example")
        } catch let error as ExampleLoadError {
            #expect(error.file.hasSuffix("/broken.scene.json"))
            #expect(error.path == path)
            #expect(error.reason.contains(reasonMentions), "\(error)")
            #expect("\(error)".contains("broken.scene.json"))
        }
    }

    @Test("an example over the service's limits is refused at start-up")
    func exampleOverLimits() throws {
        do {
            _ = try makeApp(testConfiguration { $0.examplesDirectory = Self.examplesFolder; $0.maxAnnotations = 100 })
            Issue.record("world-cities (312 callouts) was accepted with a limit of 100")
        } catch let error as ExampleLoadError {
            #expect(error.file.hasSuffix("world-cities.scene.json"))
            #expect(error.path == "viewAnnotations")
        }
    }

    @Test("a missing examples folder is a start-up error naming it")
    func missingFolder() throws {
        let path = "/nonexistent/cartouche-examples"
        #expect(throws: ExampleLoadError.self) { _ = try makeApp(testConfiguration { $0.examplesDirectory = path }) }
    }

    @Test("GET / is the page, with its own script and style sheet only, under a strict CSP", arguments: [
        ("/", "text/html; charset=utf-8"), ("/playground.js", "text/javascript; charset=utf-8"),
        ("/playground.css", "text/css; charset=utf-8"),
    ])
    func pageFiles(path: String, type: String) async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == type)
                let csp = try #require(response.headers[.contentSecurityPolicy])
                #expect(csp.contains("default-src 'none'") && csp.contains("script-src 'self'") && csp.contains("connect-src 'self'"))
                #expect(!csp.contains("unsafe-inline"))
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                #expect(response.body.readableBytes > 500)
            }
        }
    }

    /// Every `src`/`href` of the page is one of this server's routes: nothing third-party is loaded.
    @Test("the page links only this server's routes, and the script calls only routes the service has")
    func pageLinksAreLocal() throws {
        let routes = Set(ServiceRoute.allCases.map(\.path))
        let assets = try PlaygroundAssets(resources: ServiceResources.located.get())
        let html = assets.html
        // `data:,` is the empty favicon (it keeps the browser from asking for /favicon.ico).
        let links = html.matches(of: /(?:src|href)="([^"]*)"/).map { String($0.output.1) }.filter { $0 != "data:," }
        #expect(Set(links) == ["/playground.css", "/playground.js", "/openapi.json"])
        #expect(links.allSatisfy { routes.contains($0) })
        let calls = assets.script.matches(of: /(?:c|timedC)all\('(?:GET|POST)', [`']([^`'?$]+)/).map { String($0.output.1) }
        #expect(Set(calls) == ["/v1/place", "/v1/render", "/v1/query", "/v1/examples", "/playground/basemap.geojson",
                               "/playground/vendor/maplibre-gl.js"])
        // MapLibre GL JS (only with ?style=) is loaded from this server too.
        let vendor = assets.script.matches(of: /(?:src|href): '([^']+)'/).map { String($0.output.1) }
        #expect(Set(vendor) == ["/playground/vendor/maplibre-gl.js", "/playground/vendor/maplibre-gl.css"])
        #expect(vendor.allSatisfy { routes.contains($0) })
        let missing = Set(calls).subtracting(routes)
        #expect(missing.isEmpty, "the script calls \(missing.sorted()), which the service does not route")
    }
}

/// `GET /playground/basemap.geojson`: the file as given, or a 404 saying how to install one.
@Suite("Playground basemap route")
struct PlaygroundBasemapRouteTests {
    static let collection = #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"Test land"},"#
        + #""geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}}]}"#

    @Test("with a basemap file: 200, application/geo+json, the file's bytes unchanged")
    func present() async throws {
        let folder = try PlaygroundRouteTests.folder(["land.geojson": Self.collection])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("land.geojson").path
        try await makeApp(testConfiguration { $0.basemapFile = file }).test(.router) { client in
            try await client.execute(uri: "/playground/basemap.geojson", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/geo+json")
                #expect(String(buffer: response.body) == Self.collection)
            }
        }
        #expect(try PlaygroundBasemap.load(path: file).featureCount == 1)
    }

    @Test("without one: a 404 problem whose detail tells to run scripts/setup")
    func absent() async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/playground/basemap.geojson", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType] == "application/problem+json")
                let body = try #require(try JSONParser().parse(response.body.bytes).objectValue)
                #expect(body["type"]?.stringValue == "https://cartouche.dev/problems/not-found")
                let detail = try #require(body["detail"]?.stringValue)
                #expect(detail.hasPrefix("basemap not installed: run scripts/setup"), "\(detail)")
                #expect(detail.contains(PlaygroundBasemap.defaultPath) && detail.contains("--basemap FILE"))
                #expect(body["instance"]?.stringValue == "/playground/basemap.geojson")
            }
        }
    }

    @Test("a basemap that cannot be served stops the start-up, naming the file and why", arguments: [
        ("land.geojson", "{oops", "line 1"),
        ("land.geojson", #"{"type":"Feature","geometry":null}"#, "not a GeoJSON FeatureCollection"),
        ("land.geojson", #"{"type":"FeatureCollection","features":{}}"#, #""features" must be an array"#),
        ("missing.geojson", nil, "cannot be read"),
    ] as [(String, String?, String)])
    func unusable(name: String, text: String?, reason: String) throws {
        let folder = try PlaygroundRouteTests.folder(text.map { [name: $0] } ?? [:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name).path
        do {
            _ = try makeApp(testConfiguration { $0.basemapFile = file })
            Issue.record("the service started with an unusable basemap")
        } catch let error as PlaygroundFileError {
            #expect(error.part == .basemap)
            #expect(error.file == file)
            #expect(error.reason.contains(reason), "\(error)")
            #expect("\(error)".hasPrefix("basemap \(file): "))
        }
    }
}

/// The time the playground shows beside each answer: `Server-Timing: app;dur=MS` on every answer.
@Suite("Server-Timing")
struct ServerTimingTests {
    @Test("a placement, a page and a 404 each carry app;dur with the milliseconds spent", arguments: [
        ("/v1/place", HTTPRequest.Method.post, 200), ("/", .get, 200), ("/nowhere", .get, 404),
    ])
    func timing(path: String, method: HTTPRequest.Method, status: Int) async throws {
        let body = ByteBuffer(string: PlaygroundRouteTests.tinyScene)
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: path, method: method, headers: [.contentType: "application/json"],
                                     body: method == .post ? body : nil) { response in
                #expect(Int(response.status.code) == status)
                let value = try #require(response.headers[.serverTiming])
                let match = try #require(value.wholeMatch(of: /app;dur=([0-9]+\.[0-9]{3})/), "\(value)")
                let milliseconds = try #require(Double(match.output.1))
                #expect(milliseconds >= 0 && milliseconds < 60_000)
            }
        }
    }
}
