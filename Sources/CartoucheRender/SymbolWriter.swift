import CartoucheGeometry

/// SVG for point symbols: pin or dot icon, then the label.
enum SymbolWriter {
    static func write(_ symbol: Drawing.PointSymbol, showsLabelBox: Bool, _ out: inout SVGBuffer) {
        out.raw("<g"); out.dataID(symbol.id); out.raw(">\n")
        let p = symbol.point
        switch symbol.icon {
        case .pin(let height, let color):
            if height > 0 {
                out.raw("<path d=\""); out.pathData(pinOutline(tip: p, height: height)); out.raw("\"")
                out.attribute("fill", color)
                out.raw(" stroke=\"#ffffff\" stroke-width=\"1.5\" stroke-linejoin=\"round\"/>\n")
                let head = pinHead(tip: p, height: height)
                out.raw("<circle"); out.attribute("cx", head.center.x); out.attribute("cy", head.center.y)
                out.attribute("r", head.radius * 0.4); out.raw(" fill=\"#ffffff\"/>\n")
            }
        case .dot(let radius, let color):
            out.raw("<circle"); out.attribute("cx", p.x); out.attribute("cy", p.y); out.attribute("r", radius)
            out.attribute("fill", color); out.raw(" stroke=\"#ffffff\" stroke-width=\"2\"/>\n")
        case .none:
            break
        }
        if showsLabelBox, let box = symbol.labelBox {
            out.raw("<rect"); out.attribute("x", box.minX); out.attribute("y", box.minY)
            out.attribute("width", box.width); out.attribute("height", box.height)
            out.raw(" fill=\"none\" stroke=\"#9aa0a6\" stroke-width=\"0.5\" stroke-dasharray=\"2 2\"/>\n")
        }
        if let label = symbol.label { out.text(label) }
        out.raw("</g>\n")
    }

    /// The round head of a pin `height` tall with its tip at `tip`: the
    /// radius is 0.36 of the height, the top of the circle at the pin's top.
    static func pinHead(tip: ScreenPoint, height: Double) -> (center: ScreenPoint, radius: Double) {
        let r = height * 0.36
        return (ScreenPoint(x: tip.x, y: tip.y - height + r), r)
    }

    /// A teardrop: straight lines from the tip to where they touch the head
    /// circle tangentially, and the long arc over the top between them.
    ///
    /// With the head centre at distance d above the tip and radius r, the
    /// tangent points lie r²/d below the centre and r·√(d²−r²)/d to each side.
    static func pinOutline(tip: ScreenPoint, height: Double) -> [PathCommand] {
        let (center, r) = pinHead(tip: tip, height: height)
        let d = tip.y - center.y
        let dx = r * (d * d - r * r).squareRoot() / d
        let y = center.y + r * r / d
        return [
            .move(to: tip),
            .line(to: ScreenPoint(x: tip.x - dx, y: y)),
            // The arc over the top is more than half the circle; SVG needs the
            // large-arc flag, which `PathCommand.arc` does not carry, so split it
            // at the top of the head.
            .arc(radius: r, to: ScreenPoint(x: center.x, y: center.y - r)),
            .arc(radius: r, to: ScreenPoint(x: tip.x + dx, y: y)),
            .close,
        ]
    }
}
