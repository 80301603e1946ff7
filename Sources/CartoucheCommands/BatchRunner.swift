import CartoucheJSON
import CartoucheJobs
import CartoucheText
import Foundation

/// Runs `place` over NDJSON: one scene per input line, placed in parallel
/// (at most `jobs` at once), answers written in input order.
///
/// Each answer line is `{"line": N, "result": <place response>}` so results
/// stay matched to their input when lines are skipped or sharded. Bad lines
/// are reported on the error stream as `line N: detail [at path]`.
public struct BatchRunner: Sendable {
    public var jobs: Int
    public var shard: Shard
    public var onError: BadLinePolicy
    /// Per-scene time budget; nil for none.
    public var timeout: Duration?
    public var text: TextLayoutEngine?
    /// Applied to every scene (`--target`, `--mode`); a nil target or mode keeps each scene's own.
    public var options: TargetOptions

    public init(
        jobs: Int, shard: Shard = .all, onError: BadLinePolicy = .skip, timeout: Duration? = nil, text: TextLayoutEngine?,
        options: TargetOptions = TargetOptions()
    ) {
        self.jobs = max(1, jobs)
        self.shard = shard
        self.onError = onError
        self.timeout = timeout
        self.text = text
        self.options = options
    }

    /// Counts for the summary line.
    public struct Summary: Hashable, Sendable {
        public var linesRead = 0
        public var scenes = 0
        public var placedScenes = 0
        public var badLines = 0
        public var blankLines = 0
        public var otherShards = 0
        public var internalFailures = 0
        public var placedCallouts = 0
        public var stopped = false

        public init() {}

        public var exitStatus: ExitStatus {
            if internalFailures > 0 { return .internalFailure }
            if stopped { return .badInput }
            return badLines > 0 ? .someInputSkipped : .success
        }
    }

    private struct Outcome: Sendable {
        var lineNumber: Int
        var result: Result<PlaceOutcome, JobError>
    }

    /// Processes every line of `input` until it returns nil, writing to `output`.
    public func run<Input: BatchInput, Output: BatchOutput>(input: inout Input, output: Output) async throws -> Summary {
        var summary = Summary()
        // A window of lines is placed concurrently, then written in order: memory
        // stays bounded by the window, and order costs nothing but the wait for
        // the slowest line of each window.
        let window = jobs * 8
        var pending: [(lineNumber: Int, bytes: [UInt8])] = []
        // The line counts as they stood right after each pending line was
        // read: a stop rewinds them there, so lines the window read past the
        // stop (blank, other shards) are not in the summary.
        var countsAfter: [(read: Int, blank: Int, otherShards: Int)] = []
        var lineIndex = 0
        while !summary.stopped {
            pending.removeAll(keepingCapacity: true)
            countsAfter.removeAll(keepingCapacity: true)
            while pending.count < window, let line = try input.next() {
                defer { lineIndex += 1 }
                summary.linesRead += 1
                guard shard.owns(lineIndex: lineIndex) else { summary.otherShards += 1; continue }
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { summary.blankLines += 1; continue }
                pending.append((lineIndex + 1, line))
                countsAfter.append((summary.linesRead, summary.blankLines, summary.otherShards))
            }
            if pending.isEmpty { break }
            let outcomes = await place(pending)
            for (position, outcome) in outcomes.enumerated() {
                summary.scenes += 1
                switch outcome.result {
                case .success(let placed):
                    summary.placedScenes += 1
                    summary.placedCallouts += placed.placed
                    var line = Array(#"{"line":"#.utf8) + Array("\(outcome.lineNumber)".utf8) + Array(#","result":"#.utf8)
                    line += placed.body
                    line.append(UInt8(ascii: "}"))
                    output.write(line)
                case .failure(let problem):
                    output.report("line \(outcome.lineNumber): \(problem.detailNamingPath)")
                    if problem.isInternal {
                        summary.internalFailures += 1
                        summary.stopped = true
                    } else {
                        summary.badLines += 1
                        if onError == .fail { summary.stopped = true }
                    }
                }
                if summary.stopped {
                    (summary.linesRead, summary.blankLines, summary.otherShards) = countsAfter[position]
                    break
                }
            }
            output.progress(summary, bytesRead: input.bytesRead)
        }
        return summary
    }

    /// Places a window of lines on all cores; results in input order.
    ///
    /// The placing runs in a ``HeavyWorkPool`` (Dispatch threads), not in the
    /// task group's own tasks: CPU-bound work on Swift's cooperative pool would
    /// starve anything else in the process (a server, a test runner).
    private func place(_ lines: [(lineNumber: Int, bytes: [UInt8])]) async -> [Outcome] {
        let text = self.text, timeout = self.timeout, target = options.target, mode = options.mode
        let pool = HeavyWorkPool(maxConcurrent: jobs, maxQueued: lines.count)
        return await withTaskGroup(of: (Int, Outcome).self) { group in
            for (i, line) in lines.enumerated() {
                group.addTask {
                    let result: Result<PlaceOutcome, JobError>
                    do {
                        result = try await pool.run {
                            return PlaceJob.run(line.bytes, limits: .unlimited, text: text, budget: .timeout(timeout),
                                                target: target, mode: mode)
                        }
                    } catch {
                        // The waiting line holds the whole window, so this cannot happen.
                        result = .failure(.internalFailure)
                    }
                    return (i, Outcome(lineNumber: line.lineNumber, result: result))
                }
            }
            var results = [Outcome?](repeating: nil, count: lines.count)
            for await (i, outcome) in group { results[i] = outcome }
            return results.compactMap { $0 }
        }
    }
}

/// Where a batch reads its lines from.
public protocol BatchInput {
    /// The next line without its terminator, or nil at the end.
    mutating func next() throws -> [UInt8]?
    /// Bytes consumed so far (for progress); 0 when unknown.
    var bytesRead: Int { get }
}

/// Where a batch writes answers, bad-line reports and progress.
public protocol BatchOutput: AnyObject {
    /// One answer line, without newline, in input order.
    func write(_ line: [UInt8])
    /// One bad-line message.
    func report(_ message: String)
    /// Called after each window with the counts so far.
    func progress(_ summary: BatchRunner.Summary, bytesRead: Int)
}

extension LineReader: BatchInput {}
