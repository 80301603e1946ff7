// The 128-bit powers of ten the shortest-double formatter (ShortestDecimal)
// multiplies by, computed exactly once, on first use, with a small
// arbitrary-precision integer instead of being committed as a generated
// table: the numbers come from their definition, so there is no generator
// script to trust and nothing to keep in sync.

/// `g(j)` for every power of ten `10^j` a finite double can need,
/// j in `minExponent...maxExponent`.
///
/// With `r = ⌊log2(10^j)⌋ − 127`, `g(j) = ⌈10^j / 2^r⌉`, so
/// `2^127 ≤ g(j) < 2^128` and `(g − 1)·2^r < 10^j ≤ g·2^r`: an
/// overestimate of `10^j` by less than one unit in its 128th bit, exact for
/// `0 ≤ j ≤ 55` (where `5^j < 2^128`). This is the table of R. Giulietti's
/// Schubfach algorithm in the 128-bit layout of A. Bolz's C++ version.
///
/// Computing the table takes about 1.2 ms in a release build (617 entries;
/// the negative powers by exact binary long division of `2^(−r)` by `10^−j`).
enum PowersOfTen {
    /// The smallest power needed: `10^−292` scales the largest doubles.
    static let minExponent = -292
    /// The largest power needed: `10^324` scales the smallest subnormals.
    static let maxExponent = 324

    /// `g(j)` as (high, low) 64-bit halves, index `j − minExponent`.
    static let table: [(high: UInt64, low: UInt64)] = computeTable()

    /// ⌊log2(10^e)⌋ for |e| ≤ 1233, by a fixed-point multiply.
    @inline(__always)
    static func floorLog2OfPowerOfTen(_ e: Int) -> Int {
        (e &* 1_741_647) >> 19
    }

    private static func computeTable() -> [(high: UInt64, low: UInt64)] {
        var table = [(high: UInt64, low: UInt64)](repeating: (0, 0), count: maxExponent - minExponent + 1)
        var power = BigUnsigned(1)  // 10^j, for j = 0, 1, 2, …
        for j in 0...max(maxExponent, -minExponent) {
            let log2 = floorLog2OfPowerOfTen(j)
            if j <= maxExponent {
                // 10^j scaled to 128 bits, rounded up.
                table[j - minExponent] = power.topBits128(highestBit: log2)
            }
            if j > 0 && j <= -minExponent {
                // 10^−j = 2^r · g with r = ⌊log2(10^−j)⌋ − 127, so
                // g = ⌈2^(−r) / 10^j⌉ and −r = 127 − ⌊log2(10^−j)⌋ ≥ 131.
                let shift = 127 - floorLog2OfPowerOfTen(-j)
                table[-j - minExponent] = BigUnsigned.quotientOfPowerOfTwo(shift, dividedBy: power)
            }
            power.multiply(by: 10)
        }
        return table
    }
}

/// A little-endian arbitrary-precision unsigned integer with just what the
/// table needs: multiply by a small factor, shift left by one, compare,
/// subtract, and read the top 128 bits.
private struct BigUnsigned {
    var limbs: [UInt64]

    init(_ value: UInt64) { limbs = [value] }

    mutating func multiply(by factor: UInt64) {
        var carry: UInt64 = 0
        for index in limbs.indices {
            let (high, low) = limbs[index].multipliedFullWidth(by: factor)
            let (sum, overflow) = low.addingReportingOverflow(carry)
            limbs[index] = sum
            carry = high &+ (overflow ? 1 : 0)
        }
        if carry != 0 { limbs.append(carry) }
    }

    func bit(_ index: Int) -> Bool {
        let limb = index / 64
        return limb < limbs.count && (limbs[limb] >> UInt64(index % 64)) & 1 == 1
    }

    /// The 128 bits starting at `highestBit` (which must be the highest set
    /// bit) downwards, rounded up if any lower bit is set; bits below zero
    /// are zeros.
    func topBits128(highestBit: Int) -> (high: UInt64, low: UInt64) {
        var high: UInt64 = 0
        var low: UInt64 = 0
        for offset in 0..<128 {
            let index = highestBit - offset
            let set = index >= 0 && bit(index)
            high = (high << 1) | (low >> 63)
            low = (low << 1) | (set ? 1 : 0)
        }
        var inexact = false
        var index = highestBit - 128
        while index >= 0 && !inexact {
            inexact = bit(index)
            index -= 1
        }
        if inexact {
            let (sum, overflow) = low.addingReportingOverflow(1)
            low = sum
            if overflow { high &+= 1 }
        }
        return (high, low)
    }

    /// ⌈2^exponent / divisor⌉, which must lie in [2^127, 2^128), by binary
    /// long division: 2^exponent is 2^(exponent − 128) followed by 128 zero
    /// bits, and 2^(exponent − 128) < divisor.
    static func quotientOfPowerOfTwo(_ exponent: Int, dividedBy divisor: BigUnsigned) -> (high: UInt64, low: UInt64) {
        var remainder = BigUnsigned(0)
        let start = exponent - 128
        remainder.limbs = [UInt64](repeating: 0, count: max(start / 64 + 1, divisor.limbs.count + 1))
        remainder.limbs[start / 64] = 1 << UInt64(start % 64)
        var high: UInt64 = 0
        var low: UInt64 = 0
        for _ in 0..<128 {
            remainder.shiftLeftByOne()
            let fits = !remainder.isLess(than: divisor)
            if fits { remainder.subtract(divisor) }
            high = (high << 1) | (low >> 63)
            low = (low << 1) | (fits ? 1 : 0)
        }
        if !remainder.isZero {
            let (sum, overflow) = low.addingReportingOverflow(1)
            low = sum
            if overflow { high &+= 1 }
        }
        return (high, low)
    }

    private mutating func shiftLeftByOne() {
        var carry: UInt64 = 0
        for index in limbs.indices {
            let next = limbs[index] >> 63
            limbs[index] = (limbs[index] << 1) | carry
            carry = next
        }
        if carry != 0 { limbs.append(carry) }
    }

    private func isLess(than other: BigUnsigned) -> Bool {
        var index = max(limbs.count, other.limbs.count) - 1
        while index >= 0 {
            let mine = index < limbs.count ? limbs[index] : 0
            let theirs = index < other.limbs.count ? other.limbs[index] : 0
            if mine != theirs { return mine < theirs }
            index -= 1
        }
        return false
    }

    /// `self -= other`; `other` must not be larger.
    private mutating func subtract(_ other: BigUnsigned) {
        var borrow = false
        for index in limbs.indices {
            let theirs = index < other.limbs.count ? other.limbs[index] : 0
            let (step, overflow1) = limbs[index].subtractingReportingOverflow(theirs)
            let (result, overflow2) = step.subtractingReportingOverflow(borrow ? 1 : 0)
            limbs[index] = result
            borrow = overflow1 || overflow2
        }
    }

    private var isZero: Bool { limbs.allSatisfy { $0 == 0 } }
}
