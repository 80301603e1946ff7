import CartoucheGeometry

/// A line as projected to the screen, with each vertex's progress along the
/// geographic line (0 at the start, 1 at the end), so that `line-trim-offset`
/// can be honoured in screen space. Vertices that do not project (behind the
/// camera) are nil and split the line.
public struct ProjectedLine: Sendable {
    public var points: [ScreenPoint?]
    public var progress: [Double]

    public init(points: [ScreenPoint?], progress: [Double]) {
        self.points = points
        self.progress = progress
    }
}

/// Choosing anchor points for a callout bound to a line (Mapbox's "dynamic"
/// view annotations, e.g. a route's ETA).
///
/// Rules, in order of importance:
/// 1. only the visible part counts: inside the viewport minus padding, and not
///    trimmed away (`trim` is the `line-trim-offset` range of progress);
/// 2. stay clear of other lines: where this line crosses or runs close to
///    another annotated line (a shared stretch of two alternative routes is
///    ambiguous), or lies under a line drawn above it or of an avoid layer —
///    each obstacle line has its own clearance;
/// 3. prefer the middle of the visible part, then points further out on both
///    sides alternately;
/// 4. with a pitch over 45°, prefer points further from the camera (higher on
///    screen), since near ones are large and drawn over by the scene.
/// When rule 2 leaves no point, the clear-of-everything requirement is dropped
/// rather than hiding the callout: those points follow, still by rule 3–4.
public struct LineAnchoring: Sendable {
    public struct Obstacle: Sendable {
        public var points: [ScreenPoint]
        /// Points closer than this to the line are avoided.
        public var clearance: Double

        public init(points: [ScreenPoint], clearance: Double) {
            self.points = points
            self.clearance = clearance
        }
    }

    /// How many positions to consider along the visible part.
    public var samples: Int = 33
    /// Fraction of the visible length kept free at each end (callouts at the
    /// very edge of the visible part tend to leave the screen).
    public var endMargin: Double = 0.04

    public init(samples: Int = 33, endMargin: Double = 0.04) {
        self.samples = max(1, samples)
        self.endMargin = min(0.45, max(0, endMargin))
    }

    /// Candidate anchor points, best first. Empty when no part is visible.
    ///
    /// - Complexity: O(v + s·o) for v vertices, s samples and o obstacle segments.
    ///
    /// With `aheadFirst` (a callout in motion along a line driven from its
    /// start) rules 3–4 give way to progress: the points furthest along the
    /// line come first, so a point that has to move goes where the puck
    /// reaches it last and can stay longest. Rule 2 still comes first.
    public func anchorPoints(
        for line: ProjectedLine, visible: ScreenRect, trim: ClosedRange<Double>? = nil,
        obstacles: [Obstacle] = [], pitch: Double = 0, aheadFirst: Bool = false
    ) -> [ScreenPoint] {
        let pieces = visiblePieces(line, visible: visible, trim: trim)
        let total = pieces.reduce(0) { $0 + $1.length }
        guard total > 0 else {
            // A visible part of zero length (a single visible vertex) still anchors.
            return pieces.first.map { [$0.points[0]] } ?? []
        }
        // Sample positions by arc length over all visible pieces, middle first.
        let usable = total * (1 - 2 * endMargin)
        var offsets: [Double] = [0]
        let half = samples / 2
        if half > 0 {
            for k in 1...half {
                let d = usable / 2 * Double(k) / Double(half)
                offsets.append(d)
                offsets.append(-d)
            }
        }
        var candidates: [(point: ScreenPoint, rank: Int, clear: Bool)] = []
        for (rank, off) in offsets.enumerated() {
            guard let p = point(atArcLength: total / 2 + off, in: pieces) else { continue }
            let clear = obstacles.allSatisfy { distance(from: p, to: $0.points) >= $0.clearance }
            candidates.append((p, rank, clear))
        }
        if aheadFirst {
            let keyed = candidates.map { (c: $0, progress: progress(of: $0.point, on: line)?.progress ?? 0) }
            return keyed.sorted { a, b in
                if a.c.clear != b.c.clear { return a.c.clear }
                if a.progress != b.progress { return a.progress > b.progress }
                return a.c.rank < b.c.rank
            }.map(\.c.point)
        }
        let farFirst = pitch > 45
        candidates.sort { a, b in
            if a.clear != b.clear { return a.clear }
            if farFirst && a.point.y != b.point.y {
                // Bucket by 1/8 of the visible height so the middle-first rule
                // still orders points at a similar distance.
                let ba = Int((a.point.y - visible.minY) / max(visible.height / 8, 1))
                let bb = Int((b.point.y - visible.minY) / max(visible.height / 8, 1))
                if ba != bb { return ba < bb }
            }
            return a.rank < b.rank
        }
        return candidates.map(\.point)
    }

