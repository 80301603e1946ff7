import CartoucheTestSupport
import CartoucheGeometry
import CartouchePlacement
@testable import CartoucheRender

/// Seeded random drawings with hostile text: every primitive kind, every
/// anchor, random offsets and strings drawn from markup characters, controls,
/// surrogate-decoded replacement characters and several scripts.
enum RandomDrawing {
    static let alphabet: [String] = [
        "a", "Z", " ", "<", ">", "&", "\"", "'", "]]>", "<!--", "\u{0}", "\u{7}", "\u{B}", "\t", "\n", "\r",
        "\u{FFFE}", "\u{FFFF}", "é", "Ω", "م", "ש", "क", "中", "😀", "\u{200F}", "\u{202E}",
        String(decoding: [0xD83D] as [UInt16], as: UTF16.self),
    ]

    static func text(_ rng: inout SplitMix64) -> String {
        (0..<Int.random(in: 0...12, using: &rng)).map { _ in alphabet.randomElement(using: &rng) ?? "" }.joined()
    }

    static func point(_ rng: inout SplitMix64) -> ScreenPoint {
        ScreenPoint(x: Double.random(in: -50...850, using: &rng), y: Double.random(in: -50...650, using: &rng))
    }

    static func make(seed: UInt64, primitives: Int) -> Drawing {
        var rng = SplitMix64(seed: seed)
        var layer = Drawing.Layer(id: "random \(text(&rng))")
        for _ in 0..<primitives {
            let id: String? = Bool.random(using: &rng) ? text(&rng) : nil
            switch Int.random(in: 0..<8, using: &rng) {
            case 0:
                let points = (0..<Int.random(in: 0...6, using: &rng)).map { _ in point(&rng) }
                var style = RenderStyle.primaryRoute
                style.opacity = Double.random(in: 0...1, using: &rng)
                style.dash = Bool.random(using: &rng) ? [4, 2] : []
                layer.primitives.append(.polyline(Drawing.Polyline(id: id, points: points, style: style)))
            case 1:
                let rings = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                    (0..<Int.random(in: 0...5, using: &rng)).map { _ in point(&rng) }
                }
                layer.primitives.append(.polygon(Drawing.Polygon(id: id, rings: rings)))
            case 2:
                layer.primitives.append(.circle(Drawing.Circle(id: id, center: point(&rng), radius: Double.random(in: 0...20, using: &rng))))
            case 3:
                let p = point(&rng)
                let icons: [Drawing.SymbolIcon] = [.pin(height: 28, color: RenderStyle.marker), .dot(radius: 5, color: RenderStyle.routeBlue), .none]
                let label = Drawing.TextRun(text(&rng), at: ScreenPoint(x: p.x + 10, y: p.y), style: RenderStyle.label)
                layer.primitives.append(.symbol(Drawing.PointSymbol(
                    id: id, point: p, icon: icons.randomElement(using: &rng) ?? .none, label: label,
                    labelBox: ScreenRect(x: p.x + 10, y: p.y - 12, width: 40, height: 16))))
            case 4:
                let p = point(&rng)
                let anchor = BoxAnchor.allCases.randomElement(using: &rng) ?? .center
                let config = AnchorConfig(
                    anchor, offsetX: Double.random(in: -20...20, using: &rng), offsetY: Double.random(in: -20...20, using: &rng))
                let size = ScreenSize(width: Double.random(in: 0...160, using: &rng), height: Double.random(in: 0...60, using: &rng))
                layer.primitives.append(.callout(Drawing.Callout(
                    id: id, frame: config.frame(at: p, size: size), anchorPoint: p, anchor: anchor,
                    style: Bool.random(using: &rng) ? RenderStyle.callout : RenderStyle.primaryCallout,
                    lines: [Drawing.Callout.Line(text(&rng), baseline: ScreenPoint(x: 10, y: 25), style: RenderStyle.calloutTitle)],
                    icon: Bool.random(using: &rng) ? Drawing.Callout.Icon(box: ScreenRect(x: 10, y: 7, width: 24, height: 24), color: .white) : nil)))
            case 5:
                layer.primitives.append(.puck(Drawing.Puck(center: point(&rng), bearing: Bool.random(using: &rng) ? Double.random(in: -720...720, using: &rng) : nil)))
            case 6:
                let a = point(&rng)
                layer.primitives.append(.padding(Drawing.PaddingFrame(rect: ScreenRect(minX: a.x, minY: a.y, maxX: a.x + 100, maxY: a.y + 80))))
            default:
                let reasons: [HiddenReason] = [.collision(with: text(&rng)), .puck, .padding, .offscreen, .avoidLayer(text(&rng)), .avoidRegion]
                let a = point(&rng)
                layer.primitives.append(.ghost(Drawing.Ghost(
                    id: id, frame: ScreenRect(x: a.x, y: a.y, width: 60, height: 30),
                    reason: reasons.randomElement(using: &rng) ?? .puck, showsLabel: Bool.random(using: &rng))))
            }
        }
        return Drawing(
            size: ScreenSize(width: 800, height: 600), layers: [layer],
            legend: Drawing.Legend(title: text(&rng), entries: [Drawing.Legend.Entry(color: .black, label: text(&rng))]),
            caption: text(&rng))
    }
}
