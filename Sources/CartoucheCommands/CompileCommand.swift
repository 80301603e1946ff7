import ArgumentParser
import CartoucheJSON
import CartoucheJobs
import CartoucheText

/// `cartouche compile`: a scene's managers as a complete v8 style or a
/// fragment, as `POST /v1/compile` answers them (same bytes without
/// `--pretty`); warnings on stderr.
public struct CompileCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "compile", abstract: "Compile a scene's annotation managers to a style (or a fragment) as JSON.")

    @Argument(help: "Scene JSON file, or - for stdin.")
    var input: String = "-"

    @Option(name: .customLong("output"), help: "style (a complete v8 style) or fragment ({sources, layers} to merge).")
    var output: CompileOutputChoice = .style

    @OptionGroup var target: TargetOption

    @OptionGroup var style: StyleFlags

    @Option(name: .customShort("o"), help: ArgumentHelp("Write to this file (only when compiling succeeds) instead of stdout.", valueName: "file"))
    var outputFile: String?

    @Flag(help: "Indent the JSON.") var pretty = false

    @OptionGroup var fonts: FontsOption

    public init() {}

    /// The flags as the query parameters of `POST /v1/compile`, so both are read by one reader.
    var parameters: [(name: String, value: String)] {
        [("output", output.rawValue)] + target.parameters + style.parameters
    }

    /// The answer for a scene: the style or fragment bytes and the warnings, or the problem.
    func outcome(for body: [UInt8], text: TextLayoutEngine? = nil) -> Result<CompileOutcome, JobError> {
        let options: CompileOptions
        do { options = try CompileOptions(parameters: parameters) } catch { return .failure(error) }
        return CompileJob.run(body, options: options, limits: .unlimited, style: pretty ? .pretty : .compact, text: text)
    }

    public func run() throws {
        let body = try CommandIO.readAll(input)
        // The fonts shape point labels only to warn about missing glyphs.
        switch outcome(for: body, text: try fonts.textEngine()) {
        case .success(let compiled):
            for warning in compiled.warnings { Terminal.writeError("warning: \(warning)") }
            try CommandIO.deliver(compiled.body, to: outputFile)
        case .failure(let problem):
            throw CommandIO.fail("compile", problem, input: input)
        }
    }
}
