import Foundation
import Testing

@testable import CartoucheText

/// Single-font, single-run samples per script, shaped by Cartouche and by two
/// independent HarfBuzz builds: PyPI uharfbuzz (HarfBuzz 15, through
/// scripts/oracles/hb_oracle.py) and Debian's `hb-shape` (HarfBuzz 6, font units).
struct OracleSample: Sendable, CustomTestStringConvertible {
    var script: String  // ISO 15924
    var file: String
    var face: String
    var rightToLeft: Bool
    var strings: [String]
    var testDescription: String { "\(script) \(face)" }

    static let all: [OracleSample] = [
        OracleSample(script: "Latn", file: "NotoSans-Regular.ttf", face: "Noto Sans Regular", rightToLeft: false,
                     strings: ["Hello wörld", "Straße der Pariser Kommune", "AVATAR Tokyo", "Ærøskøbing", "Fjällbacka"]),
        OracleSample(script: "Cyrl", file: "NotoSans-Regular.ttf", face: "Noto Sans Regular", rightToLeft: false,
                     strings: ["Москва", "Санкт-Петербург", "Новосибирск", "Київ"]),
        OracleSample(script: "Grek", file: "NotoSans-Bold.ttf", face: "Noto Sans Bold", rightToLeft: false,
                     strings: ["Αθήνα", "Θεσσαλονίκη", "Ηράκλειο"]),
        OracleSample(script: "Arab", file: "NotoSansArabic-Regular.ttf", face: "Noto Sans Arabic Regular", rightToLeft: true,
                     strings: ["القاهرة", "الدار البيضاء", "مكة المكرمة", "بيروت"]),
        OracleSample(script: "Hebr", file: "NotoSansHebrew-Regular.ttf", face: "Noto Sans Hebrew Regular", rightToLeft: true,
                     strings: ["ירושלים", "תל אביב", "חיפה"]),
        OracleSample(script: "Deva", file: "NotoSansDevanagari-Regular.ttf", face: "Noto Sans Devanagari Regular",
                     rightToLeft: false, strings: ["नई दिल्ली", "मुंबई", "क्षत्रिय", "हिन्दी"]),
        OracleSample(script: "Hani", file: "DroidSansFallbackFull.ttf", face: "Droid Sans Fallback Regular",
                     rightToLeft: false, strings: ["東京都", "北京市", "上海浦东新区"]),
    ] + MajorScript.all.flatMap { script in
        // Every bundled per-script face, Regular and Bold, on its place names.
        [false, true].map { bold in
            OracleSample(script: script.iso15924, file: script.file(bold: bold), face: script.face(bold: bold),
                         rightToLeft: false, strings: script.names)
        }
    }
}

struct OracleRequest: Encodable {
    var font: String
    var size: Double
    var direction: String
    var script: String
    var strings: [String]
}

struct OracleResponse: Decodable {
    struct Result: Decodable {
        var glyphs: [UInt32]
        var advances: [Double]
        var total: Double
    }
    var results: [Result]
}

/// Expects `glyphs` and `width` (one line of `text`) to be the oracle's glyphs,
/// advances and total within 0.01 px.
func expectEqual(_ glyphs: [PositionedGlyph], width: Double, to expected: OracleResponse.Result, of text: String,
                 sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(glyphs.map(\.glyphID) == expected.glyphs, "glyphs of \(text)", sourceLocation: sourceLocation)
    try #require(glyphs.count == expected.advances.count, sourceLocation: sourceLocation)
    for (glyph, advance) in zip(glyphs, expected.advances) {
        #expect(abs(glyph.advance - advance) <= 0.01, "advance in \(text): \(glyph.advance) vs \(advance)",
                sourceLocation: sourceLocation)
    }
    #expect(abs(width - expected.total) <= 0.01, "width of \(text): \(width) vs \(expected.total)", sourceLocation: sourceLocation)
}

/// Expects every label to shape from each stack with no missing code point
/// and with only the face `face(bold)` names.
func expectOneFace(_ labels: [String], stacks: [(stack: [String], bold: Bool)], face: (Bool) -> String,
                   sourceLocation: SourceLocation = #_sourceLocation) throws {
    let engine = try makeEngine()
    for (stack, bold) in stacks {
        for label in labels {
            let shaped = try engine.layout(label, style: TextStyle(font: stack, size: 16, maxWidth: 1000))
            #expect(shaped.missingCodePoints.isEmpty, "\(label): \(shaped.missingCodePoints)", sourceLocation: sourceLocation)
            #expect(shaped.faces == [face(bold)], "\(label) used \(shaped.faces)", sourceLocation: sourceLocation)
        }
    }
}

