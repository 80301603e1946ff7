import CartoucheGeometry
import CartouchePlacement
@testable import CartoucheRender

/// The small scene of the golden test: two cased routes, a park with a hole,
/// a circle, a pin with a label, two ETA callouts (one primary), the puck,
/// the padding rectangle and two ghosts.
enum SampleDrawing {
    static func point(_ x: Double, _ y: Double) -> ScreenPoint { ScreenPoint(x: x, y: y) }

    static func make() -> Drawing {
        let areas = Drawing.Layer(id: "areas", primitives: [
            .polygon(Drawing.Polygon(id: "park", rings: [
                [point(30, 30), point(150, 22), point(172, 112), point(40, 120), point(30, 30)],
                [point(80, 55), point(120, 55), point(112, 88), point(86, 86)],
            ])),
            .circle(Drawing.Circle(id: "stop", center: point(330, 62), radius: 7)),
        ])
        let routes = Drawing.Layer(id: "routes", primitives: [
            .polyline(Drawing.Polyline(
                id: "alt", points: [point(30, 210), point(110, 186), point(215, 196), point(370, 128)],
                style: RenderStyle.alternativeRouteLine)),
            .polyline(Drawing.Polyline(
                id: "main", points: [point(30, 210), point(120, 160), point(230, 150), point(370, 128)],
                style: RenderStyle.primaryRoute)),
        ])
        let symbols = Drawing.Layer(id: "symbols", primitives: [
            .symbol(Drawing.PointSymbol(
                id: "cafe", point: point(262, 100),
                label: Drawing.TextRun("Café <Ω> & \"Bar\"", at: point(272, 92), style: RenderStyle.label))),
        ])
        // Ghosts of the main ETA: below the point it met the alternative's
        // callout; to the left it left the padded viewport.
        let ghosts = Drawing.Layer(id: "ghosts", primitives: [
            .ghost(Drawing.Ghost(
                id: "eta-main", frame: ScreenRect(x: 62, y: 160, width: 116, height: 60),
                reason: .collision(with: "eta-alt"), showsLabel: true)),
            .ghost(Drawing.Ghost(id: "eta-main", frame: ScreenRect(x: 4, y: 130, width: 116, height: 60), reason: .padding)),
        ])
        let callouts = Drawing.Layer(id: "callouts", primitives: [
            .callout(Drawing.Callout(
                id: "eta-alt", frame: ScreenRect(x: 215, y: 196, width: 86, height: 54),
                anchorPoint: point(215, 196), anchor: .topLeft, style: RenderStyle.callout,
                lines: [Drawing.Callout.Line("+4 min", baseline: point(10, 25), style: RenderStyle.calloutTitle)])),
            .callout(Drawing.Callout(
                id: "eta-main", frame: ScreenRect(x: 62, y: 100, width: 116, height: 60),
                anchorPoint: point(120, 160), anchor: .bottom, style: RenderStyle.primaryCallout,
                lines: [Drawing.Callout.Line("12 min", baseline: point(39, 28), style: RenderStyle.primaryCalloutTitle)],
                icon: Drawing.Callout.Icon(box: ScreenRect(x: 10, y: 10, width: 24, height: 24), color: RenderColor(rgb: 0xDCE8FD)))),
        ])
        let overlays = Drawing.Layer(id: "overlays", primitives: [
            .puck(Drawing.Puck(center: point(30, 210), bearing: 60)),
            .padding(Drawing.PaddingFrame(rect: ScreenRect(minX: 12, minY: 12, maxX: 388, maxY: 248))),
        ])
        let ghostList: [Drawing.Ghost] = ghosts.primitives.compactMap {
            if case .ghost(let g) = $0 { return g } else { return nil }
        }
        return Drawing(
            size: ScreenSize(width: 400, height: 260),
            layers: [areas, routes, symbols, ghosts, callouts, overlays],
            legend: Drawing.Legend(entries: Drawing.Legend.ghostEntries(for: ghostList), width: 130),
            caption: "2 placed · 2 candidates rejected")
    }
}
