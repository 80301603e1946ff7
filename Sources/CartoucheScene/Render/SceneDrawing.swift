import CartoucheAnnotations
import CartoucheCamera
import CartoucheGeometry
import CartoucheRender
import CartoucheStyle
import CartoucheText

/// A picture of what the solver did for one camera: the managers' layers as
/// the style draws them (colours and widths resolved per annotation), the
/// puck, the camera padding, the shown callouts with their measured text and
/// tails toward their anchors, and, on request, the rejected candidates.
extension SceneDocument {
    public struct DrawingOptions: Sendable {
        /// Draw rejected candidate frames ("ghosts") with their reasons.
        public var ghosts: Bool
        /// Add a caption with the counts.
        public var caption: Bool

        public init(ghosts: Bool = false, caption: Bool = true) {
            self.ghosts = ghosts
            self.caption = caption
        }
    }

    /// - Parameters:
    ///   - frame: which camera of the scene.
    ///   - text: measures content-sized callouts (required when the scene has any).
    public func drawing(frame index: Int = 0, text: TextLayoutEngine?, options: DrawingOptions = DrawingOptions(),
                        shouldCancel: (@Sendable () -> Bool)? = nil) throws(SceneError) -> Drawing {
        guard cameras.indices.contains(index) else {
            throw .invalidValue(field: "frame", value: Double(index), reason: "is not the index of one of the scene's \(cameras.count) cameras")
        }
        var doc = self
        doc.options.recordRejected = doc.options.recordRejected || options.ghosts
        let (measured, layouts) = try doc.measured(with: text)  // the layouts give the callouts their lines
        let (response, compiled) = try doc.placeAndCompile(text: text, shouldCancel: shouldCancel)
        let placed = response.frames[index]
        let projection: Projection
        do { projection = try Projection(camera: placed.camera, viewport: viewport) } catch { throw .camera(error) }

        var layers: [Drawing.Layer] = []
        var rank: [String: Int] = [:]
        for (i, layer) in compiled.fragment.layers.enumerated() { rank[layer.id] = i }
        for m in managers.sorted(by: { rank[$0.id, default: 0] < rank[$1.id, default: 0] }) {
            layers.append(Drawing.Layer(id: m.id, primitives: primitives(of: m, projection)))
        }
        var overlay: [Drawing.Primitive] = []
        let pad = placed.camera.padding
        if pad != .zero { overlay.append(.padding(Drawing.PaddingFrame(rect: pad.paddedRect(in: viewport)))) }
        if let puck, let p = projection.project(puck.coordinate) {
            overlay.append(.puck(Drawing.Puck(center: p, bearing: puck.bearing - placed.camera.bearing)))
        }
        if options.ghosts {
            for c in placed.result.rejected {
                overlay.append(.ghost(Drawing.Ghost(id: placed.result.placements[c.itemIndex].id, frame: c.frame, reason: c.reason)))
            }
        }
        layers.append(Drawing.Layer(id: "overlays", primitives: overlay))
        var callouts: [Drawing.Primitive] = []
        let byId = Dictionary(uniqueKeysWithValues: measured.viewAnnotations.map { ($0.id, $0) })
        for id in placed.result.drawOrder {
            guard let p = placed.result.placements.first(where: { $0.id == id }), let frame = p.frame, let anchor = p.anchor,
                  let point = p.anchorCoordinate.flatMap({ projection.project($0) }) else { continue }
            let primary = (byId[id]?.priority ?? 0) > 0
            var callout = Drawing.Callout(id: id, frame: frame, anchorPoint: point, anchor: anchor.anchor,
                                          style: primary ? RenderStyle.primaryCallout : RenderStyle.callout)
            if let layout = layouts[id], let content = contents[id] {
                callout.style.tailSize = content.tailSize
                callout.lines = layout.lines.map { line in
                    let run = content.runs[line.run]
                    let scalars = Array(run.text.unicodeScalars)
                    let range = line.scalarRange.clamped(to: 0..<scalars.count)
                    var s = String.UnicodeScalarView()
                    s.append(contentsOf: scalars[range])
                    let bold = run.font.contains { $0.localizedLowercase.contains("bold") }
                    let color: RenderColor = primary ? (line.run == 0 ? .white : RenderColor(rgb: 0xDCE8FD))
                        : (line.run == 0 ? RenderStyle.text : RenderStyle.secondaryText)
                    return Drawing.Callout.Line(String(s), baseline: ScreenPoint(x: line.frame.minX, y: line.baseline),
                                                style: Drawing.TextStyle(size: run.size, weight: bold ? .bold : .regular, color: color))
                }
                callout.icon = layout.iconFrame.map {
                    Drawing.Callout.Icon(box: $0, color: primary ? RenderColor(rgb: 0xDCE8FD) : RenderColor(rgb: 0xE8EEF7))
                }
            }
            callouts.append(.callout(callout))
        }
        layers.append(Drawing.Layer(id: "callouts", primitives: callouts))
        let shown = placed.result.drawOrder.count
        let caption = options.caption
            ? "\(shown) of \(placed.result.placements.count) callouts shown · zoom \((placed.camera.zoom * 100).rounded() / 100) · \(self.options.mode.rawValue)"
            : nil
        return Drawing(size: viewport, layers: layers, caption: caption)
    }

