import CartoucheTestSupport
import Foundation
import Testing

@testable import CartoucheJSON

/// The writer's fast path for doubles with few digits
/// (`ShortestDecimal(shortPositiveFiniteBits:)`, one multiply, one divide and
/// one comparison) must give exactly the digits Schubfach gives whenever it
/// answers, and must answer for the numbers it exists for: coordinates with
/// up to 7 decimals, sizes and opacities with a few.
@Suite struct ShortDecimalTests {
    /// Both digit generators on one positive, finite double: the fast
    /// path's answer (nil when it declines) and Schubfach's.
    static func compare(_ value: Double) -> (fast: ShortestDecimal?, reference: ShortestDecimal) {
        let bits = value.magnitude.bitPattern
        return (ShortestDecimal(shortPositiveFiniteBits: bits), ShortestDecimal(positiveFiniteBits: bits))
    }

    /// Hand-picked doubles where the check or the trimming could go wrong:
    /// integers (2^46 is the largest magnitude tried), the switch to
    /// exponent form below 10^−4, powers of ten and their neighbours,
    /// subnormals (never taken), and halfway cases between two doubles.
    static let edgeCases: [Double] = {
        var values: [Double] = [
            1, 2, 5, 10, 255, 1_000_000, 123_456_789, 70_368_744_177_663, 70_368_744_177_664, 70_368_744_177_664.5,
            9_007_199_254_740_992, 0.5, 0.25, 0.1, 0.2, 0.3, 0.30000000000000004, 1.0 / 3, 2.5, 8.5, 100.5,
            0.0001, 0.00001, 0.000099999, 9.999999999999999e-5, 0.00010000000000000002, 1e-5, 1.5e-7, 1e-7,
            1e-22, 1e-23, 1.2345e-20, 37.7749295, -122.4194155, 179.9999999, 85.0511287798066, 0.000001,
            .leastNonzeroMagnitude, JSONWriterNumberTests.subnormals(["1e-320"])[0], 2.2250738585072014e-308, JSONWriterNumberTests.subnormals(["2.2250738585072009e-308"])[0], 1e15 + 0.5, 4.35, 0.07,
        ]
        for exponent in -30...20 {
            guard let power = Double("1e\(exponent)") else { continue }
            values += [power, power.nextUp, power.nextDown, power * 1.5, power * 9.999999]
        }
        for exponent in -80...60 {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            values += [power, power.nextUp, power.nextDown]
        }
        return values
    }()

    @Test func edgeCasesAgreeWithSchubfach() {
        var mismatches = 0
        var taken = 0
        for value in Self.edgeCases where value != 0 {
            let (fast, reference) = Self.compare(value)
            guard let fast else { continue }
            taken += 1
            if fast != reference {
                mismatches += 1
                Issue.record("\(value): fast \(fast), Schubfach \(reference)")
            }
        }
        #expect(mismatches == 0)
        #expect(taken > 150)
        // Declined where it must decline: subnormals, beyond 2^46, 17 digits.
        for value in [.leastNonzeroMagnitude, JSONWriterNumberTests.subnormals(["1e-320"])[0], 70_368_744_177_664.5, 9_007_199_254_740_992, 0.30000000000000004, 1.0 / 3] {
            #expect(Self.compare(value).fast == nil, "\(value)")
        }
        // Taken where it is meant to be.
        for value in [37.7749295, -122.4194155, 0.1, 8.5, 1e-5, 1.5e-7, 0.07, 255] {
            #expect(Self.compare(value).fast == Self.compare(value).reference, "\(value)")
        }
    }

    /// Seeded doubles of many magnitudes and forms, 1,200,000 in all: the
    /// fast path agrees with Schubfach every time it answers, and answers
    /// for every coordinate with 1–7 decimals and every short scaled integer.
    @Test(arguments: ShortDecimalKind.allCases)
    func seededDoublesAgreeWithSchubfach(kind: ShortDecimalKind) {
        var random = SplitMix64(seed: 0x5407_7D1C ^ UInt64(ShortDecimalKind.allCases.firstIndex(of: kind) ?? 0))
        var mismatches = 0
        var taken = 0
        var nonzero = 0
        let count = 200_000
        for _ in 0..<count {
            let value = kind.next(using: &random)
            guard value != 0 else { continue }  // zero never reaches the digit generators
            nonzero += 1
            let (fast, reference) = Self.compare(value)
            guard let fast else {
                if kind.alwaysShort {
                    mismatches += 1
                    if mismatches <= 10 { Issue.record("\(value) (\(value.bitPattern)): declined") }
                }
                continue
            }
            taken += 1
            if fast != reference {
                mismatches += 1
                if mismatches <= 10 { Issue.record("\(value) (\(value.bitPattern)): fast \(fast), Schubfach \(reference)") }
            }
        }
        #expect(mismatches == 0)
        #expect(nonzero > count * 99 / 100)
        if kind.alwaysShort { #expect(taken == nonzero) } else { #expect(taken > 0) }
    }
}

/// The kinds of seeded double `ShortDecimalTests` draws.
enum ShortDecimalKind: CaseIterable, Sendable {
    /// Uniform bit patterns: every magnitude, subnormals included.
    case bits
    /// Uniform in ±180 with 53 random bits (16–17 digits: rarely taken).
    case coordinate
    /// A coordinate rounded to 1–7 decimals, as typed or stored.
    case roundedCoordinate
    /// A 1–12-digit integer times 10^−15…10^1: short, below 2^46 (the largest magnitude tried).
    case scaledInteger
    /// A 1–17-digit integer times 10^−30…10^10 (long ones decline).
    case anyScaledInteger
    /// A short decimal's neighbour one ulp away (usually 16–17 digits, and
    /// the closest misses of the check), or the decimal itself.
    case neighbour

    /// Every value of this kind has a short enough decimal to be taken.
    var alwaysShort: Bool { self == .roundedCoordinate || self == .scaledInteger }

    func next(using random: inout SplitMix64) -> Double {
        switch self {
        case .bits:
            return JSONWriterNumberTests.Kind.bits.next(using: &random)
        case .coordinate:
            return JSONWriterNumberTests.Kind.coordinate.next(using: &random)
        case .roundedCoordinate:
            let decimals = Int(random.next() % 7) + 1
            let scaled = (random.uniform(-180, 180) * pow(10, Double(decimals))).rounded()
            return Double("\(Int64(scaled))e-\(decimals)") ?? 0
        case .scaledInteger:
            return Self.scaledInteger(digits: 1...12, exponents: -15...1, using: &random)
        case .anyScaledInteger:
            return Self.scaledInteger(digits: 1...17, exponents: -30...10, using: &random)
        case .neighbour:
            let value = Self.scaledInteger(digits: 1...10, exponents: -12...3, using: &random)
            switch random.next() % 3 {
            case 0: return value.nextUp
            case 1: return value.nextDown
            default: return value
            }
        }
    }

    /// A random integer of a random digit count in `digits`, times 10 to a
    /// random power in `exponents`, read as a decimal (correctly rounded).
    private static func scaledInteger(digits: ClosedRange<Int>, exponents: ClosedRange<Int>, using random: inout SplitMix64) -> Double {
        let count = digits.lowerBound + Int(random.next() % UInt64(digits.count))
        var limit: UInt64 = 1
        for _ in 0..<count { limit *= 10 }
        let exponent = exponents.lowerBound + Int(random.next() % UInt64(exponents.count))
        return Double("\(random.next() % limit)e\(exponent)") ?? 0
    }
}
