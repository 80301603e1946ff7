import CartoucheTestSupport
import Testing

@testable import CartoucheJSON

@Suite struct JSONWriterTests {
    private func text(_ value: JSONValue, style: JSONWriter.Style = .compact) throws -> String {
        try value.jsonString(style: style)
    }

    @Test(arguments: [
        (0.0, "0"), (-0.0, "-0"), (1, "1"), (-3, "-3"), (5, "5"), (1.5, "1.5"), (0.1, "0.1"),
        (-0.000123, "-0.000123"), (1e-7, "1e-7"), (1.5e-7, "1.5e-7"), (1e21, "1e21"),
        (1.2345678901234568e20, "1.2345678901234568e20"), (9_007_199_254_740_991, "9007199254740991"),
        (9_007_199_254_740_992, "9007199254740992"), (9_007_199_254_740_994, "9.007199254740994e15"),
        (1e16, "1e16"), (1e15 + 0.5, "1000000000000000.5"), (Double.leastNonzeroMagnitude, "5e-324"),
        (2.2250738585072014e-308, "2.2250738585072014e-308"),
        (1.7976931348623157e308, "1.7976931348623157e308"), (-1.7976931348623157e308, "-1.7976931348623157e308"),
        (0.30000000000000004, "0.30000000000000004"), (100, "100"), (1e-5, "1e-5"), (0.0001, "0.0001"),
        (-122.41941550000001, "-122.41941550000001"), (37.7749, "37.7749"),
    ] as [(Double, String)])
    func numberFormatting(value: Double, expected: String) throws {
        let written = try text(.number(value))
        #expect(written == expected)
        let parsed = try #require(try JSONParser().parse(written).numberValue)
        #expect(parsed.bitPattern == value.bitPattern)
    }

    @Test func seededRandomDoublesRoundTripBitExact() throws {
        var random = SplitMix64(seed: 0xC0FF_EE00_2026)
        var checked = 0
        var writer = JSONWriter()
        var expected: [Double] = []
        while checked < 20_000 {
            // Half uniform bit patterns (all magnitudes, subnormals included),
            // half coordinate-like values.
            let value = checked % 2 == 0
                ? Double(bitPattern: random.next())
                : Double.random(in: -180...180, using: &random)
            guard value.isFinite else { continue }
            let single = try #require(JSONWriter.numberText(value))
            let parsed = try #require(try JSONParser().parse(single).numberValue)
            #expect(parsed.bitPattern == value.bitPattern, "\(single)")
            // Never longer than Swift's own shortest form (ours only drops "+", "0", ".0").
            #expect(single.count <= value.description.count)
            try writer.write(value)
            expected.append(value)
            checked += 1
        }
        // And the same numbers as one big array document.
        var array = JSONWriter()
        array.beginArray()
        for value in expected { try array.write(value) }
        array.endArray()
        let parsedArray = try #require(try JSONParser().parse(array.bytes).arrayValue)
        #expect(parsedArray.count == expected.count)
        #expect(zip(parsedArray, expected).allSatisfy { $0.numberValue?.bitPattern == $1.bitPattern })
    }

    @Test func refusesNonFiniteNumbersWithTheirPath() {
        #expect(throws: JSONWriteError.nonFiniteNumber(.infinity, path: .root)) {
            var writer = JSONWriter()
            try writer.write(Double.infinity)
        }
        let value: JSONValue = ["a": [1, ["b": .number(-.infinity)]]]
        #expect(throws: JSONWriteError.nonFiniteNumber(-.infinity, path: JSONPath(components: [.key("a"), .index(1), .key("b")]))) {
            try value.jsonBytes()
        }
        do {
            _ = try JSONValue.array([.number(.nan)]).jsonBytes()
            Issue.record("NaN was written")
        } catch {
            #expect(error.description == "[0]: cannot write non-finite number nan as JSON")
        }
    }

    @Test func escapesStrings() throws {
        let value = JSONValue.string("q\"b\\s/t\tn\nr\rb\u{8}f\u{C}\u{0}\u{1F}\u{7F}é😀\u{2028}\u{2029}")
        let written = try text(value)
        #expect(written == #""q\"b\\s/t\tn\nr\rb\bf\f\u0000\u001f"# + "\u{7F}é😀" + #"\u2028\u2029""#)
        #expect(try JSONParser().parse(written) == value)
    }

    @Test func sortsKeysByUTF8Bytes() throws {
        // Byte order puts uppercase before lowercase, a prefix before its
        // extensions ("a" < "aa"), and U+FF21 (3 UTF-8 bytes) before U+1F600
        // (4 bytes) although UTF-16 order would put the emoji's surrogates first.
        let value: JSONValue = ["b": 1, "a": 2, "aa": 3, "B": 4, "é": 5, "😀": 6, "Ａ": 7, "": 8]
        #expect(try text(value) == #"{"":8,"B":4,"a":2,"aa":3,"b":1,"é":5,"Ａ":7,"😀":6}"#)
    }

    @Test func compactAndPrettyGolden() throws {
        let value: JSONValue = ["name": "x", "list": [1, [], [:], ["k": nil]], "flag": true]
        #expect(try text(value) == #"{"flag":true,"list":[1,[],{},{"k":null}],"name":"x"}"#)
        let pretty = """
            {
              "flag": true,
              "list": [
                1,
                [],
                {},
                {
                  "k": null
                }
              ],
              "name": "x"
            }
            """
        #expect(try text(value, style: .pretty) == pretty)
        #expect(try JSONParser().parse(pretty) == value)
    }

    @Test func manualWritingInsertsSeparators() throws {
        var writer = JSONWriter(reservingCapacity: 64)
        writer.beginObject()
        writer.key("n")
        writer.write(-42)
        writer.key("s")
        writer.beginArray()
        writer.write("a")
        writer.writeNull()
        writer.write(false)
        try writer.write(2.5)
        writer.endArray()
        writer.endObject()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"n":-42,"s":["a",null,false,2.5]}"#)
        #expect(JSONWriter.quoted("a\"b") == #""a\"b""#)
        #expect(JSONWriter.numberText(.nan) == nil)
        var extremes = JSONWriter()
        extremes.beginArray()
        extremes.write(Int.min)
        extremes.write(Int.max)
        extremes.endArray()
        #expect(String(decoding: extremes.bytes, as: UTF8.self) == "[-9223372036854775808,9223372036854775807]")
    }

    @Test func seededRandomDocumentsRoundTrip() throws {
        var random = SplitMix64(seed: 42)
        func randomValue(depth: Int) -> JSONValue {
            switch Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &random) {
            case 0: return .null
            case 1: return .bool(Bool.random(using: &random))
            case 2: return .number(Double(Int.random(in: -1000...1000, using: &random)) / 8)
            case 3:
                let scalars = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                    Character(Unicode.Scalar(UInt8.random(in: 0...0x7E, using: &random)))
                }
                return .string(String(scalars) + (Bool.random(using: &random) ? "ü\u{2028}" : ""))
            case 4: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in randomValue(depth: depth + 1) })
            default:
                var members: [String: JSONValue] = [:]
                for index in 0..<Int.random(in: 0...4, using: &random) { members["k\(index)\(depth)"] = randomValue(depth: depth + 1) }
                return .object(members)
            }
        }
        for _ in 0..<500 {
            let value = randomValue(depth: 0)
            for style in [JSONWriter.Style.compact, .pretty] {
                let bytes = try value.jsonBytes(style: style)
                let reparsed = try JSONParser().parse(bytes)
                #expect(reparsed == value)
                #expect(try reparsed.jsonBytes(style: style) == bytes)
            }
        }
    }
}
