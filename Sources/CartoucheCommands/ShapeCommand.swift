import ArgumentParser
import CartoucheGeometry
import CartoucheJSON
import CartoucheJobs
import CartoucheStyle
import CartoucheText

/// `cartouche shape`: the metrics of one text, as `POST /v1/shape` answers them.
public struct ShapeCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "shape", abstract: "Lay out a text and print its metrics as JSON.")

    @Argument(help: "The text.")
    var text: String

    @Option(help: "A font family of the stack (repeat for fallbacks).")
    var font: [String] = ["Noto Sans Regular"]

    @Option(help: "text-size in pixels.") var size: Double = 16
    @Option(name: .customLong("max-width"), help: "text-max-width in ems.") var maxWidth: Double = 10
    @Option(name: .customLong("line-height"), help: "text-line-height in ems.") var lineHeight: Double = 1.2
    @Option(name: .customLong("letter-spacing"), help: "text-letter-spacing in ems.") var letterSpacing: Double = 0
    @Option(help: "text-justify.") var justify: TextJustify = .center
    @Option(help: "text-anchor.") var anchor: BoxAnchor = .center
    @Option(help: "text-transform.") var transform: TextTransform = .none
    @Flag(help: "Include positioned glyphs.") var glyphs = false

    @OptionGroup var fonts: FontsOption

    public init() {}

    /// The same body `POST /v1/shape` takes, so both go through one decoder.
    func requestBody() throws(JSONWriteError) -> [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        w.key("anchor"); w.write(anchor.rawValue)
        w.key("font"); w.beginArray(); for f in font { w.write(f) }; w.endArray()
        w.key("glyphs"); w.write(glyphs)
        w.key("justify"); w.write(justify.rawValue)
        w.key("letterSpacing"); try w.write(letterSpacing)
        w.key("lineHeight"); try w.write(lineHeight)
        w.key("maxWidth"); try w.write(maxWidth)
        w.key("size"); try w.write(size)
        w.key("text"); w.write(text)
        w.key("transform"); w.write(transform.rawValue)
        w.endObject()
        return w.bytes
    }

    public func run() throws {
        let body: [UInt8]
        do { body = try requestBody() } catch { throw ValidationError("numbers must be finite: \(error)") }
        let engine = try fonts.textEngine()
        switch ShapeJob.run(body, maxTextLength: TextLayoutEngine.maximumScalarCount, text: engine) {
        case .success(let bytes):
            Terminal.writeOut(bytes + [UInt8(ascii: "\n")])
        case .failure(let problem):
            // Paths are request members; name them as the flags they came from.
            Terminal.writeError("shape: \(problem.detail)")
            throw ExitCode(ExitStatus.badInput.rawValue)
        }
    }
}

/// `cartouche fonts`: the loaded fonts and their coverage, as `GET /v1/fonts`.
public struct FontsCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "fonts",
        abstract: "List the loaded fonts with their Unicode coverage, and the fonts directory in use and why (JSON).")

    @OptionGroup var fonts: FontsOption

    public init() {}

    public func run() throws {
        let directory = try fonts.located()
        let registry = try fonts.registry()
        Terminal.writeOut(FontCatalog(registry: registry).jsonBytes(directory: directory) + [UInt8(ascii: "\n")])
    }
}
