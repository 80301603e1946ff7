import Testing

@testable import CartoucheText

@Suite("UAX #24 script runs (ScriptResolver)")
struct ScriptResolverTests {
    /// The ISO 15924 script of each scalar's item, as `Itemization` splits `text` for `stack`.
    func scripts(_ text: String, stack: [String] = ["Noto Sans Regular"]) throws -> [String] {
        let scalars = text.unicodeScalars.map(\.value)
        let itemization = try Itemization(scalars: scalars, stack: try sharedRegistry.get().resolve(stack))
        return scalars.indices.map { i in
            let item = itemization.items.first { $0.start <= i && i < $0.end }
            return item.flatMap { UnicodeClasses.scriptName($0.script) } ?? "?"
        }
    }

    @Test("a closing bracket takes its opening bracket's script, not the script before it")
    func pairedBrackets() throws {
        let text = "Tel Aviv (תל אביב)"
        let resolved = try scripts(text)
        #expect(resolved.first == "Latn")
        #expect(resolved[9] == "Latn" && resolved[10] == "Hebr")  // "(" opens in Latin
        #expect(resolved.last == "Latn", "\(resolved)")           // ")" closes in Latin, after Hebrew letters
        // Nested and leading brackets: the leading "[" takes the first letter's
        // script, "(" opens in Greek, so ")" and "]" close in Greek after Latin letters.
        let nested = try scripts("[Αθήνα (Athens)]")
        #expect(nested == ["Grek"] + Array(repeating: "Grek", count: 7) + Array(repeating: "Latn", count: 6) + ["Grek", "Grek"],
                "\(nested)")
    }

    @Test("spaces, digits and punctuation stay in the run around them")
    func sharedCharactersStay() throws {
        #expect(Set(try scripts("라오 인민 123, 공화국")) == ["Hang"])
        #expect(Set(try scripts("ถนน พระราม 9")) == ["Thai"])
        #expect(Set(try scripts("شارع 25")) == ["Arab"])
    }

    @Test("Script_Extensions: a character joins a run of one of its scripts")
    func scriptExtensions() throws {
        // U+3001 IDEOGRAPHIC COMMA (Bopo Hang Hani Hira Kana Yiii) after Latin joins the Han run after it.
        let comma = try scripts("Tokyo\u{3001}東京")
        #expect(comma[5] == "Hani", "\(comma)")
        // U+30FC KATAKANA-HIRAGANA PROLONGED SOUND MARK (Hira Kana) inside kana stays there (kana count as Han).
        #expect(Set(try scripts("ラーメン")) == ["Hani"])
        // U+0964 DEVANAGARI DANDA stays in a Devanagari run…
        #expect(Set(try scripts("नई दिल्ली\u{0964}")) == ["Deva"])
        // …and, after Latin with no letter of its scripts next, takes its first extension.
        let danda = try scripts("Delhi\u{0964}")
        #expect(danda.last != "Latn", "\(danda)")
    }

    @Test("combining marks stay with their base whatever their extensions")
    func inheritedStays() throws {
        #expect(Set(try scripts("e\u{301}\u{0951}x")) == ["Latn"])
    }

    @Test("the single-run fast path refuses what would split, and lays out the rest as the general pipeline does")
    func singleRunAgrees() throws {
        let engine = try makeEngine()
        let prepared = try engine.prepare(TextStyle(font: ["Noto Sans Regular"], size: 16))
        for text in ["Delhi\u{0964}x", "नई दिल्ली\u{0964}", "ラーメン", "Tel Aviv (Jaffa)", "\u{0964}नई"] {
            let general = try engine.layOutItemized(text, style: prepared.style, stack: prepared.stack, includeGlyphs: true)
            if case .laidOut(let single)? = engine.layOutSingleRun(text, style: prepared.style, stack: prepared.stack,
                                                                  includeGlyphs: true) {
                #expect(single.width == general.width && single.faces == general.faces, "\(text)")
            }
        }
    }
}
