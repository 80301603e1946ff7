import CartoucheJSON
import CartoucheScene
import Foundation
import Testing

@testable import CartoucheCommands

/// `cartouche compile` writes the scene's projection into the style's root,
/// in the target's spelling (issue #16).
@Suite("compile writes the projection")
struct CompileProjectionCommandTests {
    @Test("world-globe: {\"type\": \"globe\"}, or {\"name\": \"globe\"} with --target mapbox; the library's bytes")
    func globeExample() throws {
        let scene = Shared.repositoryRoot.appendingPathComponent("Examples/world-globe.scene.json").path
        let out = temporaryPath("globe-style.json")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let document = try SceneDocument(jsonBytes: try readBytes(scene))
        for (target, expected) in [(nil, ["type": "globe"] as JSONValue), ("mapbox", ["name": "globe"]), ("portable", ["type": "globe"])] {
            let arguments = [scene, "-o", out] + (target.map { ["--target", $0] } ?? [])
            #expect(exitStatus(try CompileCommand.parse(arguments)) == 0)
            let written = try readBytes(out)
            #expect(try JSONParser().parse(written).objectValue?["projection"] == expected, "\(target ?? "default")")
            let library = try document.styleDocument(target: target.flatMap { .init(rawValue: $0) }).json.jsonBytes()
            #expect(written == library, "\(target ?? "default")")
        }
    }

    @Test("a Mercator example's style has no projection member")
    func mercatorExample() throws {
        let out = temporaryPath("mercator-style.json")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(exitStatus(try CompileCommand.parse([exampleScene, "-o", out])) == 0)
        #expect(try JSONParser().parse(try readBytes(out)).objectValue?["projection"] == nil)
    }
}