/// Shapes `request` with PyPI uharfbuzz through scripts/oracles/hb_oracle.py.
func uharfbuzz(_ request: OracleRequest) throws -> OracleResponse {
    let python = repositoryRoot.appendingPathComponent(".venv-peers/bin/python").path
    try #require(FileManager.default.isExecutableFile(atPath: python),
                 "\(python) is missing: run scripts/setup (or set CARTOUCHE_SKIP_PYTHON_ORACLES=1 to skip)")
    let output = try run(python, [repositoryRoot.appendingPathComponent("scripts/oracles/hb_oracle.py").path],
                         stdin: try JSONEncoder().encode(request))
    return try JSONDecoder().decode(OracleResponse.self, from: output)
}

private struct HBShapeGlyph: Decodable {
    var g: UInt32
    var ax: Int
}

let skipPythonOracles = ProcessInfo.processInfo.environment["CARTOUCHE_SKIP_PYTHON_ORACLES"] == "1"

@Suite("HarfBuzz oracles")
struct HarfBuzzOracleTests {
    /// Lays out `text` on one line with only `face` (max width far away) and returns its glyphs and width.
    func shapeOneLine(_ text: String, face: String, size: Double) throws -> (glyphs: [PositionedGlyph], width: Double) {
        let style = TextStyle(font: [face], size: size, maxWidth: 1000)
        let shaped = try makeEngine().layout(text, style: style, includeGlyphs: true)
        let line = try #require(shaped.lines.first)
        #expect(shaped.lines.count == 1)
        #expect(shaped.faces == [face], "\(text) used \(shaped.faces)")
        #expect(shaped.missingGlyphCount == 0)
        return (line.glyphs, line.bounds.width)
    }

    @Test("advances and widths match PyPI uharfbuzz within 0.01 px", .enabled(if: !skipPythonOracles),
          arguments: OracleSample.all, [16.0, 12.5])
    func matchesUharfbuzz(sample: OracleSample, size: Double) throws {
        let request = OracleRequest(font: fontPath(sample.file), size: size,
                                    direction: sample.rightToLeft ? "rtl" : "ltr", script: sample.script,
                                    strings: sample.strings)
        let response = try uharfbuzz(request)
        try #require(response.results.count == sample.strings.count)
        for (text, expected) in zip(sample.strings, response.results) {
            let ours = try shapeOneLine(text, face: sample.face, size: size)
            try expectEqual(ours.glyphs, width: ours.width, to: expected, of: text)
        }
    }

    @Test("advances and widths match Debian hb-shape (font units) within 0.01 px", arguments: OracleSample.all)
    func matchesHBShape(sample: OracleSample) throws {
        let size = 16.0
        let upem = try #require(try sharedRegistry.get().face(named: sample.face)).unitsPerEm
        for text in sample.strings {
            let output = try run("/usr/bin/hb-shape", [
                "--no-glyph-names", "--output-format=json", "--direction=\(sample.rightToLeft ? "rtl" : "ltr")",
                "--script=\(sample.script)", fontPath(sample.file), text,
            ])
            let glyphs = try JSONDecoder().decode([HBShapeGlyph].self, from: output)
            let ours = try shapeOneLine(text, face: sample.face, size: size)
            #expect(ours.glyphs.map(\.glyphID) == glyphs.map(\.g), "glyphs of \(text)")
            let expectedWidth = Double(glyphs.reduce(0) { $0 + $1.ax }) * size / Double(upem)
            #expect(abs(ours.width - expectedWidth) <= 0.01, "width of \(text): \(ours.width) vs \(expectedWidth)")
            for (glyph, expected) in zip(ours.glyphs, glyphs) {
                #expect(abs(glyph.advance - Double(expected.ax) * size / Double(upem)) <= 0.01)
            }
        }
    }

    @Test("\"Hello wörld\" at 16 px is 85.808 px wide in Noto Sans (hand sum of hmtx advances and kerning)")
    func knownWidth() throws {
        // uharfbuzz and hb-shape both give 741+564+258+258+605+260+786+605+413+258+615 = 5363 units.
        let ours = try shapeOneLine("Hello wörld", face: "Noto Sans Regular", size: 16)
        #expect(abs(ours.width - 5363.0 * 16 / 1000) < 1e-9)
    }
}
