import Testing

@testable import CartoucheText

/// Clusters in visual order with consecutive repeats (several glyphs of one cluster) collapsed.
func visualClusterOrder(_ shaped: ShapedText) -> [Int] {
    var result: [Int] = []
    for cluster in visualClusters(shaped) where result.last != cluster { result.append(cluster) }
    return result
}

@Suite("Bidi, scripts and fallback")
struct BidiAndScriptTests {
    let wide = TextStyle(size: 16, maxWidth: 100)

    @Test("Latin then Arabic then digits in a left-to-right label (UAX #9: digits after Arabic are AN)")
    func latinArabicDigits() throws {
        // C a i r o ␠ | ا ل ق ا ه ر ة (6–12) | ␠ (13) | 2 0 2 4 (14–17)
        let shaped = try makeEngine().layout("Cairo القاهرة 2024", style: wide, includeGlyphs: true)
        #expect(visualClusterOrder(shaped) == [0, 1, 2, 3, 4, 5, 14, 15, 16, 17, 13, 12, 11, 10, 9, 8, 7, 6])
        #expect(shaped.faces == ["Noto Sans Regular", "Noto Sans Arabic Regular"])
    }

    @Test("a Hebrew label is right-to-left with its number left-to-right inside")
    func hebrewWithNumber() throws {
        // ש ל ו ם ␠ 1 2 3 ␠ ע ו ל ם
        let shaped = try makeEngine().layout("שלום 123 עולם", style: wide, includeGlyphs: true)
        #expect(visualClusterOrder(shaped) == [12, 11, 10, 9, 8, 5, 6, 7, 4, 3, 2, 1, 0])
    }

    @Test("Latin inside a Hebrew label keeps its own order, on the left")
    func latinInsideHebrew() throws {
        let shaped = try makeEngine().layout("תל אביב Tel Aviv", style: wide, includeGlyphs: true)
        #expect(visualClusterOrder(shaped) == [8, 9, 10, 11, 12, 13, 14, 15, 7, 6, 5, 4, 3, 2, 1, 0])
    }

    @Test("glyphs advance left to right without gaps and fill the line")
    func glyphPositionsAreContiguous() throws {
        let shaped = try makeEngine().layout("Cairo القاهرة 2024", style: wide, includeGlyphs: true)
        let line = try #require(shaped.lines.first)
        var pen = line.bounds.minX
        for glyph in line.glyphs {
            #expect(abs(glyph.x - pen) < 0.5)  // x offsets (marks) are small
            pen += glyph.advance
        }
        #expect(abs(pen - line.bounds.maxX) < 1e-9)
    }

    @Test("code points fall back along the stack, then through the bundled fallbacks")
    func fallbackAcrossStack() throws {
        let engine = try makeEngine()
        let shaped = try engine.layout("Tokyo 東京 القاهرة नई", style: TextStyle(font: ["Noto Sans Regular"], maxWidth: 100))
        #expect(Set(shaped.faces) == ["Noto Sans Regular", "Droid Sans Fallback Regular", "Noto Sans Arabic Regular",
                                      "Noto Sans Devanagari Regular"])
        #expect(shaped.missingGlyphCount == 0)

        // Stack order wins: Latin letters come from the second stack face, not a fallback.
        let stacked = try engine.layout("Beirut بيروت",
                                        style: TextStyle(font: ["Noto Sans Arabic Bold", "Open Sans Bold"], maxWidth: 100))
        #expect(stacked.faces == ["Noto Sans Arabic Bold", "Noto Sans Bold"])
    }

    @Test("code points no font covers are counted and listed, never dropped")
    func missingGlyphs() throws {
        // Syriac and private-use code points are not in the bundled fonts
        // (see Fonts/README.md); Hangul is.
        let shaped = try makeEngine().layout("Urhoy ܐܘܪܗܝ \u{E000} 서울", style: wide, includeGlyphs: true)
        #expect(shaped.missingCodePoints == Array("ܐܘܪܗܝ\u{E000}".unicodeScalars))
        #expect(shaped.missingGlyphCount == 6)
        // Each is drawn as the primary face's .notdef (glyph 0, 600 units wide in Noto Sans).
        let notdefs = shaped.lines[0].glyphs.filter { $0.glyphID == 0 }
        #expect(notdefs.count >= 4)
        #expect(notdefs.allSatisfy { abs($0.advance - 600 * 16 / 1000) < 1e-9 })
    }

    @Test("Arabic joins and Devanagari forms conjuncts (fewer glyphs than letters, as HarfBuzz shapes them)")
    func complexScripts() throws {
        let engine = try makeEngine()
        // क्ष is a conjunct: 3 code points, 1 glyph in Noto Sans Devanagari.
        let conjunct = try engine.layout("क्ष", style: wide, includeGlyphs: true)
        #expect(conjunct.lines[0].glyphs.count == 1)
        // Joined Arabic letters use contextual forms: "بيروت" in isolation differs from its letters alone.
        let joined = try engine.layout("بيروت", style: wide, includeGlyphs: true).lines[0].glyphs.map(\.glyphID)
        let isolated = try "بيروت".unicodeScalars.reversed().map { scalar in
            try engine.layout(String(scalar), style: wide, includeGlyphs: true).lines[0].glyphs[0].glyphID
        }
        #expect(joined.count == 5)
        #expect(joined != isolated)
    }
}
