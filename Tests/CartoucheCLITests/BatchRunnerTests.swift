import CartoucheCommands
import CartoucheJSON
import CartoucheScene
import CartoucheText
import Foundation
import Testing

enum Shared {
    static let engine = Result { try TextLayoutEngine(registry: FontRegistry()) }

    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}

/// A small scene with `count` callouts around (0, 0); different counts give different results.
func scene(_ count: Int) -> String {
    var members: [String] = []
    for i in 0..<count {
        let lon = Double(i % 7) * 0.02 - 0.06, lat = Double(i / 7) * 0.015 - 0.03
        members.append(#"{"id":"c\#(i)","feature":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"size":{"width":40,"height":20},"variableAnchors":["top","bottom"]}"#)
    }
    return #"{"version":1,"viewport":{"width":600,"height":400},"camera":{"center":[0,0],"zoom":10},"viewAnnotations":[\#(members.joined(separator: ","))]}"#
}

/// Runs a batch over in-memory lines and collects everything it wrote.
func runBatch(_ lines: [String], jobs: Int = 4, shard: Shard = .all, onError: BadLinePolicy = .skip) async throws
    -> (output: [String], reports: [String], summary: BatchRunner.Summary)
{
    let runner = BatchRunner(jobs: jobs, shard: shard, onError: onError, text: try Shared.engine.get())
    var input = ArrayInput(lines: lines[...])
    let recorder = Recorder()
    let summary = try await runner.run(input: &input, output: recorder)
    return (recorder.output, recorder.reports, summary)
}

struct ArrayInput: BatchInput {
    var lines: ArraySlice<String>
    var bytesRead = 0
    mutating func next() throws -> [UInt8]? {
        guard let line = lines.popFirst() else { return nil }
        bytesRead += line.utf8.count + 1
        return Array(line.utf8)
    }
}

final class Recorder: BatchOutput {
    var output: [String] = []
    var reports: [String] = []
    func write(_ line: [UInt8]) { output.append(String(decoding: line, as: UTF8.self)) }
    func report(_ message: String) { reports.append(message) }
    func progress(_ summary: BatchRunner.Summary, bytesRead: Int) {}
}

/// The answer line the batch should write for a scene: `{"line":N,"result":…}`
/// with the library's own placement as the result.
func expectedLine(_ number: Int, _ text: String) throws -> String {
    let result = try SceneDocument(jsonBytes: Array(text.utf8)).place(text: try Shared.engine.get()).jsonString()
    return #"{"line":\#(number),"result":\#(result)}"#
}

@Suite("Batch placement")
struct BatchRunnerTests {
    @Test("answers come out in input order even when later lines finish first")
    func inputOrder() async throws {
        // Heavy scenes first, light ones after: with 4 jobs the light ones finish first.
        let sizes = [60, 55, 50, 45, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35]
        let lines = sizes.map(scene)
        let run = try await runBatch(lines, jobs: 4)
        #expect(run.output.count == lines.count)
        for (i, line) in lines.enumerated() {
            #expect(run.output[i] == (try expectedLine(i + 1, line)))
        }
        #expect(run.summary.exitStatus == .success)
        #expect(run.summary.scenes == lines.count && run.summary.placedScenes == lines.count)
    }

    @Test("the shards of a file cover every line exactly once, with identical answers")
    func shardsCoverEverything() async throws {
        let lines = (1...20).map(scene)
        let whole = try await runBatch(lines)
        var union: [String] = []
        for i in 0..<3 {
            let part = try await runBatch(lines, shard: Shard(index: i, count: 3))
            #expect(part.summary.otherShards == lines.count - part.output.count)
            union += part.output
        }
        let byLine = { (s: String) -> Int in
            Int(s.dropFirst(#"{"line":"#.count).prefix { $0.isNumber }) ?? -1
        }
        #expect(union.sorted { byLine($0) < byLine($1) } == whole.output)
        // Shard 1/3 takes lines 2, 5, 8, … (zero-based indexes 1, 4, 7, …).
        let second = try await runBatch(lines, shard: Shard(index: 1, count: 3))
        #expect(second.output.map(byLine) == [2, 5, 8, 11, 14, 17, 20])
    }

    @Test("bad lines are reported with their line number and skipped; exit status 3")
    func skipBadLines() async throws {
        let lines = [scene(3), "{not json", "", scene(4), #"{"version":2}"#, scene(5)]
        let run = try await runBatch(lines, onError: .skip)
        #expect(run.output == [try expectedLine(1, lines[0]), try expectedLine(4, lines[3]), try expectedLine(6, lines[5])])
        #expect(run.reports.count == 2)
        #expect(run.reports[0].hasPrefix("line 2: JSON parse error at line 1, column 2"))
        #expect(run.reports[1].hasPrefix("line 5: "))
        // The path once: the detail starts with it, so no " at version" follows.
        #expect(run.reports[1].hasPrefix("line 5: version: "))
        #expect(!run.reports[1].contains(" at version"))
        #expect(run.summary.badLines == 2 && run.summary.blankLines == 1)
        #expect(run.summary.exitStatus == .someInputSkipped)
    }

    @Test("with --on-error fail the run stops at the first bad line, after writing the lines before it; exit status 4")
    func failOnBadLine() async throws {
        let lines = [scene(3), scene(2), #"{"version":1}"#, scene(4), "{"]
        let run = try await runBatch(lines, onError: .fail)
        #expect(run.output == [try expectedLine(1, lines[0]), try expectedLine(2, lines[1])])
        #expect(run.reports.count == 1)
        #expect(run.reports[0].hasPrefix("line 3: "))
        #expect(run.summary.exitStatus == .badInput)
    }

    @Test("with --on-error fail the summary counts only the lines up to the stop, not blank or other-shard lines read past it")
    func failSummaryStopsAtTheBadLine() async throws {
        // The window reads ahead: the blank lines after the bad line were counted although never reached.
        let lines = [scene(3), "", #"{"version":1}"#, "", "  ", scene(4), ""]
        let run = try await runBatch(lines, onError: .fail)
        #expect(run.summary.stopped)
        #expect(run.summary.scenes == 2)
        #expect(run.summary.badLines == 1)
        #expect(run.summary.blankLines == 1)
        #expect(run.summary.linesRead == 3)
        #expect(BatchRunner.summaryLine(run.summary, seconds: 1, shard: .all).hasPrefix("placed 1/2 scenes (1 bad, 1 blank, 0 in other shards)"))
    }

    @Test("shard syntax", arguments: [("0/1", true), ("2/3", true), ("3/3", false), ("-1/3", false), ("1/0", false), ("a/b", false), ("1", false)])
    func shardParsing(text: String, valid: Bool) {
        #expect((Shard(parsing: text) != nil) == valid)
    }

    @Test("the summary line names the counts and the shard")
    func summaryLine() {
        var s = BatchRunner.Summary()
        s.scenes = 10; s.placedScenes = 8; s.badLines = 2; s.blankLines = 1; s.otherShards = 20; s.placedCallouts = 57
        let line = BatchRunner.summaryLine(s, seconds: 2, shard: Shard(index: 1, count: 3))
        #expect(line == "placed 8/10 scenes (2 bad, 1 blank, 20 in other shards), 57 callouts shown, 2.00 s, 5.0 scenes/s, shard 1/3")
    }
}
