import CartoucheGeometry
import CartoucheStyle
import CartoucheTestSupport
import Testing

import CFriBidi
import CICUBreak

@testable import CartoucheText

/// The single-run fast path must give exactly what the general pipeline gives
/// for every text it accepts, and must refuse every text it cannot handle.
@Suite struct SingleRunLayoutTests {
    /// Pieces in many scripts, with shared characters, marks, joiners, spaces,
    /// line breaks and a code point no bundled face covers, so that random
    /// concatenations hit every reason to leave the fast path.
    static let pieces: [String] = [
        "Zürich", "HB", "Straße", "Łódź", "Nguyễn", "İstanbul", "café", "e\u{301}", "Москва", "Київ", "Αθήνα",
        "القاهرة", "תל אביב", "नई दिल्ली", "मराठी", "東京", "とうきょう", "カタカナ", "北京市", "12", "3.5",
        "-", "(", ")", "·", "'", ",", " ", "  ", "\n", "\u{200D}", "\u{00AD}", "\u{1F600}", "\u{E000}", "ǅ", "ﬁ",
        "Ab", "xyz", "WAVE", "Tōkyō", "חיפה", "دمشق", "تهران", "مُحَمَّد", "ירושלים", "\u{200F}",
    ]

    static let stacks: [[String]] = [
        ["Noto Sans Regular"], ["Noto Sans Bold"], ["Noto Sans Arabic Regular", "Noto Sans Regular"],
        ["Droid Sans Fallback Regular"], ["Noto Sans Devanagari Bold", "Noto Sans Bold"],
    ]

    static func randomStyle(_ random: inout SplitMix64) -> TextStyle {
        let anchors: [BoxAnchor] = [.center, .left, .right, .top, .bottom, .topLeft, .topRight, .bottomLeft, .bottomRight]
        let justifies: [TextJustify] = [.auto, .left, .center, .right]
        let transforms: [TextTransform] = [.none, .none, .uppercase, .lowercase]
        return TextStyle(
            font: stacks[Int.random(in: 0..<stacks.count, using: &random)],
            size: [9, 12, 16, 23.5][Int.random(in: 0..<4, using: &random)],
            maxWidth: [2, 4, 10, 30][Int.random(in: 0..<4, using: &random)],
            lineHeight: [1, 1.2, 1.5][Int.random(in: 0..<3, using: &random)],
            letterSpacing: [0, 0, 0.1, -0.05, 0.3][Int.random(in: 0..<5, using: &random)],
            justify: justifies[Int.random(in: 0..<justifies.count, using: &random)],
            anchor: anchors[Int.random(in: 0..<anchors.count, using: &random)],
            transform: transforms[Int.random(in: 0..<transforms.count, using: &random)],
            offsetX: [0, 1.5][Int.random(in: 0..<2, using: &random)],
            offsetY: [0, -2][Int.random(in: 0..<2, using: &random)],
            radialOffset: [0, 0, 1][Int.random(in: 0..<3, using: &random)])
    }

