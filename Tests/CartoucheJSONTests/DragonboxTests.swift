import CartoucheTestSupport
import Foundation
import Testing

@testable import CartoucheJSON

/// Dragonbox (`ShortestDecimal(dragonboxBits:)`), the writer's digit
/// generator for doubles with 16–17 digits, must give exactly Schubfach's
/// digits (`ShortestDecimal(positiveFiniteBits:)`) whenever it answers, and
/// Python's `repr` (David Gay's correctly rounded shortest conversion, an
/// implementation independent of both) on a seeded corpus. It declines only
/// powers of two and the smallest normals and subnormals.
@Suite struct DragonboxTests {
    /// Dragonbox's answer (nil when it declines) and Schubfach's.
    static func compare(_ value: Double) -> (dragonbox: ShortestDecimal?, reference: ShortestDecimal) {
        let bits = value.magnitude.bitPattern
        return (ShortestDecimal(dragonboxBits: bits), ShortestDecimal(positiveFiniteBits: bits))
    }

    /// Counts the values Dragonbox answers and records any disagreement.
    static func mismatches(in values: some Sequence<Double>) -> (mismatches: Int, taken: Int) {
        var mismatches = 0
        var taken = 0
        for value in values where value != 0 && value.isFinite {
            let (dragonbox, reference) = compare(value)
            guard let dragonbox else { continue }
            taken += 1
            if dragonbox != reference {
                mismatches += 1
                if mismatches <= 10 { Issue.record("\(value) (\(value.bitPattern)): Dragonbox \(dragonbox), Schubfach \(reference)") }
            }
        }
        return (mismatches, taken)
    }

    /// 1,200,000 seeded doubles of every kind `ShortDecimalTests` draws:
    /// uniform bit patterns (every magnitude), the benchmark's coordinates,
    /// short decimals and their one-ulp neighbours.
    @Test(arguments: ShortDecimalKind.allCases)
    func seededDoublesAgreeWithSchubfach(kind: ShortDecimalKind) {
        var random = SplitMix64(seed: 0xD7A6_0B0C ^ UInt64(ShortDecimalKind.allCases.firstIndex(of: kind) ?? 0))
        let count = 200_000
        let values = (0..<count).map { _ in kind.next(using: &random) }
        let (mismatches, taken) = Self.mismatches(in: values)
        #expect(mismatches == 0)
        // Declined: powers of two, below 2^−1069 and zero; never more than a few.
        #expect(taken > count * 95 / 100)
    }

    /// Where the interval's ends decide (r = 0 or r = δ in step 2, the tie
    /// check in step 3): the 64 doubles above and below every power of two
    /// and of ten, the edge cases of the short path, and doubles whose
    /// significand ends in many binary zeros (exact products).
    @Test func endsOfTheIntervalAgreeWithSchubfach() {
        var values = ShortDecimalTests.edgeCases
        for biased in 1...2046 {
            let power = Double(bitPattern: UInt64(biased) << 52)
            var up = power
            var down = power
            for _ in 0..<64 {
                up = up.nextUp
                down = down.nextDown
                values += [up, down]
            }
        }
        for exponent in -307...308 {
            guard let power = Double("1e\(exponent)") else { continue }
            var up = power
            var down = power
            for _ in 0..<8 {
                up = up.nextUp
                down = down.nextDown
                values += [power, up, down]
            }
        }
        var random = SplitMix64(seed: 0xE4D5)
        for _ in 0..<100_000 {
            // A significand with 1–20 random high bits, the rest zero, at any exponent.
            let kept = 1 + Int(random.next() % 20)
            let fraction = (random.next() >> 12) & ~((1 << UInt64(52 - kept)) - 1)
            let biased = 6 + random.next() % 2040
            values.append(Double(bitPattern: (biased << 52) | fraction))
        }
        let (mismatches, taken) = Self.mismatches(in: values)
        #expect(mismatches == 0)
        #expect(taken > values.count * 9 / 10)
    }

