import CartoucheGeometry

/// Writes a `Drawing` as a standalone SVG 1.1 document.
///
/// Output is deterministic: the same drawing gives the same bytes. Numbers
/// have at most two decimals, one element per line, layers become
/// `<g id="…">` groups, and annotations carry `data-id` so a viewer can
/// highlight them on click.
public struct SVGRenderer: Sendable {
    /// Outline the label boxes of point symbols (a debugging aid).
    public var showsLabelBoxes: Bool

    public init(showsLabelBoxes: Bool = false) {
        self.showsLabelBoxes = showsLabelBoxes
    }

    /// The SVG document as a string.
    /// - Throws: `RenderError` when the drawing fails `Drawing.validate()`.
    /// - Complexity: O(n) in points, primitives and text length.
    public func render(_ drawing: Drawing) throws(RenderError) -> String {
        String(decoding: try renderBytes(drawing), as: UTF8.self)
    }

    /// The SVG document as UTF-8 bytes (what an HTTP response sends).
    /// - Throws: `RenderError` when the drawing fails `Drawing.validate()`.
    /// - Complexity: O(n) in points, primitives and text length.
    public func renderBytes(_ drawing: Drawing) throws(RenderError) -> [UInt8] {
        try drawing.validate()
        var out = SVGBuffer(reservingCapacity: Self.estimatedSize(drawing))
        writeHeader(drawing, &out)
        for layer in drawing.layers {
            out.raw("<g id=\""); out.escaped(layer.id); out.raw("\">\n")
            for primitive in layer.primitives { write(primitive, &out) }
            out.raw("</g>\n")
        }
        if let legend = drawing.legend { LegendWriter.write(legend, in: drawing.size, &out) }
        if let caption = drawing.caption { LegendWriter.writeCaption(caption, in: drawing.size, &out) }
        out.raw("</svg>\n")
        return out.bytes
    }

    private func writeHeader(_ drawing: Drawing, _ out: inout SVGBuffer) {
        let w = drawing.size.width, h = drawing.size.height
        out.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.raw("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"")
        out.number(w); out.raw("\" height=\""); out.number(h)
        out.raw("\" viewBox=\"0 0 "); out.pair(w, h)
        // xml:space="preserve" keeps runs of spaces in labels, which the layout
        // engine measured, instead of collapsing them to one.
        out.raw("\" font-family=\""); out.escaped(RenderStyle.fontFamily); out.raw("\" xml:space=\"preserve\">\n")
        if Self.needsShadow(drawing) {
            // SVG 1.1 has no feDropShadow: blur the alpha, move it down, fade it,
            // and put the graphic back on top.
            out.raw("<defs><filter id=\""); out.raw(Self.shadowID); out.raw("\" x=\"-20%\" y=\"-20%\" width=\"140%\" height=\"160%\">")
            out.raw("<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"2\"/><feOffset dy=\"1.5\" result=\"blur\"/>")
            out.raw("<feComponentTransfer><feFuncA type=\"linear\" slope=\"0.3\"/></feComponentTransfer>")
            out.raw("<feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge></filter></defs>\n")
        }
        out.raw("<rect width=\""); out.number(w); out.raw("\" height=\""); out.number(h)
        out.raw("\" fill=\""); out.color(drawing.background); out.raw("\"/>\n")
    }

    /// Ids the writer gives its own elements start with this; layer ids may not.
    public static let reservedIDPrefix = "cartouche-"
    static let shadowID: StaticString = "cartouche-shadow"

    private static func needsShadow(_ drawing: Drawing) -> Bool {
        drawing.layers.contains { layer in
            layer.primitives.contains {
                switch $0 {
                case .callout(let c): c.style.shadow
                case .puck: true
                default: false
                }
            }
        }
    }

    /// A generous guess of the output size, so the buffer rarely regrows.
    private static func estimatedSize(_ drawing: Drawing) -> Int {
        var bytes = 1024
        for layer in drawing.layers {
            for primitive in layer.primitives {
                switch primitive {
                case .polyline(let l): bytes += 300 + l.points.count * (l.style.casingWidth > 0 ? 30 : 15)
                case .polygon(let p): bytes += 160 + p.rings.reduce(0) { $0 + $1.count * 14 }
                case .callout(let c): bytes += 400 + c.lines.reduce(0) { $0 + 120 + $1.text.utf8.count }
                case .symbol(let s): bytes += 300 + (s.label?.text.utf8.count ?? 0) * 2
                default: bytes += 200
                }
            }
        }
        return bytes
    }

    private func write(_ primitive: Drawing.Primitive, _ out: inout SVGBuffer) {
        switch primitive {
        case .polyline(let line): ShapeWriter.write(line, &out)
        case .polygon(let polygon): ShapeWriter.write(polygon, &out)
        case .circle(let circle): ShapeWriter.write(circle, &out)
        case .symbol(let symbol): SymbolWriter.write(symbol, showsLabelBox: showsLabelBoxes, &out)
        case .callout(let callout): CalloutWriter.write(callout, &out)
        case .puck(let puck): OverlayWriter.write(puck, &out)
        case .padding(let padding): OverlayWriter.write(padding, &out)
        case .ghost(let ghost): OverlayWriter.write(ghost, &out)
        }
    }
}

extension SVGBuffer {
    mutating func color(_ c: RenderColor) {
        let digits: StaticString = "0123456789abcdef"
        byte(UInt8(ascii: "#"))
        digits.withUTF8Buffer { hex in
            byte(hex[Int(c.red >> 4)]); byte(hex[Int(c.red & 0xF)])
            byte(hex[Int(c.green >> 4)]); byte(hex[Int(c.green & 0xF)])
            byte(hex[Int(c.blue >> 4)]); byte(hex[Int(c.blue & 0xF)])
        }
    }