    static func randomText(_ random: inout SplitMix64) -> String {
        // Mostly one piece (as most labels are one name), sometimes up to five.
        let count = Int.random(in: 0..<3, using: &random) == 0 ? Int.random(in: 2...5, using: &random) : 1
        return (0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
    }

    @Test func fastPathEqualsGeneralPipelineOnSeededCorpus() throws {
        let engine = try makeEngine()
        var random = SplitMix64(seed: 0x7E57_0F5A_57_1234)
        var accepted = 0, acceptedRightToLeft = 0, tooWide = 0, refused = 0
        for _ in 0..<3000 {
            let text = Self.randomText(&random)
            let prepared = try engine.prepare(Self.randomStyle(&random))
            let includeGlyphs = Bool.random(using: &random)
            let transformed = prepared.style.transform.apply(to: text)
            let general = try engine.layOutItemized(transformed, style: prepared.style, stack: prepared.stack,
                                                    includeGlyphs: includeGlyphs)
            switch engine.layOutSingleRun(transformed, style: prepared.style, stack: prepared.stack,
                                          includeGlyphs: includeGlyphs) {
            case .laidOut(let fast)?:
                accepted += 1
                if transformed.unicodeScalars.contains(where: { UnicodeClasses.mayNeedBidi($0.value) }) {
                    acceptedRightToLeft += 1
                }
                #expect(fast == general, "\(text.debugDescription) \(prepared.style)")
                #expect(fast.lines.count == 1 && fast.missingCodePoints.isEmpty)
            case let .needsBreaking(item, glyphs)?:
                tooWide += 1
                let reused = try engine.layOutItemized(transformed, style: prepared.style, stack: prepared.stack,
                                                       includeGlyphs: includeGlyphs, preshaped: (item, glyphs))
                #expect(reused == general, "\(text.debugDescription) \(prepared.style)")
            case nil:
                refused += 1
            }
            // The public entry point, whichever path it takes, equals the general pipeline.
            #expect(try engine.layoutUncached(text, style: prepared, includeGlyphs: includeGlyphs) == general)
        }
        // Both outcomes are common in this corpus, so the comparison above is not vacuous.
        #expect(accepted > 600)
        #expect(refused > 600)
        #expect(tooWide > 100)
        #expect(acceptedRightToLeft > 100)
    }

    @Test(arguments: [
        ("Zürich", true), ("東京とうきょう", true), ("Москва-2", true), ("नई दिल्ली", true), ("e\u{301}", true),
        ("القاهرة", true), ("תל אביב", true),
        (" Zürich", false), ("Zürich ", false), ("a\nb", false), ("Tokyo 東京", false), ("القاهرة 12", false),
        ("תל אביב-יפו (Tel Aviv)", false),
        ("Αθήνα Москва", false), ("\u{E000}", false), ("\u{1F600}", true), ("", false),
        ("Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch", false),  // wider than 10 em
        ("Rio de Janeiro Rio de Janeiro Rio de Janeiro", false),
    ])
    func acceptsExactlyTheSingleRunOneLineCases(text: String, accepted: Bool) throws {
        let engine = try makeEngine()
        let prepared = try engine.prepare(TextStyle(font: ["Noto Sans Regular"], size: 16))
        let outcome = engine.layOutSingleRun(text, style: prepared.style, stack: prepared.stack, includeGlyphs: true)
        if case .laidOut? = outcome { #expect(accepted) } else { #expect(!accepted) }
    }

    @Test func tooWideSingleRunIsHandedOverShapedAndBrokenAsTheGeneralPipelineDoes() throws {
        let engine = try makeEngine()
        let prepared = try engine.prepare(TextStyle(font: ["Noto Sans Regular"], size: 16, maxWidth: 8))
        let text = "Rio de Janeiro Rio de Janeiro"
        let outcome = try #require(engine.layOutSingleRun(text, style: prepared.style, stack: prepared.stack,
                                                          includeGlyphs: true))
        guard case let .needsBreaking(item, glyphs) = outcome else {
            Issue.record("expected a single item too wide for one line, got \(outcome)")
            return
        }
        #expect(item.start == 0 && item.end == text.unicodeScalars.count && item.level == 0)
        #expect(glyphs.count == text.unicodeScalars.count)  // Noto Sans: one glyph per Latin letter or space
        let reused = try engine.layOutItemized(text, style: prepared.style, stack: prepared.stack, includeGlyphs: true,
                                               preshaped: (item, glyphs))
        let general = try engine.layOutItemized(text, style: prepared.style, stack: prepared.stack, includeGlyphs: true)
        #expect(reused == general)
        #expect(lineTexts(general) == ["Rio de Janeiro", "Rio de Janeiro"])
    }

