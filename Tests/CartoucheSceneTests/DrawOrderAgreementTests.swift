import CartoucheGeometry
import CartoucheQuery
import CartoucheRender
import Foundation
import Testing

@testable import CartoucheScene

/// The picture draws overlapping annotations in the order a tap reports them
/// (reversed: a tap lists the top-most first), whatever mix of manager-level
/// and per-annotation sort keys decides it.
@Suite("drawing order agrees with the query")
struct DrawOrderAgreementTests {
    /// Three lines, three polygons, three circles crossing the viewport centre;
    /// the manager sets a sort key that two annotations override, one below and
    /// one above it, given in an order that differs from the key order.
    static let scene = #"""
    {"version": 1, "viewport": {"width": 400, "height": 300}, "camera": {"center": [0, 0], "zoom": 10},
     "managers": [
       {"id": "lines", "type": "polyline", "properties": {"line-width": 12, "line-sort-key": 5},
        "annotations": [
          {"id": "l-top", "geometry": {"type": "LineString", "coordinates": [[-0.1, 0], [0.1, 0]]}, "properties": {"line-sort-key": 9}},
          {"id": "l-manager", "geometry": {"type": "LineString", "coordinates": [[-0.1, 0.001], [0.1, -0.001]]}},
          {"id": "l-bottom", "geometry": {"type": "LineString", "coordinates": [[-0.1, -0.001], [0.1, 0.001]]}, "properties": {"line-sort-key": 1}}]},
       {"id": "fills", "type": "polygon", "properties": {"fill-sort-key": 5},
        "annotations": [
          {"id": "f-top", "geometry": {"type": "Polygon", "coordinates": [[[-0.05, -0.05], [0.05, -0.05], [0.05, 0.05], [-0.05, 0.05], [-0.05, -0.05]]]}, "properties": {"fill-sort-key": 9}},
          {"id": "f-manager", "geometry": {"type": "Polygon", "coordinates": [[[-0.06, -0.06], [0.06, -0.06], [0.06, 0.06], [-0.06, 0.06], [-0.06, -0.06]]]}},
          {"id": "f-bottom", "geometry": {"type": "Polygon", "coordinates": [[[-0.07, -0.07], [0.07, -0.07], [0.07, 0.07], [-0.07, 0.07], [-0.07, -0.07]]]}, "properties": {"fill-sort-key": -3}}]},
       {"id": "dots", "type": "circle", "properties": {"circle-radius": 20, "circle-sort-key": 2},
        "annotations": [
          {"id": "c-top", "geometry": {"type": "Point", "coordinates": [0, 0]}, "properties": {"circle-sort-key": 7}},
          {"id": "c-manager", "geometry": {"type": "Point", "coordinates": [0.0001, 0]}},
          {"id": "c-bottom", "geometry": {"type": "Point", "coordinates": [0, 0.0001]}, "properties": {"circle-sort-key": 0}}]}
     ]}
    """#

    @Test("per layer, the SVG's order is the reverse of the hits at a point where all overlap")
    func orderAgrees() throws {
        let document = try SceneDocument(jsonBytes: Array(Self.scene.utf8))
        let drawing = try document.drawing(frame: 0, text: nil)
        let hits = try document.queryIndex(frame: 0).query(at: ScreenPoint(x: 200, y: 150))
        for (manager, expected) in [("lines", ["l-bottom", "l-manager", "l-top"]),
                                    ("fills", ["f-bottom", "f-manager", "f-top"]),
                                    ("dots", ["c-bottom", "c-manager", "c-top"])] {
            let drawn = drawing.layers.flatMap(\.primitives).compactMap { primitive -> String? in
                switch primitive {
                case .polyline(let p): return p.id
                case .polygon(let p): return p.id
                case .circle(let c): return c.id
                default: return nil
                }
            }.filter { expected.contains($0) }
            // Each line is drawn as one polyline per visible piece: keep the first of each id.
            var seen = Set<String>()
            let order = drawn.filter { seen.insert($0).inserted }
            #expect(order == expected, "\(manager): drawn bottom to top \(order)")
            let tapped = hits.filter { $0.layerId == manager }.map(\.id)
            #expect(tapped == Array(expected.reversed()), "\(manager): hits top-most first \(tapped)")
        }
    }
}
