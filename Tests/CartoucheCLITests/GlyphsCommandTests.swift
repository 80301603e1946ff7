import ArgumentParser
import CartoucheText
import Foundation
import Testing

@testable import CartoucheCommands

/// `cartouche glyphs --out DIR`: the static tree holds, byte for byte, what
/// `GET /v1/glyphs/{fontstack}/{range}.pbf` serves (both are
/// `GlyphRangeGenerator.pbf`, checked against FreeType in `GlyphRangeTests`).
@Suite("cartouche glyphs")
struct GlyphsCommandTests {
    @Test("--stack and --ranges write DIR/{fontstack}/{range}.pbf for each pair")
    func writesTree() throws {
        let out = temporaryPath("glyphs")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let command = try GlyphsCommand.parse(["--out", out, "--stack", "Noto Sans Regular", "--stack", "Open Sans Regular,Arial Unicode MS Regular",
                                               "--ranges", "0-511,8192-8447"])
        #expect(exitStatus(command) == 0)
        let generator = GlyphRangeGenerator(registry: try Shared.engine.get().registry)
        for stack in ["Noto Sans Regular", "Open Sans Regular,Arial Unicode MS Regular"] {
            let files = try FileManager.default.contentsOfDirectory(atPath: "\(out)/\(stack)").sorted()
            #expect(files == ["0-255.pbf", "256-511.pbf", "8192-8447.pbf"])
            for file in files {
                let range = try GlyphRange(parsing: String(file.dropLast(4)))
                #expect(try readBytes("\(out)/\(stack)/\(file)") == (try generator.pbf(fontstack: stack, range: range)))
            }
        }
    }

    @Test("by default: every face alone and the default stack")
    func defaultStacks() throws {
        let out = temporaryPath("glyphs-default")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(exitStatus(try GlyphsCommand.parse(["--out", out, "--ranges", "0-255"])) == 0)
        let registry = try Shared.engine.get().registry
        let directories = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(directories == (registry.faces.map(\.name) + GlyphsCommand.defaultStacks).sorted())
    }

    @Test("bad ranges are usage errors; an unknown stack or one with a slash is refused")
    func refusals() throws {
        let out = temporaryPath("glyphs-bad")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(exitStatus(try GlyphsCommand.parse(["--out", out, "--ranges", "0-300"])) == ExitStatus.usage.rawValue)
        #expect(exitStatus(try GlyphsCommand.parse(["--out", out, "--stack", "Nope Sans", "--ranges", "0-255"])) == ExitStatus.badInput.rawValue)
        #expect(exitStatus(try GlyphsCommand.parse(["--out", out, "--stack", "../x", "--ranges", "0-255"])) == ExitStatus.usage.rawValue)
        #expect(!FileManager.default.fileExists(atPath: "\(out)/Nope Sans/0-255.pbf"))
    }
}
