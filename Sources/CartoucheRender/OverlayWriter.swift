import CartoucheGeometry
import Foundation

/// SVG for the puck, the padding rectangle and rejected-candidate ghosts.
enum OverlayWriter {
    /// Heading cone (when the bearing is known), white ring with shadow, blue dot.
    static func write(_ puck: Drawing.Puck, _ out: inout SVGBuffer) {
        let c = puck.center, r = puck.radius
        out.raw("<g class=\"puck\">\n")
        if let bearing = puck.bearing {
            out.raw("<path d=\""); out.pathData(cone(center: c, bearing: bearing, length: r * 4.5, spread: 35))
            out.raw("\""); out.attribute("fill", puck.color); out.raw(" fill-opacity=\"0.3\"/>\n")
        }
        out.raw("<circle"); out.attribute("cx", c.x); out.attribute("cy", c.y); out.attribute("r", r + 3)
        out.raw(" fill=\"#ffffff\" filter=\"url(#"); out.raw(SVGRenderer.shadowID); out.raw(")\"/>\n")
        out.raw("<circle"); out.attribute("cx", c.x); out.attribute("cy", c.y); out.attribute("r", r)
        out.attribute("fill", puck.color); out.raw("/>\n")
        out.raw("</g>\n")
    }

    /// A circular sector from `center` along `bearing` (degrees clockwise from
    /// up), `spread` degrees to each side.
    static func cone(center c: ScreenPoint, bearing: Double, length: Double, spread: Double) -> [PathCommand] {
        func point(_ degrees: Double) -> ScreenPoint {
            let a = degrees * .pi / 180
            // Screen y points down, so "up" is −y.
            return ScreenPoint(x: c.x + length * sin(a), y: c.y - length * cos(a))
        }
        return [
            .move(to: c), .line(to: point(bearing - spread)),
            .arc(radius: length, to: point(bearing + spread)), .close,
        ]
    }

    static func write(_ padding: Drawing.PaddingFrame, _ out: inout SVGBuffer) {
        out.raw("<rect class=\"padding\""); rect(padding.rect, &out)
        out.raw(" fill=\"none\""); out.attribute("stroke", padding.color)
        out.raw(" stroke-width=\"1\" stroke-dasharray=\"")
        dash(RenderStyle.paddingDash, &out); out.raw("\"/>\n")
    }

    /// A dashed outline in the reason's colour, with `data-reason` so a viewer
    /// can filter ghosts, and the reason written inside when asked.
    static func write(_ ghost: Drawing.Ghost, _ out: inout SVGBuffer) {
        let color = Drawing.Ghost.color(for: ghost.reason)
        out.raw("<rect class=\"ghost\""); out.dataID(ghost.id)
        out.attribute("data-reason", ghost.reason.code); rect(ghost.frame, &out)
        out.raw(" fill=\"none\""); out.attribute("stroke", color)
        out.raw(" stroke-width=\"1\" stroke-dasharray=\""); dash(RenderStyle.ghostDash, &out); out.raw("\"/>\n")
        if ghost.showsLabel {
            let style = RenderStyle.ghostLabel
            let run = Drawing.TextRun(
                ghost.labelText, at: ScreenPoint(x: ghost.frame.minX + 3, y: ghost.frame.minY + style.size + 1),
                style: Drawing.TextStyle(size: style.size, color: color, haloColor: .white, haloWidth: 1.5))
            out.text(run)
        }
    }

    static func rect(_ r: ScreenRect, _ out: inout SVGBuffer) {
        out.attribute("x", r.minX); out.attribute("y", r.minY)
        out.attribute("width", r.width); out.attribute("height", r.height)
    }

    static func dash(_ values: [Double], _ out: inout SVGBuffer) {
        for (i, d) in values.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: " ")) }
            out.number(d)
        }
    }
}
