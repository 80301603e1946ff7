// Dragonbox: the shortest decimal with one 64×128-bit product in the
// common case, where Schubfach (ShortestDecimal.swift) needs three.

extension ShortestDecimal {
    /// The shortest decimal for a positive, finite double with bit pattern
    /// `bits`, closest to it on a choice, ties to an even last digit: the
    /// same answer as Schubfach (``init(positiveFiniteBits:)``), by
    /// J. Jeon's Dragonbox ("Dragonbox: A New Floating-Point Binary-to-Decimal
    /// Conversion Algorithm", 2020; the reference implementation's
    /// `compute_nearest_normal` with round-to-nearest-even reading and
    /// ties-to-even digits, κ = 2). Nil for the cases it leaves to Schubfach:
    /// powers of two (the interval is lopsided), subnormals and the smallest
    /// normals (their powers of ten lie past ``PowersOfTen``'s table).
    ///
    /// How it works: with the value `fc·2^e` and k = ⌊e·log10 2⌋ − κ, the
    /// upper end of the reading interval scaled by 10^−k, `z`, comes from one
    /// 64×128-bit product with the same 128-bit powers of ten Schubfach uses.
    /// The interval's half-width scaled alike, `δ`, lies in [10^κ, 10^(κ+1)).
    /// Step 2 tries the multiple of 10^(κ+1) just below `z` (one decimal
    /// digit fewer than step 3's); it reads back when `z mod 10^(κ+1) < δ`
    /// (the ends settled by exact integer and parity checks). Otherwise step 3
    /// rounds the value itself to a multiple of 10^κ from `z − δ/2` with
    /// only a parity product in one case of a hundred. For random 17-digit
    /// doubles step 2 rarely succeeds and step 3 rarely needs the second
    /// product: two 64×64-bit multiplies and a division by 1000 where
    /// Schubfach does six multiplies.
    ///
    /// `ShortDecimalTests` compares it with Schubfach on millions of seeded
    /// doubles, all powers of two's neighbours and the edge cases, and
    /// with Python's `repr` on a seeded corpus.
    ///
    /// - Complexity: O(1): at most two 64×128-bit products.
    @inline(__always)
    init?(dragonboxBits bits: UInt64) {
        let storedFraction = bits & ((1 << 52) - 1)
        let biasedExponent = Int(truncatingIfNeeded: bits >> 52)
        // 2^−1069 and up keep 10^−k inside the table (k ≤ 324).
        guard storedFraction != 0, biasedExponent >= 6 else { return nil }
        let exponent = biasedExponent &- 1075
        let twoFc = (storedFraction | (1 << 52)) &<< 1
        // Round-to-nearest-even reading: an even significand's interval
        // includes both ends.
        let includesEnds = storedFraction & 1 == 0
        let minusK = ((exponent &* 315_653) &>> 20) &- 2  // ⌊e·log10 2⌋ − κ
        let power = PowersOfTen.table[-minusK &- PowersOfTen.minExponent]
        let beta = exponent &+ PowersOfTen.floorLog2OfPowerOfTen(-minusK)  // 1…4

        // δ = the half-width, ⌊10^−k · 2^(e−1) · 2⌋ from the table's top bits.
        let delta = UInt32(truncatingIfNeeded: power.high &>> UInt64(63 &- beta))
        let z = Self.upper128((twoFc | 1) &<< UInt64(beta), power)

        // Step 2: one digit fewer, the multiple of 10^(κ+1) = 1000 just
        // below z, reads back when z mod 1000 < δ. r = 0 and r = δ need
        // exact checks of an interval end (one case in a few hundred).
        let quotient = z.integer / 1000
        let r = UInt32(truncatingIfNeeded: z.integer &- 1000 &* quotient)
        if r == 0 || r == delta {
            self.init(atEnd: r, quotient: quotient, z: z, delta: delta, twoFc: twoFc, power: power, beta: beta,
                      includesEnds: includesEnds, minusK: minusK)
            return
        }
        // Otherwise both steps are computed and one is chosen with masks:
        // for random 17-digit doubles whether the shorter one reads back is
        // a coin toss (δ/1000 of them), too costly to branch on.
        let shorter = UInt64(r < delta ? 1 : 0)
        let third = Self.stepThree(quotient: quotient, r: r, delta: delta, twoFc: twoFc, power: power, beta: beta,
                                   checkTie: shorter == 0)
        let shorterMask = 0 &- shorter
        self.init(trimmingByRotation: (quotient & shorterMask) | (third & ~shorterMask), exponent: minusK &+ 2 &+ Int(truncatingIfNeeded: shorter))
    }

