import CartoucheGeometry
import CartouchePlacement

/// Where a callout's frame keeps room for the tail.
public enum TailRoom: Hashable, Sendable {
    /// A margin of `tailSize` on every side, whatever the anchor: the seed's
    /// ETA callout (and Mapbox's example `ETAView`), whose frame is the
    /// bubble plus the tail size all round, so one frame size serves every
    /// anchor the solver may pick.
    case allSides
    /// Only on the side(s) the tail leaves from: tighter frames, for
    /// callouts sized for one known anchor.
    case tailSides
}

/// The outline of a callout: a rounded rectangle (the *body*) merged with a
/// triangular tail pointing at the anchor point, as one closed path.
///
/// The solver's frame includes the tail. The body is the frame minus a
/// margin of `tailSize` (on every side with `.allSides`, only on the tail's
/// side(s) with `.tailSides`). With zero offset the tail tip is the anchor
/// point: for an edge anchor (`.top`, `.bottom`, `.left`, `.right`) in the
/// middle of that edge of the frame; for a corner anchor (`.topLeft`…) at
/// that corner of the frame, where the body corner is square and a diagonal
/// tail runs from it to the tip. `.center` has no tail.
///
/// An edge tail's base is `2 × tailSize` wide (narrower on a body too small
/// for it). With offsets the tip still sits on the anchor point: an edge
/// tail's base slides along its edge towards the point, clamped so it stays
/// on the straight part of the edge. When the point is not outside the body on the
/// tail's side (a large offset moved the bubble over it) there is nothing to
/// point across, so the tail is left out.
public struct CalloutBubble: Hashable, Sendable {
    /// A tail: the path goes `baseStart` → `tip` → `baseEnd` (clockwise).
    public struct Tail: Hashable, Sendable {
        public var baseStart: ScreenPoint
        public var tip: ScreenPoint
        public var baseEnd: ScreenPoint

        public init(baseStart: ScreenPoint, tip: ScreenPoint, baseEnd: ScreenPoint) {
            self.baseStart = baseStart
            self.tip = tip
            self.baseEnd = baseEnd
        }
    }

    /// The rounded rectangle without the tail; callout content is laid out
    /// relative to its top-left corner.
    public var body: ScreenRect
    /// The corner radius used (the requested one, reduced to fit the body).
    public var cornerRadius: Double
    public var tail: Tail?
    /// The closed outline, clockwise from the top edge.
    public var commands: [PathCommand]

    /// - Parameters:
    ///   - frame: the frame the solver placed, tail included.
    ///   - anchorPoint: the point the callout belongs to.
    ///   - anchor: the anchor the solver chose.
    ///   - tailSize: depth of the tail (half the base width of an edge tail).
    ///   - cornerRadius: radius of the body's rounded corners.
    ///   - room: where the frame keeps room for the tail.
    /// - Complexity: O(1).
    public init(
        frame: ScreenRect, anchorPoint: ScreenPoint, anchor: BoxAnchor,
        tailSize: Double = 8, cornerRadius: Double = 8, room: TailRoom = .allSides
    ) {
        let side = TailSide(anchor)
        // A tail never takes more than half the frame's shorter side, so a
        // small frame keeps a body.
        let t = max(0, min(tailSize, frame.width / 2, frame.height / 2))
        let all = room == .allSides
        var body = frame
        if side.left || all { body.minX += t }
        if side.right || all { body.maxX -= t }
        if side.top || all { body.minY += t }
        if side.bottom || all { body.maxY -= t }
        let r = max(0, min(cornerRadius, body.width / 2, body.height / 2))
        self.body = body
        self.cornerRadius = r
        let p = anchorPoint
        var tail: Tail?
        if t > 0 {
            switch anchor {
            case .center:
                tail = nil
            case .top, .bottom:
                let pointsAcross = anchor == .top ? p.y < body.minY : p.y > body.maxY
                let y = anchor == .top ? body.minY : body.maxY
                if pointsAcross, let (x, h) = Self.base(p.x, body.minX, body.maxX, r, t) {
                    // Clockwise: left to right along the top, right to left along the bottom.
                    let dir = anchor == .top ? 1.0 : -1.0
                    tail = Tail(
                        baseStart: ScreenPoint(x: x - dir * h, y: y), tip: p,
                        baseEnd: ScreenPoint(x: x + dir * h, y: y))
                }
            case .left, .right:
                let pointsAcross = anchor == .left ? p.x < body.minX : p.x > body.maxX
                let x = anchor == .left ? body.minX : body.maxX
                if pointsAcross, let (y, h) = Self.base(p.y, body.minY, body.maxY, r, t) {
                    // Clockwise: down the right edge, up the left edge.
                    let dir = anchor == .right ? 1.0 : -1.0
                    tail = Tail(
                        baseStart: ScreenPoint(x: x, y: y - dir * h), tip: p,
                        baseEnd: ScreenPoint(x: x, y: y + dir * h))
                }
            case .topLeft, .topRight, .bottomLeft, .bottomRight:
                let cx = side.left ? body.minX : body.maxX
                let cy = side.top ? body.minY : body.maxY
                let outside = (side.left ? p.x < cx : p.x > cx) && (side.top ? p.y < cy : p.y > cy)
                // The base runs t along each edge from the square corner, but
                // never into the rounded corner at the other end of the edge.
                let b = min(t, body.width - r, body.height - r)
                if outside && b > 0 {
                    let alongX = ScreenPoint(x: cx + (side.left ? b : -b), y: cy)
                    let alongY = ScreenPoint(x: cx, y: cy + (side.top ? b : -b))
                    // Clockwise order: top-left and bottom-right corners are
                    // reached along a vertical edge, the other two along a horizontal one.
                    let verticalFirst = anchor == .topLeft || anchor == .bottomRight
                    tail = Tail(
                        baseStart: verticalFirst ? alongY : alongX, tip: p,
                        baseEnd: verticalFirst ? alongX : alongY)
                }
            }
        }
        self.tail = tail
        self.commands = Self.outline(body: body, radius: r, anchor: anchor, tail: tail)
    }

