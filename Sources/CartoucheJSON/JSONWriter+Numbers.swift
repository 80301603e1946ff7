// Number spelling for JSONWriter, straight into the output buffer with no
// `String` in between: integers digit by digit, other doubles from their
// shortest round-trip digits (ShortestDecimal) laid out as Swift's
// `description` lays them out, minus its decorations (see the JSONWriter
// type docs): "1e21" not "1e+21", "1e-7" not "1e-07", "9007199254740992"
// not "9007199254740992.0".
//
// Layout, for d = the shortest digits (n of them) and E = the exponent of
// the first digit (value ≈ d₁.d₂d₃… × 10^E):
// - exponential ("1.5e-7", "5e-324", "1.7976931348623157e308") when
//   E < −4 or |x| > 2^53 — the integers up to 2^53 are all exact, above
//   that `description` switches to exponent form;
// - "0.000123" when −4 ≤ E < 0;
// - "123.45" when the point falls inside the digits;
// - the digits padded with zeros otherwise (only 2^53 itself gets here:
//   smaller integral values take the integer path).

/// "00" "01" … "99": two digits per lookup, in constant storage (a
/// `StaticString` needs no lazy initialisation, unlike a global array).
private let digitPairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

extension JSONWriter {
    /// 2^53: every integer of smaller magnitude is a double exactly.
    private static let exactIntegerLimit = 9_007_199_254_740_992.0

    /// Appends a finite double in shortest round-trip form (see the type docs).
    mutating func appendFiniteNumber(_ value: Double) {
        // 40 bytes of scratch: at most 25 are used ("-1.2345678901234567e-308"
        // is 24; "-0.00012345678901234567" is 23).
        var scratch: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
        let length = withUnsafeMutableBytes(of: &scratch) { raw in
            Self.spellFiniteNumber(value, into: raw.bindMemory(to: UInt8.self))
        }
        appendScratch(&scratch, count: length)
    }

    /// Spells a finite double into `out` (at least 32 bytes) and returns the
    /// length: the one spelling both ``JSONWriter`` and ``JSONRawBuffer`` use.
    @inline(__always)
    static func spellFiniteNumber(_ value: Double, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        if value.magnitude < exactIntegerLimit, value == value.rounded(.towardZero) {
            if value == 0 && value.sign == .minus {
                out[0] = UInt8(ascii: "-")
                out[1] = UInt8(ascii: "0")
                return 2
            }
            return spellInteger(Int64(value), into: out)
        }
        return spellShortestNonIntegral(value, into: out)
    }

    /// Spells a finite double that is not an integer below 2^53 (so not
    /// zero) in the layout described at the top of this file.
    private static func spellShortestNonIntegral(_ value: Double, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let bits = value.bitPattern
        let decimal = ShortestDecimal(positiveFiniteBits: bits & ~(1 << 63))
        var position = 0
        if bits >> 63 != 0 {
            out[0] = UInt8(ascii: "-")
            position = 1
        }
        let digitCount = decimalDigitCount(decimal.significand)
        let leadingExponent = decimal.exponent + digitCount - 1
        if leadingExponent < -4 || value.magnitude > exactIntegerLimit {
            // d.ddde±x: digits one place right, then the first moved left.
            writeDigits(decimal.significand, count: digitCount, endingAt: position + 1 + digitCount, in: out)
            out[position] = out[position + 1]
            if digitCount > 1 {
                out[position + 1] = UInt8(ascii: ".")
                position += digitCount + 1
            } else {
                position += 1
            }
            out[position] = UInt8(ascii: "e")
            position += 1
            var magnitude = leadingExponent
            if magnitude < 0 {
                out[position] = UInt8(ascii: "-")
                position += 1
                magnitude = -magnitude
            }
            let exponentDigits = magnitude >= 100 ? 3 : magnitude >= 10 ? 2 : 1
            writeDigits(UInt64(magnitude), count: exponentDigits, endingAt: position + exponentDigits, in: out)
            return position + exponentDigits
        }
        if leadingExponent < 0 {
            // 0.000ddd
            out[position] = UInt8(ascii: "0")
            out[position + 1] = UInt8(ascii: ".")
            position += 2
            for _ in 0..<(-leadingExponent - 1) {
                out[position] = UInt8(ascii: "0")
                position += 1
            }
            writeDigits(decimal.significand, count: digitCount, endingAt: position + digitCount, in: out)
            return position + digitCount
        }
        let integerDigits = leadingExponent + 1
        if integerDigits < digitCount {
            // ddd.ddd: digits one place right, then the integer part moved left.
            writeDigits(decimal.significand, count: digitCount, endingAt: position + 1 + digitCount, in: out)
            for index in position..<(position + integerDigits) { out[index] = out[index + 1] }
            out[position + integerDigits] = UInt8(ascii: ".")
            return position + digitCount + 1
        }
        // ddd000
        writeDigits(decimal.significand, count: digitCount, endingAt: position + digitCount, in: out)
        position += digitCount
        for _ in digitCount..<integerDigits {
            out[position] = UInt8(ascii: "0")
            position += 1
        }
        return position
    }

