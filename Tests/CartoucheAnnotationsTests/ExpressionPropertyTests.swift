import CartoucheAnnotations
import CartoucheGeometry
import CartoucheJSON
import CartoucheStyle
import Testing

/// Expressions as property values in the library: how property sets hold
/// them, what compile emits, and the values `resolvedStyle(of:in:)` gives.
@Suite("expression properties")
struct ExpressionPropertyTests {
    static let here = Coordinate(latitude: 0, longitude: 0), there = Coordinate(latitude: 0, longitude: 1)
    static let width: JSONValue = ["interpolate", ["linear"], ["zoom"], 10, 2, 16, 8]
    static let color: JSONValue = ["case", ["boolean", ["feature-state", "selected"], false], "#57A9FB", "#999999"]

    func manager(_ properties: [String: JSONValue], annotations: [PolylineAnnotation]? = nil) throws -> PolylineAnnotationManager {
        var m = PolylineAnnotationManager(id: "routes", annotations: annotations ?? [
            PolylineAnnotation(id: "r1", coordinates: [Self.here, Self.there]),
            PolylineAnnotation(id: "r2", coordinates: [Self.there, Self.here]),
        ])
        for (key, value) in properties {
            if LineProperties.descriptors.contains(where: { $0.key == key }) {
                try m.defaults.setStyleValue(value, forKey: key)
            } else {
                try m.layerProperties.setStyleValue(value, forKey: key)
            }
        }
        return m
    }

    @Test("an expression replaces the constant and back; styleJSON gives it as written")
    func holding() throws {
        var p = LineProperties()
        p.lineWidth = 4
        try p.setStyleValue(Self.width, forKey: "line-width")
        #expect(p.lineWidth == nil)
        #expect(p.expressions["line-width"]?.json == Self.width)
        #expect(p.styleJSON == ["line-width": Self.width])
        try p.setStyleValue(3, forKey: "line-width")
        #expect(p.lineWidth == Pixels(3) && p.expressions.isEmpty)
        // An array that is a constant of an array property stays a constant.
        var s = SymbolLayerProperties()
        try s.setStyleValue(["Open Sans Regular"], forKey: "text-font")
        #expect(s.textFont == ["Open Sans Regular"] && s.expressions.isEmpty)
        try s.setStyleValue(["step", ["zoom"], ["literal", ["A"]], 10, ["literal", ["B"]]], forKey: "text-font")
        #expect(s.textFont == nil && s.expressions["text-font"] != nil)
    }

    @Test("resolved styles evaluate manager expressions at the zoom, with the feature state of the manager's annotation")
    func resolving() throws {
        let m = try manager(["line-width": Self.width, "line-color": Self.color])
        let env = StyleEnvironment(zoom: 13, featureState: ["routes": ["r1": ["selected": true]], "other": ["r2": ["selected": true]]])
        let r1 = m.resolvedStyle(of: m.annotations[0], in: env), r2 = m.resolvedStyle(of: m.annotations[1], in: env)
        #expect(r1.width == 5 && r2.width == 5)
        #expect(r1.color == (try StyleColor(parsing: "#57A9FB")))
        #expect(r2.color == (try StyleColor(parsing: "#999999")))
        // No environment: zoom 0, no state.
        #expect(m.resolvedStyle(of: m.annotations[0]).width == 2)
    }

    @Test("evaluated numbers are clamped into the property's range; errors and nulls give the default")
    func clampingAndDefaults() throws {
        let m = try manager(["line-width": ["interpolate", ["linear"], ["zoom"], 0, -20, 20, 0], "line-opacity": ["*", 2, 1], "line-offset": ["get", "missing"],
                             "line-gap-width": ["to-number", ["concat", "x", ["get", "k"]]]])
        let r = m.resolvedStyle(of: m.annotations[0], in: StyleEnvironment(zoom: 3))
        #expect(r.width == 0 && r.opacity == 1 && r.offset == 0 && r.gapWidth == 0)
    }

    @Test("layout properties see the zoom rounded down, paint properties the zoom itself")
    func layoutZoom() throws {
        let step: JSONValue = ["step", ["zoom"], 0, 5.5, 10]
        let m = try manager(["line-sort-key": step, "line-width": step])
        let r = m.resolvedStyle(of: m.annotations[0], in: StyleEnvironment(zoom: 5.7))
        #expect(r.sortKey == 0 && r.width == 10)
    }

    @Test("compile emits manager and layer expressions verbatim")
    func compileEmits() throws {
        let dash: JSONValue = ["step", ["zoom"], ["literal", [1, 1]], 12, ["literal", [2, 1]]]
        let m = try manager(["line-width": Self.width, "line-color": Self.color, "line-dasharray": dash])
        let layer = try #require(try m.compile().layers.first)
        #expect(layer.paint["line-width"] == Self.width && layer.paint["line-color"] == Self.color && layer.paint["line-dasharray"] == dash)
    }

    @Test("per-annotation expressions are evaluated for their feature at compile; zoom and feature state are refused")
    func perAnnotation() throws {
        var a = PolylineAnnotation(id: "r1", coordinates: [Self.here, Self.there], customData: ["kind": "bus"])
        try a.properties.setStyleValue(["match", ["get", "kind", ["get", "custom_data"]], "bus", 6, 1], forKey: "line-width")
        let compiled = try manager([:], annotations: [a]).compile()
        let feature = try #require(compiled.source.features.first?.objectValue)
        #expect(feature["properties"]?.objectValue?["layerProperties.line-width"] == 6)
        #expect(compiled.layers[0].paint["line-width"] == ["coalesce", ["get", "layerProperties.line-width"], 1])
        // The streaming writer agrees.
        let bytes = try manager([:], annotations: [a]).sourceDataBytes()
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""layerProperties.line-width":6}"#))

        try a.properties.setStyleValue(Self.width, forKey: "line-width")
        let zoomed = try manager([:], annotations: [a])
        #expect(throws: AnnotationError.self) { try zoomed.compile() }
        do { _ = try zoomed.compile() } catch {
            guard case .invalidProperty("routes", "r1", "line-width", .expression(_, let reason)) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reason.contains("cannot read the zoom"))
        }
    }

    @Test("the portable target refuses a Mapbox-only property given as an expression, and a per-feature expression MapLibre cannot vary")
    func targets() throws {
        let border = try manager(["line-border-width": ["interpolate", ["linear"], ["zoom"], 0, 1, 10, 2]])
        #expect(throws: AnnotationError.unsupportedByTarget(manager: "routes", annotation: nil, property: "line-border-width", support: .mapboxOnly)) {
            try border.compile()
        }
        _ = try border.compile(target: .mapbox)
        var symbols = PointAnnotationManager(id: "s")
        try symbols.defaults.setStyleValue(["get", "h", ["get", "custom_data"]], forKey: "text-line-height")
        #expect(throws: AnnotationError.unsupportedByTarget(manager: "s", annotation: nil, property: "text-line-height", support: .constantInMapLibre)) {
            try symbols.compile()
        }
    }
}
