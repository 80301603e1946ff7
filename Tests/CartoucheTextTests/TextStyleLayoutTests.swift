import CartoucheGeometry
import CartoucheStyle
import Testing

@testable import CartoucheText

@Suite("Style-spec layout properties")
struct TextStyleLayoutTests {
    // Noto Sans Regular (upem 1000): "11 22" is 572+572+260+572+572 = 2548 units; hhea ascender 1069, descender -293.
    let lineUnits = 2548.0

    @Test("box height is lines × text-line-height × text-size; width is the widest line")
    func boxSize() throws {
        let shaped = try makeEngine().layout("11 22\n1", style: TextStyle(size: 10, lineHeight: 1.5))
        #expect(shaped.lines.count == 2)
        #expect(abs(shaped.height - 30) < 1e-9)
        #expect(abs(shaped.width - lineUnits / 100) < 1e-9)
    }

    @Test("text-anchor places the box on the anchor point", arguments: BoxAnchor.allCases)
    func anchors(anchor: BoxAnchor) throws {
        let shaped = try makeEngine().layout("11 22", style: TextStyle(size: 10, anchor: anchor))
        let w = lineUnits / 100, h = 12.0
        let expectedMinX: Double = switch anchor {
        case .left, .topLeft, .bottomLeft: 0
        case .right, .topRight, .bottomRight: -w
        default: -w / 2
        }
        let expectedMinY: Double = switch anchor {
        case .top, .topLeft, .topRight: 0
        case .bottom, .bottomLeft, .bottomRight: -h
        default: -h / 2
        }
        #expect(abs(shaped.bounds.minX - expectedMinX) < 1e-9)
        #expect(abs(shaped.bounds.minY - expectedMinY) < 1e-9)
    }

    @Test("text-offset moves the box by ems of text-size")
    func offset() throws {
        let shaped = try makeEngine().layout("11 22", style: TextStyle(size: 10, anchor: .topLeft, offsetX: 1, offsetY: -2))
        #expect(abs(shaped.bounds.minX - 10) < 1e-9)
        #expect(abs(shaped.bounds.minY + 20) < 1e-9)
    }

    @Test("text-radial-offset moves away from the anchor as Mapbox GL's evaluateRadialOffset does, replacing text-offset")
    func radialOffset() throws {
        let engine = try makeEngine()
        let top = try engine.layout("1", style: TextStyle(size: 24, anchor: .top, offsetX: 5, radialOffset: 1))
        #expect(abs(top.bounds.minY - (24 - 7)) < 1e-9)  // 1 em down, minus the 7/24-em baseline allowance
        #expect(abs(top.bounds.center.x) < 1e-9)
        let left = try engine.layout("1", style: TextStyle(size: 24, anchor: .left, radialOffset: 1))
        #expect(abs(left.bounds.minX - 24) < 1e-9)
        let corner = try engine.layout("1", style: TextStyle(size: 24, anchor: .bottomRight, radialOffset: 2))
        let h = 2 / 2.0.squareRoot()
        #expect(abs(corner.bounds.maxX + h * 24) < 1e-9)
        #expect(abs(corner.bounds.maxY - (-h + 7.0 / 24) * 24) < 1e-9)
        let negative = try engine.layout("1", style: TextStyle(size: 24, anchor: .left, radialOffset: -3))
        #expect(abs(negative.bounds.minX) < 1e-9)  // negative radial offsets count as 0
    }

    @Test("text-justify aligns lines inside the box", arguments: [TextJustify.left, .center, .right, .auto])
    func justify(justify: TextJustify) throws {
        let shaped = try makeEngine().layout("11 22\n1", style: TextStyle(size: 10, justify: justify, anchor: .right))
        let box = shaped.bounds, short = shaped.lines[1].bounds
        let factor: Double = switch justify {
        case .left: 0
        case .center: 0.5
        case .right, .auto: 1  // auto follows the right anchor
        }
        #expect(abs(short.minX - (box.minX + (box.width - short.width) * factor)) < 1e-9)
        #expect(abs(short.width - 5.72) < 1e-9)
    }

    @Test("the baseline centres the font's ascender–descender extent in the line height")
    func baseline() throws {
        let shaped = try makeEngine().layout("1", style: TextStyle(size: 10, anchor: .topLeft))
        // (12 − (10.69 + 2.93)) / 2 + 10.69
        #expect(abs(shaped.lines[0].baseline - 9.88) < 1e-9)
    }

