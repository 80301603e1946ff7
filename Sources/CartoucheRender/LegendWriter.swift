import CartoucheGeometry

/// SVG for the legend box (top-right corner) and the caption (bottom-left).
enum LegendWriter {
    static let margin = 10.0
    static let rowHeight = 16.0
    static let fontSize = 11.0

    /// The legend's box: `width` wide, a row per entry plus one for the title.
    static func box(_ legend: Drawing.Legend, in size: ScreenSize) -> ScreenRect {
        let rows = Double(legend.entries.count + (legend.title == nil ? 0 : 1))
        let height = rows * rowHeight + 8
        return ScreenRect(x: size.width - margin - legend.width, y: margin, width: legend.width, height: height)
    }

    static func write(_ legend: Drawing.Legend, in size: ScreenSize, _ out: inout SVGBuffer) {
        let box = box(legend, in: size)
        out.raw("<g id=\"cartouche-legend\">\n<rect"); OverlayWriter.rect(box, &out)
        out.raw(" rx=\"6\" fill=\"#ffffff\" fill-opacity=\"0.92\" stroke=\"#d0d4da\" stroke-width=\"0.5\"/>\n")
        var baseline = box.minY + 4 + rowHeight - 4
        let left = box.minX + 8
        if let title = legend.title {
            out.text(Drawing.TextRun(title, at: ScreenPoint(x: left, y: baseline), style: Drawing.TextStyle(size: fontSize, weight: .bold, color: RenderStyle.text)))
            baseline += rowHeight
        }
        for entry in legend.entries {
            // A 14×8 swatch centred on the text's x-height.
            let swatch = ScreenRect(x: left, y: baseline - 8, width: 14, height: 8)
            out.raw("<rect"); OverlayWriter.rect(swatch, &out)
            if entry.dashed {
                out.raw(" fill=\"none\""); out.attribute("stroke", entry.color)
                out.raw(" stroke-width=\"1\" stroke-dasharray=\"3 2\"/>\n")
            } else {
                out.attribute("fill", entry.color); out.raw(" rx=\"2\"/>\n")
            }
            out.text(Drawing.TextRun(entry.label, at: ScreenPoint(x: left + 20, y: baseline), style: Drawing.TextStyle(size: fontSize, color: RenderStyle.text)))
            baseline += rowHeight
        }
        out.raw("</g>\n")
    }

    static func writeCaption(_ caption: String, in size: ScreenSize, _ out: inout SVGBuffer) {
        let style = Drawing.TextStyle(size: fontSize, color: RenderStyle.secondaryText, haloColor: .white, haloWidth: 2)
        out.raw("<g id=\"cartouche-caption\">\n")
        out.text(Drawing.TextRun(caption, at: ScreenPoint(x: margin, y: size.height - margin), style: style))
        out.raw("</g>\n")
    }
}
