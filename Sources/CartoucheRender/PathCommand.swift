import CartoucheGeometry

/// One step of an SVG path outline, in absolute screen points.
public enum PathCommand: Hashable, Sendable {
    case move(to: ScreenPoint)
    case line(to: ScreenPoint)
    /// A clockwise arc of `radius`, less than half a circle, ending at `to`
    /// (SVG `A r r 0 0 1 x y`; clockwise on screen, where y points down).
    case arc(radius: Double, to: ScreenPoint)
    case close
}

extension SVGBuffer {
    /// Appends path data (`M…L…A…Z`) for the commands.
    mutating func pathData(_ commands: [PathCommand]) {
        for command in commands {
            switch command {
            case .move(let p):
                byte(UInt8(ascii: "M")); pair(p.x, p.y)
            case .line(let p):
                byte(UInt8(ascii: "L")); pair(p.x, p.y)
            case .arc(let r, let p):
                byte(UInt8(ascii: "A")); pair(r, r); raw(" 0 0 1 "); pair(p.x, p.y)
            case .close:
                byte(UInt8(ascii: "Z"))
            }
        }
    }
}
