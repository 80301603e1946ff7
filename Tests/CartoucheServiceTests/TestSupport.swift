import CartoucheTestSupport
import CartoucheJSON
import CartoucheText
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

/// One text engine for every test (the service shares one per process too).
enum Shared {
    static let engine = Result { try TextLayoutEngine(registry: FontRegistry()) }

    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static func example(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: repositoryRoot.appendingPathComponent("Examples").appendingPathComponent(name)))
    }
}

/// A configuration for tests: an ephemeral port and a time budget no test
/// reaches, everything else as given. The whole suite runs in parallel on two
/// cores, and synchronous suites can hold Swift's cooperative threads for
/// tens of seconds on a busy machine (a CI run on a loaded machine saw 60 s
/// budgets expire), so wall-clock budgets are only tight in the tests about
/// them, which run alone (`scripts/test`).
func testConfiguration(_ edit: (inout ServiceConfiguration) -> Void = { _ in }) -> ServiceConfiguration {
    var c = ServiceConfiguration(port: 0)
    c.requestTimeout = .seconds(3_600)
    edit(&c)
    return c
}

func makeApp(_ configuration: ServiceConfiguration, metrics: ServiceMetrics = ServiceMetrics()) throws -> some ApplicationProtocol {
    try buildApplication(configuration: configuration, text: try Shared.engine.get(), metrics: metrics)
}

let jsonHeaders: HTTPFields = [.contentType: "application/json"]

extension ByteBuffer {
    var bytes: [UInt8] { Array(readableBytesView) }
}

/// The body of a problem answer, checked for the fields every problem has.
struct ProblemBody {
    let object: [String: JSONValue]

    init(_ response: TestResponse, status: HTTPResponse.Status, slug: String) throws {
        #expect(response.status == status)
        #expect(response.headers[.contentType] == "application/problem+json")
        let value = try JSONParser().parse(response.body.bytes)
        object = try #require(value.objectValue)
        #expect(object["type"]?.stringValue == "https://cartouche.dev/problems/\(slug)")
        #expect(object["status"]?.numberValue == Double(status.code))
        #expect(object["title"]?.stringValue?.isEmpty == false)
        #expect(object["detail"]?.stringValue?.isEmpty == false)
    }

    var path: String? { object["path"]?.stringValue }
    var detail: String { object["detail"]?.stringValue ?? "" }
}

/// A scene of `count` point callouts spread over a 1000×800 viewport by a
/// seeded generator, sized 60×30, in `mode`.
func pointScene(count: Int, mode: String, seed: UInt64 = 7) -> [UInt8] {
    var rng = SplitMix64(seed: seed)
    var text = #"{"version":1,"viewport":{"width":1000,"height":800},"camera":{"center":[0,0],"zoom":10},"options":{"mode":"\#(mode)"},"viewAnnotations":["#
    for i in 0..<count {
        // Zoom 10 spans about ±0.34° of longitude across 1000 px.
        let lon = (rng.unit() - 0.5) * 0.6, lat = (rng.unit() - 0.5) * 0.45
        if i > 0 { text += "," }
        text += #"{"id":"p\#(i)","feature":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"size":{"width":60,"height":30},"#
        text += #""variableAnchors":["top","bottom","left","right"]}"#
    }
    text += "]}"
    return Array(text.utf8)
}