    /// Declined exactly where it must be: powers of two (the lopsided
    /// interval), subnormals and normals below 2^−1069 (10^−k past the
    /// table); answered just above.
    @Test func declinesPowersOfTwoAndTheSmallest() {
        for biased: UInt64 in [1, 5, 6, 1023, 2046] {
            #expect(ShortestDecimal(dragonboxBits: biased << 52) == nil, "2^\(Int(biased) - 1023)")
            #expect(ShortestDecimal(dragonboxBits: (biased << 52) | 1) == (biased >= 6 ? ShortestDecimal(positiveFiniteBits: (biased << 52) | 1) : nil))
        }
        for bits: UInt64 in [1, 2, 0x000F_FFFF_FFFF_FFFF, (5 << 52) | 0x8_0000_0000_0000] {
            #expect(ShortestDecimal(dragonboxBits: bits) == nil)
        }
        // The largest finite double is answered.
        #expect(Self.compare(.greatestFiniteMagnitude).dragonbox == Self.compare(.greatestFiniteMagnitude).reference)
    }

    /// Trailing zeros dropped by the multiply-and-rotate test match plain
    /// division, for every count of zeros a significand can end in.
    @Test func trimmingByRotationMatchesDivision() {
        var random = SplitMix64(seed: 0x7210)
        for zeros in 0...17 {
            for _ in 0..<2_000 {
                var power: UInt64 = 1
                for _ in 0..<zeros { power *= 10 }
                let limit = UInt64.max / power
                var digits = (1 + random.next() % min(limit, 100_000_000_000_000_000)) * power
                var exponent = -5
                let trimmed = ShortestDecimal(trimmingByRotation: digits, exponent: exponent)
                while digits % 10 == 0 {
                    digits /= 10
                    exponent += 1
                }
                #expect(trimmed.significand == digits && trimmed.exponent == exponent)
            }
        }
        #expect(ShortestDecimal(trimmingByRotation: 1, exponent: 0).significand == 1)
        #expect(ShortestDecimal(trimmingByRotation: 10_000_000_000_000_000_000, exponent: 0).exponent == 19)
    }

    /// Dragonbox's digits against CPython's `repr`, on 100,000 seeded
    /// doubles (bit patterns, coordinates, neighbours of short decimals)
    /// plus the neighbours of every power of two.
    @Test func digitsMatchPythonRepr() throws {
        var random = SplitMix64(seed: 0xD7A6_7E9E)
        var values: [Double] = []
        for kind in [ShortDecimalKind.bits, .coordinate, .neighbour, .anyScaledInteger] {
            for _ in 0..<25_000 { values.append(kind.next(using: &random)) }
        }
        for biased in stride(from: 6, through: 2046, by: 5) {
            let power = Double(bitPattern: UInt64(biased) << 52)
            values += [power.nextUp, power.nextDown, power.nextUp.nextUp]
        }
        values = values.filter { $0 != 0 && ShortestDecimal(dragonboxBits: $0.magnitude.bitPattern) != nil }
        #expect(values.count > 90_000)
        let script = JSONWriterNumberTests.reprDigitsScript
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("cartouche-dragonbox-\(UUID().uuidString).txt")
        try Data((values.map { String($0.bitPattern) }.joined(separator: "\n") + "\n").utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let lines = String(decoding: try JSONWriterNumberTests.runPython(script, arguments: [input.path]), as: UTF8.self)
            .split(separator: "\n")
        try #require(lines.count == values.count)
        var mismatches = 0
        for (line, value) in zip(lines, values) {
            guard let decimal = ShortestDecimal(dragonboxBits: value.magnitude.bitPattern) else { continue }
            if line != "\(decimal.significand) \(decimal.exponent)" {
                mismatches += 1
                if mismatches <= 10 { Issue.record("\(value): Python \(line), Dragonbox \(decimal.significand) \(decimal.exponent)") }
            }
        }
        #expect(mismatches == 0)
    }
}
