import Foundation
import Testing

@testable import CartoucheCommands

@Suite("projection on the command line")
struct ProjectionCommandTests {
    static func scene(zoom: Double, type: String) -> String {
        #"{"version":1,"viewport":{"width":200,"height":100},"camera":{"center":[0,0],"zoom":\#(zoom)},"projection":{"type":"\#(type)"},"viewAnnotations":[{"id":"a","feature":{"type":"Point","coordinates":[0,0]},"size":{"width":20,"height":10}},{"id":"b","feature":{"type":"Point","coordinates":[180,0]},"size":{"width":20,"height":10}}]}"#
    }

    @Test("an unknown projection type exits 4; the globe below zoom 12 renders and queries; compile takes the globe; zoom 12 renders")
    func exitStatuses() throws {
        let scene = temporaryPath("projection.scene.json"), out = temporaryPath("out")
        defer { for p in [scene, out] { try? FileManager.default.removeItem(atPath: p) } }
        func write(_ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: scene)) }

        try write(Self.scene(zoom: 3, type: "equirectangular"))
        #expect(exitStatus(try CompileCommand.parse([scene, "-o", out])) == 4)
        try write(Self.scene(zoom: 3, type: "globe"))
        #expect(exitStatus(try RenderCommand.parse([scene, "-o", out])) == 0)
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        #expect(svg.contains("<g id=\"globe\">"))
        #expect(exitStatus(try QueryCommand.parse([scene, "--at", "100,45", "-o", out])) == 0)
        let hits = try String(contentsOfFile: out, encoding: .utf8)
        #expect(hits.contains("\"id\":\"a\""), "\(hits)")
        #expect(exitStatus(try CompileCommand.parse([scene, "-o", out])) == 0)
        try write(Self.scene(zoom: 12, type: "globe"))
        #expect(exitStatus(try RenderCommand.parse([scene, "-o", out])) == 0)
    }

    @Test("place answers a globe scene below zoom 12, with the callout behind the globe hidden by the horizon")
    func placeOnTheGlobe() throws {
        let scene = temporaryPath("globe.scene.json")
        defer { try? FileManager.default.removeItem(atPath: scene) }
        try Data(Self.scene(zoom: 3, type: "globe").utf8).write(to: URL(fileURLWithPath: scene))
        let run = try Executable.run(["place", scene])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#"{"hiddenReason":{"code":"horizon"},"id":"b","visible":false}"#), "\(run.stdout)")
        #expect(run.stdout.contains(#""drawOrder":["a"]"#))
    }
}