    /// Steps 2 and 3 with branches, for r = 0 or r = δ, where the
    /// interval's ends decide.
    @inline(never)
    private init(
        atEnd r: UInt32, quotient: UInt64, z: (integer: UInt64, isInteger: Bool), delta: UInt32, twoFc: UInt64,
        power: (high: UInt64, low: UInt64), beta: Int, includesEnds: Bool, minusK: Int
    ) {
        var quotient = quotient
        var r = r
        smaller: do {
            if r < delta {
                // The upper end itself is excluded for an odd significand.
                if r == 0 && z.isInteger && !includesEnds {
                    quotient &-= 1
                    r = 1000
                    break smaller
                }
            } else {
                // r == δ: the candidate is at the lower end; compare the
                // fractional parts exactly.
                let x = Self.parity(twoFc &- 1, power, beta: beta)
                if !(x.parity || (x.isInteger && includesEnds)) { break smaller }
            }
            self.init(trimming: quotient, exponent: minusK &+ 3)
            return
        }
        let third = Self.stepThree(quotient: quotient, r: r, delta: delta, twoFc: twoFc, power: power, beta: beta, checkTie: true)
        self.init(trimming: third, exponent: minusK &+ 2)
    }

    /// Step 3: the multiple of 10^κ = 100 nearest the value, from
    /// `z − δ/2`, exact after one parity check in one case of a hundred
    /// (skipped when `checkTie` is false: the answer is not used). It ends
    /// in no zero: a shorter answer would have passed step 2.
    @inline(__always)
    private static func stepThree(
        quotient: UInt64, r: UInt32, delta: UInt32, twoFc: UInt64, power: (high: UInt64, low: UInt64), beta: Int,
        checkTie: Bool
    ) -> UInt64 {
        let distance = r &- (delta / 2) &+ 50
        let approximateParity = ((distance ^ 50) & 1) != 0
        var significand = quotient &* 10 &+ UInt64(distance / 100)
        if checkTie && distance % 100 == 0 {
            // The value's scaled fraction against δ/2's: `y` is z − δ/2 or one
            // less, and which one its parity tells; on a tie, the even digit.
            let y = parity(twoFc, power, beta: beta)
            if y.parity != approximateParity || (significand & 1 != 0 && y.isInteger) {
                significand &-= 1
            }
        }
        return significand
    }

    /// `digits` (not zero) × 10^exponent with the trailing zeros of
    /// `digits` moved into the exponent, one at a time, each test and
    /// division one multiply: for a multiple of 10, `digits · 5⁻¹ mod 2^64`
    /// is `digits / 5`, even, and rotated right by one it is `digits / 10`;
    /// for any other number the rotation lands above `UInt64.max / 10`
    /// (odd: the top bit is set; not a multiple of 5: the product is above
    /// `UInt64.max / 5`). Most digits end in no zero: one test.
    @inline(__always)
    init(trimmingByRotation digits: UInt64, exponent: Int) {
        var digits = digits
        var exponent = exponent
        while true {
            let product = digits &* 0xCCCC_CCCC_CCCC_CCCD  // 5⁻¹ mod 2^64
            let quotient = (product &>> 1) | (product &<< 63)
            if quotient > UInt64.max / 10 { break }
            digits = quotient
            exponent &+= 1
        }
        self.significand = digits
        self.exponent = exponent
    }

    /// The upper 128 bits of the 192-bit product `x · g`: the integer part
    /// (the top 64 bits) and whether the fraction (the next 64) is zero.
    @inline(__always)
    private static func upper128(_ x: UInt64, _ g: (high: UInt64, low: UInt64)) -> (integer: UInt64, isInteger: Bool) {
        let high = x.multipliedFullWidth(by: g.high)
        let lowHigh = x.multipliedFullWidth(by: g.low).high
        let (fraction, carry) = high.low.addingReportingOverflow(lowHigh)
        return (high.high &+ (carry ? 1 : 0), fraction == 0)
    }

    /// From the lower 128 bits of the 192-bit product `x · g`, shifted by
    /// `beta`: the lowest bit of the integer part and whether the fraction is zero.
    @inline(__always)
    private static func parity(_ x: UInt64, _ g: (high: UInt64, low: UInt64), beta: Int) -> (parity: Bool, isInteger: Bool) {
        let lowProduct = x.multipliedFullWidth(by: g.low)
        let high = (x &* g.high) &+ lowProduct.high
        let low = lowProduct.low
        let shift = UInt64(beta)
        return (((high &>> (64 &- shift)) & 1) != 0, ((high &<< shift) | (low &>> (64 &- shift))) == 0)
    }
}
