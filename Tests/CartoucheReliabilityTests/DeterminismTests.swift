import CartoucheCommands
import CartoucheJSON
import CartoucheScene
import CartoucheJobs
import CartoucheService
import CartoucheTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Hummingbird
import HummingbirdTesting
import Testing

/// The scenes the determinism tests place: every bundled example, flattened
/// to one line (JSON allows a space wherever the files have a newline), and a
/// seeded random scene built to stress the solver's tie-breaking.
enum DeterminismScenes {
    static func all() throws -> [(name: String, bytes: [UInt8])] {
        let examples = try Shared.examples()
            .map { ($0.name, $0.bytes.map { $0 == 0x0A ? 0x20 : $0 }) }
        return examples + [("seeded crowd", crowd(seed: 42))]
    }

    /// 240 callouts in optimise mode piled into a 600×400 view, many on the
    /// same few points (ties everywhere), half sized by measured text with
    /// random priorities and anchor sets, plus an avoid region.
    static func crowd(seed: UInt64) -> [UInt8] {
        var rng = SplitMix64(seed: seed)
        let anchors = ["center", "top", "bottom", "left", "right", "top-left", "top-right", "bottom-left", "bottom-right"]
        let words = ["Café", "12 min", "Zürich HB", "東京", "$5.99/hr", "Gate 7", "שלום", "Ω"]
        var callouts: [String] = []
        for i in 0..<240 {
            // Snapped to a coarse grid so several callouts share each point.
            let lon = (Double(Int(rng.unit() * 12)) - 6) * 0.01, lat = (Double(Int(rng.unit() * 8)) - 4) * 0.01
            let chosen = anchors.filter { _ in rng.unit() < 0.5 }
            let anchorList = (chosen.isEmpty ? ["center"] : chosen).map { "\"\($0)\"" }.joined(separator: ",")
            let priority = Int(rng.unit() * 4)
            let body: String
            if i % 2 == 0 {
                body = #""size":{"width":\#(20 + Int(rng.unit() * 60)),"height":\#(12 + Int(rng.unit() * 20))}"#
            } else {
                body = #""content":{"runs":[{"text":"\#(words[Int(rng.unit() * Double(words.count))])","size":\#(10 + Int(rng.unit() * 8))}]}"#
            }
            callouts.append(#"{"id":"c\#(i)","feature":{"type":"Point","coordinates":[\#(lon),\#(lat)]},\#(body),"variableAnchors":[\#(anchorList)],"priority":\#(priority)}"#)
        }
        let text = #"{"version":1,"viewport":{"width":600,"height":400},"cameras":[{"center":[0,0],"zoom":11},{"center":[0.01,0],"zoom":11.5,"bearing":20,"pitch":30}],"options":{"mode":"optimise"},"avoidRegions":[{"x":250,"y":150,"width":100,"height":60}],"viewAnnotations":[\#(callouts.joined(separator: ","))]}"#
        return Array(text.utf8)
    }
}

@Suite("The same scene gives the same bytes everywhere")
struct DeterminismTests {
    /// What the library answers for each scene, placed once.
    static func reference() throws -> [(name: String, bytes: [UInt8], placed: [UInt8])] {
        let engine = try Shared.engine.get()
        return try DeterminismScenes.all().map { ($0.name, $0.bytes, try SceneDocument(jsonBytes: $0.bytes).place(text: engine).jsonBytes()) }
    }

    @Test("repeated runs in one process give identical bytes, and the crowd really is crowded")
    func repeatedRuns() throws {
        let engine = try Shared.engine.get()
        for scene in try Self.reference() {
            for _ in 0..<3 {
                let again = try SceneDocument(jsonBytes: scene.bytes).place(text: engine).jsonBytes()
                #expect(again == scene.placed, "\(scene.name)")
            }
        }
        // The crowd is only a determinism test if the solver had choices to make.
        let crowd = try SceneDocument(jsonBytes: DeterminismScenes.crowd(seed: 42)).place(text: engine)
        for frame in crowd.frames {
            #expect(frame.result.placements.contains { $0.hiddenReason?.code == "collision" })
            #expect(frame.result.drawOrder.count > 20)
        }
    }

