import CartoucheGeometry
import Testing

@testable import CartoucheText

/// `ShapedText` keeps the only line of a one-line layout inline; these check
/// that this is invisible: lines read back, compare and hash as an array would.
@Suite("Shaped text")
struct ShapedTextTests {
    @Test("a one-line layout reads back one line whose box is the text box")
    func oneLine() throws {
        let engine = try makeEngine()
        let shaped = try engine.layoutUncached("Zürich HB", style: TextStyle(size: 16, anchor: .topLeft))
        let line = try #require(shaped.lines.first)
        #expect(shaped.lines.count == 1)
        #expect(line.bounds == shaped.bounds)  // one line: as wide and as high as the box
        #expect(line.scalarRange == 0..<9)
        #expect(shaped.bounds.minX == 0 && shaped.bounds.minY == 0 && shaped.height == 16 * 1.2)
    }

    @Test("a layout rebuilt from its public fields equals it and hashes the same, for 0, 1 and several lines")
    func rebuiltEqualsOriginal() throws {
        let engine = try makeEngine()
        let style = TextStyle(size: 14, maxWidth: 4)
        // 4 em at 14 px is 56 px: the long name breaks into several lines.
        for (text, lineCounts) in [("", 0...0), ("Paris", 1...1), ("Rue de la Paix Saint-Germain des Prés", 2...9)] {
            let shaped = try engine.layoutUncached(text, style: style, includeGlyphs: true)
            #expect(lineCounts.contains(shaped.lines.count), "\(text)")
            let rebuilt = ShapedText(text: shaped.text, bounds: shaped.bounds, lines: shaped.lines, faces: shaped.faces,
                                     missingCodePoints: shaped.missingCodePoints, unknownFontNames: shaped.unknownFontNames)
            #expect(rebuilt == shaped, "\(text)")
            #expect(Set([rebuilt, shaped]).count == 1, "\(text)")
        }
    }

    @Test("replacing the lines switches between one inline line and an array")
    func replacingLines() throws {
        let engine = try makeEngine()
        let original = try engine.layoutUncached("Paris", style: TextStyle(size: 12))
        let line = try #require(original.lines.first)
        var other = line
        other.baseline += 12

        var shaped = original
        shaped.lines = [line, other]
        #expect(shaped.lines == [line, other])
        #expect(shaped != original)
        shaped.lines = []
        #expect(shaped.lines.isEmpty && shaped != original)
        shaped.lines = [line]
        #expect(shaped == original)
        #expect(shaped.hashValue == original.hashValue)
        shaped.lines = [other]
        #expect(shaped.lines == [other] && shaped != original)
        #expect(original.lines == [line])  // copies are independent
    }
}
