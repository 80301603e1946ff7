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
        let scaledLower = Self.roundToOdd(power, lowerEnd << UInt64(h))
        let scaledValue = Self.roundToOdd(power, middle << UInt64(h))
        let scaledUpper = Self.roundToOdd(power, upperEnd << UInt64(h))
        // Scaled by 4 · 10^−k, rounded to odd: the last two bits are the
        // fraction and the sticky bit.
        let lower = scaledLower &+ (isEven ? 0 : 1)
        let upper = scaledUpper &- (isEven ? 0 : 1)

        let s = scaledValue / 4
        if s >= 10 {
            // One digit fewer: the multiples of 10^(k+1) just below and above.
            let tens = s / 10
            let belowInside = lower <= 40 &* tens
            let aboveInside = 40 &* tens &+ 40 <= upper
            if belowInside != aboveInside {
                self.init(trimming: tens &+ (aboveInside ? 1 : 0), exponent: k &+ 1)
                return
            }
        }
        let belowInside = lower <= 4 &* s
        let aboveInside = 4 &* s &+ 4 <= upper
        if belowInside != aboveInside {
            self.init(trimming: s &+ (aboveInside ? 1 : 0), exponent: k)
            return
        }
        // Both neighbours read back: take the closer one, the even one on a tie.
        let half = 4 &* s &+ 2
        let roundUp = scaledValue > half || (scaledValue == half && s & 1 != 0)
        self.init(trimming: s &+ (roundUp ? 1 : 0), exponent: k)
    }

    /// `digits × 10^exponent` with the trailing zeros of `digits` moved
    /// into the exponent.
    @inline(__always)
    private init(trimming digits: UInt64, exponent: Int) {
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

    /// ⌊g · cp / 2^128⌋ with its lowest bit set when the product's
    /// discarded part is not (almost) zero: Schubfach's round-to-odd,
    /// which keeps comparisons against the scaled interval exact.
    @inline(__always)
    private static func roundToOdd(_ g: (high: UInt64, low: UInt64), _ cp: UInt64) -> UInt64 {
        let lowProduct = g.low.multipliedFullWidth(by: cp)
        let highProduct = g.high.multipliedFullWidth(by: cp)
        let (middle, carry) = highProduct.low.addingReportingOverflow(lowProduct.high)
        let top = highProduct.high &+ (carry ? 1 : 0)
        return top | (middle > 1 ? 1 : 0)
    }
}
