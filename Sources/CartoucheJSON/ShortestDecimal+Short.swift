/// 10^0 … 10^22: the powers of ten a double holds exactly. Written out
/// as literals so the compiler lays the array out statically (no lazy
/// initialisation check on each use).
private let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
    1e20, 1e21, 1e22,
]

extension ShortestDecimal {
    /// The shortest decimal for a positive, finite double with bit pattern
    /// `bits`, found by one exact check when it has few enough digits
    /// (coordinates typed or stored with 6–7 decimals, sizes like 8.5):
    /// nil when the check cannot decide, and then the caller runs
    /// Schubfach (``init(positiveFiniteBits:)``).
    ///
    /// With `2^e ≤ x < 2^(e+1)` and `K = min(22, ⌊(49 − e)·log10 2⌋) ≥ 1`
    /// (the fixed-point product can only make K smaller, which keeps every
    /// bound below), `x·10^K < 2^50`, and:
    ///
    /// 1. `n = round(fl(x·10^K))` is an integer below 2^50 and `10^K` a
    ///    double exactly (K ≤ 22), so `n / 10^K` is the correctly rounded
    ///    quotient: exactly what reading the decimal `n·10^−K` gives
    ///    (round half to even, as the reading interval's ends are included
    ///    for even significands). The check `n / 10^K == x` passes only
    ///    when `n·10^−K` reads back as x.
    /// 2. The decimals that read back as x lie in an interval of width at
    ///    most ulp(x) = 2^(e−52); scaled by 10^K, at most 1/8. So at most one
    ///    integer `m` has `m·10^−K` reading back as x, and when one does,
    ///    `|m − x·10^K| ≤ 1/16` and `|fl(x·10^K) − x·10^K| ≤ 1/16`, so
    ///    `n = m`: the check passes exactly when some decimal with at most K
    ///    fraction digits reads back, and then that decimal is `n·10^−K`.
    /// 3. `n` with its trailing zeros dropped is then the unique shortest
    ///    decimal that reads back: a decimal with fewer significant digits
    ///    and at most K fraction digits is some `m·10^−K`, so n itself; one
    ///    with more than K fraction digits has at least as many significant
    ///    digits unless it starts one decimal place lower, below `10^E ≤ x`
    ///    while `n·10^−K`, with a nonzero K-th decimal, is at least 10^−K
    ///    above `10^E`, farther apart than the interval is wide. Unique
    ///    and shortest, it is what Schubfach returns.
    ///
    /// Subnormals never pass (`n` rounds to 0 below 10^−22). Only values
    /// below 2^46 (K ≥ 1) are tried. `JSONWriterNumberTests` compares the
    /// two on millions of seeded doubles.
    @inline(__always)
    init?(shortPositiveFiniteBits bits: UInt64) {
        let binaryExponent = Int(truncatingIfNeeded: bits >> 52) &- 1023
        let room = 49 &- binaryExponent
        guard room >= 4 else { return nil }  // K = ⌊3 · 0.301⌋ = 0 or less
        let powerIndex = min(22, (room &* 1_262_611) &>> 22)
        let value = Double(bitPattern: bits)
        let power = exactPowersOfTen[powerIndex]
        // Rounded to an integer by adding and subtracting 2^52 (exact for
        // 0 ≤ y < 2^51, round half to even): `rounded()` is a libm call on
        // baseline x86-64, which has no rounding instruction.
        let scaled = (value * power + 0x1p52) - 0x1p52
        guard scaled / power == value else { return nil }
        self.init(trimmingShort: UInt64(truncatingIfNeeded: Int64(scaled)), exponent: -powerIndex)
    }
}
