import CartoucheJSON
import CartoucheRender
import CartoucheTestSupport
import Foundation
import Testing

@testable import CartoucheScene

@Suite("Scene warnings: missing glyphs")
struct SceneWarningTests {
    static let sceneWithMissingGlyphs = MissingGlyphScene.json

    static let expected = [
        SceneWarning(kind: .missingGlyphs, annotation: "c1", codePoints: ["\u{E000}"]),
        SceneWarning(kind: .missingGlyphs, annotation: "bkk", manager: "pins", codePoints: ["\u{E001}"]),
    ]

    @Test("placing names each annotation with text no font has, and the code points, in the answer")
    func placeAnswerCarriesWarnings() throws {
        let doc = try SceneDocument(jsonBytes: Array(Self.sceneWithMissingGlyphs.utf8))
        let engine = try SceneDocumentTests.engine.get()
        let response = try doc.place(text: engine)
        #expect(response.warnings == Self.expected)
        let json = try JSONParser().parse(try response.jsonBytes())
        let warnings = try #require(json.objectValue?["warnings"]?.arrayValue)
        #expect(warnings.count == 2)
        let first = try #require(warnings.first?.objectValue)
        #expect(first["annotation"] == "c1" && first["kind"] == "missing-glyphs" && first["manager"] == nil)
        #expect(first["codePoints"] == ["U+E000"] && first["count"] == 1)
        #expect(first["message"]?.stringValue
            == #"view annotation "c1": no font has a glyph for U+E000; measured and drawn as .notdef boxes"#)
        let second = try #require(warnings.last?.objectValue)
        #expect(second["annotation"] == "bkk" && second["manager"] == "pins" && second["codePoints"] == ["U+E001"])
        // The same scene prepared for pictures and queries says the same.
        #expect(try PreparedScene(doc, text: engine).warnings == Self.expected)
    }

    @Test("a scene whose text is all covered has no warnings member: its answer keeps its bytes")
    func noWarningsNoMember() throws {
        let clean = Self.sceneWithMissingGlyphs.replacingOccurrences(of: #" \uE001"#, with: "")
            .replacingOccurrences(of: #" \uE000\uE000"#, with: "")
        let response = try SceneDocument(jsonBytes: Array(clean.utf8)).place(text: try SceneDocumentTests.engine.get())
        #expect(response.warnings.isEmpty)
        #expect(try JSONParser().parse(try response.jsonBytes()).objectValue?["warnings"] == nil)
    }

    @Test("many missing code points: the JSON lists 32 and counts all, the message lists 8")
    func longListsAreCapped() throws {
        let scalars = (0xE000..<0xE028).compactMap(Unicode.Scalar.init)  // 40 distinct
        let warning = SceneWarning(kind: .missingGlyphs, annotation: "x", codePoints: scalars)
        var w = JSONWriter()
        warning.writeJSON(to: &w)
        let json = try #require(try JSONParser().parse(w.bytes).objectValue)
        #expect(json["codePoints"]?.arrayValue?.count == 32 && json["count"] == 40)
        #expect(json["codePoints"]?.arrayValue?.last == "U+E01F")
        #expect(warning.description.contains("U+E000, U+E001, U+E002, U+E003, U+E004, U+E005, U+E006, U+E007 and 32 more"))
        #expect(SceneWarning.label("\u{10FFFD}") == "U+10FFFD" && SceneWarning.label("a") == "U+0061")
    }

    @Test("compiling warns about point labels only: callouts are not part of a style")
    func compileLabelsOnly() throws {
        let doc = try SceneDocument(jsonBytes: Array(Self.sceneWithMissingGlyphs.utf8))
        #expect(doc.missingGlyphWarnings(text: try SceneDocumentTests.engine.get(), callouts: false) == [Self.expected[1]])
        #expect(doc.missingGlyphWarnings(text: nil).isEmpty)
    }
}