    @Test("batch output is identical with --jobs 1, 2 and 4, and each line is the library's placement")
    func batchJobs() async throws {
        let scenes = try Self.reference()
        // Each scene three times, so windows hold several copies of the heavy ones.
        let lines = Array(repeating: scenes.map(\.bytes), count: 3).flatMap { $0 }
        var outputs: [[[UInt8]]] = []
        for jobs in [1, 2, 4] {
            let runner = BatchRunner(jobs: jobs, text: try Shared.engine.get())
            var input = BytesInput(lines: lines[...])
            let recorder = Recorder()
            let summary = try await runner.run(input: &input, output: recorder)
            #expect(summary.placedScenes == lines.count && summary.exitStatus == .success)
            outputs.append(recorder.output)
        }
        #expect(outputs[0] == outputs[1])
        #expect(outputs[0] == outputs[2])
        for (i, line) in outputs[0].enumerated() {
            let scene = scenes[i % scenes.count]
            #expect(line == Array(#"{"line":\#(i + 1),"result":"#.utf8) + scene.placed + [UInt8(ascii: "}")], "\(scene.name)")
        }
    }

    @Test("POST /v1/place answers the library's bytes, with one heavy slot or four, requests sent all at once",
          arguments: [1, 4])
    func serviceSlots(_ slots: Int) async throws {
        let scenes = try Self.reference()
        let config = testConfiguration { $0.maxConcurrentJobs = slots; $0.maxQueuedJobs = 64 }
        try await makeApp(config).test(.live) { client in
            let port = try #require(client.port)
            let url = try #require(URL(string: "http://127.0.0.1:\(port)/v1/place"))
            let session = URLSession(configuration: .ephemeral)
            let answers = try await withThrowingTaskGroup(of: (Int, Int, Data).self) { group in
                for round in 0..<3 {
                    for (i, scene) in scenes.enumerated() {
                        group.addTask {
                            var request = URLRequest(url: url)
                            request.httpMethod = "POST"
                            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                            request.httpBody = Data(scene.bytes)
                            request.timeoutInterval = 120
                            let (data, response) = try await session.data(for: request)
                            #expect((response as? HTTPURLResponse)?.statusCode == 200, "round \(round), \(scene.name)")
                            return (i, round, data)
                        }
                    }
                }
                var all: [(Int, Int, Data)] = []
                for try await answer in group { all.append(answer) }
                return all
            }
            #expect(answers.count == 3 * scenes.count)
            for (i, _, data) in answers {
                #expect(Array(data) == scenes[i].placed, "\(scenes[i].name)")
            }
        }
    }

    @Test("compile, query and render answer over HTTP the bytes of the jobs `cartouche compile|query|render` run, every time")
    func otherRoutes() async throws {
        let engine = try Shared.engine.get()
        let scenes = try DeterminismScenes.all()
        try await makeApp(testConfiguration()).test(.router) { client in
            for scene in scenes {
                // A tap in the middle of the first camera's viewport.
                let viewport = try #require(try JSONParser().parse(scene.bytes).objectValue?["viewport"]?.objectValue)
                let x = (viewport["width"]?.numberValue ?? 0) / 2, y = (viewport["height"]?.numberValue ?? 0) / 2
                let query = Array(#"{"at":[\#(x),\#(y)],"radius":8,"scene":"#.utf8) + scene.bytes + [UInt8(ascii: "}")]
                let expected: [(CorpusRoute, String, [UInt8], [UInt8])] = [
                    (.compile, "/v1/compile", scene.bytes,
                     try CompileJob.run(scene.bytes, options: CompileOptions(), limits: .unlimited).get().body),
                    (.compile, "/v1/compile?output=fragment", scene.bytes,
                     try CompileJob.run(scene.bytes, options: CompileOptions(output: .fragment), limits: .unlimited).get().body),
                    (.query, "/v1/query", query,
                     try QueryJob.run(query, limits: .unlimited, text: engine).get()),
                    (.render, "/v1/render", scene.bytes,
                     try RenderJob.run(scene.bytes, options: RenderOptions(), limits: .unlimited, text: engine).get()),
                ]
                for (_, uri, body, bytes) in expected {
                    for _ in 0..<2 {
                        try await client.execute(uri: uri, method: .post, headers: [.contentType: "application/json"],
                                                 body: ByteBuffer(bytes: body)) { response in
                            #expect(response.status == .ok, "\(scene.name) \(uri)")
                            #expect(response.body.bytes == bytes, "\(scene.name) \(uri)")
                        }
                    }
                }
            }
        }
    }
}
