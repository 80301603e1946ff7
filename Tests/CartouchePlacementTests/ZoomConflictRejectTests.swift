import CartoucheGeometry
import Testing

@testable import CartouchePlacement

/// `ZoomConflict.partsBelow`, the division-free test the pair loop makes
/// first, never rejects a pair whose exact interval (`scales`) reaches above
/// the scale: seeded random boxes, offsets and scales, including pairs whose
/// interval ends one ulp above the scale and points on one axis (d = 0).
@Suite struct ZoomConflictRejectTests {
    @Test("a rejected pair never collides above the scale; most pairs are decided without a division")
    func rejectIsSafe() {
        var rng = SplitMix64(seed: 30)
        var rejected = 0, ties = 0
        let trials = 200_000
        for trial in 0..<trials {
            func rect() -> ScreenRect {
                ScreenRect(x: rng.double(-150...20), y: rng.double(-40...10), width: rng.double(0...140), height: rng.double(0...30))
            }
            let a = rect(), b = rect()
            let dx = trial % 7 == 0 ? 0 : rng.double(-1e-3...1e-3), dy = trial % 11 == 0 ? 0 : rng.double(-1e-3...1e-3)
            var t = ZoomConflict.scale(rng.double(0...22))
            let exact = ZoomConflict.scales(a, b, dx: dx, dy: dy)
            if trial % 5 == 0, let hi = exact?.hi, hi.isFinite {
                t = hi.nextDown  // just below the boundary: the pair collides above t, so it must not be rejected
                ties += 1
            }
            guard ZoomConflict.partsBelow(a, b, dx: dx, dy: dy, scale: t) else { continue }
            rejected += 1
            if let s = exact { #expect(s.hi <= t, "trial \(trial): rejected at \(t) but collides up to \(s.hi)") }
        }
        #expect(ties > 10_000)
        #expect(rejected > trials / 4, "only \(rejected) of \(trials) decided without a division")
    }
}