    /// Whether `point` lies on a part of the line a callout may anchor to:
    /// inside `visible` and outside the trimmed range (within `tolerance`
    /// points). A callout keeps last frame's anchor point only while this
    /// holds, so it never stays on a stretch that was driven (trimmed) or
    /// that left the screen.
    ///
    /// - Complexity: O(v) for v vertices.
    public func isAnchorable(
        _ point: ScreenPoint, on line: ProjectedLine, visible: ScreenRect, trim: ClosedRange<Double>? = nil, tolerance: Double = 0.5
    ) -> Bool {
        visiblePieces(line, visible: visible, trim: trim).contains { distance(from: point, to: $0.points) < tolerance }
    }

    /// The point of the line's anchorable part (inside `visible`, outside
    /// the trimmed range) nearest to `target` on screen, with its distance;
    /// nil when no part is anchorable. A callout in motion anchors here to
    /// keep its box where it was: `target` is where the anchor point would
    /// have to be for the box not to move at all.
    ///
    /// - Complexity: O(v) for v vertices.
    public func nearestAnchorablePoint(
        to target: ScreenPoint, on line: ProjectedLine, visible: ScreenRect, trim: ClosedRange<Double>? = nil
    ) -> (point: ScreenPoint, distance: Double)? {
        var best: (point: ScreenPoint, distance: Double)? = nil
        for piece in visiblePieces(line, visible: visible, trim: trim) {
            if piece.points.count == 1 {
                let d = hypot(target, piece.points[0])
                if best.map({ d < $0.distance }) ?? true { best = (piece.points[0], d) }
            }
            for k in piece.points.indices.dropFirst() {
                let a = piece.points[k - 1], b = piece.points[k]
                let vx = b.x - a.x, vy = b.y - a.y, l = vx * vx + vy * vy
                let t = l > 0 ? min(1, max(0, ((target.x - a.x) * vx + (target.y - a.y) * vy) / l)) : 0
                let q = lerp(a, b, t), d = hypot(target, q)
                if best.map({ d < $0.distance }) ?? true { best = (q, d) }
            }
        }
        return best
    }

    /// The progress (0 at the line's start, 1 at its end) of the line's
    /// point nearest to `point` on screen, and how far that is; nil when no
    /// segment projects. Within a segment progress is interpolated on screen:
    /// not the exact ground progress under pitch, but in the same order,
    /// which is what ordering points along the line needs.
    ///
    /// - Complexity: O(v) for v vertices.
    public func progress(of point: ScreenPoint, on line: ProjectedLine) -> (progress: Double, distance: Double)? {
        var best: (progress: Double, distance: Double)? = nil
        for k in line.points.indices.dropFirst() where k < line.progress.count {
            guard let a = line.points[k - 1], let b = line.points[k] else { continue }
            let vx = b.x - a.x, vy = b.y - a.y, l = vx * vx + vy * vy
            let t = l > 0 ? min(1, max(0, ((point.x - a.x) * vx + (point.y - a.y) * vy) / l)) : 0
            let d = hypot(point, lerp(a, b, t))
            if best.map({ d < $0.distance }) ?? true {
                best = (line.progress[k - 1] + (line.progress[k] - line.progress[k - 1]) * t, d)
            }
        }
        return best
    }

