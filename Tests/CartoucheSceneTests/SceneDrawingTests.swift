import CartoucheGeometry
import CartouchePlacement
import CartoucheRender
import Foundation
import FoundationXML
import Testing

@testable import CartoucheScene

@Suite("Scene pictures")
struct SceneDrawingTests {
    @Test(arguments: [0, 1])
    func theExampleDrawsEveryShownCalloutWithItsMeasuredText(frame: Int) throws {
        let doc = try SceneManagerTests.example()
        let engine = try SceneDocumentTests.engine.get()
        let drawing = try doc.drawing(frame: frame, text: engine, options: .init(ghosts: true))
        let placed = try doc.place(text: engine).frames[frame].result
        let callouts = drawing.layers.flatMap(\.primitives).compactMap { p -> Drawing.Callout? in
            if case .callout(let c) = p { c } else { nil }
        }
        #expect(callouts.map { $0.id ?? "" } == placed.drawOrder)
        for c in callouts {
            let p = try #require(placed.placements.first { $0.id == c.id })
            #expect(c.frame == p.frame)
            #expect(!c.lines.isEmpty)
        }
        if frame == 0 {
            // The ETA title and hint are the texts of the bubble.
            let eta = try #require(callouts.first { $0.id == "eta-route-101" })
            #expect(eta.lines.map(\.text) == ["52 min", "On highway"])
        }
        let svg = try SVGRenderer().render(drawing)
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "SVG is not well-formed: \(String(describing: parser.parserError))")
        for id in placed.drawOrder { #expect(svg.contains("data-id=\"\(id)\"")) }
        #expect(try SVGRenderer().render(try doc.drawing(frame: frame, text: engine, options: .init(ghosts: true))) == svg)
        if ProcessInfo.processInfo.environment["CARTOUCHE_WRITE_PICTURES"] == "1" {
            try svg.write(toFile: "/tmp/cartouche-example-\(frame).svg", atomically: true, encoding: .utf8)
        }
    }
}
