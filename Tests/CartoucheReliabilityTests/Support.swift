import CartoucheJSON
import CartoucheJobs
import CartoucheService
import CartoucheText
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// One text engine for the whole target (the service shares one per process too).
enum Shared {
    static let engine = Result { try TextLayoutEngine(registry: FontRegistry()) }

    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The bundled example scenes, by file name, in name order.
    static func examples() throws -> [(name: String, bytes: [UInt8])] {
        let dir = repositoryRoot.appendingPathComponent("Examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { $0.hasSuffix(".scene.json") }.sorted()
        return try names.map { ($0, Array(try Data(contentsOf: dir.appendingPathComponent($0)))) }
    }
}

/// A service configuration for tests: an ephemeral port and a generous time
/// budget (the suite runs in parallel on two cores; wall-clock budgets only
/// matter in the tests about them), then `edit`.
func testConfiguration(_ edit: (inout ServiceConfiguration) -> Void = { _ in }) -> ServiceConfiguration {
    var c = ServiceConfiguration(port: 0)
    c.requestTimeout = .seconds(3_600)  // no test reaches it (see CartoucheServiceTests.testConfiguration)
    edit(&c)
    return c
}

func makeApp(_ configuration: ServiceConfiguration) throws -> some ApplicationProtocol {
    try buildApplication(configuration: configuration, text: try Shared.engine.get())
}

extension ByteBuffer {
    var bytes: [UInt8] { Array(readableBytesView) }
}

/// What one request answered, reduced to what the corpus checks.
struct Answer: Sendable {
    var status: Int
    var contentType: String?
    var body: [UInt8]

    init(_ response: TestResponse) {
        status = Int(response.status.code)
        contentType = response.headers[.contentType]
        body = response.body.bytes
    }

    /// The body as JSON (every answer of the service is JSON).
    func json() throws -> JSONValue { try JSONParser().parse(body) }
}

extension TestClientProtocol {
    /// Sends one request of the corpus.
    func send(_ request: HostileRequest, to route: CorpusRoute, wrap: Bool = true) async throws -> Answer {
        var headers = HTTPFields()
        if let type = request.contentType { headers[.contentType] = type }
        return try await execute(
            uri: route.uri, method: request.method, headers: headers,
            body: ByteBuffer(bytes: route.body(request.body(), wrap: wrap))
        ) { Answer($0) }
    }
}
