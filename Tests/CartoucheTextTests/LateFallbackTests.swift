import Foundation
import Testing

@testable import CartoucheText

/// A face of `FontRegistry.lateFallbackFamilies`, with labels written in what it covers.
struct LateFallbackFace: Sendable, CustomTestStringConvertible {
    var iso15924: String
    var family: String
    var fileStem: String
    /// False for the families bundled in Regular only (bold text falls back to Regular).
    var hasBold = true
    var rightToLeft = false
    var labels: [String]

    var testDescription: String { "\(iso15924) \(family)" }
    func face(bold: Bool) -> String { "\(family) \(bold && hasBold ? "Bold" : "Regular")" }
    func file(bold: Bool) -> String { "\(fileStem)-\(bold && hasBold ? "Bold" : "Regular").ttf" }

    /// Issue #27 item 7: scripts and symbols that were measured as `.notdef`.
    static let all: [LateFallbackFace] = [
        LateFallbackFace(iso15924: "Knda", family: "Noto Sans Kannada", fileStem: "NotoSansKannada",
                         labels: ["ಬೆಂಗಳೂರು", "ಮೈಸೂರು", "ಹುಬ್ಬಳ್ಳಿ ಧಾರವಾಡ"]),
        LateFallbackFace(iso15924: "Mlym", family: "Noto Sans Malayalam", fileStem: "NotoSansMalayalam",
                         labels: ["തിരുവനന്തപുരം", "കൊച്ചി", "കോഴിക്കോട്"]),
        LateFallbackFace(iso15924: "Orya", family: "Noto Sans Oriya", fileStem: "NotoSansOriya",
                         labels: ["ଭୁବନେଶ୍ୱର", "କଟକ", "ପୁରୀ"]),
        LateFallbackFace(iso15924: "Tibt", family: "Noto Serif Tibetan", fileStem: "NotoSerifTibetan",
                         labels: ["ལྷ་ས", "གཞིས་ཀ་རྩེ", "ཐིམ་ཕུ"]),
        LateFallbackFace(iso15924: "Thaa", family: "Noto Sans Thaana", fileStem: "NotoSansThaana", rightToLeft: true,
                         labels: ["މާލެ", "އައްޑޫ", "ހުޅުމާލެ"]),
        LateFallbackFace(iso15924: "Mong", family: "Noto Sans Mongolian", fileStem: "NotoSansMongolian", hasBold: false,
                         labels: ["ᠤᠯᠠᠭᠠᠨᠪᠠᠭᠠᠲᠤᠷ", "ᠬᠥᠬᠡᠬᠣᠲᠠ"]),
        LateFallbackFace(iso15924: "Cher", family: "Noto Sans Cherokee", fileStem: "NotoSansCherokee",
                         labels: ["ᏣᎳᎩ", "ᏓᎵᏆ"]),
        LateFallbackFace(iso15924: "Zyyy", family: "Noto Sans Symbols", fileStem: "NotoSansSymbols",
                         labels: ["⚓", "⛽", "🅿"]),
        LateFallbackFace(iso15924: "Zyyy", family: "Noto Sans Symbols2", fileStem: "NotoSansSymbols2", hasBold: false,
                         labels: ["★", "★★★★", "☎ ✈ ⚠", "♿"]),
        LateFallbackFace(iso15924: "Zyyy", family: "Symbola", fileStem: "Symbola-Emoji", hasBold: false,
                         labels: ["🏨", "🍴 🍺", "😀", "🚉🏥"]),
    ]
}

@Suite("Faces after Droid Sans Fallback (issue #27 item 7)")
struct LateFallbackTests {
    static let stacks: [(stack: [String], bold: Bool)] = [(["Open Sans Regular"], false), (["Open Sans Bold"], true)]

    /// Symbola's file is a subset named after its content, not after its family.
    static func file(_ face: LateFallbackFace, bold: Bool) -> String {
        face.family == "Symbola" ? "Symbola-Emoji.ttf" : face.file(bold: bold)
    }

    @Test("labels shape from a Latin stack with no missing code point, in their face only", arguments: LateFallbackFace.all)
    func noMissingGlyphs(face: LateFallbackFace) throws {
        try expectOneFace(face.labels, stacks: Self.stacks, face: face.face(bold:))
    }

    @Test("glyphs, advances and widths from a Latin stack equal uharfbuzz's on the same face within 0.01 px",
          .enabled(if: !skipPythonOracles), arguments: LateFallbackFace.all, [16.0, 12.5])
    func widthsMatchOracle(face: LateFallbackFace, size: Double) throws {
        let engine = try makeEngine()
        for (stack, bold) in Self.stacks {
            let oracle = try uharfbuzz(OracleRequest(font: fontPath(Self.file(face, bold: bold)), size: size,
                                                     direction: face.rightToLeft ? "rtl" : "ltr", script: face.iso15924,
                                                     strings: face.labels))
            try #require(oracle.results.count == face.labels.count)
            for (label, expected) in zip(face.labels, oracle.results) {
                let shaped = try engine.layout(label, style: TextStyle(font: stack, size: size, maxWidth: 1000), includeGlyphs: true)
                let line = try #require(shaped.lines.first)
                try expectEqual(line.glyphs, width: shaped.width, to: expected, of: label)
            }
        }
    }

    @Test("every late face loads under its name and covers its labels", arguments: LateFallbackFace.all)
    func loadsAndCovers(face: LateFallbackFace) throws {
        let registry = try sharedRegistry.get()
        for bold in [false, true] {
            let file = Self.file(face, bold: bold)
            let loaded = try #require(registry.faces.first { $0.path.hasSuffix("/" + file) }, "\(file) did not load")
            #expect(loaded.name == face.face(bold: bold))
            for scalar in face.labels.joined().unicodeScalars {
                #expect(loaded.covers(scalar), "\(file) lacks U+\(String(scalar.value, radix: 16, uppercase: true))")
            }
        }
    }

    @Test("no code point an earlier fallback covers moves to a late face")
    func lateFacesComeLast() throws {
        let stack = try sharedRegistry.get().resolve(["Noto Sans Regular"])
        let names = stack.faces.map(\.name)
        let droid = try #require(names.firstIndex(of: "Droid Sans Fallback Regular"))
        #expect(names.suffix(from: droid + 1) == [
            "Noto Sans Kannada Regular", "Noto Sans Malayalam Regular", "Noto Sans Oriya Regular",
            "Noto Serif Tibetan Regular", "Noto Sans Thaana Regular", "Noto Sans Mongolian Regular",
            "Noto Sans Cherokee Regular", "Noto Sans Symbols Regular", "Noto Sans Symbols2 Regular", "Symbola Regular",
        ])
    }

    /// The glyph protocol has Basic Multilingual Plane ranges only, so no emoji beyond it.
    @Test("the glyph route's generator draws the new faces: SDF bitmaps for ★, ⚓, Kannada and Tibetan")
    func glyphRanges() throws {
        let generator = GlyphRangeGenerator(registry: try sharedRegistry.get())
        let stack = try generator.resolve("Open Sans Regular")
        for codePoint in [UInt32(0x2605), 0x2693, 0x0C95, 0x0F40] {
            let range = try GlyphRange(start: codePoint & ~0xFF)
            let glyph = try #require(try generator.glyphs(of: stack, in: range).first { $0.codePoint == codePoint })
            #expect(glyph.width > 0 && glyph.height > 0 && glyph.advance > 0)
            #expect(glyph.bitmap.count == Int(glyph.width + 2 * UInt32(SDFGlyph.buffer)) * Int(glyph.height + 2 * UInt32(SDFGlyph.buffer)))
        }
    }
}
