import CartoucheJSON
import CartoucheTestSupport
import Foundation
import Testing

/// `cartouche compile` of a scene with text: the README's own example scene
/// compiles with `--glyphs`, and without it the error names the flag and
/// where glyph ranges come from (the service's route, `cartouche glyphs`).
@Suite("cartouche compile: glyphs for a scene with text", .serialized)
struct CompileGlyphsCommandTests {
    /// The scene of the README's `compile` example, between `cat > labels.scene.json <<'EOF'` and `EOF`.
    static func readmeScene() throws -> String {
        let readme = try String(contentsOf: Shared.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "cat > labels.scene.json <<'EOF'\n"), "the README's compile example writes labels.scene.json")
        let end = try #require(readme.range(of: "\nEOF\n", range: start.upperBound..<readme.endIndex))
        return String(readme[start.upperBound..<end.lowerBound])
    }

    @Test("the README's scene draws text and compiles with the README's --glyphs")
    func readmeExample() throws {
        let run = try Executable.run(["compile", "-", "--glyphs", "http://localhost:8080/v1/glyphs/{fontstack}/{range}.pbf"], stdin: try Self.readmeScene())
        #expect(run.status == 0, "\(run.stderr)")
        let style = try #require(try JSONParser().parse(run.stdout).objectValue)
        #expect(style["glyphs"] == "http://localhost:8080/v1/glyphs/{fontstack}/{range}.pbf")
        let symbols = style["layers"]?.arrayValue?.filter { $0.objectValue?["type"] == "symbol" } ?? []
        #expect(symbols.count == 1)
        #expect(symbols.first?.objectValue?["layout"]?.objectValue?["text-field"] != nil)
    }

    @Test("without --glyphs: exit 2 and a message naming --glyphs, the service's route and cartouche glyphs")
    func missingGlyphsNamesTheFlag() throws {
        let run = try Executable.run(["compile", "-"], stdin: try Self.readmeScene())
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == """
            compile: --glyphs: layer "places" draws text, so the style needs a glyphs URL template: a running `cartouche serve` \
            answers http://HOST:PORT/v1/glyphs/{fontstack}/{range}.pbf, and `cartouche glyphs --out DIR` writes the same ranges \
            for any file server (https://…/DIR/{fontstack}/{range}.pbf)

            """)
        // A fragment is merged into a style that has its own glyphs: no flag needed.
        #expect(try Executable.run(["compile", "-", "--output", "fragment"], stdin: try Self.readmeScene()).status == 0)
    }
}