    /// ` name="value"` for a number.
    mutating func attribute(_ name: StaticString, _ value: Double) {
        byte(UInt8(ascii: " ")); raw(name); raw("=\""); number(value); byte(UInt8(ascii: "\""))
    }

    /// ` name="#rrggbb"`.
    mutating func attribute(_ name: StaticString, _ value: RenderColor) {
        byte(UInt8(ascii: " ")); raw(name); raw("=\""); color(value); byte(UInt8(ascii: "\""))
    }

    /// ` name="escaped text"`.
    mutating func attribute(_ name: StaticString, _ value: String) {
        byte(UInt8(ascii: " ")); raw(name); raw("=\""); escaped(value); byte(UInt8(ascii: "\""))
    }

    /// ` data-id="…"` when there is an id.
    mutating func dataID(_ id: String?) {
        if let id { attribute("data-id", id) }
    }

    /// A `<text>` element, preceded by its halo when the style has one.
    mutating func text(_ run: Drawing.TextRun) {
        if let halo = run.style.haloColor, run.style.haloWidth > 0 {
            // Drawn as a separate stroked copy underneath: SVG 1.1 has no paint-order.
            textOpen(run)
            attribute("fill", halo); attribute("stroke", halo)
            attribute("stroke-width", run.style.haloWidth * 2)
            raw(" stroke-linejoin=\"round\">"); escaped(run.text); raw("</text>\n")
        }
        textOpen(run)
        attribute("fill", run.style.color)
        raw(">"); escaped(run.text); raw("</text>\n")
    }

    private mutating func textOpen(_ run: Drawing.TextRun) {
        raw("<text"); attribute("x", run.position.x); attribute("y", run.position.y)
        attribute("font-size", run.style.size)
        if run.style.weight == .bold { raw(" font-weight=\"bold\"") }
        switch run.anchor {
        case .start: break
        case .middle: raw(" text-anchor=\"middle\"")
        case .end: raw(" text-anchor=\"end\"")
        }
    }
}
