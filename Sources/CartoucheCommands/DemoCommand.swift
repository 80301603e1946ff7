import ArgumentParser
import CartoucheGeometry
import CartoucheJSON
import CartoucheJobs
import CartoucheRender
import CartoucheScene
import CartoucheText
import Foundation

/// `cartouche demo`: the main job on the bundled examples. For every
/// `*.scene.json` in the examples folder it writes, into the output folder:
/// the placement (`NAME.place.json`), the compiled style (`NAME.style.json`),
/// a picture per camera (`NAME-N.svg`, with rejected candidates as ghosts)
/// and the hits of a tap on every shown callout (`NAME.query.json`), and
/// prints a summary.
public struct DemoCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "demo", abstract: "Place, compile, query and draw the bundled example scenes.")

    @Option(help: "Folder with the example scenes (*.scene.json).")
    var examples = "Examples"

    @Option(help: "Folder to write the outputs to (created if missing).")
    var out = "out/demo"

    @Option(name: .customLong("extra-fonts"), help: "Extra folder of fonts (.ttf/.otf) besides the bundled ones.")
    var extraFonts: String?

    @OptionGroup var fonts: FontsOption

    public init() {}

    public func run() throws {
        let folder = URL(fileURLWithPath: examples, isDirectory: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".scene.json") }.sorted()
        guard !names.isEmpty else { throw ValidationError("no *.scene.json files in \(folder.path)") }
        let output = URL(fileURLWithPath: out, isDirectory: true)
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let registry = try FontRegistry(
            bundled: fonts.located(), extraDirectories: extraFonts.map { [URL(fileURLWithPath: $0, isDirectory: true)] } ?? [])
        let engine = TextLayoutEngine(registry: registry)
        print("scene                       camera  shown/total  hidden (reasons)                    ms (all outputs)")
        for name in names {
            let base = String(name.dropLast(".scene.json".count))
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            let start = DispatchTime.now()
            let outputs = try Self.job(name) { DemoJob.run(bytes, text: engine) }
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
            try Data(outputs.place).write(to: output.appendingPathComponent("\(base).place.json"))
            try Data(outputs.style).write(to: output.appendingPathComponent("\(base).style.json"))
            for (i, svg) in outputs.pictures.enumerated() {
                try Data(svg).write(to: output.appendingPathComponent("\(base)-\(i).svg"))
            }
            try Data(outputs.taps).write(to: output.appendingPathComponent("\(base).query.json"))
            for (i, frame) in outputs.frames.enumerated() {
                let hidden = frame.hiddenByReason.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                let shown = "\(frame.shown)/\(frame.total)"
                print(base.padding(toLength: 28, withPad: " ", startingAt: 0) + String(i).padding(toLength: 8, withPad: " ", startingAt: 0)
                      + shown.padding(toLength: 13, withPad: " ", startingAt: 0) + hidden.padding(toLength: 36, withPad: " ", startingAt: 0)
                      + (i == 0 ? String(format: "%.1f", ms) : ""))
            }
        }
        print("wrote \(output.path)/: *.place.json (placements), *.style.json (style documents), *.query.json (taps), *-N.svg (pictures)")
    }

    /// A job's answer, or its error as a message naming the scene file (exit 1: the bundled examples are known good).
    static func job<T>(_ name: String, _ run: () -> Result<T, JobError>) throws -> T {
        switch run() {
        case .success(let value): return value
        case .failure(let error): throw ValidationError("\(name): \(error.detailNamingPath)")
        }
    }
}
