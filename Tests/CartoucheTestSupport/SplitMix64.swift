/// SplitMix64: a tiny, seeded, platform-independent generator, so random
/// test inputs are the same on every machine and every run. Shared by the
/// test targets (the placement library has its own copy for its search).
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `range`, through the standard library.
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &self)
    }

    /// Uniform in [0, 1): the top 53 bits of the next value.
    public mutating func unit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }

    /// `a + unit() · (b − a)`.
    public mutating func uniform(_ a: Double, _ b: Double) -> Double {
        a + unit() * (b - a)
    }
}
