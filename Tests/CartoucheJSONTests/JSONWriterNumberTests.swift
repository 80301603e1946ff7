import CartoucheTestSupport
import Foundation
import Testing

@testable import CartoucheJSON

/// The writer's number spelling before it had its own digit generator:
/// integers below 2^53 through `String(Int64)`, everything else through
/// Swift's `description` with the exponent's "+" and leading zeros and a
/// trailing ".0" dropped. The direct formatter must match it byte for byte.
enum DescriptionSpelling {
    static func text(_ value: Double) -> String {
        if value.magnitude < 9_007_199_254_740_992, value == value.rounded(.towardZero) {
            return value == 0 && value.sign == .minus ? "-0" : String(Int64(value))
        }
        let parts = value.description.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false)
        var mantissa = String(parts[0])
        if mantissa.hasSuffix(".0") { mantissa.removeLast(2) }
        guard parts.count == 2 else { return mantissa }
        var exponent = parts[1]
        if exponent.first == "+" { exponent = exponent.dropFirst() }
        var sign = ""
        if exponent.first == "-" {
            sign = "-"
            exponent = exponent.dropFirst()
        }
        while exponent.count > 1 && exponent.first == "0" { exponent = exponent.dropFirst() }
        return mantissa + "e" + sign + exponent
    }
}

@Suite struct JSONWriterNumberTests {
    /// Subnormal test values from their decimal spelling (each must parse).
    static func subnormals(_ spellings: [String]) -> [Double] {
        spellings.map { Double($0) ?? .nan }
    }

    @Test("the subnormal edge cases parsed from text are subnormal (none fell back to NaN)")
    func subnormalSpellingsParse() {
        let values = Self.edgeCases.filter { !$0.isNormal && $0 != 0 }
        #expect(values.count == 9)
        let subnormal = values.filter { $0.isSubnormal }
        #expect(subnormal.count == values.count)
    }

    /// Hand-picked doubles where spelling or digit choice can go wrong.
    static let edgeCases: [Double] = [
        0, -0.0, 1, -1, 0.1, 0.2, 0.3, 0.30000000000000004, 1.0 / 3, 2.0 / 3, .pi, M_E, 100.5, 4.35, 1e15 + 0.5,
        // Subnormals (parsed from text: a subnormal literal draws a precision
        // warning), then the smallest and largest normal magnitudes.
    ] + subnormals(["5e-324", "-5e-324", "1e-323", "1.5e-323", "4.9406564584124654e-318", "1.18575755e-316",
                    "2.989102097996e-312", "5e-310", "2.2250738585072009e-308"]) + [
        2.2250738585072014e-308, 2.2250738585072019e-308,
        1.7976931348623157e308, -1.7976931348623157e308, 8.98846567431158e307,
        // The fixed/exponent switch points: 1e-4 below, 2^53 above.
        0.0001, 0.00001, 0.000099999, 9.999999999999999e-5, 0.00010000000000000002, 0.000123, -0.000123,
        1e-5, 1e-7, 1.5e-7, 0.001, 0.01,
        4_503_599_627_370_495.5, 2_251_799_813_685_247.75, 9_007_199_254_740_991, 9_007_199_254_740_992,
        9_007_199_254_740_994, -9_007_199_254_740_994, 18_014_398_509_481_984, 18_014_398_509_481_988,
        9_223_372_036_854_775_808, 18_446_744_073_709_551_616, 1e15, 1e16, 1e17, 1e21, 1e22, 1e23,
        123_456_789_012_345_683_968, 1.2345678901234568e20, 1.8531501765868567e21, -3.347727380279489e33,
        9.0608011534336e15, 4.708356024711512e18, 9.409340012568248e18, 1.2345678,
        // Coordinates as they come from users and from float arithmetic.
        -122.41941550000001, 37.7749, -180, 180, 179.99999999999997, -85.05112877980659, 0.000001, 1e-6 * 3,
        // Short decimals that are not short in binary.
        2.5e-5, 7e-10, 3.0e-100, 6.02214076e23, 1.602176634e-19, 299_792_458.5, 1e100, 1e-100, 1e300, 1e-300,
    ]

    /// Every power of ten and of two a double can hold, and their neighbours.
    static var powers: [Double] {
        var values: [Double] = []
        for exponent in -325...308 {
            guard let power = Double("1e\(exponent)"), power > 0, power.isFinite else { continue }
            values += [power, power.nextUp, power.nextDown]
        }
        for exponent in -1074...1023 {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            values += [power, power.nextUp, power.nextDown, -power]
        }
        return values.filter { $0.isFinite }
    }

