import CartoucheJSON
import CartoucheTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

/// `--cors-origin`: preflights, headers on answers and problems, and nothing
/// for origins not allowed (``CORSPolicy``).
@Suite("CORS")
struct CORSTests {
    static let allowed = "https://maps.example.com"

    static func app(_ origins: [String]?) throws -> some ApplicationProtocol {
        try makeApp(testConfiguration { c in c.cors = origins.map { CORSPolicy(allowedOrigins: $0) } })
    }

    static func headers(origin: String, json: Bool = false) -> HTTPFields {
        var headers = json ? jsonHeaders : HTTPFields()
        headers[.origin] = origin
        return headers
    }

    static func preflightHeaders(origin: String) -> HTTPFields {
        var headers = HTTPFields()
        headers[.origin] = origin
        headers[.accessControlRequestMethod] = "POST"
        headers[.accessControlRequestHeaders] = "content-type"
        return headers
    }

    @Test("a preflight from an allowed origin is a 204 with origin, methods, headers and max-age")
    func preflight() async throws {
        try await Self.app([Self.allowed]).test(.router) { client in
            try await client.execute(uri: "/v1/query", method: .options, headers: Self.preflightHeaders(origin: Self.allowed)) { response in
                #expect(response.status == .noContent)
                #expect(response.headers[.accessControlAllowOrigin] == Self.allowed)
                #expect(response.headers[.accessControlAllowMethods] == "GET, HEAD, POST, OPTIONS")
                #expect(response.headers[.accessControlAllowHeaders] == "Content-Type, X-Request-Id")
                #expect(response.headers[.accessControlMaxAge] == "600")
                #expect(response.headers[.vary] == "Origin")
                #expect(response.headers[.xRequestID] != nil)
            }
        }
    }

    @Test("answers and problem bodies to an allowed origin carry Allow-Origin and Vary: Origin")
    func answersAndProblems() async throws {
        let body = try Shared.example("sf-stanford.scene.json")
        let headers = Self.headers(origin: Self.allowed, json: true)
        try await Self.app([Self.allowed]).test(.router) { client in
            try await client.execute(uri: "/v1/place", method: .post, headers: headers, body: ByteBuffer(bytes: body)) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.accessControlAllowOrigin] == Self.allowed)
                #expect(response.headers[.vary] == "Origin")
                #expect(response.headers[.accessControlExposeHeaders]?.contains("X-Request-Id") == true)
            }
            try await client.execute(uri: "/v1/place", method: .post, headers: headers, body: ByteBuffer(string: #"{"version":1}"#)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.headers[.contentType] == "application/problem+json")
                #expect(response.headers[.accessControlAllowOrigin] == Self.allowed)
                #expect(response.headers[.vary] == "Origin")
            }
            try await client.execute(uri: "/nowhere", method: .get, headers: headers) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.accessControlAllowOrigin] == Self.allowed)
            }
        }
    }

    @Test("an origin not allowed gets no CORS header, and its preflight is not answered as one")
    func notAllowed() async throws {
        let stranger = "https://elsewhere.example.org"
        let headers = Self.headers(origin: stranger)
        try await Self.app([Self.allowed]).test(.router) { client in
            try await client.execute(uri: "/v1/query", method: .options, headers: Self.preflightHeaders(origin: stranger)) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.accessControlAllowOrigin] == nil)
                #expect(response.headers[.accessControlAllowMethods] == nil)
            }
            try await client.execute(uri: "/healthz", method: .get, headers: headers) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.accessControlAllowOrigin] == nil)
                #expect(response.headers[.vary] == "Origin")
            }
        }
    }

    @Test("* allows any origin; without --cors-origin no CORS header is sent")
    func anyAndNone() async throws {
        let headers = Self.headers(origin: "http://localhost:5173")
        try await Self.app(["*"]).test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get, headers: headers) { response in
                #expect(response.headers[.accessControlAllowOrigin] == "*")
                #expect(response.headers[.vary] == "Origin")
            }
        }
        try await Self.app(nil).test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get, headers: headers) { response in
                #expect(response.headers[.accessControlAllowOrigin] == nil)
                #expect(response.headers[.vary] == nil)
            }
            try await client.execute(uri: "/v1/query", method: .options, headers: Self.preflightHeaders(origin: "http://localhost:5173")) { response in
                #expect(response.status == .methodNotAllowed)
            }
        }
    }

    @Test("origins are checked at start: a path, a trailing slash or nothing at all is refused")
    func validation() {
        for bad in [["https://maps.example.com/"], ["maps.example.com"], ["https://a.example/x"], []] {
            var c = ServiceConfiguration()
            c.cors = CORSPolicy(allowedOrigins: bad)
            #expect(throws: ConfigurationError.self) { try c.validate() }
        }
        var ok = ServiceConfiguration()
        ok.cors = CORSPolicy(allowedOrigins: ["*", "http://127.0.0.1:8081"])
        #expect(throws: Never.self) { try ok.validate() }
    }
}