    /// Copies the first `count` bytes of a scratch tuple to the output in one call.
    @inline(__always)
    private mutating func appendScratch<Scratch>(_ scratch: inout Scratch, count: Int) {
        withUnsafeBytes(of: &scratch) { raw in
            let written = raw.bindMemory(to: UInt8.self)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: written[0..<count]))
        }
    }

    /// Number of decimal digits of `value` (1 for 0), by comparisons.
    @inline(__always)
    private static func decimalDigitCount(_ v: UInt64) -> Int {
        if v < 100_000_000 {
            if v < 10_000 { return v < 100 ? (v < 10 ? 1 : 2) : (v < 1_000 ? 3 : 4) }
            return v < 1_000_000 ? (v < 100_000 ? 5 : 6) : (v < 10_000_000 ? 7 : 8)
        }
        if v < 10_000_000_000_000_000 {
            if v < 1_000_000_000_000 {
                return v < 10_000_000_000 ? (v < 1_000_000_000 ? 9 : 10) : (v < 100_000_000_000 ? 11 : 12)
            }
            return v < 100_000_000_000_000 ? (v < 10_000_000_000_000 ? 13 : 14) : (v < 1_000_000_000_000_000 ? 15 : 16)
        }
        return v < 100_000_000_000_000_000 ? 17 : v < 1_000_000_000_000_000_000 ? 18 : v < 10_000_000_000_000_000_000 ? 19 : 20
    }

    /// Writes the `count` decimal digits of `value` so the last one lands
    /// at `end − 1`: eight at a time in 32-bit arithmetic, two per lookup.
    @inline(__always)
    private static func writeDigits(_ value: UInt64, count: Int, endingAt end: Int, in out: UnsafeMutableBufferPointer<UInt8>) {
        let pairs = digitPairs.utf8Start
        var remaining = value
        var index = end
        var left = count
        @inline(__always) func writePair(_ pair: UInt32, at position: Int) {
            out[position] = pairs[Int(2 * pair)]
            out[position + 1] = pairs[Int(2 * pair + 1)]
        }
        while left >= 8 {
            let low = UInt32(truncatingIfNeeded: remaining % 100_000_000)
            remaining /= 100_000_000
            let (high4, low4) = (low / 10_000, low % 10_000)
            writePair(low4 % 100, at: index - 2)
            writePair(low4 / 100, at: index - 4)
            writePair(high4 % 100, at: index - 6)
            writePair(high4 / 100, at: index - 8)
            index -= 8
            left -= 8
        }
        var rest = UInt32(truncatingIfNeeded: remaining)
        while left >= 2 {
            writePair(rest % 100, at: index - 2)
            rest /= 100
            index -= 2
            left -= 2
        }
        if left == 1 {
            out[index - 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
        }
    }

    /// Appends a decimal integer without going through `String`.
    mutating func appendInteger(_ value: Int64) {
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)  // up to 24 bytes
        let length = withUnsafeMutableBytes(of: &scratch) { raw in
            Self.spellInteger(value, into: raw.bindMemory(to: UInt8.self))
        }
        appendScratch(&scratch, count: length)
    }

    /// Spells a decimal integer into `out` (at least 20 bytes); returns the length.
    @inline(__always)
    static func spellInteger(_ value: Int64, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var position = 0
        if value < 0 {
            out[0] = UInt8(ascii: "-")
            position = 1
        }
        let magnitude = value.magnitude
        let digitCount = decimalDigitCount(magnitude)
        writeDigits(magnitude, count: digitCount, endingAt: position + digitCount, in: out)
        return position + digitCount
    }
}
