import ArgumentParser
import CartoucheText
import Dispatch
import Foundation
import Synchronization

/// `cartouche glyphs --out DIR`: the glyph ranges `GET /v1/glyphs/…` answers,
/// written as a static tree `DIR/{fontstack}/{range}.pbf` for a CDN or any
/// file server; a style's `glyphs` then points at `https://…/DIR/{fontstack}/{range}.pbf`.
public struct GlyphsCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "glyphs",
        abstract: "Write Mapbox glyph ranges (SDF .pbf) of the loaded fonts as DIR/{fontstack}/{range}.pbf.",
        discussion: """
            By default every loaded face alone, and the stacks Cartouche compiles by default \
            ("\(GlyphsCommand.defaultStacks.joined(separator: "\", \""))"), each over every range of the BMP \
            (0-255 … 65280-65535). The files are those GET /v1/glyphs/{fontstack}/{range}.pbf serves.
            """)

    /// The `text-font` of symbol layers that set none (the style spec's default), which compile writes.
    public static let defaultStacks = ["Open Sans Regular,Arial Unicode MS Regular"]

    @Option(name: .customLong("out"), help: ArgumentHelp("Directory to write into (created if missing).", valueName: "dir"))
    var out: String

    @Option(name: .customLong("stack"), help: ArgumentHelp(
        "A font stack to write, comma-separated as in a glyphs URL (repeat for more; default: each face and the default stack).",
        valueName: "names"))
    var stacks: [String] = []

    @Option(name: .customLong("ranges"), help: ArgumentHelp(
        "Comma-separated spans of ranges, e.g. 0-255 or 0-1023,8192-8447; 0-65535 is the whole BMP.", valueName: "spans"))
    var ranges: String = "0-65535"

    @OptionGroup var fonts: FontsOption

    public init() {}

    public func run() throws {
        let selected: [GlyphRange]
        do { selected = try GlyphRange.list(parsing: ranges) } catch { throw ValidationError("--ranges: \(error)") }
        let registry = try fonts.registry()
        let generator = GlyphRangeGenerator(registry: registry)
        let names = stacks.isEmpty ? registry.faces.map(\.name) + Self.defaultStacks : stacks
        var resolved: [(name: String, stack: ResolvedFontStack)] = []
        for name in names {
            // A stack names a directory under DIR: nothing that leaves it.
            guard !name.contains("/"), name != ".", name != ".." else {
                throw ValidationError("--stack \"\(name)\": a font stack cannot contain \"/\" or be \".\" or \"..\"")
            }
            do { resolved.append((name, try generator.resolve(name))) } catch {
                Terminal.writeError("glyphs: --stack \(name): \(error)")
                throw ExitCode(ExitStatus.badInput.rawValue)
            }
            for unknown in resolved[resolved.count - 1].stack.unknownNames {
                Terminal.writeError("glyphs: warning: \"\(unknown)\" of stack \"\(name)\" is not a known font; the rest of the stack is used")
            }
        }
        let root = URL(fileURLWithPath: out, isDirectory: true)
        let jobs = resolved.flatMap { entry in selected.map { (entry.name, entry.stack, $0) } }
        let failure = Mutex<String?>(nil)
        let written = Atomic<Int>(0)
        for (name, _) in resolved {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(name, isDirectory: true), withIntermediateDirectories: true)
        }
        // Ranges are independent: one per core at a time, each with its own FreeType objects.
        DispatchQueue.concurrentPerform(iterations: jobs.count) { i in
            let (name, stack, range) = jobs[i]
            guard failure.withLock({ $0 == nil }) else { return }
            do {
                let bytes = GlyphPBF.encode(fontstack: name, range: range, glyphs: try generator.glyphs(of: stack, in: range))
                let file = root.appendingPathComponent(name, isDirectory: true).appendingPathComponent("\(range).pbf")
                try Data(bytes).write(to: file)
                written.add(1, ordering: .relaxed)
            } catch {
                failure.withLock { $0 = $0 ?? "\(name)/\(range).pbf: \(error)" }
            }
        }
        if let message = failure.withLock({ $0 }) {
            Terminal.writeError("glyphs: \(message)")
            throw ExitCode(ExitStatus.internalFailure.rawValue)
        }
        Terminal.writeError("glyphs: wrote \(written.load(ordering: .relaxed)) ranges of \(resolved.count) stacks into \(root.path)")
    }
}
