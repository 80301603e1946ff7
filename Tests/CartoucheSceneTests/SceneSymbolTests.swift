import CartoucheGeometry
import CartouchePlacement
import CartoucheQuery
import CartoucheText
import Foundation
import Testing

@testable import CartoucheScene

@Suite("Scene symbols: shaped label boxes")
struct SceneSymbolTests {
    static let json = """
    {"version": 1, "viewport": {"width": 600, "height": 400}, "camera": {"center": [13.4, 52.5], "zoom": 12},
     "managers": [{"id": "labels", "type": "point", "properties": {"text-font": ["Noto Sans Bold"], "text-size": 20},
                   "annotations": [{"id": "berlin", "geometry": {"type": "Point", "coordinates": [13.4, 52.5]},
                                    "properties": {"text-field": "Berlin", "text-anchor": "top"}}]}],
     "viewAnnotations": [
       {"id": "blocked", "feature": {"type": "Point", "coordinates": [13.4, 52.5]}, "size": {"width": 30, "height": 30},
        "variableAnchors": ["top"], "enableSymbolLayerCollision": true},
       {"id": "free", "feature": {"type": "Point", "coordinates": [13.4, 52.5]}, "size": {"width": 30, "height": 30},
        "variableAnchors": ["bottom"], "enableSymbolLayerCollision": true}]}
    """

    @Test func labelsAreHitByTheirShapedTextBoxAndBlockCallouts() throws {
        let doc = try SceneDocument(jsonBytes: Array(Self.json.utf8))
        let engine = try SceneDocumentTests.engine.get()
        // The box the text engine gives "Berlin" in bold 20 px hanging below the point.
        let box = try engine.bounds(of: "Berlin", style: TextStyle(font: ["Noto Sans Bold"], size: 20, anchor: .top))
        #expect(box.minY == 0 && box.width > 40)
        let index = try doc.queryIndex(text: engine)
        let center = ScreenPoint(x: 300, y: 200)
        // Inside the text box, to the right of the (absent) icon: the label; just outside: nothing.
        let inside = index.query(at: ScreenPoint(x: center.x + box.maxX - 1, y: center.y + box.maxY - 1))
        #expect(inside.map(\.id) == ["berlin"] && inside.first?.kind == .symbol)
        #expect(index.query(at: ScreenPoint(x: center.x + box.maxX + 1, y: center.y + box.midY)).isEmpty)
        // The callout hanging below the point would cover the label: hidden, naming it.
        let placed = try doc.place(text: engine).frames[0].result
        #expect(placed.placements[0].hiddenReason == .collision(with: "berlin"))
        #expect(placed.placements[1].isVisible)
    }
}

extension ScreenRect {
    var midY: Double { (minY + maxY) / 2 }
}