    /// Centre and half-width of an edge tail's base on the edge from `lo` to
    /// `hi`: half-width `t`, narrowed when the straight part of the edge
    /// (between the rounded corners) is shorter than the base; the centre is
    /// the anchor coordinate `v` clamped so the base stays on the straight part.
    /// Nil when the edge has no straight part.
    private static func base(_ v: Double, _ lo: Double, _ hi: Double, _ r: Double, _ t: Double) -> (center: Double, half: Double)? {
        let half = min(t, (hi - lo - 2 * r) / 2)
        guard half > 0 else { return nil }
        let first = lo + r + half, last = hi - r - half
        return (min(max(v, first), last), half)
    }

    /// Walks the body clockwise from the end of the top-left corner, splicing
    /// the tail into the edge or corner it belongs to.
    private static func outline(body b: ScreenRect, radius r: Double, anchor: BoxAnchor, tail: Tail?) -> [PathCommand] {
        var path = PathBuilder()
        let tailAt = tail == nil ? BoxAnchor.center : anchor
        func corner(_ which: BoxAnchor, before: ScreenPoint, after: ScreenPoint, _ tail: Tail?) {
            if tailAt == which, let tail {
                path.line(tail.baseStart); path.line(tail.tip); path.line(tail.baseEnd)
            } else {
                path.line(before)
                if r > 0 { path.arc(r, after) }
            }
        }
        func edge(_ which: BoxAnchor, _ tail: Tail?) {
            if tailAt == which, let tail {
                path.line(tail.baseStart); path.line(tail.tip); path.line(tail.baseEnd)
            }
        }
        let start = tailAt == .topLeft ? (tail?.baseEnd ?? b.topLeft) : ScreenPoint(x: b.minX + r, y: b.minY)
        path.move(start)
        edge(.top, tail)
        corner(.topRight, before: ScreenPoint(x: b.maxX - r, y: b.minY), after: ScreenPoint(x: b.maxX, y: b.minY + r), tail)
        edge(.right, tail)
        corner(.bottomRight, before: ScreenPoint(x: b.maxX, y: b.maxY - r), after: ScreenPoint(x: b.maxX - r, y: b.maxY), tail)
        edge(.bottom, tail)
        corner(.bottomLeft, before: ScreenPoint(x: b.minX + r, y: b.maxY), after: ScreenPoint(x: b.minX, y: b.maxY - r), tail)
        edge(.left, tail)
        if tailAt == .topLeft, let tail {
            path.line(tail.baseStart); path.line(tail.tip)
        } else {
            path.line(ScreenPoint(x: b.minX, y: b.minY + r))
            if r > 0 { path.arc(r, start) }
        }
        path.close()
        return path.commands
    }
}

/// Which edges of the frame give room to the tail.
private struct TailSide {
    var top = false, bottom = false, left = false, right = false

    init(_ anchor: BoxAnchor) {
        switch anchor {
        case .center: break
        case .top: top = true
        case .bottom: bottom = true
        case .left: left = true
        case .right: right = true
        case .topLeft: top = true; left = true
        case .topRight: top = true; right = true
        case .bottomLeft: bottom = true; left = true
        case .bottomRight: bottom = true; right = true
        }
    }
}

/// Collects path commands, dropping lines that go nowhere.
private struct PathBuilder {
    var commands: [PathCommand] = []
    private var current: ScreenPoint?

    mutating func move(_ p: ScreenPoint) {
        commands.append(.move(to: p)); current = p
    }

    mutating func line(_ p: ScreenPoint) {
        guard p != current else { return }
        commands.append(.line(to: p)); current = p
    }

    mutating func arc(_ r: Double, _ p: ScreenPoint) {
        guard p != current else { return }
        commands.append(.arc(radius: r, to: p)); current = p
    }

    mutating func close() {
        commands.append(.close)
    }
}

extension ScreenRect {
    var topLeft: ScreenPoint { ScreenPoint(x: minX, y: minY) }
}
