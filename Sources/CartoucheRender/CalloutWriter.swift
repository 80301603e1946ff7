import CartoucheGeometry

/// SVG for a callout: the merged bubble path, then icon and text placed
/// relative to the bubble body.
enum CalloutWriter {
    static func write(_ callout: Drawing.Callout, _ out: inout SVGBuffer) {
        let bubble = callout.bubble
        let style = callout.style
        out.raw("<g"); out.dataID(callout.id); out.raw(" class=\"callout\">\n")
        out.raw("<path d=\""); out.pathData(bubble.commands); out.raw("\"")
        out.attribute("fill", style.fill)
        if let stroke = style.stroke, style.strokeWidth > 0 {
            out.attribute("stroke", stroke); out.attribute("stroke-width", style.strokeWidth)
            out.raw(" stroke-linejoin=\"round\"")
        }
        if style.shadow { out.raw(" filter=\"url(#"); out.raw(SVGRenderer.shadowID); out.raw(")\"") }
        out.raw("/>\n")
        let origin = bubble.body
        if let icon = callout.icon {
            let box = icon.box.offsetBy(dx: origin.minX, dy: origin.minY)
            out.raw("<rect"); out.attribute("x", box.minX); out.attribute("y", box.minY)
            out.attribute("width", box.width); out.attribute("height", box.height)
            out.attribute("rx", min(box.width, box.height) / 4)
            out.attribute("fill", icon.color); out.raw("/>\n")
        }
        for line in callout.lines {
            let at = ScreenPoint(x: origin.minX + line.baseline.x, y: origin.minY + line.baseline.y)
            out.text(Drawing.TextRun(line.text, at: at, style: line.style))
        }
        out.raw("</g>\n")
    }
}