    struct Piece {
        var points: [ScreenPoint]
        var length: Double
    }

    /// The parts of the line inside `visible` and outside the trimmed range.
    func visiblePieces(_ line: ProjectedLine, visible: ScreenRect, trim: ClosedRange<Double>?) -> [Piece] {
        var pieces: [Piece] = []
        var current: [ScreenPoint] = []
        func flush() {
            if !current.isEmpty {
                var len = 0.0
                for k in current.indices.dropFirst() { len += hypot(current[k], current[k - 1]) }
                pieces.append(Piece(points: current, length: len))
            }
            current = []
        }
        let n = min(line.points.count, line.progress.count)
        if n == 1, let p = line.points[0], visible.contains(p) { return [Piece(points: [p], length: 0)] }
        guard n >= 2 else { return [] }
        for k in 1..<n {
            guard let a = line.points[k - 1], let b = line.points[k] else { flush(); continue }
            for (t0, t1) in untrimmed(line.progress[k - 1], line.progress[k], trim) {
                guard let (c0, c1) = Segment.clip(a, b, to: visible, from: t0, to: t1) else { flush(); continue }
                let p0 = lerp(a, b, c0), p1 = lerp(a, b, c1)
                if current.last != p0 { flush(); current = [p0] }
                current.append(p1)
                if c1 < 1 { flush() }
            }
        }
        flush()
        return pieces
    }

    /// The parameter ranges of a segment (progress pa → pb, linear) that the
    /// trim range does not cover: none, one, or two when the trim sits inside.
    private func untrimmed(_ pa: Double, _ pb: Double, _ trim: ClosedRange<Double>?) -> [(Double, Double)] {
        guard let trim, trim.upperBound > trim.lowerBound else { return [(0, 1)] }
        guard pb != pa else { return trim.contains(pa) ? [] : [(0, 1)] }
        let ta = (trim.lowerBound - pa) / (pb - pa), tb = (trim.upperBound - pa) / (pb - pa)
        let lo = max(0, min(ta, tb)), hi = min(1, max(ta, tb))
        guard lo < hi else { return [(0, 1)] }
        var parts: [(Double, Double)] = []
        if lo > 0 { parts.append((0, lo)) }
        if hi < 1 { parts.append((hi, 1)) }
        return parts
    }

    /// The point at arc length `s` along the pieces taken end to end (clamped
    /// to the last point).
    private func point(atArcLength s: Double, in pieces: [Piece]) -> ScreenPoint? {
        var remaining = s
        for (index, piece) in pieces.enumerated() {
            let isLast = index == pieces.count - 1
            guard remaining <= piece.length || isLast else {
                remaining -= piece.length
                continue
            }
            for k in piece.points.indices.dropFirst() {
                let d = hypot(piece.points[k], piece.points[k - 1])
                if remaining <= d || k == piece.points.count - 1 {
                    let t = d > 0 ? min(1, max(0, remaining / d)) : 0
                    return lerp(piece.points[k - 1], piece.points[k], t)
                }
                remaining -= d
            }
            return piece.points.last
        }
        return nil
    }
}

@inline(__always) func hypot(_ a: ScreenPoint, _ b: ScreenPoint) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}

@inline(__always) func lerp(_ a: ScreenPoint, _ b: ScreenPoint, _ t: Double) -> ScreenPoint {
    ScreenPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
}

/// Distance from a point to a polyline (infinite for an empty one).
func distance(from p: ScreenPoint, to line: [ScreenPoint]) -> Double {
    if line.count == 1 { return hypot(p, line[0]) }
    var best = Double.infinity
    for k in line.indices.dropFirst() { best = min(best, squaredDistance(p, line[k - 1], line[k])) }
    return best.squareRoot()
}