    /// Indices of `annotations` bottom to top: by sort key (annotation's, else
    /// the manager's, else 0), ties in input order — the order the query
    /// index reads top-most first in reverse (`SceneQueryIndex`), so a tap
    /// returns the feature drawn on top.
    static func drawOrder<A>(_ annotations: [A], sortKey: (A) -> Double?) -> [Int] {
        annotations.indices.sorted { a, b in
            let ka = sortKey(annotations[a]) ?? 0, kb = sortKey(annotations[b]) ?? 0
            return ka != kb ? ka < kb : a < b
        }
    }

    private func primitives(of m: AnyAnnotationManager, _ projection: Projection) -> [Drawing.Primitive] {
        func color(_ c: StyleColor?, _ fallback: RenderColor) -> RenderColor {
            guard let c else { return fallback }
            func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
            return RenderColor(red: byte(c.red), green: byte(c.green), blue: byte(c.blue))
        }
        func screen(_ cs: [Coordinate]) -> [[ScreenPoint]] { projection.screenPolylines(cs) }
        switch m {
        case .polyline(let manager):
            let order = Self.drawOrder(manager.annotations) { $0.properties.lineSortKey ?? manager.defaults.lineSortKey }
            return order.flatMap { i -> [Drawing.Primitive] in
                let a = manager.annotations[i]
                let width = (a.properties.lineWidth ?? manager.defaults.lineWidth)?.value ?? 1
                let style = Drawing.LineStyle(
                    color: color(a.properties.lineColor ?? manager.defaults.lineColor, .black), width: width,
                    opacity: a.properties.lineOpacity ?? manager.defaults.lineOpacity ?? 1,
                    casingWidth: width >= 4 ? 2 : 0)
                return screen(a.coordinates).map { .polyline(Drawing.Polyline(id: a.id, points: $0, style: style)) }
            }
        case .polygon(let manager):
            let order = Self.drawOrder(manager.annotations) { $0.properties.fillSortKey ?? manager.defaults.fillSortKey }
            return order.map { manager.annotations[$0] }.map { a in
                let rings = a.rings.map { projection.screenRing($0) }
                let fill = color(a.properties.fillColor ?? manager.defaults.fillColor, .black)
                let style = Drawing.FillStyle(color: fill, opacity: (a.properties.fillOpacity ?? manager.defaults.fillOpacity ?? 1) * 0.9,
                                              strokeColor: color(a.properties.fillOutlineColor ?? manager.defaults.fillOutlineColor, fill))
                return .polygon(Drawing.Polygon(id: a.id, rings: rings, style: style))
            }
        case .circle(let manager):
            let order = Self.drawOrder(manager.annotations) { $0.properties.circleSortKey ?? manager.defaults.circleSortKey }
            return order.map { manager.annotations[$0] }.compactMap { a -> Drawing.Primitive? in
                guard let p = projection.project(a.coordinate) else { return nil }
                let stroke = (a.properties.circleStrokeWidth ?? manager.defaults.circleStrokeWidth)?.value ?? 0
                let style = Drawing.FillStyle(
                    color: color(a.properties.circleColor ?? manager.defaults.circleColor, .black),
                    opacity: a.properties.circleOpacity ?? manager.defaults.circleOpacity ?? 1,
                    strokeColor: stroke > 0 ? color(a.properties.circleStrokeColor ?? manager.defaults.circleStrokeColor, .black) : nil,
                    strokeWidth: stroke)
                return .circle(Drawing.Circle(id: a.id, center: p, radius: (a.properties.circleRadius ?? manager.defaults.circleRadius)?.value ?? 5, style: style))
            }
        case .point(let manager):
            let order = Self.drawOrder(manager.annotations) { $0.properties.symbolSortKey ?? manager.defaults.symbolSortKey }
            return order.map { manager.annotations[$0] }.compactMap { a -> Drawing.Primitive? in
                guard let p = projection.project(a.coordinate) else { return nil }
                let field = a.properties.textField ?? manager.defaults.textField
                let label = field.map {
                    Drawing.TextRun($0, at: ScreenPoint(x: p.x + 10, y: p.y + 4), style: RenderStyle.label)
                }
                return .symbol(Drawing.PointSymbol(id: a.id, point: p, label: label))
            }
        }
    }
}
