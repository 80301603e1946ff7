import CartoucheGeometry
import Foundation
import Testing

@testable import CartoucheText

/// A script of the bundled per-script faces, with real place names written in it.
struct MajorScript: Sendable, CustomTestStringConvertible {
    var iso15924: String
    /// Family as the style spec names it, without the weight ("Noto Sans Thai").
    var family: String
    /// File name without the weight and extension ("NotoSansThai").
    var fileStem: String
    var fileExtension = "ttf"
    var names: [String]

    var testDescription: String { iso15924 }
    func face(bold: Bool) -> String { "\(family) \(bold ? "Bold" : "Regular")" }
    func file(bold: Bool) -> String { "\(fileStem)-\(bold ? "Bold" : "Regular").\(fileExtension)" }

    /// The scripts of issue #14: capitals and large cities in their own script.
    static let all: [MajorScript] = [
        MajorScript(iso15924: "Hang", family: "Noto Sans CJK KR", fileStem: "NotoSansCJKkr-Hangul", fileExtension: "otf",
                    names: ["서울특별시", "부산광역시", "인천광역시"]),
        MajorScript(iso15924: "Thai", family: "Noto Sans Thai", fileStem: "NotoSansThai",
                    names: ["กรุงเทพมหานคร", "เชียงใหม่", "ภูเก็ต"]),
        MajorScript(iso15924: "Beng", family: "Noto Sans Bengali", fileStem: "NotoSansBengali",
                    names: ["ঢাকা", "চট্টগ্রাম", "কলকাতা"]),
        MajorScript(iso15924: "Taml", family: "Noto Sans Tamil", fileStem: "NotoSansTamil",
                    names: ["சென்னை", "மதுரை", "கோயம்புத்தூர்"]),
        MajorScript(iso15924: "Telu", family: "Noto Sans Telugu", fileStem: "NotoSansTelugu",
                    names: ["హైదరాబాద్", "విశాఖపట్నం"]),
        MajorScript(iso15924: "Gujr", family: "Noto Sans Gujarati", fileStem: "NotoSansGujarati",
                    names: ["અમદાવાદ", "સુરત", "વડોદરા"]),
        MajorScript(iso15924: "Guru", family: "Noto Sans Gurmukhi", fileStem: "NotoSansGurmukhi",
                    names: ["ਅੰਮ੍ਰਿਤਸਰ", "ਲੁਧਿਆਣਾ"]),
        MajorScript(iso15924: "Khmr", family: "Noto Sans Khmer", fileStem: "NotoSansKhmer",
                    names: ["ភ្នំពេញ", "សៀមរាប"]),
        MajorScript(iso15924: "Laoo", family: "Noto Sans Lao", fileStem: "NotoSansLao",
                    names: ["ວຽງຈັນ", "ຫຼວງພະບາງ"]),
        MajorScript(iso15924: "Mymr", family: "Noto Sans Myanmar", fileStem: "NotoSansMyanmar",
                    names: ["ရန်ကုန်", "မန္တလေး"]),
        MajorScript(iso15924: "Sinh", family: "Noto Sans Sinhala", fileStem: "NotoSansSinhala",
                    names: ["කොළඹ", "මහනුවර"]),
        MajorScript(iso15924: "Geor", family: "Noto Sans Georgian", fileStem: "NotoSansGeorgian",
                    names: ["თბილისი", "ბათუმი"]),
        MajorScript(iso15924: "Armn", family: "Noto Sans Armenian", fileStem: "NotoSansArmenian",
                    names: ["Երևան", "Գյումրի"]),
        MajorScript(iso15924: "Ethi", family: "Noto Sans Ethiopic", fileStem: "NotoSansEthiopic",
                    names: ["አዲስ አበባ", "ጎንደር"]),
    ]
}

@Suite("Major scripts through the bundled fallbacks")
struct MajorScriptTests {
    /// What maps commonly ask for: the aliases of the bundled Latin faces.
    static let stacks: [(stack: [String], bold: Bool)] = [(["Open Sans Regular", "Arial Unicode MS Regular"], false),
                                                          (["Open Sans Bold"], true)]

    @Test("place names shape with no missing code point and only their script's face, from a Latin stack",
          arguments: MajorScript.all)
    func noMissingGlyphs(script: MajorScript) throws {
        // Spaces inside a name stay in the script's face (it has them):
        // one face, one run, as one HarfBuzz call shapes it below.
        try expectOneFace(script.names, stacks: Self.stacks, face: script.face(bold:))
    }

