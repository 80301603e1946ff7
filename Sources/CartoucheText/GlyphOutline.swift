import CFreeType

/// One straight piece of a flattened glyph outline, in pixels (y up).
struct OutlineSegment: Hashable {
    var x0: Double, y0: Double, x1: Double, y1: Double
}

/// A glyph outline as FreeType gives it at one size, flattened to closed
/// polylines, with its exact bounding box.
///
/// The SDF glyph generators Mapbox and MapLibre use (node-fontnik,
/// sdf-glyph-foundry) flatten curves with AGG's subdivision, whose points
/// may stray a quarter pixel from the curve; here quadratic and cubic
/// pieces are cut into chords no farther than ``flatness`` from the curve,
/// so distances to the polylines are the distances to the outline within
/// that. The bounding box also takes each curve's extrema, so it is the
/// outline's exact box (what `FT_Outline_Get_BBox` reports), not only that
/// of the points kept.
struct GlyphOutline {
    /// The largest distance a chord may keep from its curve, in pixels.
    static let flatness = 0.02
    /// A bound on chords per curve piece, so a hostile font cannot make one
    /// piece cost more than a fixed amount.
    static let maxChordsPerCurve = 256

    private(set) var segments: [OutlineSegment] = []
    private(set) var xMin = Double.infinity, yMin = Double.infinity
    private(set) var xMax = -Double.infinity, yMax = -Double.infinity

    private var start = (x: 0.0, y: 0.0)
    private var current = (x: 0.0, y: 0.0)
    private var open = false

    var isEmpty: Bool { segments.isEmpty }

    /// The flattened `outline`, or nil when FreeType cannot walk it.
    static func decompose(_ outline: inout FT_Outline) -> GlyphOutline? {
        let builder = Builder()
        var funcs = FT_Outline_Funcs(
            // A non-zero return stops the walk (FreeType never passes null points; a font cannot make it).
            move_to: { to, user in
                guard let to, let builder = Builder.of(user) else { return 1 }
                builder.outline.move(to.pointee)
                return 0
            },
            line_to: { to, user in
                guard let to, let builder = Builder.of(user) else { return 1 }
                builder.outline.line(to.pointee)
                return 0
            },
            conic_to: { control, to, user in
                guard let control, let to, let builder = Builder.of(user) else { return 1 }
                builder.outline.conic(control.pointee, to.pointee)
                return 0
            },
            cubic_to: { c1, c2, to, user in
                guard let c1, let c2, let to, let builder = Builder.of(user) else { return 1 }
                builder.outline.cubic(c1.pointee, c2.pointee, to.pointee)
                return 0
            },
            shift: 0, delta: 0)
        let status = withExtendedLifetime(builder) {
            FT_Outline_Decompose(&outline, &funcs, Unmanaged.passUnretained(builder).toOpaque())
        }
        guard status == 0 else { return nil }
        builder.outline.closeContour()
        return builder.outline
    }

    /// The C callbacks reach the outline being built through this box.
    private final class Builder {
        var outline = GlyphOutline()

        static func of(_ user: UnsafeMutableRawPointer?) -> Builder? {
            user.map { Unmanaged<Builder>.fromOpaque($0).takeUnretainedValue() }
        }
    }

    private static func pixels(_ v: FT_Vector) -> (x: Double, y: Double) {
        (Double(v.x) / 64, Double(v.y) / 64)
    }

    private mutating func include(_ p: (x: Double, y: Double)) {
        xMin = min(xMin, p.x); xMax = max(xMax, p.x)
        yMin = min(yMin, p.y); yMax = max(yMax, p.y)
    }

    private mutating func lineTo(_ p: (x: Double, y: Double)) {
        if p != current { segments.append(OutlineSegment(x0: current.x, y0: current.y, x1: p.x, y1: p.y)) }
        current = p
        include(p)
    }

    /// Closes the open contour with a straight line back to its start (FreeType's contours are implicitly closed).
    mutating func closeContour() {
        if open { lineTo(start) }
        open = false
    }

    mutating func move(_ to: FT_Vector) {
        closeContour()
        start = Self.pixels(to)
        current = start
        open = true
        include(start)
    }

    mutating func line(_ to: FT_Vector) { lineTo(Self.pixels(to)) }

    mutating func conic(_ control: FT_Vector, _ to: FT_Vector) {
        let p0 = current, p1 = Self.pixels(control), p2 = Self.pixels(to)
        // A chord of a quadratic strays at most |p0 − 2p1 + p2| / (4n²) from it.
        let ddx = p0.x - 2 * p1.x + p2.x, ddy = p0.y - 2 * p1.y + p2.y
        let n = Self.chords(secondDifference: (ddx * ddx + ddy * ddy).squareRoot() / 4)
        func at(_ t: Double) -> (x: Double, y: Double) {
            let u = 1 - t
            return (u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x, u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y)
        }
        // Extrema: where a coordinate's derivative, linear in t, is zero.
        for (a, b, c) in [(p0.x, p1.x, p2.x), (p0.y, p1.y, p2.y)] {
            let denominator = a - 2 * b + c
            if denominator != 0 {
                let t = (a - b) / denominator
                if t > 0, t < 1 { include(at(t)) }
            }
        }
        for i in 1..<n { lineTo(at(Double(i) / Double(n))) }
        lineTo(p2)
    }

    mutating func cubic(_ c1: FT_Vector, _ c2: FT_Vector, _ to: FT_Vector) {
        let p0 = current, p1 = Self.pixels(c1), p2 = Self.pixels(c2), p3 = Self.pixels(to)
        // |B''| ≤ 6·max|second difference|; a chord strays at most |B''| / (8n²).
        let d1x = p0.x - 2 * p1.x + p2.x, d1y = p0.y - 2 * p1.y + p2.y
        let d2x = p1.x - 2 * p2.x + p3.x, d2y = p1.y - 2 * p2.y + p3.y
        let m = max((d1x * d1x + d1y * d1y).squareRoot(), (d2x * d2x + d2y * d2y).squareRoot())
        let n = Self.chords(secondDifference: 3 * m / 4)
        func at(_ t: Double) -> (x: Double, y: Double) {
            let u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            return (a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
        }
        for (a, b, c, d) in [(p0.x, p1.x, p2.x, p3.x), (p0.y, p1.y, p2.y, p3.y)] {
            for t in Self.cubicExtrema(a, b, c, d) { include(at(t)) }
        }
        for i in 1..<n { lineTo(at(Double(i) / Double(n))) }
        lineTo(p3)
    }

    /// Chords needed so that `bound / n²` stays within ``flatness``.
    private static func chords(secondDifference bound: Double) -> Int {
        guard bound.isFinite, bound > 0 else { return 1 }
        let n = (bound / flatness).squareRoot().rounded(.up)
        return n >= Double(maxChordsPerCurve) ? maxChordsPerCurve : max(1, Int(n))
    }

    /// The t in (0, 1) where the derivative of a one-dimensional cubic Bézier is zero.
    private static func cubicExtrema(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> [Double] {
        // B'(t)/3 = q t² + r t + s.
        let q = -a + 3 * b - 3 * c + d, r = 2 * (a - 2 * b + c), s = b - a
        var roots: [Double] = []
        if abs(q) < 1e-12 {
            if r != 0 { roots.append(-s / r) }
        } else {
            let discriminant = r * r - 4 * q * s
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                roots += [(-r + root) / (2 * q), (-r - root) / (2 * q)]
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}