    /// Box requests without letter spacing take the one-sum branch of
    /// `SingleRunLayout.line`: its width must be the general pipeline's bit
    /// for bit (and the glyph branch's), and it must hand over the same
    /// glyphs when the text is too wide — for every piece, stack and size.
    @Test func boxOnlyBranchWidthsAreTheGeneralPipelinesBitForBit() throws {
        let engine = try makeEngine()
        var compared = 0, handedOver = 0
        for font in Self.stacks {
            for size in [9.0, 16, 23.5] {
                let prepared = try engine.prepare(TextStyle(font: font, size: size, maxWidth: 4))
                for text in Self.pieces + ["Llanfairpwllgwyngyll", "Ville-Marie", "Санкт-Петербург"] {
                    let general = try engine.layOutItemized(text, style: prepared.style, stack: prepared.stack,
                                                            includeGlyphs: false)
                    let boxOnly = engine.layOutSingleRun(text, style: prepared.style, stack: prepared.stack,
                                                         includeGlyphs: false)
                    let withGlyphs = engine.layOutSingleRun(text, style: prepared.style, stack: prepared.stack,
                                                            includeGlyphs: true)
                    switch (boxOnly, withGlyphs) {
                    case let (.laidOut(fast)?, .laidOut(glyphed)?):
                        compared += 1
                        #expect(fast == general, "\(text.debugDescription) \(font) \(size)")
                        #expect(fast.width.bitPattern == glyphed.width.bitPattern)
                        #expect(fast.width.bitPattern == general.width.bitPattern)
                    case let (.needsBreaking(item, glyphs)?, .needsBreaking(_, glyphed)?):
                        handedOver += 1
                        #expect(glyphs == glyphed)
                        let reused = try engine.layOutItemized(text, style: prepared.style, stack: prepared.stack,
                                                               includeGlyphs: false, preshaped: (item, glyphs))
                        #expect(reused == general, "\(text.debugDescription) \(font) \(size)")
                    case (nil, nil):
                        break
                    default:
                        Issue.record("the branches disagree on \(text.debugDescription) \(font) \(size)")
                    }
                }
            }
        }
        #expect(compared > 100)
        #expect(handedOver > 10)
    }
}

@Suite struct ScriptTableTests {
    /// The byte table must answer exactly what ICU answers, for every code point it covers.
    @Test func scriptOfEqualsICUOnTheWholeBasicPlaneAndBeyond() {
        var mismatches: [UInt32] = []
        for c in UInt32(0)..<0x10000 where UnicodeClasses.script(of: c) != cartouche_script_of(c) {
            mismatches.append(c)
        }
        for c in [0x1_0000, 0x1_F600, 0x2_0000, 0x2_A6D6, 0xE_0001, 0x10_FFFF] as [UInt32]
        where UnicodeClasses.script(of: c) != cartouche_script_of(c) {
            mismatches.append(c)
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(8))")
        // Spot values from the Unicode Scripts.txt, as ICU numbers them.
        #expect(UnicodeClasses.script(of: 0x0416) == 8)   // Ж, Cyrillic
        #expect(UnicodeClasses.script(of: 0x05D0) == 19)  // א, Hebrew
        #expect(UnicodeClasses.script(of: 0x0627) == 2)   // ا, Arabic
        #expect(UnicodeClasses.script(of: 0x6771) == 17)  // 東, Han
    }

    /// The single-run path's one-byte classes must be ICU's script (kana and
    /// Bopomofo counted as Han, found by their ISO 15924 names) for every code
    /// point of the Basic Multilingual Plane, except mandatory breaks and
    /// ignorables, which must be marked for the full checks.
    @Test func itemizationClassesEqualICUWithHanCompanionsFoldedOnTheWholeBasicPlane() {
        let hanCompanions = Set((Int32(0)..<Int32(256)).filter { code in
            guard let name = cartouche_script_short_name(code) else { return false }
            return ["Hira", "Kana", "Hrkt", "Bopo"].contains(String(cString: name))
        })
        #expect(hanCompanions.count == 4)
        let classes = UnicodeClasses.basicPlaneItemizationClasses
        #expect(classes.count == 0x10000)
        var mismatches: [UInt32] = []
        for c in UInt32(0)..<0x10000 {
            let expected: UInt8
            var extensions = [Int32](repeating: 0, count: 64)
            let extensionCount = cartouche_script_extensions(c, &extensions, 64)
            // A Common character with Script_Extensions of real scripts (ICU codes above Inherited, 1).
            let ownExtensions = cartouche_script_of(c) == 0 && extensions.prefix(Int(max(0, extensionCount))).contains { $0 > 1 }
            if UnicodeClasses.isMandatoryBreak(c) || UnicodeClasses.isIgnorableForCoverage(c) || ownExtensions {
                expected = UnicodeClasses.needsCare
            } else {
                let icu = cartouche_script_of(c)
                let folded = hanCompanions.contains(icu) ? Int32(17) : icu
                expected = folded >= 0 && folded < 255 ? UInt8(folded) : UnicodeClasses.needsCare
            }
            if classes[Int(c)] != expected { mismatches.append(c) }
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(8))")
        // Spot values, as ICU numbers the scripts: Latin 25, Common 0, Inherited 1, Han 17.
        #expect(classes[0x41] == 25)      // A
        #expect(classes[0x20] == 0)       // space
        #expect(classes[0x301] == 1)      // combining acute
        #expect(classes[0x304B] == 17)    // か, Hiragana counted as Han
        #expect(classes[0x0A] == UnicodeClasses.needsCare)    // line feed: a mandatory break
        #expect(classes[0x2028] == UnicodeClasses.needsCare)  // line separator
        #expect(classes[0xAD] == UnicodeClasses.needsCare)    // soft hyphen: ignorable
        #expect(classes[0x200D] == UnicodeClasses.needsCare)  // zero-width joiner: ignorable
    }
}

