import CartoucheGeometry
import CartoucheStyle
import CartoucheTestSupport
import Testing

@testable import CartoucheText

@Suite("Robustness")
struct RobustnessTests {
    /// Code point ranges mixed into random texts: scripts we cover and don't,
    /// spaces and newlines, combining marks, bidi controls, joiners, emoji, private use.
    static let pools: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0x0A...0x0D, 0xA0...0x17F, 0x300...0x36F, 0x370...0x3FF, 0x400...0x4FF, 0x590...0x5FF,
        0x600...0x6FF, 0x900...0x97F, 0x0E00...0x0E7F, 0x0F00...0x0FFF, 0x200B...0x200F, 0x202A...0x202E,
        0x2066...0x2069, 0x3000...0x30FF, 0x4E00...0x4FFF, 0xAC00...0xAC40, 0xE000...0xE010, 0xFE70...0xFEFF,
        0x1F600...0x1F64F, 0x10FFF0...0x10FFFD,
    ]

    @Test("seeded random texts and styles lay out without crashing, with consistent results")
    func randomInput() throws {
        let engine = try makeEngine()
        var rng = SplitMix64(seed: 2024)
        for _ in 0..<400 {
            var view = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...60, using: &rng) {
                let pool = Self.pools[Int.random(in: 0..<Self.pools.count, using: &rng)]
                if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &rng)) { view.append(scalar) }
            }
            let text = String(view)
            let style = TextStyle(
                size: Double.random(in: 1...64, using: &rng), maxWidth: Double.random(in: 0.5...20, using: &rng),
                lineHeight: Double.random(in: 0...3, using: &rng), letterSpacing: Double.random(in: -0.2...0.5, using: &rng),
                justify: TextJustify.allCases[Int.random(in: 0..<4, using: &rng)],
                anchor: BoxAnchor.allCases[Int.random(in: 0..<9, using: &rng)],
                transform: TextTransform.allCases[Int.random(in: 0..<3, using: &rng)],
                radialOffset: Double.random(in: -1...2, using: &rng))
            let shaped = try engine.layout(text, style: style, includeGlyphs: true)
            let scalarCount = shaped.text.unicodeScalars.count
            #expect(shaped.width.isFinite && shaped.width >= 0 && shaped.height.isFinite && shaped.height >= 0)
            for line in shaped.lines {
                #expect(line.scalarRange.lowerBound >= 0 && line.scalarRange.upperBound <= scalarCount)
                #expect(line.bounds.width <= shaped.width + 1e-9)
                #expect(line.glyphs.allSatisfy { $0.cluster >= 0 && $0.cluster < scalarCount && $0.faceIndex < shaped.faces.count })
            }
            // Lines follow each other in text order without overlapping.
            for (a, b) in zip(shaped.lines, shaped.lines.dropFirst()) {
                #expect(a.scalarRange.upperBound <= b.scalarRange.lowerBound)
            }
            #expect(shaped == (try engine.layoutUncached(text, style: style, includeGlyphs: true)))
        }
    }
}
