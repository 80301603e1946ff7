import CartoucheJSON
import Testing

@testable import CartoucheStyle

@Suite struct StyleColorTests {
    /// Expected strings are hand-computed from the CSS definitions:
    /// channel = round(255 × fraction), alpha printed as JavaScript would.
    @Test(arguments: [
        ("red", "rgba(255, 0, 0, 1)"),
        ("  Purple ", "rgba(128, 0, 128, 1)"),
        ("REBECCAPURPLE", "rgba(102, 51, 153, 1)"),
        ("transparent", "rgba(0, 0, 0, 0)"),
        ("#F00", "rgba(255, 0, 0, 1)"),
        ("#f008", "rgba(255, 0, 0, 0.5333333333333333)"),  // 0x88 / 255
        ("#1a2B3c", "rgba(26, 43, 60, 1)"),
        ("#ff000080", "rgba(255, 0, 0, 0.5019607843137255)"),  // 0x80 / 255
        ("rgb(100%, 0%, 0%)", "rgba(255, 0, 0, 1)"),
        ("rgb(50%, 50%, 50%)", "rgba(128, 128, 128, 1)"),  // 127.5 rounds up
        ("rgba(26, 207, 26, .73)", "rgba(26, 207, 26, 0.73)"),
        ("rgb(0 240 120 / .3)", "rgba(0, 240, 120, 0.3)"),
        ("rgb(0 240 120 / 30%)", "rgba(0, 240, 120, 0.3)"),
        ("RGBA(1 ,2 , 3)", "rgba(1, 2, 3, 1)"),
        ("rgb(300, -5, 1e1)", "rgba(255, 0, 10, 1)"),  // channels clamp
        ("rgba(1, 2, 3, 2)", "rgba(1, 2, 3, 1)"),  // alpha clamps
        ("hsl(0, 0%, 83%)", "rgba(212, 212, 212, 1)"),  // 0.83 × 255 = 211.65
        ("hsl(120, 100%, 50%)", "rgba(0, 255, 0, 1)"),
        ("hsl(-120, 100%, 50%)", "rgba(0, 0, 255, 1)"),  // hue wraps to 240
        ("hsla(240deg 100% 50% / 20%)", "rgba(0, 0, 255, 0.2)"),
        ("hsl(30, 100%, 50%)", "rgba(255, 128, 0, 1)"),  // g = 0.5 → 127.5 → 128
        ("hsla(0, 100%, 25%, 0.5)", "rgba(128, 0, 0, 0.5)"),
    ])
    func parsesAndNormalises(input: String, expected: String) throws {
        let color = try StyleColor(parsing: input)
        #expect(color.cssString == expected)
        // The normal form parses back to the same color.
        #expect(try StyleColor(parsing: color.cssString).cssString == expected)
    }

    @Test(arguments: [
        "", "bluish", "#ff", "#fffff", "#ggg", "#ff00ff0", "rgb(1,2)", "rgb(1,2,3,4,5)",
        "rgb(1 2,3)", "rgb(10%, 2, 3)", "rgb(1,2,3 / 0.5)", "rgb(1 2 3, 0.5)", "rgb(1,2,3,)",
        "rgb(1e,2,3)", "rgb(1,2,3", "hsl(1, 2, 3)", "hsl(1%, 2%, 3%)", "rgb(1--2, 3, 4)",
    ])
    func rejectsMalformed(input: String) {
        #expect(throws: StyleValueError.malformedColor(input)) { try StyleColor(parsing: input) }
    }

    @Test func decodesOnlyStrings() {
        #expect(throws: StyleValueError.typeMismatch(expected: "a color string", found: "a number")) {
            try StyleColor(styleJSON: 3)
        }
        #expect((try? StyleColor(styleJSON: "blue"))?.styleJSON == "rgba(0, 0, 255, 1)")
    }

    @Test func sameColorSameBytes() throws {
        let spellings = ["red", "#F00", "#ff0000ff", "rgb(100%,0%,0%)", "hsl(360, 100%, 50%)"]
        let normal = try Set(spellings.map { try StyleColor(parsing: $0).cssString })
        #expect(normal == ["rgba(255, 0, 0, 1)"])
    }
}

@Suite struct JavaScriptNumberTests {
    /// Expected values are what `String(x)` prints in JavaScript.
    @Test(arguments: [
        (0.5, "0.5"), (1.0, "1"), (0.0, "0"), (-0.25, "-0.25"), (1e-7, "1e-7"),
        (0.000001, "0.000001"), (1.5e-10, "1.5e-10"), (1e21, "1e+21"),
        (123456789012345680000.0, "123456789012345680000"), (0.1 + 0.2, "0.30000000000000004"),
        (100.0, "100"), (12.5, "12.5"),
    ])
    func formatsLikeJavaScript(value: Double, expected: String) {
        #expect(formatJavaScriptNumber(value) == expected)
    }
}
