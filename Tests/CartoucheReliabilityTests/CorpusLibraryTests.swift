import CartoucheCommands
import CartoucheJSON
import CartoucheScene
import CartoucheJobs
import CartoucheService
import Testing

/// The corpus cases that do not depend on the service's settings or framing:
/// `cartouche place` and the library must treat them exactly like the service.
let sceneCases = HostileCorpus.all.filter { !$0.isServiceOnly && $0.routes.contains(.place) }

@Suite("Bad-input corpus through the CLI path and the library")
struct CorpusLibraryTests {
    @Test("PlaceJob, which `cartouche place` runs, gives the service's problem or placement", arguments: sceneCases)
    func placeJob(_ hostile: HostileCase) throws {
        let result = PlaceJob.run(hostile.request.body(), limits: .unlimited, text: try Shared.engine.get())
        switch (hostile.expected, result) {
        case (.problem(let expected), .failure(let problem)):
            expected.check(problem)
            // `cartouche place` exits 4 for these (1 only for internal failures).
            #expect(!problem.isInternal)
        case (.accepted(let check), .success(let outcome)):
            try check(try JSONParser().parse(outcome.body))
        case (_, .failure(let problem)):
            Issue.record("expected a placement, got \(problem.kind) \(problem.detail)")
        case (_, .success):
            Issue.record("expected a problem, got a placement")
        }
    }

    @Test("SceneDocument(jsonBytes:) and place() fail, at the same place, exactly when the service refuses", arguments: sceneCases)
    func library(_ hostile: HostileCase) throws {
        let bytes = hostile.request.body()
        let engine = try Shared.engine.get()
        guard case .problem(let expected) = hostile.expected else {
            let placed = try SceneDocument(jsonBytes: bytes).place(text: engine).jsonBytes()
            let viaJob = try PlaceJob.run(bytes, limits: .unlimited, text: engine).get()
            #expect(placed == viaJob.body)
            return
        }
        let document: SceneDocument
        do {
            document = try SceneDocument(jsonBytes: bytes)
        } catch .syntax(let error) {
            #expect(expected.slug == "invalid-json")
            #expect(error.line == expected.line && error.column == expected.column)
            #expect(error.description.contains(expected.detail))
            return
        } catch .decoding(let error) {
            #expect(expected.slug == "invalid-value")
            #expect(error.path.description == expected.path)
            #expect(error.reason.contains(expected.detail), "\(error.reason)")
            return
        }
        // Decoded: the rule it breaks is checked when placing.
        #expect(throws: SceneError.self) { try document.place(text: engine) }
    }

    @Test("one batch holding every one-line case: bad lines reported with their number and path, good ones placed, in order")
    func batch() async throws {
        let lines = sceneCases.map { $0.request.body() }.filter { !$0.isEmpty && !$0.contains(0x0A) }
        let cases = sceneCases.filter { let b = $0.request.body(); return !b.isEmpty && !b.contains(0x0A) }
        let runner = BatchRunner(jobs: 2, text: try Shared.engine.get())
        var input = BytesInput(lines: lines[...])
        let recorder = Recorder()
        let summary = try await runner.run(input: &input, output: recorder)
        var expectedReports: [String] = []
        var expectedPlaced = 0
        for (i, hostile) in cases.enumerated() {
            switch hostile.expected {
            case .problem(let p):
                // The detail is checked by the cases above; here the line number and path.
                expectedReports.append("line \(i + 1): " + (p.path.map { "… at \($0)" } ?? "…"))
            case .accepted:
                expectedPlaced += 1
            }
        }
        #expect(summary.scenes == cases.count)
        #expect(summary.placedScenes == expectedPlaced)
        #expect(summary.badLines == cases.count - expectedPlaced)
        #expect(summary.exitStatus == .someInputSkipped)
        #expect(recorder.reports.count == expectedReports.count)
        for (report, expected) in zip(recorder.reports, expectedReports) {
            let number = expected.prefix { $0 != ":" }
            #expect(report.hasPrefix(number + ":"), "\(report)")
            // The path said once: opening the detail, or else as " at PATH" at the end.
            if let at = expected.range(of: "… at ") {
                let path = expected[at.upperBound...]
                #expect(report.hasPrefix(number + ": \(path): ") != report.hasSuffix(" at \(path)"), "\(report)")
            }
        }
        #expect(recorder.output.count == expectedPlaced)
        let numbers = recorder.output.compactMap { line in
            try? JSONParser().parse(line).objectValue?["line"]?.numberValue
        }
        #expect(numbers == numbers.sorted())
    }
}

struct BytesInput: BatchInput {
    var lines: ArraySlice<[UInt8]>
    var bytesRead = 0
    mutating func next() throws -> [UInt8]? {
        guard let line = lines.popFirst() else { return nil }
        bytesRead += line.count + 1
        return line
    }
}

final class Recorder: BatchOutput {
    var output: [[UInt8]] = []
    var reports: [String] = []
    func write(_ line: [UInt8]) { output.append(line) }
    func report(_ message: String) { reports.append(message) }
    func progress(_ summary: BatchRunner.Summary, bytesRead: Int) {}
}
