import CartoucheJSON
import Foundation
import Testing

/// The executable reports missing glyphs on stderr, one `warning:` line per
/// annotation, and still answers (exit 0).
@Suite("cartouche: missing-glyph warnings", .serialized)
struct MissingGlyphCommandTests {
    /// A callout whose text holds U+E000 (private use: no font has it) among
    /// Hangul and Bengali, a point label with U+E001 among Thai, and a point
    /// label every glyph of which is bundled.
    static let sceneWithMissingGlyphs = #"""
    {"version": 1, "viewport": {"width": 400, "height": 300},
     "camera": {"center": [100.5, 13.75], "zoom": 12},
     "managers": [{"id": "pins", "type": "point", "annotations": [
       {"id": "bkk", "geometry": {"type": "Point", "coordinates": [100.49, 13.74]}, "properties": {"text-field": "กรุงเทพ \uE001"}},
       {"id": "ok", "geometry": {"type": "Point", "coordinates": [100.51, 13.76]}, "properties": {"text-field": "กรุงเทพมหานคร"}}]}],
     "viewAnnotations": [{"id": "c1", "feature": {"type": "Point", "coordinates": [100.5, 13.75]},
       "content": {"runs": [{"text": "서울 \uE000\uE000 ঢাকা", "font": ["Noto Sans Regular"], "size": 12}]}}]}
    """#

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
