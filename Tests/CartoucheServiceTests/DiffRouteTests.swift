import CartoucheJSON
import CartoucheTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheJobs
@testable import CartoucheService

@Suite("POST /v1/diff")
struct DiffRouteTests {
    /// `{"old": a, "new": b}` with the scenes spliced in raw.
    static func body(_ old: [UInt8], _ new: [UInt8]) -> ByteBuffer {
        ByteBuffer(bytes: Array(#"{"old":"#.utf8) + old + Array(#","new":"#.utf8) + new + Array("}".utf8))
    }

    @Test("the answer is DiffJob's; the same scene twice needs no operation")
    func answersAsTheJob() async throws {
        let scene = try Shared.example("sf-stanford.scene.json")
        var edited = try #require(try JSONParser().parse(scene).objectValue)
        var managers = try #require(edited["managers"]?.arrayValue)
        managers.removeLast()
        edited["managers"] = .array(managers)
        let editedBytes = try JSONValue.object(edited).jsonBytes()
        try await makeApp(testConfiguration()).test(.router) { client in
            let same = try await post(client, "/v1/diff?glyphs=https://example.com/{fontstack}/{range}.pbf", Self.body(scene, scene))
            #expect(same.status == .ok)
            #expect(String(buffer: same.body) == #"{"operations":[]}"#)
            let changed = try await post(client, "/v1/diff?glyphs=https://example.com/{fontstack}/{range}.pbf", Self.body(scene, editedBytes))
            #expect(changed.status == .ok)
            var options = CompileOptions()
            options.style.glyphs = "https://example.com/{fontstack}/{range}.pbf"
            let job = try DiffJob.run(Array(Self.body(scene, editedBytes).readableBytesView), options: options, limits: .unlimited).get()
            #expect(changed.body.bytes == job.body)
            let answer = try JSONParser().parse(changed.body.bytes)
            let operations = answer.objectValue?["operations"]?.arrayValue ?? []
            #expect(operations.contains { $0.objectValue?["op"] == "removeLayer" })
            let checker = try OpenAPITests.checker()
            let request = try JSONParser().parse(Self.body(scene, editedBytes).readableBytesView)
            #expect(checker.check(request, against: ["$ref": "#/components/schemas/DiffRequest"], at: "$") == [])
            #expect(checker.check(answer, against: ["$ref": "#/components/schemas/DiffResponse"], at: "$") == [])
        }
    }

    @Test("bad requests are problems: not JSON 400, a missing or unknown member 422 at its path, fragment 400")
    func badRequests() async throws {
        let scene = try Shared.example("sf-stanford.scene.json")
        try await makeApp(testConfiguration()).test(.router) { client in
            let broken = try await post(client, "/v1/diff", ByteBuffer(string: #"{"old": "#))
            _ = try ProblemBody(broken, status: .badRequest, slug: "invalid-json")
            let missing = try await post(client, "/v1/diff", ByteBuffer(bytes: Array(#"{"old":"#.utf8) + scene + Array("}".utf8)))
            let problem = try ProblemBody(missing, status: .unprocessableContent, slug: "invalid-value")
            #expect(problem.detail.contains("new"), "\(problem.detail)")
            let badScene = try await post(client, "/v1/diff", Self.body(scene, Array(#"{"version": 1}"#.utf8)))
            #expect(try ProblemBody(badScene, status: .unprocessableContent, slug: "invalid-value").path?.hasPrefix("new") == true)
            let fragment = try await post(client, "/v1/diff?output=fragment", Self.body(scene, scene))
            #expect(fragment.status == .badRequest)
        }
    }
}
