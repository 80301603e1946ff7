import Testing
@testable import CartoucheRender

@Suite struct SVGBufferTests {
    func formatted(_ value: Double) -> String {
        var out = SVGBuffer(reservingCapacity: 32)
        out.number(value)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    func escaped(_ text: String) -> String {
        var out = SVGBuffer(reservingCapacity: 64)
        out.escaped(text)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (3, "3"), (-3, "-3"), (3.1, "3.1"), (3.10, "3.1"), (12.25, "12.25"),
        (0.005, "0.01"), (-0.005, "-0.01"), (0.004, "0"), (-0.004, "0"), (-7.999, "-8"), (1e-7, "0"),
        (1234567.891, "1234567.89"), (100, "100"), (1e21, "1000000000000000"),
        (-1e300, "-1000000000000000"), (0.1 + 0.2, "0.3"), (9.996, "10"), (10.05, "10.05"),
    ])
    func numbersHaveAtMostTwoDecimalsNoExponentNoNegativeZero(value: Double, expected: String) {
        #expect(formatted(value) == expected)
    }

    @Test func nonFiniteNumbersThatSlipThroughAreWrittenAsZero() {
        #expect(formatted(.nan) == "0")
        #expect(formatted(.infinity) == "0")
    }

    @Test func markupCharactersBecomeEntities() {
        #expect(escaped(#"<script>alert("x" & 'y')</script>"#)
            == "&lt;script&gt;alert(&quot;x&quot; &amp; 'y')&lt;/script&gt;")
    }

    @Test func charactersIllegalInXMLAreDropped() {
        let text = "a\u{0}b\u{1}c\u{8}d\u{B}e\u{C}f\u{1F}g\u{FFFE}h\u{FFFF}i"
        #expect(escaped(text) == "abcdefghi")
    }

    @Test func whitespaceControlsSurviveAsCharacterReferences() {
        #expect(escaped("a\tb\nc\rd") == "a&#9;b&#10;c&#13;d")
    }

    @Test func otherScalarsAreWrittenAsUTF8() {
        // 1-, 2-, 3- and 4-byte encodings, the replacement character, a private-use
        // character, U+0085 (allowed in XML 1.0) and the last allowed BMP scalar.
        let text = "aé€😀\u{FFFD}\u{E000}\u{85}\u{FFFD}"
        #expect(Array(escaped(text).utf8) == Array(text.utf8))
    }

    @Test func loneSurrogatesArriveAsReplacementCharacters() {
        // Swift replaces an unpaired UTF-16 surrogate when decoding, so the
        // writer only ever sees U+FFFD in its place.
        let text = String(decoding: [0x61, 0xD800, 0x62, 0xDC00] as [UInt16], as: UTF16.self)
        #expect(escaped(text) == "a\u{FFFD}b\u{FFFD}")
    }
}
