import CartoucheAnnotations
import CartoucheCamera
import CartoucheGeometry
import CartouchePlacement
import CartoucheRender
import CartoucheStyle
import CartoucheText

/// A picture of what the solver did for one camera: the managers' layers as
/// the style draws them (colours and widths resolved per annotation; clustered
/// point managers as their clusters at the camera's zoom), the
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

    /// A picture of camera `frame` (the cameras after it are not placed);
    /// see ``PreparedScene/drawing(frame:options:)``.
    /// - Parameters:
    ///   - index: which camera of the scene.
    ///   - text: measures content-sized callouts (required when the scene has any).
    ///   - options: ghosts (rejected candidates) and caption.
    ///   - budget: polled by the solver (a request deadline).
    public func drawing(frame index: Int = 0, text: TextLayoutEngine?, options: DrawingOptions = DrawingOptions(),
                        budget: PlacementBudget = .unlimited) throws(SceneError) -> Drawing {
        let prepared = try PreparedScene(self, text: text, through: index, recordRejected: self.options.recordRejected || options.ghosts,
                                         budget: budget)
        return try prepared.drawing(frame: index, options: options)
    }
}

extension PreparedScene {
    /// A picture of camera `frame`: the managers' layers in draw order, the
    /// overlays (padding, puck, ghosts on request) and the shown callouts.
    /// - Throws: `invalidValue` at `frame` for a frame not placed, or at
    ///   `ghosts` when ghosts are asked of a scene prepared without
    ///   recording rejected candidates (they would be silently missing).
    public func drawing(frame index: Int = 0, options: SceneDocument.DrawingOptions = SceneDocument.DrawingOptions()) throws(SceneError) -> Drawing {
        let frame = try placedFrame(index)
        let (placed, projection, frameDoc) = (frame.placed, frame.projection, frame.scene)
        if options.ghosts && !recordsRejected {
            throw .invalidValue(field: "ghosts", value: 1, reason: "needs the scene prepared with recordRejected: true")
        }
        let viewport = document.viewport

        // On the sphere, its disc and graticule lie under the layers.
        var layers: [Drawing.Layer] = projection.globe.map { [GlobeDrawing.backdrop($0, zoom: placed.camera.zoom)] } ?? []
        // The frame's own trims (`cameras[i].lineTrim`) hide stretches of its lines.
        for m in frameDoc.managersInDrawOrder(drawOrder) {
            layers += try frameDoc.drawingLayers(of: m, projection, environment: frameDoc.styleEnvironment(zoom: placed.camera.zoom))
        }
        var overlay: [Drawing.Primitive] = []
        let pad = placed.camera.padding
        if pad != .zero { overlay.append(.padding(Drawing.PaddingFrame(rect: pad.paddedRect(in: viewport)))) }
        if let puck = frameDoc.puck, let p = projection.project(puck.coordinate) {
            overlay.append(.puck(Drawing.Puck(center: p, bearing: puck.bearing - placed.camera.bearing)))
        }
        if options.ghosts {
            for c in placed.result.rejected {
                overlay.append(.ghost(Drawing.Ghost(id: placed.result.placements[c.itemIndex].id, frame: c.frame, reason: c.reason)))
            }
        }
        layers.append(Drawing.Layer(id: "overlays", primitives: overlay))
        var callouts: [Drawing.Primitive] = []
        let byId = Dictionary(uniqueKeysWithValues: document.viewAnnotations.map { ($0.id, $0) })
        for id in placed.result.drawOrder {
            guard let p = placed.result.placements.first(where: { $0.id == id }), let frame = p.frame, let anchor = p.anchor,
                  let point = p.anchorCoordinate.flatMap({ projection.project($0) }) else { continue }
            let primary = (byId[id]?.priority ?? 0) > 0
            var callout = Drawing.Callout(id: id, frame: frame, anchorPoint: point, anchor: anchor.anchor,
                                          style: primary ? RenderStyle.primaryCallout : RenderStyle.callout)
            if case .measured(let content, let layout)? = byId[id]?.sizing {
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
            ? "\(shown) of \(placed.result.placements.count) callouts shown · zoom \((placed.camera.zoom * 100).rounded() / 100) · \(document.options.mode.rawValue)"
            : nil
        return Drawing(size: viewport, layers: layers, caption: caption)
    }

}

extension SceneDocument {
    /// Indices of `annotations` bottom to top: by sort key (annotation's, else
    /// the manager's, else 0), ties in input order — the order the query
    /// index reads top-most first in reverse (`SceneQueryIndex`), so a tap
    /// returns the feature drawn on top.
    /// - Complexity: O(n log n); each annotation's key is resolved once.
    static func drawOrder<A>(_ annotations: [A], sortKey: (A) -> Double?) -> [Int] {
        let keys = annotations.map { sortKey($0) ?? 0 }
        return annotations.indices.sorted { a, b in keys[a] != keys[b] ? keys[a] < keys[b] : a < b }
    }

    func primitives(of m: AnyAnnotationManager, _ projection: Projection, environment: StyleEnvironment) -> [Drawing.Primitive] {
        func color(_ c: StyleColor) -> RenderColor { RenderColor(style: c) }
        func screen(_ cs: [Coordinate]) -> [[ScreenPoint]] {
            projection.globe.map { GlobeDrawing.visibleRuns(cs, globe: $0, zoom: projection.camera.zoom) } ?? projection.screenPolylines(cs)
        }
        switch m {
        case .polyline(let manager):
            let order = Self.drawOrder(manager.annotations) { manager.resolvedStyle(of: $0, in: environment).sortKey }
            return order.flatMap { i -> [Drawing.Primitive] in
                let a = manager.annotations[i]
                let resolved = manager.resolvedStyle(of: a, in: environment)
                let style = Drawing.LineStyle(color: color(resolved.color), width: resolved.width, opacity: resolved.opacity,
                                              casingWidth: resolved.width >= 4 ? 2 : 0)
                // A trimmed stretch (`line-trim-offset`) is not drawn.
                return manager.drawnRuns(of: a, in: environment).flatMap(screen).map { .polyline(Drawing.Polyline(id: a.id, points: $0, style: style)) }
            }
        case .polygon(let manager):
            let order = Self.drawOrder(manager.annotations) { manager.resolvedStyle(of: $0, in: environment).sortKey }
            return order.map { manager.annotations[$0] }.flatMap { a -> [Drawing.Primitive] in
                let resolved = manager.resolvedStyle(of: a, in: environment)
                // Drawn a little translucent so what lies under a fill stays readable.
                let style = Drawing.FillStyle(color: color(resolved.color), opacity: resolved.opacity * 0.9,
                                              strokeColor: color(resolved.outlineColor))
                if let globe = projection.globe {
                    return GlobeDrawing.polygon(id: a.id, rings: a.rings, style: style, globe: globe, zoom: projection.camera.zoom)
                }
                return [.polygon(Drawing.Polygon(id: a.id, rings: a.rings.map { projection.screenRing($0) }, style: style))]
            }
        case .circle(let manager):
            let order = Self.drawOrder(manager.annotations) { manager.resolvedStyle(of: $0, in: environment).sortKey }
            return order.map { manager.annotations[$0] }.compactMap { a -> Drawing.Primitive? in
                guard let p = projection.project(a.coordinate) else { return nil }
                let resolved = manager.resolvedStyle(of: a, in: environment)
                let style = Drawing.FillStyle(
                    color: color(resolved.color), opacity: resolved.opacity,
                    strokeColor: resolved.strokeWidth > 0 ? color(resolved.strokeColor) : nil, strokeWidth: resolved.strokeWidth)
                return .circle(Drawing.Circle(id: a.id, center: p, radius: resolved.radius, style: style))
            }
        case .point(let manager):
            let order = Self.drawOrder(manager.annotations) { manager.resolvedStyle(of: $0, in: environment).sortKey }
            return order.map { manager.annotations[$0] }.compactMap { a -> Drawing.Primitive? in
                guard let p = projection.project(a.coordinate) else { return nil }
                let field = manager.resolvedStyle(of: a, in: environment).textField
                let label = field.map {
                    Drawing.TextRun($0, at: ScreenPoint(x: p.x + 10, y: p.y + 4), style: RenderStyle.label)
                }
                return .symbol(Drawing.PointSymbol(id: a.id, point: p, label: label))
            }
        }
    }
}