    @Test func edgeCasesAndPowersMatchTheDescriptionSpelling() throws {
        let values = Self.edgeCases + Self.powers
        var mismatches = 0
        for value in values {
            let ours = try #require(JSONWriter.numberText(value))
            let reference = DescriptionSpelling.text(value)
            if ours != reference {
                mismatches += 1
                if mismatches <= 10 { Issue.record("\(value.bitPattern): ours \(ours), reference \(reference)") }
            }
            let parsed = try #require(try JSONParser().parse(ours).numberValue)
            #expect(parsed.bitPattern == value.bitPattern, "\(ours)")
        }
        #expect(mismatches == 0)
        #expect(values.count > 8_000)
    }

    /// A few spellings written out by hand, so a change in Swift's
    /// `description` would show up here rather than silently move both sides.
    @Test(arguments: [
        (Double.leastNonzeroMagnitude, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e308"), (0.0001, "0.0001"),
        (0.00001, "1e-5"), (9_007_199_254_740_992, "9007199254740992"), (9_007_199_254_740_994, "9.007199254740994e15"),
        (18_014_398_509_481_984, "1.8014398509481984e16"), (123_456_789_012_345_683_968, "1.2345678901234568e20"),
        (1e21, "1e21"), (1e23, "1e23"), (-0.000123, "-0.000123"), (1e15 + 0.5, "1000000000000000.5"),
        (2.2250738585072014e-308, "2.2250738585072014e-308"), (0.30000000000000004, "0.30000000000000004"),
        (-122.41941550000001, "-122.41941550000001"), (4_503_599_627_370_495.5, "4503599627370495.5"),
    ] as [(Double, String)])
    func handWrittenSpellings(value: Double, expected: String) throws {
        #expect(JSONWriter.numberText(value) == expected)
        #expect(DescriptionSpelling.text(value) == expected)
    }

    /// One kind of seeded random double.
    enum Kind: CaseIterable {
        /// Uniform bit patterns: every magnitude, subnormals included.
        case bits
        /// Uniform in ±180 with 53 random bits, like the benchmark's coordinates.
        case coordinate
        /// A coordinate rounded to 1–7 decimals, as typed or stored (short digits).
        case roundedCoordinate
        /// A random 1–17-digit integer times a power of ten in 10^−30…10^30.
        case scaledInteger

        func next(using random: inout SplitMix64) -> Double {
            switch self {
            case .bits:
                while true {
                    let value = Double(bitPattern: random.next())
                    if value.isFinite { return value }
                }
            case .coordinate:
                return random.uniform(-180, 180)
            case .roundedCoordinate:
                let scale = [10.0, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000][Int(random.next() % 7)]
                return (random.uniform(-180, 180) * scale).rounded() / scale
            case .scaledInteger:
                let digits = Int(random.next() % 17) + 1
                var limit: UInt64 = 1
                for _ in 0..<digits { limit *= 10 }
                let exponent = Int(random.next() % 61) - 30
                return Double("\(random.next() % limit)e\(exponent)") ?? 0
            }
        }
    }

    /// 1,000,000 seeded doubles (400k bit patterns, 200k of each other
    /// kind): byte-identical to the `description` spelling, and read back
    /// bit-identically by `JSONParser`.
    @Test(arguments: [(Kind.bits, 400_000), (.coordinate, 200_000), (.roundedCoordinate, 200_000), (.scaledInteger, 200_000)])
    func seededRandomDoublesMatchTheDescriptionSpelling(kind: Kind, count: Int) throws {
        var random = SplitMix64(seed: 0x5C4B_FAC4 ^ UInt64(Kind.allCases.firstIndex(of: kind) ?? 0))
        var mismatches = 0
        var checked = 0
        let chunk = 10_000
        while checked < count {
            // One array document per chunk, so the parse-back check runs on
            // the writer's real output, separators included.
            var values: [Double] = []
            values.reserveCapacity(chunk)
            for _ in 0..<chunk { values.append(kind.next(using: &random)) }
            var writer = JSONWriter()
            writer.beginArray()
            for value in values { try writer.write(value) }
            writer.endArray()
            let reference = "[" + values.map(DescriptionSpelling.text).joined(separator: ",") + "]"
            if writer.bytes != Array(reference.utf8) {
                for value in values where JSONWriter.numberText(value) != DescriptionSpelling.text(value) {
                    mismatches += 1
                    if mismatches <= 10 {
                        Issue.record("\(value.bitPattern): ours \(JSONWriter.numberText(value) ?? "nil"), reference \(DescriptionSpelling.text(value))")
                    }
                }
            }
            let parsed = try #require(try JSONParser().parse(writer.bytes).arrayValue)
            try #require(parsed.count == values.count)
            for (element, value) in zip(parsed, values) where element.numberValue?.bitPattern != value.bitPattern {
                mismatches += 1
                if mismatches <= 10 { Issue.record("\(value.bitPattern) read back as \(element)") }
            }
            checked += chunk
        }
        #expect(mismatches == 0)
    }

    @Test func integersKeepTheirDigits() throws {
        var random = SplitMix64(seed: 77)
        var writer = JSONWriter()
        var expected: [String] = []
        writer.beginArray()
        for _ in 0..<10_000 {
            let value = Int(truncatingIfNeeded: random.next()) >> Int(random.next() % 64)
            writer.write(value)
            expected.append(String(value))
        }
        writer.write(Int.min)
        writer.write(Int.max)
        writer.write(0)
        expected += [String(Int.min), String(Int.max), "0"]
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "[" + expected.joined(separator: ",") + "]")
    }

