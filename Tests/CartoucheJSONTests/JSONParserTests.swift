import CartoucheTestSupport
import Testing

@testable import CartoucheJSON

@Suite struct JSONParserTests {
    let parser = JSONParser()

    @Test func parsesEveryValueKind() throws {
        let value = try parser.parse(#" { "a" : [1, -2.5, 3e2, true, false, null], "b": {"c": "d"}, "e": "" } "#)
        #expect(value == ["a": [1, -2.5, 300, true, false, nil], "b": ["c": "d"], "e": ""])
    }

    @Test func parsesScalarDocuments() throws {
        #expect(try parser.parse("0") == .number(0))
        #expect(try parser.parse("\"x\"") == .string("x"))
        #expect(try parser.parse(" null\n") == .null)
        #expect(try parser.parse("[]") == .array([]))
        #expect(try parser.parse("{}") == .object([:]))
    }

    @Test func acceptsEveryInputForm() throws {
        let text = #"{"k": [1, "é"]}"#
        let expected: JSONValue = ["k": [1, "é"]]
        #expect(try parser.parse(text) == expected)
        #expect(try parser.parse(Array(text.utf8)) == expected)
        #expect(try parser.parse(text.utf8) == expected)
        #expect(try parser.parse(Array(text.utf8)[...]) == expected)
        // A non-contiguous collection takes the copying path.
        #expect(try parser.parse(Array(text.utf8).lazy.map { $0 }) == expected)
    }

    @Test func decodesEscapes() throws {
        let value = try parser.parse(#""a\"b\\c\/d\b\f\n\r\t\u0041\u00e9\u2028\ud83d\ude00""#)
        #expect(value == .string("a\"b\\c/d\u{8}\u{C}\n\r\tAé\u{2028}😀"))
    }

    @Test func keepsRawUTF8() throws {
        #expect(try parser.parse("\"日本 😀\"") == .string("日本 😀"))
    }

    @Test func negativeZeroKeepsItsSign() throws {
        let value = try #require(try parser.parse("-0").numberValue)
        #expect(value.bitPattern == (-0.0).bitPattern)
        #expect(try parser.parse("-0.0e5").numberValue?.sign == .minus)
    }

    @Test func underflowBecomesZero() throws {
        #expect(try parser.parse("1e-400") == .number(0))
        #expect(try parser.parse("0e999999999999") == .number(0))
    }

    @Test func convertsNumbersLikeTheCLibrary() throws {
        // Both the fast path (≤ 15 digits, |exp| ≤ 22) and the slow path must
        // agree with Swift's correctly rounded String → Double conversion.
        let texts = [
            "0.1", "0.30000000000000004", "123456789012345", "1234567890123456789",
            "9007199254740993", "2.2250738585072011e-308", "4.9e-324", "1.7976931348623157e308",
            "0.000001234", "1e22", "1e23", "123.456e-30", "-98765.4321E+12", "1.00000000000000011102230246251565404236316680908203125",
        ]
        for text in texts {
            let parsed = try #require(try parser.parse(text).numberValue)
            let oracle = try #require(Double(text))
            #expect(parsed.bitPattern == oracle.bitPattern, "\(text)")
        }
    }

    @Test func seededRandomDecimalsMatchTheCLibrary() throws {
        var random = SplitMix64(seed: 0x5EED_0001)
        for _ in 0..<10_000 {
            let digits = Int.random(in: 1...17, using: &random)
            var text = Bool.random(using: &random) ? "-" : ""
            text += String(Int.random(in: 1...9, using: &random))
            for _ in 1..<digits { text += String(Int.random(in: 0...9, using: &random)) }
            if Bool.random(using: &random) {
                let point = Int.random(in: 1...text.count - (text.hasPrefix("-") ? 1 : 0), using: &random)
                let index = text.index(text.endIndex, offsetBy: -point)
                if text[..<index] != "-" && !text[..<index].isEmpty { text.insert(".", at: index) }
            }
            if Bool.random(using: &random) { text += "e\(Int.random(in: -40...40, using: &random))" }
            let parsed = try #require(try parser.parse(text).numberValue)
            let oracle = try #require(Double(text))
            #expect(parsed.bitPattern == oracle.bitPattern, "\(text)")
        }
    }

    /// Asserts `text` is rejected with `kind` at `offset` (line/column given when not line 1).
    private func expectRejection(
        _ text: String, _ kind: JSONParseError.Kind, offset: Int, line: Int = 1, column: Int? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            let value = try parser.parse(text)
            Issue.record("accepted \(text.debugDescription) as \(value)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.kind == kind, sourceLocation: sourceLocation)
            #expect(error.offset == offset, sourceLocation: sourceLocation)
            #expect(error.line == line, sourceLocation: sourceLocation)
            #expect(error.column == (column ?? offset + 1), sourceLocation: sourceLocation)
        }
    }

    @Test func rejectsSyntaxErrorsWithPositions() {
        expectRejection("", .unexpectedEndOfInput, offset: 0)
        expectRejection("[1, 2", .unexpectedEndOfInput, offset: 5)
        expectRejection("[1 2]", .unexpectedCharacter(UInt8(ascii: "2")), offset: 3)
        expectRejection("[1] x", .trailingContent, offset: 4)
        expectRejection("{} {}", .trailingContent, offset: 3)
        expectRejection("[1,]", .trailingComma, offset: 2)
        expectRejection("{\"a\":1 , }", .trailingComma, offset: 7)
        expectRejection("[,1]", .unexpectedCharacter(UInt8(ascii: ",")), offset: 1)
        expectRejection("{a:1}", .unexpectedCharacter(UInt8(ascii: "a")), offset: 1)
        expectRejection("{\"a\" 1}", .unexpectedCharacter(UInt8(ascii: "1")), offset: 5)
        expectRejection("[1] // c", .trailingContent, offset: 4)
        expectRejection("/* c */ 1", .unexpectedCharacter(UInt8(ascii: "/")), offset: 0)
        expectRejection("'a'", .unexpectedCharacter(UInt8(ascii: "'")), offset: 0)
        expectRejection("tru", .unexpectedEndOfInput, offset: 3)
        expectRejection("nul1", .unexpectedCharacter(UInt8(ascii: "1")), offset: 3)
        expectRejection("\u{FEFF}1", .unexpectedCharacter(0xEF), offset: 0)
    }

    @Test func reportsLineAndColumnInScalars() {
        // "é" is two bytes but one column.
        expectRejection("[\n  \"é\",\n  x]", .unexpectedCharacter(UInt8(ascii: "x")), offset: 12, line: 3, column: 3)
        expectRejection("{\"é\": 1,\n\"é\": 2}", .duplicateKey(JSONPath(components: [.key("é")])), offset: 10, line: 2, column: 1)
    }

    @Test func rejectsMalformedNumbers() {
        expectRejection("01", .invalidNumber("leading zeros are not allowed"), offset: 0)
        expectRejection("[-007]", .invalidNumber("leading zeros are not allowed"), offset: 1)
        expectRejection("-", .invalidNumber("expected a digit after '-'"), offset: 1)
        expectRejection("-a", .invalidNumber("expected a digit after '-'"), offset: 1)
        expectRejection("1.", .invalidNumber("expected a digit after the decimal point"), offset: 2)
        expectRejection("1.e5", .invalidNumber("expected a digit after the decimal point"), offset: 2)
        expectRejection("1e", .invalidNumber("expected a digit in the exponent"), offset: 2)
        expectRejection("1e+", .invalidNumber("expected a digit in the exponent"), offset: 3)
        expectRejection(".5", .unexpectedCharacter(UInt8(ascii: ".")), offset: 0)
        expectRejection("+1", .unexpectedCharacter(UInt8(ascii: "+")), offset: 0)
        expectRejection("NaN", .unexpectedCharacter(UInt8(ascii: "N")), offset: 0)
        expectRejection("[Infinity]", .unexpectedCharacter(UInt8(ascii: "I")), offset: 1)
        expectRejection("-Infinity", .invalidNumber("expected a digit after '-'"), offset: 1)
        expectRejection("0x10", .trailingContent, offset: 1)
        expectRejection("[1e309]", .numberOutOfRange, offset: 1)
        expectRejection("-1.8e308", .numberOutOfRange, offset: 0)
        expectRejection("1" + String(repeating: "0", count: 400), .numberOutOfRange, offset: 0)
    }

    @Test func rejectsBadStrings() {
        expectRejection(#""a\x""#, .invalidEscape, offset: 2)
        expectRejection(#""\u12G4""#, .invalidEscape, offset: 5)
        expectRejection(#""\ud800""#, .loneSurrogate(0xD800), offset: 1)
        expectRejection(#""\ud800\u0041""#, .loneSurrogate(0xD800), offset: 1)
        expectRejection(#""ab\udc00""#, .loneSurrogate(0xDC00), offset: 3)
        expectRejection("\"a\tb\"", .controlCharacterInString(0x09), offset: 2)
        expectRejection("\"a\nb\"", .controlCharacterInString(0x0A), offset: 2)
        expectRejection("\"\\n\u{0}\"", .controlCharacterInString(0x00), offset: 3)
        expectRejection("\"abc", .unexpectedEndOfInput, offset: 4)
        expectRejection("\"a\\", .unexpectedEndOfInput, offset: 3)
    }

    @Test func rejectsInvalidUTF8() {
        let cases: [([UInt8], Int)] = [
            ([0x22, 0xFF, 0x22], 1),  // never valid
            ([0x22, 0x61, 0xC0, 0xAF, 0x22], 2),  // overlong '/'
            ([0x22, 0xE0, 0x80, 0xAF, 0x22], 1),  // overlong 3-byte
            ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),  // encoded surrogate U+D800
            ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1),  // above U+10FFFF
            ([0x22, 0xC3, 0x22], 1),  // truncated sequence
            ([0x22, 0x5C, 0x6E, 0x80, 0x22], 3),  // stray continuation after an escape
        ]
        for (bytes, offset) in cases {
            #expect(throws: JSONParseError(kind: .invalidUTF8, offset: offset, line: 1, column: offset + 1)) {
                try parser.parse(bytes)
            }
        }
    }

    @Test func rejectsDuplicateKeysNamingTheirPath() {
        let text = #"{"features": [{"a": 1}, {"properties": {"x": 1, "x": 2}}]}"#
        #expect(throws: JSONParseError(
            kind: .duplicateKey(JSONPath(components: [.key("features"), .index(1), .key("properties"), .key("x")])),
            offset: 48, line: 1, column: 49)
        ) {
            try parser.parse(text)
        }
        do {
            _ = try parser.parse(text)
        } catch {
            #expect(error.message == "duplicate object key at features[1].properties.x")
            #expect(error.description == "JSON parse error at line 1, column 49 (byte 48): duplicate object key at features[1].properties.x")
        }
    }

    @Test func canonicallyEquivalentKeysAreDuplicates() {
        // "é" precomposed (U+00E9) and decomposed (e + U+0301) are equal Swift
        // strings, so they cannot both be kept: reported, not silently merged.
        expectRejection("{\"\u{E9}\": 1, \"e\u{301}\": 2}", .duplicateKey(JSONPath(components: [.key("\u{E9}")])), offset: 10, column: 10)
    }

    @Test func rejectsDeepNestingWithoutCrashing() {
        let deep = String(repeating: "[", count: 100_000)
        expectRejection(deep, .nestingTooDeep(limit: 512), offset: 512)
        let deepObjects = String(repeating: #"{"a":"#, count: 100_000)
        expectRejection(deepObjects, .nestingTooDeep(limit: 512), offset: 512 * 5)
    }

    @Test func nestingLimitIsExact() throws {
        let limit = JSONParser.defaultMaximumDepth
        let allowed = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(try parser.parse(allowed).arrayValue?.count == 1)
        let tooDeep = "[" + allowed + "]"
        expectRejection(tooDeep, .nestingTooDeep(limit: limit), offset: limit)
        // A custom limit is honoured up to the supported maximum, and clamped beyond it.
        let cap = JSONParser.maximumSupportedDepth
        let atCap = String(repeating: "[", count: cap) + String(repeating: "]", count: cap)
        let value = try JSONParser(maximumDepth: cap).parse(atCap)
        #expect(value.arrayValue?.count == 1)
        #expect(value == value)
        #expect(try value.jsonBytes() == Array(atCap.utf8))
        #expect(JSONParser(maximumDepth: 1_000_000).maximumDepth == cap)
        #expect(JSONParser(maximumDepth: -3).maximumDepth == 0)
        #expect(throws: JSONParseError(kind: .nestingTooDeep(limit: 0), offset: 0, line: 1, column: 1)) {
            try JSONParser(maximumDepth: 0).parse("[]")
        }
        #expect(try JSONParser(maximumDepth: 0).parse("7") == .number(7))
    }
}