    @Test("widths from a Latin stack equal uharfbuzz's for the script's face within 0.01 px",
          .enabled(if: !skipPythonOracles), arguments: MajorScript.all)
    func widthsMatchOracle(script: MajorScript) throws {
        let engine = try makeEngine()
        for (stack, bold) in Self.stacks {
            let size = 14.0
            let oracle = try uharfbuzz(OracleRequest(font: fontPath(script.file(bold: bold)), size: size, direction: "ltr",
                                                     script: script.iso15924, strings: script.names))
            try #require(oracle.results.count == script.names.count)
            for (name, expected) in zip(script.names, oracle.results) {
                let shaped = try engine.layout(name, style: TextStyle(font: stack, size: size, maxWidth: 1000), includeGlyphs: true)
                let line = try #require(shaped.lines.first)
                #expect(line.glyphs.map(\.glyphID) == expected.glyphs, "glyphs of \(name)")
                #expect(abs(shaped.width - expected.total) <= 0.01, "width of \(name): \(shaped.width) vs \(expected.total)")
            }
        }
    }

    @Test("a Korean name with a space is one run of Noto Sans CJK KR, as wide as HarfBuzz 15 makes it")
    func koreanWithSpace() throws {
        // HarfBuzz 15 (uharfbuzz) applies the face's `calt` in Hangul runs,
        // which swaps a space between syllables for the 280-unit Hangul space;
        // the Hangul shaper of Debian's HarfBuzz 6 turns `calt` off (224
        // units), its default shaper (script Zyyy) does not. Cartouche shapes
        // jamo-free Hangul runs with the default shaper (`HangulShaping`).
        let name = "제주 국제공항"
        func hbShape(_ script: String) throws -> [Int] {
            let output = try run("/usr/bin/hb-shape", ["--no-glyph-names", "--output-format=json", "--script=\(script)",
                                                       fontPath("NotoSansCJKkr-Hangul-Regular.otf"), name])
            return try #require(try JSONSerialization.jsonObject(with: output) as? [[String: Any]]).compactMap { $0["ax"] as? Int }
        }
        #expect(try hbShape("Hang") == [920, 920, 224, 920, 920, 920, 920])
        let advances = try hbShape("Zyyy")
        #expect(advances == [920, 920, 280, 920, 920, 920, 920])
        let shaped = try makeEngine().layout(name, style: TextStyle(font: ["Open Sans Regular"], size: 16))
        #expect(shaped.missingCodePoints.isEmpty && shaped.faces == ["Noto Sans CJK KR Regular"])
        #expect(abs(shaped.width - Double(advances.reduce(0, +)) * 16 / 1000) < 1e-9)
    }

    @Test("a private-use code point is still missing, and reported; the letters around it are not")
    func privateUseIsReported() throws {
        let shaped = try makeEngine().layout("ກ\u{E000}ข", style: TextStyle(font: ["Noto Sans Regular"], size: 16))
        #expect(shaped.missingCodePoints == ["\u{E000}"])
        // The missing one is shaped as a box of the face before it.
        #expect(shaped.faces == ["Noto Sans Thai Regular", "Noto Sans Lao Regular"])
    }

    @Test("missingCodePoints(in:style:) finds without shaping exactly what a layout reports, on seeded mixed texts")
    func coverageWithoutShaping() throws {
        let engine = try makeEngine()
        // Covered letters of several scripts, shared characters, ignorables
        // (ZWJ, VS16, a control, soft hyphen) and code points no face has.
        let pool: [Unicode.Scalar] = ["a", "ß", " ", "1", "-", "서", "ก", "ঢ", "ა", "Ե", "አ", "東", "ب",
                                      "\u{200D}", "\u{FE0F}", "\u{0007}", "\u{00AD}", "\u{E000}", "\u{0F63}", "\u{1F600}", "\u{10FFFD}"]
        var state: UInt64 = 14
        for round in 0..<300 {
            var text = String.UnicodeScalarView()
            for _ in 0..<(1 + round % 12) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                text.append(pool[Int(state >> 33) % pool.count])
            }
            for (stack, transform) in [(["Open Sans Regular"], TextTransform.none), (["Noto Sans Arabic Bold", "Open Sans Bold"], .uppercase)] {
                let style = TextStyle(font: stack, size: 16, maxWidth: 5, transform: transform)
                let string = String(text)
                #expect(try engine.missingCodePoints(in: string, style: style) == engine.layout(string, style: style).missingCodePoints,
                        "\(string.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }

    @Test("Noto Sans CJK KR comes before Droid Sans Fallback, which maps a few syllables")
    func hangulBeforeDroid() throws {
        let registry = try sharedRegistry.get()
        let droid = try #require(registry.face(named: "Droid Sans Fallback Regular"))
        let covered = (0xAC00...0xD7A3).compactMap(Unicode.Scalar.init).filter(droid.covers)
        #expect(!covered.isEmpty, "the reason for the order is gone: Droid maps no Hangul syllable")
        for scalar in covered {
            let shaped = try makeEngine().layout("서\(scalar)울", style: TextStyle(font: ["Noto Sans Regular"], size: 16))
            #expect(shaped.faces == ["Noto Sans CJK KR Regular"])
        }
    }
}
