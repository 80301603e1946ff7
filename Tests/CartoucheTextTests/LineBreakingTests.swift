import CartoucheTestSupport
import Testing

@testable import CartoucheText

@Suite("Line breaking")
struct LineBreakingTests {
    // Noto Sans Regular: every digit advances 572 units, the space 260 (upem 1000).
    static let digit = 572.0, space = 260.0

    @Test("breaks balance line lengths like Mapbox GL, not first-fit")
    func balancedNotGreedy() throws {
        // "11 22 33 44" at 10 px is 53.56 px; max width 4 em = 40 px → 2 lines, target 26.78 px.
        // First-fit would put "11 22 33" (39.52 px) on line 1; balancing gives two 25.48 px lines.
        let shaped = try makeEngine().layout("11 22 33 44", style: TextStyle(size: 10, maxWidth: 4))
        #expect(lineTexts(shaped) == ["11 22", "33 44"])
        let lineWidth = (4 * Self.digit + Self.space) / 100
        for line in shaped.lines { #expect(abs(line.bounds.width - lineWidth) < 1e-9) }
        #expect(abs(shaped.width - lineWidth) < 1e-9)
        #expect(abs(shaped.height - 2 * 1.2 * 10) < 1e-9)
    }

    @Test("text that fits stays on one line; max width counts in ems of text-size")
    func fitsOnOneLine() throws {
        let engine = try makeEngine()
        // 53.56 px at 10 px; at 20 px it is 107.12 px, under 10 em = 200 px.
        #expect(try engine.layout("11 22 33 44", style: TextStyle(size: 20)).lines.count == 1)
        // At 5.35 em (53.5 px) the same text at 10 px must break.
        #expect(try engine.layout("11 22 33 44", style: TextStyle(size: 10, maxWidth: 5.35)).lines.count == 2)
        #expect(try engine.layout("11 22 33 44", style: TextStyle(size: 10, maxWidth: 5.36)).lines.count == 1)
    }

    @Test("a word longer than the max width overflows alone on its line")
    func longWord() throws {
        let shaped = try makeEngine().layout("Llanfairpwllgwyngyll station", style: TextStyle(size: 10, maxWidth: 5))
        #expect(lineTexts(shaped) == ["Llanfairpwllgwyngyll", "station"])
        #expect(shaped.lines[0].bounds.width > 50)
        #expect(shaped.lines[1].bounds.width <= 50)
    }

    @Test("CJK text breaks between ideographs into balanced lines")
    func cjk() throws {
        // 12 ideographs of 1 em (Droid Sans Fallback: 256/256 units); 5 em max → 3 lines of 4.
        let shaped = try makeEngine().layout("北京市海淀区中关村南大街", style: TextStyle(size: 10, maxWidth: 5))
        #expect(lineTexts(shaped) == ["北京市海", "淀区中关", "村南大街"])
        for line in shaped.lines { #expect(abs(line.bounds.width - 40) < 1e-9) }
        #expect(shaped.faces == ["Droid Sans Fallback Regular"])
    }

    @Test("a newline forces a break and surrounding spaces are trimmed")
    func mandatoryBreak() throws {
        let shaped = try makeEngine().layout("  11 \n 22  ", style: TextStyle(size: 10))
        #expect(lineTexts(shaped) == ["11", "22"])
        #expect(abs(shaped.width - 2 * Self.digit / 100) < 1e-9)
    }

    @Test("Mapbox penalties: an open parenthesis does not end a line")
    func parenthesis() throws {
        // Breaking before "(" is allowed (UAX #14) and gives the balanced split.
        let shaped = try makeEngine().layout("1111 (2222)", style: TextStyle(size: 10, maxWidth: 4))
        #expect(lineTexts(shaped) == ["1111", "(2222)"])
    }

    @Test("seeded random phrases: lines never exceed the max width when no word does, and keep every character in order")
    func randomPhrasesRespectMaxWidth() throws {
        let engine = try makeEngine()
        let words = ["Rue", "de", "la", "Paix", "Grand", "Canal", "Nord", "Ost", "Bahnhof", "Straße", "Saint-Michel",
                     "Park", "Avenue", "Old", "Town", "Market", "Square", "River", "Bridge", "Hill"]
        var rng = SplitMix64(seed: 42)
        for _ in 0..<200 {
            let count = Int.random(in: 2...12, using: &rng)
            let phrase = (0..<count).map { _ in words[Int.random(in: 0..<words.count, using: &rng)] }.joined(separator: " ")
            let maxWidth = Double.random(in: 6...14, using: &rng)
            let shaped = try engine.layout(phrase, style: TextStyle(size: 12, maxWidth: maxWidth))
            for line in shaped.lines {
                #expect(line.bounds.width <= maxWidth * 12 + 1e-9, "\(phrase) @ \(maxWidth) em: \(lineTexts(shaped))")
            }
            // Lines break at spaces (dropped) or after hyphens (kept): nothing else is lost or reordered.
            #expect(lineTexts(shaped).joined().filter { $0 != " " } == phrase.filter { $0 != " " })
            #expect(lineTexts(shaped).allSatisfy { !$0.hasPrefix(" ") && !$0.hasSuffix(" ") })
        }
    }
}

@Suite("Line assembly")
struct LineAssemblyTests {
    @Test("each line of a broken label is as wide as its text shaped alone", arguments: [
        ["مكة", "المكرمة", "الدار", "البيضاء", "القاهرة", "بيروت", "دمشق"],
        ["ירושלים", "תל", "אביב", "חיפה", "באר", "שבע"],
        ["Straße", "Avenue", "Saint-Michel", "Fjällbacka", "Kommune", "Bahnhof"],
        ["नई", "दिल्ली", "मुंबई", "हिन्दी", "क्षत्रिय"],
    ])
    func linesMatchStandaloneShaping(words: [String]) throws {
        let engine = try makeEngine()
        var rng = SplitMix64(seed: UInt64(words.count))
        for _ in 0..<40 {
            let phrase = (0..<Int.random(in: 3...8, using: &rng)).map { _ in words[Int.random(in: 0..<words.count, using: &rng)] }
                .joined(separator: " ")
            let style = TextStyle(size: 14, maxWidth: Double.random(in: 3...8, using: &rng))
            let shaped = try engine.layout(phrase, style: style, includeGlyphs: true)
            for (line, text) in zip(shaped.lines, lineTexts(shaped)) {
                let alone = try engine.layout(text, style: TextStyle(size: 14, maxWidth: 1000), includeGlyphs: true)
                #expect(abs(line.bounds.width - alone.width) < 1e-9, "\(text) in \(phrase)")
                #expect(line.glyphs.map(\.glyphID) == alone.lines[0].glyphs.map(\.glyphID), "\(text) in \(phrase)")
            }
        }
    }

    @Test("shared characters at the start take the script of the first letter")
    func leadingCommonCharacters() throws {
        let engine = try makeEngine()
        // Arabic-Indic digits and the space before Arabic letters fall back to the Arabic face
        // and stay in its run, even though the stack starts with a Latin face.
        let shaped = try engine.layout("١٢ القاهرة", style: TextStyle(font: ["Noto Sans Regular"]), includeGlyphs: true)
        #expect(shaped.faces == ["Noto Sans Arabic Regular"])
        #expect(shaped.missingGlyphCount == 0)
        // "(" is not in Noto Sans Arabic: it falls back to Noto Sans, the first face that has it.
        let parenthesized = try engine.layout("(القاهرة)", style: TextStyle(font: ["Noto Sans Arabic Regular"]))
        #expect(parenthesized.faces == ["Noto Sans Arabic Regular", "Noto Sans Regular"])
    }
}