/// A page on another origin calls `/v1/place` and `/v1/query` with `fetch` in
/// headless chromium (`scripts/interop/cors_check.py`), against the real
/// server on a free port: allowed, the answers are readable; not allowed, the
/// browser refuses them.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CARTOUCHE_SKIP_BROWSER_TESTS"] != "1"))
struct CORSBrowserTests {
    static let script = "scripts/interop/cors_check.py"

    /// A free local port for the page's origin.
    static func freePort() throws -> Int { try LocalPort.free() }

    static func run(allowing origin: String?, pagePort: Int) async throws -> [String: JSONValue] {
        let scene = try JSONParser().parse(try Shared.example("sf-stanford.scene.json"))
        let app = try makeApp(testConfiguration { c in c.cors = origin.map { CORSPolicy(allowedOrigins: [$0]) } })
        return try await app.test(.live) { client in
            let port = try #require(client.port)
            let job: JSONValue = ["service": .string("http://127.0.0.1:\(port)"), "pagePort": .number(Double(pagePort)),
                                  "scene": scene, "tap": [430, 370]]
            let input = Data(try job.jsonBytes())
            let output = try await PythonOracle.runOffThePool(script: script, input: input)
            return try #require(try JSONParser().parse(output).objectValue)
        }
    }

    @Test("fetch from another origin reads place, query and problem answers when allowed, and is refused when not")
    func crossOrigin() async throws {
        let missing = PythonOracle.missingBrowserPrerequisites(script: Self.script)
        try #require(missing.isEmpty, "run scripts/setup; missing: \(missing.joined(separator: ", "))")
        let pagePort = try Self.freePort()
        let pageOrigin = "http://127.0.0.1:\(pagePort)"

        let allowed = try await Self.run(allowing: pageOrigin, pagePort: pagePort)
        #expect(allowed["pageOrigin"] == .string(pageOrigin))
        let place = try #require(allowed["place"]?.objectValue)
        #expect(place["ok"] == true && place["frames"] == 2, "\(place)")
        #expect(place["requestId"]?.stringValue?.isEmpty == false, "X-Request-Id is exposed to the page")
        let query = try #require(allowed["query"]?.objectValue)
        #expect(query["hits"] == ["eta-route-101"], "\(query)")
        #expect(query["requestId"] == "tap-1")
        let problem = try #require(allowed["problem"]?.objectValue)
        #expect(problem["status"] == 422)
        #expect(problem["type"] == "https://cartouche.dev/problems/invalid-value")

        let refused = try await Self.run(allowing: "http://127.0.0.1:1", pagePort: pagePort)
        for call in ["place", "query", "problem"] {
            #expect(refused[call]?.objectValue?["error"]?.stringValue?.contains("Failed to fetch") == true, "\(call): \(String(describing: refused[call]))")
        }
    }
}
