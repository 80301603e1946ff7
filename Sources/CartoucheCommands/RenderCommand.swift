import ArgumentParser
import CartoucheJobs
import CartoucheText

/// `cartouche render`: an SVG picture of a scene's result for one camera,
/// the bytes `POST /v1/render` answers.
public struct RenderCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "render", abstract: "Draw a scene's result for one camera as SVG.")

    @Argument(help: "Scene JSON file, or - for stdin.")
    var input: String = "-"

    @Option(help: "Camera index.") var frame: String = "0"
    @Flag(help: "Draw the candidates the solver rejected, with their reasons.") var ghosts = false
    @Flag(name: .customLong("no-caption"), help: "Leave out the caption with the counts.") var noCaption = false

    @Option(name: .customShort("o"), help: ArgumentHelp("Write to this file (only when drawing succeeds) instead of stdout.", valueName: "file"))
    var outputFile: String?

    @OptionGroup var target: TargetOption
    @OptionGroup var mode: ModeOption
    @OptionGroup var fonts: FontsOption

    public init() {}

    /// The flags as the query parameters of `POST /v1/render`.
    var parameters: [(name: String, value: String)] {
        [("frame", frame), ("ghosts", ghosts ? "true" : "false"), ("caption", noCaption ? "false" : "true")] + target.parameters + mode.parameters
    }

    func outcome(for body: [UInt8], text: TextLayoutEngine) -> Result<RenderOutcome, JobError> {
        let options: RenderOptions
        do { options = try RenderOptions(parameters: parameters) } catch { return .failure(error) }
        return RenderJob.runWithWarnings(body, options: options, limits: .unlimited, text: text)
    }

    public func run() throws {
        let body = try CommandIO.readAll(input)
        let text = try fonts.textEngine()
        switch outcome(for: body, text: text) {
        case .success(let drawn):
            for warning in drawn.warnings { Terminal.writeError("warning: \(warning)") }
            try CommandIO.deliver(drawn.svg, to: outputFile)
        case .failure(let problem): throw CommandIO.fail("render", problem, input: input)
        }
    }
}
