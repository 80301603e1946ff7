import ArgumentParser
import CartoucheJSON
import CartoucheJobs

/// `cartouche diff OLD NEW`: the calls that turn a MapLibre map showing
/// OLD's compiled style into one showing NEW's, as `POST /v1/diff` answers
/// (`updateData` per GeoJSON source, paint/layout/filter changes, layers
/// and sources added, removed, moved).
public struct DiffCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "diff", abstract: "The MapLibre updates (updateData, setPaintProperty, …) from one scene's compiled style to another's (JSON).")

    @Argument(help: "The scene the map shows now (JSON file, or - for stdin).") var old: String
    @Argument(help: "The scene it should show (JSON file, or - for stdin; not both).") var new: String

    @OptionGroup var target: TargetOption
    @OptionGroup var style: StyleFlags

    @Option(name: .customShort("o"), help: ArgumentHelp("Write to this file (only when the diff succeeds) instead of stdout.", valueName: "file"))
    var outputFile: String?
    @Flag(help: "Indent the JSON.") var pretty = false

    public init() {}

    /// A problem and the file it is in ("" when it is in no file: a flag).
    struct FileProblem: Error {
        var file: String
        var problem: JobError
    }

    public func validate() throws {
        if old == "-" && new == "-" { throw ValidationError("OLD and NEW cannot both be stdin") }
    }

    /// The flags as the query parameters of `POST /v1/diff`.
    var parameters: [(name: String, value: String)] {
        target.parameters + style.parameters
    }

    /// The answer for the two scene files' bytes, or the problem with the file it is in.
    func outcome(old oldBytes: [UInt8], new newBytes: [UInt8]) -> Result<CompileOutcome, FileProblem> {
        let options: CompileOptions
        do { options = try CompileOptions(parameters: parameters) } catch { return .failure(FileProblem(file: "", problem: error)) }
        var scenes: [String: JSONValue] = [:]
        for (member, file, bytes) in [("old", old, oldBytes), ("new", new, newBytes)] {
            // Parsed apart so syntax errors give lines and columns of that file.
            do { scenes[member] = try JSONParser().parse(bytes) } catch { return .failure(FileProblem(file: file, problem: .invalidJSON(error))) }
        }
        switch DiffJob.run(json: .object(scenes), options: options, limits: .unlimited, style: pretty ? .pretty : .compact) {
        case .success(let answer): return .success(answer)
        case .failure(let problem): return .failure(Self.inFile(problem, old: old, new: new))
        }
    }

    /// A problem at `old…` or `new…` as one in that file, its path relative to it.
    static func inFile(_ problem: JobError, old: String, new: String) -> FileProblem {
        for (member, file) in [("old", old), ("new", new)] {
            guard let path = problem.path, path == member || path.hasPrefix(member + ".") || path.hasPrefix(member + "[") else { continue }
            var relative = problem
            let inner = path == member ? nil : String(path.dropFirst(path.hasPrefix(member + ".") ? member.count + 1 : member.count))
            relative.path = inner
            if problem.detail.hasPrefix(path) { relative.detail = (inner ?? file) + problem.detail.dropFirst(path.count) }
            return FileProblem(file: file, problem: relative)
        }
        return FileProblem(file: "", problem: problem)
    }

    public func run() throws {
        let oldBytes = try CommandIO.readAll(old), newBytes = try CommandIO.readAll(new)
        switch outcome(old: oldBytes, new: newBytes) {
        case .success(let answer):
            for warning in answer.warnings { Terminal.writeError("warning: \(warning)") }
            try CommandIO.deliver(answer.body, to: outputFile)
        case .failure(let failure):
            throw CommandIO.fail("diff", failure.problem, input: failure.file.isEmpty ? old : failure.file)
        }
    }
}
