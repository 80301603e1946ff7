import CartoucheTestSupport
import CartoucheGeometry
import CartouchePlacement
import Testing
@testable import CartoucheRender

/// Invariants of the bubble outline over seeded random frames, anchors,
/// offsets, tail sizes and radii, checked without reusing the construction.
@Suite struct CalloutBubblePropertyTests {
    /// True when `p` lies on the border of `r` (within rounding).
    func onBorder(_ p: ScreenPoint, _ r: ScreenRect) -> Bool {
        let e = 1e-9
        let inX = p.x >= r.minX - e && p.x <= r.maxX + e
        let inY = p.y >= r.minY - e && p.y <= r.maxY + e
        return (inX && (abs(p.y - r.minY) < e || abs(p.y - r.maxY) < e))
            || (inY && (abs(p.x - r.minX) < e || abs(p.x - r.maxX) < e))
    }

    /// Which sides of the frame an anchor gives to the tail (from the anchor table).
    func tailSides(_ a: BoxAnchor) -> (top: Bool, bottom: Bool, left: Bool, right: Bool) {
        let name = a.rawValue
        return (name.hasPrefix("top"), name.hasPrefix("bottom"), name == "left" || name.hasSuffix("-left"),
                name == "right" || name.hasSuffix("-right"))
    }

    @Test func randomBubblesKeepTheirInvariants() throws {
        var rng = SplitMix64(seed: 0xB0BB1E)
        var withTail = 0
        for _ in 0..<3000 {
            let anchor = BoxAnchor.allCases.randomElement(using: &rng) ?? .center
            let point = ScreenPoint(x: Double.random(in: 0...400, using: &rng), y: Double.random(in: 0...300, using: &rng))
            let size = ScreenSize(width: Double.random(in: 0...200, using: &rng), height: Double.random(in: 0...100, using: &rng))
            let config = AnchorConfig(
                anchor, offsetX: Bool.random(using: &rng) ? 0 : Double.random(in: -40...40, using: &rng),
                offsetY: Bool.random(using: &rng) ? 0 : Double.random(in: -40...40, using: &rng))
            let frame = config.frame(at: point, size: size)
            let t = Double.random(in: 0...12, using: &rng), r = Double.random(in: 0...12, using: &rng)
            let room: TailRoom = Bool.random(using: &rng) ? .allSides : .tailSides
            let b = CalloutBubble(frame: frame, anchorPoint: point, anchor: anchor, tailSize: t, cornerRadius: r, room: room)

            // The body is the frame minus the tail's strips.
            let strip = min(t, frame.width / 2, frame.height / 2)
            let sides = tailSides(anchor)
            let all = room == .allSides
            let body = ScreenRect(
                minX: frame.minX + (sides.left || all ? strip : 0), minY: frame.minY + (sides.top || all ? strip : 0),
                maxX: frame.maxX - (sides.right || all ? strip : 0), maxY: frame.maxY - (sides.bottom || all ? strip : 0))
            #expect(b.body == body)
            #expect(b.cornerRadius <= r && b.cornerRadius <= min(body.width, body.height) / 2 + 1e-12)

            // Every vertex of the outline is on the body's border, except the tip.
            guard case .move(let start) = b.commands.first, b.commands.last == .close else {
                Issue.record("outline must start with a move and end with close")
                continue
            }
            var vertices = [start]
            for command in b.commands.dropFirst().dropLast() {
                switch command {
                case .line(let q), .arc(_, let q): vertices.append(q)
                case .move, .close: Issue.record("unexpected \(command)")
                }
            }
            for v in vertices where v != b.tail?.tip {
                #expect(onBorder(v, body), "vertex \(v) off the body \(body) for \(config)")
            }
            // Clockwise on screen (y down): positive shoelace sum.
            var twiceArea = 0.0
            for k in vertices.indices {
                let a = vertices[k], c = vertices[(k + 1) % vertices.count]
                twiceArea += a.x * c.y - c.x * a.y
            }
            if body.width > 0 && body.height > 0 { #expect(twiceArea > 0) }

            let outside = (sides.top && point.y < body.minY) || (sides.bottom && point.y > body.maxY)
                || (sides.left && point.x < body.minX) || (sides.right && point.x > body.maxX)
            if let tail = b.tail {
                withTail += 1
                #expect(anchor != .center)
                #expect(tail.tip == point)
                #expect(outside)
                #expect(onBorder(tail.baseStart, body) && onBorder(tail.baseEnd, body))
                let dx = tail.baseEnd.x - tail.baseStart.x, dy = tail.baseEnd.y - tail.baseStart.y
                // Edge tails: at most 2t wide; corner tails: t along each edge.
                #expect((dx * dx + dy * dy).squareRoot() <= 2 * strip + 1e-9)
            } else if anchor != .center && strip > 0 && outside {
                // A tail may only be missing when the tail's edge has no room for a base.
                let edge = sides.top || sides.bottom ? body.width : body.height
                let isCorner = (sides.top || sides.bottom) && (sides.left || sides.right)
                if !isCorner {
                    #expect(edge - 2 * b.cornerRadius <= 0, "no tail for \(config) in \(frame)")
                } else {
                    #expect(min(body.width, body.height) - b.cornerRadius <= 0 || !(
                        (sides.top ? point.y < body.minY : point.y > body.maxY)
                            && (sides.left ? point.x < body.minX : point.x > body.maxX)))
                }
            }
        }
        // The sample must exercise tails, not just the fallbacks.
        #expect(withTail > 1000)
    }
}