@Suite struct UTF8DecodingTests {
    /// The fast path's decoder must give the code points Swift's own decoder gives.
    @Test func decodeEqualsUnicodeScalarsOnSeededStrings() {
        var random = SplitMix64(seed: 0xDEC0DE)
        // One-, two-, three- and four-byte sequences at every position, including the first and last.
        let ranges: [ClosedRange<UInt32>] = [0x00...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x10000...0x10FFFF]
        for _ in 0..<2000 {
            var view = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...24, using: &random) {
                let range = ranges[Int.random(in: 0..<ranges.count, using: &random)]
                if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &random)) { view.append(scalar) }
            }
            let text = String(view)
            let bytes = Array(text.utf8)
            var out = [UInt32](repeating: 0, count: bytes.count)
            let count = bytes.withUnsafeBufferPointer { b in out.withUnsafeMutableBufferPointer { SingleRunLayout.decode(b, into: $0) } }
            #expect(count.map { Array(out[0..<$0]) } == text.unicodeScalars.map(\.value))
        }
    }

    @Test func truncatedSequenceIsRefusedNotReadPastTheEnd() {
        let bytes: [UInt8] = [0x41, 0xE6, 0x9D]  // "A" and the first two bytes of a three-byte sequence
        var out = [UInt32](repeating: 0, count: 3)
        let count = bytes.withUnsafeBufferPointer { b in out.withUnsafeMutableBufferPointer { SingleRunLayout.decode(b, into: $0) } }
        #expect(count == nil)
    }
}

@Suite struct PlainRightToLeftTests {
    /// The shortcut must agree with FriBidi wherever it answers: every scalar at level 1.
    @Test(arguments: ["القاهرة", "תל אביב", "مُحَمَّد", "ירושלים העתיקה", "\u{05B0}שלום", "دمشق القديمة", "\u{200F}"])
    func plainRightToLeftTextIsLevelOneForFriBidiToo(text: String) throws {
        let scalars = text.unicodeScalars.map(\.value)
        let plain = scalars.withUnsafeBufferPointer { SingleRunLayout.isPlainRightToLeft($0) }
        #expect(plain)
        var types = [UInt32](repeating: 0, count: scalars.count)
        var brackets = [UInt32](repeating: 0, count: scalars.count)
        var levels = [Int8](repeating: 0, count: scalars.count)
        var rtl: Int32 = 0
        #expect(cartouche_fribidi_levels(scalars, Int32(scalars.count), &types, &brackets, &levels, &rtl) > 0)
        #expect(levels.allSatisfy { $0 == 1 })
    }

    @Test(arguments: ["القاهرة 12", "תל אביב (Tel Aviv)", "abc", "١٢٣", "\u{202B}שלום", " ", "שלום!"])
    func anythingElseIsLeftToFriBidi(text: String) {
        let scalars = text.unicodeScalars.map(\.value)
        #expect(!scalars.withUnsafeBufferPointer { SingleRunLayout.isPlainRightToLeft($0) })
    }
}
