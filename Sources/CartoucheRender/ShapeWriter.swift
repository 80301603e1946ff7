import CartoucheGeometry

/// SVG for lines, areas and circles.
enum ShapeWriter {
    /// A casing path (when the style has one) under the line path, grouped
    /// with the id. Lines of fewer than two points have no length and draw nothing.
    static func write(_ line: Drawing.Polyline, _ out: inout SVGBuffer) {
        guard line.points.count >= 2 else { return }
        let style = line.style
        let grouped = line.id != nil || style.casingWidth > 0 || style.opacity < 1
        if grouped {
            out.raw("<g"); out.dataID(line.id)
            // Opacity on the group, so casing and line fade together without
            // the casing showing through the line.
            if style.opacity < 1 { out.attribute("opacity", style.opacity) }
            out.raw(">")
        }
        if style.casingWidth > 0 {
            path(line.points, &out)
            stroke(color: style.casingColor, width: style.width + 2 * style.casingWidth, style, &out)
            out.raw("/>")
        }
        path(line.points, &out)
        stroke(color: style.color, width: style.width, style, &out)
        if !style.dash.isEmpty {
            out.raw(" stroke-dasharray=\"")
            for (i, d) in style.dash.enumerated() {
                if i > 0 { out.byte(UInt8(ascii: " ")) }
                out.number(d)
            }
            out.raw("\"")
        }
        out.raw("/>")
        if grouped { out.raw("</g>") }
        out.raw("\n")
    }

    private static func path(_ points: [ScreenPoint], _ out: inout SVGBuffer) {
        out.raw("<path d=\"M")
        out.pair(points[0].x, points[0].y)
        out.byte(UInt8(ascii: "L"))
        for i in 1..<points.count {
            if i > 1 { out.byte(UInt8(ascii: " ")) }
            out.pair(points[i].x, points[i].y)
        }
        out.raw("\" fill=\"none\"")
    }

    private static func stroke(color: RenderColor, width: Double, _ style: Drawing.LineStyle, _ out: inout SVGBuffer) {
        out.attribute("stroke", color)
        out.attribute("stroke-width", width)
        out.raw(" stroke-linecap=\""); out.raw(style.cap.svgName); out.raw("\"")
        out.raw(" stroke-linejoin=\""); out.raw(style.join.svgName); out.raw("\"")
    }

    /// One path for all rings, filled even–odd so holes stay empty whatever
    /// their winding.
    static func write(_ polygon: Drawing.Polygon, _ out: inout SVGBuffer) {
        out.raw("<path"); out.dataID(polygon.id); out.raw(" d=\"")
        for ring in polygon.rings {
            var count = ring.count
            // A closing point equal to the first adds nothing: Z closes the ring.
            if count > 1, ring[0] == ring[count - 1] { count -= 1 }
            guard count > 0 else { continue }
            out.byte(UInt8(ascii: "M"))
            out.pair(ring[0].x, ring[0].y)
            if count > 1 {
                out.byte(UInt8(ascii: "L"))
                for i in 1..<count {
                    if i > 1 { out.byte(UInt8(ascii: " ")) }
                    out.pair(ring[i].x, ring[i].y)
                }
            }
            out.byte(UInt8(ascii: "Z"))
        }
        out.raw("\" fill-rule=\"evenodd\"")
        fill(polygon.style, &out)
        out.raw("/>\n")
    }

    static func write(_ circle: Drawing.Circle, _ out: inout SVGBuffer) {
        out.raw("<circle"); out.dataID(circle.id)
        out.attribute("cx", circle.center.x); out.attribute("cy", circle.center.y)
        out.attribute("r", circle.radius)
        fill(circle.style, &out)
        out.raw("/>\n")
    }

    static func fill(_ style: Drawing.FillStyle, _ out: inout SVGBuffer) {
        out.attribute("fill", style.color)
        if style.opacity < 1 { out.attribute("fill-opacity", style.opacity) }
        if let stroke = style.strokeColor, style.strokeWidth > 0 {
            out.attribute("stroke", stroke)
            out.attribute("stroke-width", style.strokeWidth)
            if style.strokeOpacity < 1 { out.attribute("stroke-opacity", style.strokeOpacity) }
        }
    }
}

extension Drawing.LineCap {
    var svgName: StaticString {
        switch self {
        case .butt: "butt"
        case .round: "round"
        case .square: "square"
        }
    }
}

extension Drawing.LineJoin {
    var svgName: StaticString {
        switch self {
        case .miter: "miter"
        case .round: "round"
        case .bevel: "bevel"
        }
    }
}
