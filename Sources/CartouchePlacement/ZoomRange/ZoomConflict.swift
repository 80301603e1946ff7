import CartoucheGeometry

// `exp2`/`log2` from the C library alone: the placement core stays free of Foundation.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The exact zooms at which two boxes fixed in screen points collide while
/// their points spread with the scale `s = 512 * 2^z`.
///
/// On one axis, box i spans `[a_i, b_i]` around its point and box j
/// `[a_j, b_j]` around its own, the points `d` world units apart (`d =
/// X_j − X_i`). The boxes overlap by more than `t` iff `a_i − b_j + t < d·s <
/// b_i − a_j − t`: an open interval of `s` (of `z`), bounded on both sides
/// when offsets keep the boxes off their points. Two boxes collide where both
/// axes overlap: the intersection of the two intervals, itself open.
///
/// The tolerance used here is half of `collisionTolerance`: a zoom computed
/// from an interval end goes through `log2` and back through `exp2` in a
/// checker or a renderer, and half a millionth of a point keeps such a
/// round trip from meeting the frame's rule (overlap by more than
/// `collisionTolerance` on both axes) by rounding.
enum ZoomConflict {
    static let tolerance = collisionTolerance / 2

    /// The open interval of scales `s > 0` over which rect `a` (around the
    /// point at world offset 0) and rect `b` (around the point at world
    /// offset `(dx, dy)`) collide; nil when they never do. `lo` may be 0
    /// (colliding at every small scale), `hi` may be infinite.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func scales(_ a: ScreenRect, _ b: ScreenRect, dx: Double, dy: Double) -> (lo: Double, hi: Double)? {
        guard let x = axis(a.minX, a.maxX, b.minX, b.maxX, d: dx),
              let y = axis(a.minY, a.maxY, b.minY, b.maxY, d: dy) else { return nil }
        let lo = max(x.lo, y.lo), hi = min(x.hi, y.hi)
        return lo < hi ? (lo, hi) : nil
    }

    /// One axis: the open interval of `s > 0` with `lower < d·s < upper`.
    @inline(__always)
    static func axis(_ ai: Double, _ bi: Double, _ aj: Double, _ bj: Double, d: Double) -> (lo: Double, hi: Double)? {
        let lower = ai - bj + tolerance, upper = bi - aj - tolerance
        guard lower < upper else { return nil }
        let lo: Double, hi: Double
        if d > 0 {
            lo = max(0, lower / d); hi = upper / d
        } else if d < 0 {
            lo = max(0, upper / d); hi = lower / d
        } else {
            return lower < 0 && 0 < upper ? (0, .infinity) : nil
        }
        return lo < hi ? (lo, hi) : nil
    }

    /// Whether the two boxes surely stop colliding at or below scale `t` —
    /// their interval's `hi` (``scales(_:_:dx:dy:)``) is at most `t`, or
    /// they never collide — without a division. Conservative: false within a
    /// relative 1e-9 of `t`, so that where the division's rounding could
    /// decide, the caller computes the interval exactly.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func partsBelow(_ a: ScreenRect, _ b: ScreenRect, dx: Double, dy: Double, scale t: Double) -> Bool {
        let margin = t * (1 - 1e-9)
        return axisPartsBelow(a.minX, a.maxX, b.minX, b.maxX, d: dx, margin)
            || axisPartsBelow(a.minY, a.maxY, b.minY, b.maxY, d: dy, margin)
    }

    /// One axis of ``partsBelow(_:_:dx:dy:scale:)``: `lower < d·s < upper`
    /// holds for no `s` above `margin` (`hi = upper / d` for `d > 0`,
    /// `lower / d` for `d < 0`, never bounded for `d = 0`).
    @inline(__always)
    static func axisPartsBelow(_ ai: Double, _ bi: Double, _ aj: Double, _ bj: Double, d: Double, _ margin: Double) -> Bool {
        let lower = ai - bj + tolerance, upper = bi - aj - tolerance
        guard lower < upper else { return true }
        if d > 0 { return upper <= d * margin }
        if d < 0 { return lower >= d * margin }
        return false
    }

    /// The scale at zoom `z`.
    @inline(__always)
    static func scale(_ z: Double) -> Double { 512 * exp2(z) }

    /// The zoom at scale `s`.
    @inline(__always)
    static func zoom(_ s: Double) -> Double { log2(s / 512) }

    /// The lowest minimum zoom a box may take, its active range running up to
    /// `top` (scale `sTop`), so that it never collides with a placed box
    /// active on `[jMin, jTop]` (scales `sjMin`, `sjTop`), given the scales
    /// `(lo, hi)` at which the two collide. `-infinity`: no constraint;
    /// `+infinity`: no minimum zoom works.
    ///
    /// The conflict is `C = (lo, hi) ∩ [sjMin, sjTop] ∩ (0, sTop]`. A range
    /// `[m, top]` misses it iff `m` lies above all of it: at or above `hi`
    /// when `hi` bounds it (open end), strictly above `jTop` when the placed
    /// box's range ends first (closed end; the next double up), and never
    /// when `top` itself is in it.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func floor(
        lo: Double, hi: Double, top: Double, sTop: Double, jTop: Double, sjMin: Double, sjTop: Double
    ) -> Double {
        let cLo = max(lo, sjMin)
        let closedEnd = min(sjTop, sTop)
        let cHi = min(hi, closedEnd)
        // Empty unless cLo < cHi, or a single point that both sides hold
        // (cLo is sjMin above lo, cHi a closed end below hi).
        guard cLo < cHi || (cLo == cHi && lo < cLo && cHi < hi) else { return -.infinity }
        if hi <= closedEnd { return zoom(hi) }
        if sTop <= sjTop { return .infinity }
        return jTop.nextUp
    }
}
