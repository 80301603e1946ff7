import ArgumentParser
import CartoucheJobs
import CartoucheText
import Foundation

/// `cartouche place`: one scene file in, its placement out; or `--batch`
/// NDJSON, one scene per line, in parallel and in order.
public struct PlaceCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "place", abstract: "Place the view annotations of a scene (or of many, with --batch).")

    @Argument(help: "Scene JSON file, or - for stdin.")
    var input: String = "-"

    @Flag(help: "Read NDJSON: one scene per line; write {\"line\", \"result\"} per line.")
    var batch = false

    /// Optional so `--help` says "core count" once rather than also printing this machine's count.
    @Option(help: "Scenes placed at once in batch mode; threads of one zoom-range scene's greedy placement, same answer for any number (default: core count).")
    var jobs: Int?

    @Option(help: "Take only lines k with k % n == i (zero-based), as i/n.")
    var shard: String = "0/1"

    @Option(name: .customLong("on-error"), help: "Bad batch lines: skip (report, exit 3 at the end) or fail (stop, exit 4).")
    var onError: BadLinePolicy = .skip

    @Option(name: .customLong("timeout-ms"), help: "Time budget per scene in milliseconds (default: none).")
    var timeoutMilliseconds: Int?

    @OptionGroup var target: TargetOption
    @OptionGroup var mode: ModeOption
    @OptionGroup var fonts: FontsOption

    public init() {}

    public func validate() throws {
        guard Shard(parsing: shard) != nil else { throw ValidationError("--shard must be i/n with 0 ≤ i < n, got \"\(shard)\"") }
        if let jobs, jobs <= 0 { throw ValidationError("--jobs must be at least 1") }
        if let t = timeoutMilliseconds, t <= 0 { throw ValidationError("--timeout-ms must be greater than 0") }
        if !batch, shard != "0/1" { throw ValidationError("--shard needs --batch") }
    }

    public func run() async throws {
        let handle = try InputFile.open(input)
        let text = try fonts.textEngine()
        let timeout = timeoutMilliseconds.map { Duration.milliseconds($0) }
        let options: TargetOptions
        do { options = try target.options(mode) } catch { throw CommandIO.fail("place", error, input: input) }
        if !batch {
            // The bytes once, not also as `Data`: a 500 MB scene would be held twice while it is placed.
            let body = Array(try handle.readToEnd() ?? Data())
            switch PlaceJob.run(body, limits: .unlimited, text: text, budget: .timeout(timeout),
                                target: options.target, mode: options.mode,
                                threads: jobs ?? ProcessInfo.processInfo.activeProcessorCount) {
            case .success(let outcome):
                for warning in outcome.warnings { Terminal.writeError("warning: \(warning)") }
                Terminal.writeOut(outcome.body + [UInt8(ascii: "\n")])
            case .failure(let problem):
                Terminal.writeError("\(input): \(problem.detailNamingPath)")
                throw ExitCode(problem.isInternal ? ExitStatus.internalFailure.rawValue : ExitStatus.badInput.rawValue)
            }
            return
        }
        let runner = BatchRunner(
            jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, shard: Shard(parsing: shard) ?? .all, onError: onError,
            timeout: timeout, text: text, options: options)
        var reader = LineReader(handle: handle)
        let console = ConsoleOutput(bar: Terminal.stderrIsTerminal ? ProgressBar(totalBytes: InputFile.size(input)) : nil)
        let start = ContinuousClock.now
        let summary = try await runner.run(input: &reader, output: console)
        console.bar?.finish()
        let seconds = Double((ContinuousClock.now - start).nanosecondsApproximation) / 1e9
        Terminal.writeError(BatchRunner.summaryLine(summary, seconds: seconds, shard: runner.shard))
        let status = summary.exitStatus
        if status != .success { throw ExitCode(status.rawValue) }
    }
}

extension BatchRunner {
    /// `placed 98/100 scenes (2 bad, 1 blank, 0 in other shards), 1234 callouts shown, 0.52 s, 192.3 scenes/s`.
    public static func summaryLine(_ s: Summary, seconds: Double, shard: Shard) -> String {
        let rate = seconds > 0 ? Double(s.scenes) / seconds : 0
        var line = "placed \(s.placedScenes)/\(s.scenes) scenes (\(s.badLines) bad, \(s.blankLines) blank, "
            + "\(s.otherShards) in other shards), \(s.placedCallouts) callouts shown, "
            + String(format: "%.2f s, %.1f scenes/s", seconds, rate)
        if shard != .all { line += ", shard \(shard)" }
        if s.stopped { line += "; stopped at the first bad line" }
        return line
    }
}

/// Opening the command's input file.
enum InputFile {
    static func open(_ path: String) throws -> FileHandle {
        if path == "-" { return .standardInput }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ValidationError("cannot open \(path) for reading")
        }
        return handle
    }

    static func size(_ path: String) -> Int? {
        guard path != "-", let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        return (attributes[.size] as? NSNumber)?.intValue
    }
}

/// Answers to stdout; reports, progress bar (terminals only) to stderr.
final class ConsoleOutput: BatchOutput {
    var bar: ProgressBar?

    init(bar: ProgressBar?) { self.bar = bar }

    func write(_ line: [UInt8]) { Terminal.writeOut(line + [UInt8(ascii: "\n")]) }

    func report(_ message: String) {
        bar?.finish()
        Terminal.writeError(message)
    }

    func progress(_ summary: BatchRunner.Summary, bytesRead: Int) {
        bar?.draw(done: summary.scenes, bytesRead: bytesRead)
    }
}
