import CartoucheJSON
import CartoucheTestSupport
import Foundation
import Testing

/// The executable reports missing glyphs on stderr, one `warning:` line per
/// annotation, and still answers (exit 0).
@Suite("cartouche: missing-glyph warnings", .serialized)
struct MissingGlyphCommandTests {
    static let sceneWithMissingGlyphs = MissingGlyphScene.json

    static let callout = #"warning: view annotation "c1": no font has a glyph for U+E000; measured and drawn as .notdef boxes"#
    static let label = #"warning: point annotation "bkk" of manager "pins": no font has a glyph for U+E001; measured and drawn as .notdef boxes"#

    @Test("place, query and render print both warnings; place and query answers carry them too")
    func sceneCommandsWarn() throws {
        for arguments in [["place"], ["query", "--at", "200,150"], ["render"]] {
            let run = try Executable.run(arguments, stdin: Self.sceneWithMissingGlyphs)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").map(String.init) == [Self.callout, Self.label], "\(arguments)")
            if arguments[0] == "render" {
                #expect(run.stdout.contains("<svg"))
            } else {
                let warnings = try JSONParser().parse(Array(run.stdout.utf8)).objectValue?["warnings"]?.arrayValue
                #expect(warnings?.compactMap { $0.objectValue?["annotation"]?.stringValue } == ["c1", "bkk"], "\(arguments)")
            }
        }
    }

    @Test("compile prints the point label's warning only (the style draws no callout)")
    func compileWarnsAboutLabels() throws {
        let run = try Executable.run(["compile", "--output", "fragment"], stdin: Self.sceneWithMissingGlyphs)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").map(String.init) == [Self.label])
    }
}