    @Test("letter spacing adds ems between clusters, not after the last one")
    func letterSpacing() throws {
        let engine = try makeEngine()
        let plain = try engine.layout("Hello", style: TextStyle(size: 20)).width
        let spaced = try engine.layout("Hello", style: TextStyle(size: 20, letterSpacing: 0.1)).width
        #expect(abs(spaced - plain - 4 * 2) < 1e-9)
    }

    @Test("letter spacing is not applied inside cursive-joining scripts")
    func letterSpacingSkipsCursive() throws {
        let engine = try makeEngine()
        for text in ["القاهرة", "नई दिल्ली"] {
            let plain = try engine.layout(text, style: TextStyle(size: 20)).width
            let spaced = try engine.layout(text, style: TextStyle(size: 20, letterSpacing: 0.25)).width
            #expect(abs(spaced - plain) < 1e-9, "\(text)")
        }
        // Mixed: only the six Latin clusters ("Cairo ") are spaced; the Arabic, visually last, is not.
        let plain = try engine.layout("Cairo القاهرة", style: TextStyle(size: 20)).width
        let spaced = try engine.layout("Cairo القاهرة", style: TextStyle(size: 20, letterSpacing: 0.1)).width
        #expect(abs(spaced - plain - 6 * 2) < 1e-9)
    }

    @Test("text-transform uses full Unicode case mapping before shaping")
    func transform() throws {
        let engine = try makeEngine()
        let upper = try engine.layout("Straße", style: TextStyle(transform: .uppercase))
        #expect(upper.text == "STRASSE")
        #expect(upper.width == (try engine.layout("STRASSE", style: TextStyle())).width)
        let lower = try engine.layout("İSTANBUL ΑΘΉΝΑ", style: TextStyle(transform: .lowercase))
        #expect(lower.text == "i̇stanbul αθήνα")
        #expect(try engine.layout("Kyiv", style: TextStyle(transform: .none)).text == "Kyiv")
    }

    @Test("empty and whitespace-only text has an empty box")
    func emptyText() throws {
        for text in ["", "   ", "\n"] {
            let shaped = try makeEngine().layout(text, style: TextStyle())
            #expect(shaped.lines.isEmpty && shaped.width == 0 && shaped.height == 0)
        }
    }
}

@Suite("Invalid input")
struct InvalidInputTests {
    @Test("text-size must be finite and positive", arguments: [0, -3, Double.nan, Double.infinity, 1e9])
    func badSize(size: Double) throws {
        #expect {
            try makeEngine().layout("x", style: TextStyle(size: size))
        } throws: { error in
            guard case .invalidValue(let field, _, _)? = error as? TextError else { return false }
            return field == "text-size"
        }
    }

    @Test("other layout properties name their field")
    func otherFields() throws {
        let engine = try makeEngine()
        let cases: [(TextStyle, String)] = [
            (TextStyle(maxWidth: 0), "text-max-width"),
            (TextStyle(lineHeight: -1), "text-line-height"),
            (TextStyle(letterSpacing: .nan), "text-letter-spacing"),
            (TextStyle(offsetY: .infinity), "text-offset[1]"),
            (TextStyle(radialOffset: .nan), "text-radial-offset"),
        ]
        for (style, expected) in cases {
            #expect {
                try engine.layout("x", style: style)
            } throws: { error in
                guard let error = error as? TextError, case .invalidValue(let field, _, _) = error else { return false }
                return field == expected && error.description.hasPrefix(expected)
            }
        }
    }

    @Test("text over the documented limit is refused, also when text-transform lengthens it")
    func tooLong() throws {
        let engine = try makeEngine()
        let limit = TextLayoutEngine.maximumScalarCount
        #expect(throws: TextError.textTooLong(scalarCount: limit + 1, limit: limit)) {
            try engine.layout(String(repeating: "a", count: limit + 1), style: TextStyle())
        }
        // 2600 "ß" uppercase to 5200 letters.
        #expect(throws: TextError.textTooLong(scalarCount: 5200, limit: limit)) {
            try engine.layout(String(repeating: "ß", count: 2600), style: TextStyle(transform: .uppercase))
        }
        // The limit itself is fine, and lays out a long paragraph in bounded time.
        let long = String(repeating: "Lorem ipsum ", count: limit / 12)
        #expect(try engine.layout(long, style: TextStyle()).lines.count > 10)
    }

    @Test("an unknown font stack is an error naming the stack")
    func unknownStack() throws {
        #expect {
            try makeEngine().layout("x", style: TextStyle(font: ["Papyrus Regular"]))
        } throws: { error in
            guard case .unknownFontStack(let stack, let available)? = error as? TextError else { return false }
            return stack == ["Papyrus Regular"] && available.contains("Noto Sans Regular")
        }
    }
}
