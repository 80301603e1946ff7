/// The shortest decimal `significand × 10^exponent` that reads back as a
/// given double, and among those the closest to it (ties: even last digit).
///
/// This is the digit choice of Swift's own `Double.description` (shortest,
/// then closest, interval bounds included for even binary significands),
/// computed without building a `String`: R. Giulietti's Schubfach algorithm
/// ("The Schubfach way to render doubles", 2020) with 128-bit powers of ten
/// (``PowersOfTen``). Three 64×128-bit products per number, no loops except
/// dropping trailing zeros.
///
/// `JSONWriterNumberTests` holds the spelling built on it byte-identical to
/// the `description`-based writer on a table of edge cases and on millions
/// of seeded random doubles.
struct ShortestDecimal: Equatable {
    /// The decimal digits, without trailing zeros: 1 … 99,999,999,999,999,999.
    var significand: UInt64
    /// The power of ten the significand is scaled by.
    var exponent: Int

    /// The shortest decimal for the positive, finite double with bit pattern
    /// `bits` (sign bit clear, not zero, not infinite or NaN).
    @inline(__always)
    init(positiveFiniteBits bits: UInt64) {
        let storedFraction = bits & ((1 << 52) - 1)
        let biasedExponent = Int(truncatingIfNeeded: bits >> 52)
        // value = c · 2^q
        let c: UInt64
        let q: Int
        if biasedExponent != 0 {
            c = storedFraction | (1 << 52)
            q = biasedExponent &- 1075
        } else {
            c = storedFraction
            q = -1074
        }
        // Numbers within half an ulp read back as this double; the interval's
        // ends are included when c is even (round-half-even reading).
        let isEven = c & 1 == 0
        // At a power of two the next double down is half as far away.
        let lowerIsCloser = storedFraction == 0 && biasedExponent > 1
        let lowerEnd = 4 &* c &- 2 &+ (lowerIsCloser ? 1 : 0)
        let middle = 4 &* c
        let upperEnd = 4 &* c &+ 2

        // k = ⌊log10(2^q)⌋, or ⌊log10(3/4 · 2^q)⌋ at a power of two, so that
        // the interval (width about 2^q) holds at most one multiple of 10^(k+1).
        let k = (q &* 1_262_611 &- (lowerIsCloser ? 524_031 : 0)) >> 22
        // Scaling by 10^−k leaves the value with 1…4 extra binary places.
        let h = q &+ PowersOfTen.floorLog2OfPowerOfTen(-k) &+ 1
        let power = PowersOfTen.table[-k &- PowersOfTen.minExponent]
        let scaledLower = Self.roundToOdd(power, lowerEnd &<< UInt64(h))
        let scaledValue = Self.roundToOdd(power, middle &<< UInt64(h))
        let scaledUpper = Self.roundToOdd(power, upperEnd &<< UInt64(h))
        // Scaled by 4 · 10^−k, rounded to odd: the last two bits are the
        // fraction and the sticky bit.
        let lower = scaledLower &+ (isEven ? 0 : 1)
        let upper = scaledUpper &- (isEven ? 0 : 1)

        // The candidates are chosen with arithmetic on 0/1 flags, not
        // branches: for random doubles whether the shorter one reads back
        // is a coin toss, and a mispredicted branch costs more than
        // computing both.
        let s = scaledValue &>> 2
        // One digit fewer: the multiples of 10^(k+1) just below and above.
        let tens = s / 10
        let tensAboveInside = Self.flag(40 &* tens &+ 40 <= upper)
        let shorter = Self.flag(s >= 10) & (Self.flag(lower <= 40 &* tens) ^ tensAboveInside)
        let aboveInside = Self.flag(4 &* s &+ 4 <= upper)
        let oneInside = Self.flag(lower <= 4 &* s) ^ aboveInside
        // When both neighbours read back (or neither), the closer one, the
        // even one on a tie.
        let half = 4 &* s &+ 2
        let roundUp = Self.flag(scaledValue > half) | (Self.flag(scaledValue == half) & s & 1)
        let up = (oneInside & aboveInside) | (~oneInside & roundUp)
        let shorterMask = 0 &- shorter
        let digits = ((tens &+ tensAboveInside) & shorterMask) | ((s &+ up) & ~shorterMask)
        self.init(trimming: digits, exponent: k &+ Int(truncatingIfNeeded: shorter))
    }

    /// 1 for true, 0 for false, for branch-free arithmetic.
    @inline(__always)
    private static func flag(_ condition: Bool) -> UInt64 { condition ? 1 : 0 }

    /// `digits × 10^exponent` with the trailing zeros of `digits` moved
    /// into the exponent (Schubfach's digits rarely end in zeros: one
    /// check for eight of them, then one at a time).
    @inline(__always)
    init(trimming digits: UInt64, exponent: Int) {
        var digits = digits
        var exponent = exponent
        if digits % 100_000_000 == 0 && digits != 0 {
            digits /= 100_000_000
            exponent &+= 8
        }
        while digits % 10 == 0 && digits != 0 {
            digits /= 10
            exponent &+= 1
        }
        self.significand = digits
        self.exponent = exponent
    }

    /// `digits × 10^exponent` with the trailing zeros of `digits` (not
    /// zero, below 10^16) moved into the exponent in at most four steps,
    /// 8 + 4 + 2 + 1: a short decimal scaled to 15 places has many.
    @inline(__always)
    init(trimmingShort digits: UInt64, exponent: Int) {
        var digits = digits
        var exponent = exponent
        for (power, places) in [(100_000_000 as UInt64, 8), (10_000, 4), (100, 2), (10, 1)] where digits % power == 0 {
            digits /= power
            exponent &+= places
        }
        self.significand = digits
        self.exponent = exponent
    }

    /// ⌊g · cp / 2^128⌋ with its lowest bit set when the product's
    /// discarded part is not (almost) zero: Schubfach's round-to-odd,
    /// which keeps comparisons against the scaled interval exact.
    @inline(__always)
    private static func roundToOdd(_ g: (high: UInt64, low: UInt64), _ cp: UInt64) -> UInt64 {
        // In 128-bit arithmetic so the carry and the sticky bit are
        // computed, not branched on (both are random bits).
        let product = UInt128(g.high) &* UInt128(cp) &+ ((UInt128(g.low) &* UInt128(cp)) &>> 64)
        let top = UInt64(truncatingIfNeeded: product &>> 64)
        let middle = UInt64(truncatingIfNeeded: product) &>> 1  // nonzero when the discarded part exceeds 1
        return top | ((middle | (0 &- middle)) &>> 63)
    }
}
