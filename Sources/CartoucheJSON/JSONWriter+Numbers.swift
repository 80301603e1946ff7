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

/// 10^0 … 10^19, for counting digits (literals, so the array is laid out
/// statically, with no lazy initialisation check on each use).
private let powersOfTen64: [UInt64] = [
    1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
    100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
    10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
]

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
        // Integral below 2^53: the conversion is in range, and converting
        // back tells (`rounded(.towardZero)` is a libm call on baseline
        // x86-64, which has no rounding instruction).
        if value.magnitude < exactIntegerLimit, case let integer = Int64(value), Double(integer) == value {
            if value == 0 && value.sign == .minus {
                out[0] = UInt8(ascii: "-")
                out[1] = UInt8(ascii: "0")
                return 2
            }
            return spellInteger(integer, into: out)
        }
        return spellShortestNonIntegral(value, into: out)
    }

    /// Spells a finite double that is not an integer below 2^53 (so not
    /// zero) in the layout described at the top of this file.
    ///
    /// Written for random data: the sign, the digit count and the point are
    /// placed without data-dependent branches (a coordinate's sign, its 16
    /// or 17 digits and its 1–3 integer digits are coin tosses to a branch
    /// predictor); the layout's case is a branch, but a stable one.
    @inline(__always)
    private static func spellShortestNonIntegral(_ value: Double, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let bits = value.bitPattern
        let magnitudeBits = bits & ~(1 << 63)
        // Few digits: one exact check. Otherwise Dragonbox; Schubfach for
        // the few doubles Dragonbox leaves (powers of two, the smallest).
        let decimal = ShortestDecimal(shortPositiveFiniteBits: magnitudeBits)
            ?? ShortestDecimal(dragonboxBits: magnitudeBits)
            ?? ShortestDecimal(positiveFiniteBits: magnitudeBits)
        let base = out.baseAddress.unsafelyUnwrapped
        // "-" always written, kept only for negative values.
        base[0] = UInt8(ascii: "-")
        var position = Int(truncatingIfNeeded: bits >> 63)
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
            // 0.000ddd: "0.000" written whole (at most three zeros are
            // needed), the digits over its tail.
            storeWord(0x3030_3030_3030_2E30, at: base + position)  // "0.000000"
            let start = position + 1 - leadingExponent
            writeDigits(decimal.significand, count: digitCount, endingAt: start + digitCount, in: out)
            return start + digitCount
        }
        let integerDigits = leadingExponent + 1
        if integerDigits < digitCount {
            // ddd.ddd: digits one place right, then the integer part moved
            // left over the gap and the point stored behind it.
            let head = writeDigits(decimal.significand, count: digitCount, endingAt: position + 1 + digitCount, in: out)
            if integerDigits < 8 {
                // One store: the first `integerDigits` characters, ".", and
                // the characters after them as they already are in place.
                let shift = UInt64(8 &* integerDigits)
                let integerMask: UInt64 = (1 &<< shift) &- 1
                let tail = (head &<< 8) & ~((integerMask &<< 8) | 0xFF)
                storeWord((head & integerMask) | (0x2E &<< shift) | tail, at: base + position)
            } else {
                for index in position..<(position + integerDigits) { out[index] = out[index + 1] }
                out[position + integerDigits] = UInt8(ascii: ".")
            }
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

    /// Number of decimal digits of `v` (1 for 0), without branches: the
    /// bit length times log10(2) is the count or one less, and one
    /// comparison with a power of ten decides.
    @inline(__always)
    private static func decimalDigitCount(_ v: UInt64) -> Int {
        // v | 1 has as many digits as v (10^n − 1 is odd) and one for 0.
        let w = v | 1
        let bitLength = 64 &- w.leadingZeroBitCount
        let guess = (bitLength &* 1_233) &>> 12  // ⌊bitLength · log10(2)⌋, exact for 1…64
        return guess &+ (w >= powersOfTen64[guess] ? 1 : 0)
    }

    /// Stores eight bytes (little-endian: the first character in the low byte).
    @inline(__always)
    private static func storeWord(_ word: UInt64, at pointer: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: word.littleEndian, as: UInt64.self)
    }

    /// The eight decimal characters of `v` (below 10^8, with leading zeros),
    /// the first in the low byte: each step splits every lane in two
    /// (10^4, then 10^2 by multiply-shift, then 10), SWAR in one register.
    @inline(__always)
    private static func eightDigits(_ v: UInt64) -> UInt64 {
        let merged = (v / 10_000) | ((v % 10_000) &<< 32)
        let hundreds = ((merged &* 10_486) &>> 20) & 0x0000_007F_0000_007F
        let pairs = hundreds | ((merged &- 100 &* hundreds) &<< 16)
        let tens = ((pairs &* 103) &>> 10) & 0x000F_000F_000F_000F
        return (tens | ((pairs &- 10 &* tens) &<< 8)) | 0x3030_3030_3030_3030
    }

    /// Writes the `count` (1…24) decimal digits of `value` so the last one
    /// lands at `end − 1`, eight characters per store, and returns the first
    /// eight characters written (as ``eightDigits(_:)`` orders them; only the
    /// first `count` are meaningful when `count < 8`).
    ///
    /// Stores go front to back, each covering the previous one's unused
    /// tail, so with `count ≥ 8` nothing outside `end − count ..< end` is
    /// touched; with fewer digits up to `8 − count` bytes after `end` are
    /// overwritten (the callers' 32-byte buffers leave room for it).
    @inline(__always)
    @discardableResult
    private static func writeDigits(_ value: UInt64, count: Int, endingAt end: Int, in out: UnsafeMutableBufferPointer<UInt8>) -> UInt64 {
        let start = out.baseAddress.unsafelyUnwrapped + (end &- count)
        let low = eightDigits(value % 100_000_000)
        if count <= 8 {
            let word = low &>> UInt64(8 &* (8 &- count))
            storeWord(word, at: start)
            return word
        }
        // 9…24 digits: `rest` has `restCount` (1…16) of them; its first
        // `restCount − 8` (or all, when fewer than 8) go in a shifted word.
        let rest = value / 100_000_000
        let restCount = count &- 8
        let middle = eightDigits(rest % 100_000_000)
        // With more than 16 digits, `high` leads; otherwise `middle`. Chosen
        // with a mask: 16 or 17 digits is a coin toss for random doubles.
        let highMask = UInt64(truncatingIfNeeded: (8 &- restCount) &>> 63)  // all ones when restCount > 8
        // Above the sixteenth digit a double has at most one (17 digits), so
        // its character goes straight into the top byte, where `eightDigits`
        // puts the last of its eight and the only one used below; the full
        // pass (a sixth of the layout's instructions) is left to integers of
        // 18 digits or more.
        let top = rest / 100_000_000
        let high: UInt64
        if count <= 17 {
            high = (0x30 | top) &<< 56
        } else {
            high = eightDigits(top % 100_000_000)
        }
        let firstCount = restCount &- (8 & Int(truncatingIfNeeded: highMask))
        let first = ((high & highMask) | (middle & ~highMask)) &>> UInt64(8 &* (8 &- firstCount))
        let second = (middle & highMask) | (low & ~highMask)
        storeWord(first, at: start)
        storeWord(second, at: start + firstCount)
        storeWord(low, at: start + restCount)
        // The first eight characters: `first`'s, then `second`'s (shifted
        // in two steps so a shift by 64 gives 0).
        return first | ((second &<< UInt64(8 &* firstCount &- 1)) &<< 1)
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