    @Test func powerOfTenTableIsNormalisedAndExactWhereItCanBe() {
        let table = PowersOfTen.table
        #expect(table.count == PowersOfTen.maxExponent - PowersOfTen.minExponent + 1)
        #expect(table.allSatisfy { $0.high >> 63 == 1 })
        // 10^0 = 2^127 · 2^−127 exactly; 10^1 = 0xA · 2^124; 10^−1 rounds up.
        #expect(table[0 - PowersOfTen.minExponent] == (0x8000_0000_0000_0000, 0))
        #expect(table[1 - PowersOfTen.minExponent] == (0xA000_0000_0000_0000, 0))
        #expect(table[-1 - PowersOfTen.minExponent] == (0xCCCC_CCCC_CCCC_CCCC, 0xCCCC_CCCC_CCCC_CCCD))
    }

    /// The table against Python's exact integers: for each j,
    /// ⌈10^j / 2^r⌉ with r = ⌊log2 10^j⌋ − 127.
    @Test func powerOfTenTableMatchesPythonBigIntegers() throws {
        let script = #"""
            import sys
            from fractions import Fraction
            from math import ceil
            for j in range(int(sys.argv[1]), int(sys.argv[2]) + 1):
                p = Fraction(10) ** j
                r = (p.numerator.bit_length() - p.denominator.bit_length())
                if Fraction(2) ** r > p: r -= 1
                g = ceil(p / Fraction(2) ** (r - 127))
                print("%032x" % g)
            """#
        let data = try Self.runPython(script, arguments: [String(PowersOfTen.minExponent), String(PowersOfTen.maxExponent)])
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        let ours = PowersOfTen.table.map { String(format: "%016llx%016llx", $0.high, $0.low) }
        try #require(lines.count == ours.count)
        #expect(zip(lines, ours).filter { String($0) != $1 }.count == 0)
    }

    /// The digits against CPython's `repr` (David Gay's correctly rounded
    /// shortest conversion), an implementation independent of Swift's.
    @Test func shortestDigitsMatchPythonRepr() throws {
        var random = SplitMix64(seed: 0x7E9E)
        var values: [Double] = Self.edgeCases + Self.powers
        for kind in Kind.allCases {
            for _ in 0..<25_000 { values.append(kind.next(using: &random)) }
        }
        values = values.filter { $0 != 0 }
        let script = Self.reprDigitsScript
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("cartouche-repr-\(UUID().uuidString).txt")
        try Data((values.map { String($0.bitPattern) }.joined(separator: "\n") + "\n").utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let data = try Self.runPython(script, arguments: [input.path])
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        try #require(lines.count == values.count)
        var mismatches = 0
        for (line, value) in zip(lines, values) {
            let decimal = ShortestDecimal(positiveFiniteBits: value.magnitude.bitPattern)
            if line != "\(decimal.significand) \(decimal.exponent)" {
                mismatches += 1
                if mismatches <= 10 { Issue.record("\(value): Python \(line), ours \(decimal.significand) \(decimal.exponent)") }
            }
        }
        #expect(mismatches == 0)
    }

    /// Prints, for each bit pattern in the file named by its argument, the
    /// shortest digits of CPython's `repr` without trailing zeros and
    /// their power of ten: `significand exponent`.
    static let reprDigitsScript = #"""
        import struct, sys
        with open(sys.argv[1]) as cases:
            for line in cases:
                value = struct.unpack("<d", struct.pack("<Q", int(line)))[0]
                mantissa, _, exponent = repr(abs(value)).partition("e")
                integer, _, fraction = mantissa.partition(".")
                digits = (integer + fraction).lstrip("0")
                stripped = digits.rstrip("0")
                print(stripped, int(exponent or 0) - len(fraction) + len(digits) - len(stripped))
        """#

    /// Runs a Python 3 script (Debian's python3, standard library only) and returns its stdout.
    static func runPython(_ script: String, arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return data
    }
}
