import CartoucheJSON
import CartoucheTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

/// What operators' tools read: request ids that stay unique across replicas,
/// and a `/metrics` exposition that Prometheus' own parser accepts.
@Suite("request ids and metrics for operators' tools")
struct OperatorToolsTests {
    static func isUUID(_ id: String) -> Bool {
        id.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/) != nil
    }

    @Test("a client's printable id of at most 128 characters is echoed; a longer one is replaced by a UUID")
    func clientIDs() async throws {
        let kept = String(repeating: "a", count: 127) + "~"
        let tooLong = String(repeating: "b", count: 129)
        try await makeApp(testConfiguration()).test(.router) { client in
            for (sent, echoed) in [("trace-42 /x", true), (kept, true), (tooLong, false), ("with\ttab", false)] {
                var headers = HTTPFields()
                headers[.xRequestID] = sent
                try await client.execute(uri: "/healthz", method: .get, headers: headers) { response in
                    let answered = try #require(response.headers[.xRequestID])
                    if echoed {
                        #expect(answered == sent)
                    } else {
                        #expect(Self.isUUID(answered), "\(sent.prefix(12))… answered \(answered)")
                    }
                }
            }
        }
    }

    @Test("generated ids are UUIDs, different for every request")
    func generatedIDs() async throws {
        let seen = try await makeApp(testConfiguration()).test(.router) { client in
            var seen = Set<String>()
            for _ in 0..<20 {
                let id = try await client.execute(uri: "/healthz", method: .get) { response in
                    try #require(response.headers[.xRequestID])
                }
                #expect(Self.isUUID(id))
                seen.insert(id)
            }
            return seen
        }
        #expect(seen.count == 20)
    }

    @Test("every family in /metrics has # HELP and # TYPE, and prometheus_client parses it without a problem")
    func exposition() async throws {
        let script = "scripts/oracles/prometheus_check.py"
        guard FileManager.default.fileExists(atPath: PythonOracle.repositoryRoot.appendingPathComponent(".venv-peers/bin/python").path) else {
            Issue.record("run scripts/setup first: the .venv-peers venv (prometheus-client) is missing")
            return
        }
        let body = try Shared.example("sf-stanford.scene.json")
        let exposition = try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/v1/place", method: .post, headers: jsonHeaders, body: ByteBuffer(bytes: body)) { _ in }
            try await client.execute(uri: "/nowhere", method: .get) { _ in }
            return try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.status == .ok)
                return response.body.bytes
            }
        }
        let output = try await PythonOracle.runOffThePool(script: script, input: Data(exposition))
        let report = try JSONParser().parse(Array(output))
        let object = try #require(report.objectValue)
        #expect(object["problems"] == .array([]), "\(String(decoding: exposition, as: UTF8.self))")
        let declared = Set(object["declared"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        #expect(declared == [
            "cartouche_requests_total", "cartouche_request_duration_seconds",
            "cartouche_annotations_placed_total", "cartouche_annotations_hidden_total", "cartouche_heavy_jobs",
        ])
        let families = try #require(object["families"]?.objectValue)
        #expect(families["cartouche_requests"]?.objectValue?["type"] == "counter")
        #expect(families["cartouche_request_duration_seconds"]?.objectValue?["type"] == "histogram")
        #expect(families["cartouche_annotations_placed"]?.objectValue?["type"] == "counter")
        #expect(families["cartouche_heavy_jobs"]?.objectValue?["type"] == "gauge")
        // Scraped after the placement ended: the pool is empty.
        let text = String(decoding: exposition, as: UTF8.self)
        #expect(text.contains(#"cartouche_heavy_jobs{state="running"} 0"#) && text.contains(#"cartouche_heavy_jobs{state="waiting"} 0"#), "\(text)")
    }
}
