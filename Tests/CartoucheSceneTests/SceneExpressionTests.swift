import CartoucheAnnotations
import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import CartoucheQuery
import CartoucheRender
import CartoucheStyle
import Testing

@testable import CartoucheScene

/// Style-spec expressions in manager and annotation properties: checked at
/// their exact paths when decoding, emitted verbatim, and evaluated where
/// Cartouche needs the values (pictures, hit-testing, placement) at each
/// frame's zoom with the scene's `featureState`.
@Suite("expressions in scenes")
struct SceneExpressionTests {
    /// The seed's route styling: colour from a feature-state switch, width a zoom curve.
    static let seedColor = ##"["case", ["boolean", ["feature-state", "selected"], false], "#57A9FB", "#999999"]"##
    static let seedWidth = #"["interpolate", ["linear"], ["zoom"], 10, 2, 16, 8]"#

    /// Two horizontal routes through a 400×300 viewport at zooms 13 and 16
    /// (r1 on the centre line, r2 40 pt below at zoom 13), r1 selected.
    static func scene(properties: String = #""line-color": \#(seedColor), "line-width": \#(seedWidth)"#,
                      annotation: String = "", extra: String = #", "featureState": {"routes": {"r1": {"selected": true}}}"#) -> String {
        // 40 pt at zoom 13 is 40 / (256 · 2^13 / 360) degrees of latitude near the equator.
        let dy = 40 / (256 * 8192 / 360.0)
        return #"""
        {"version": 1, "viewport": {"width": 400, "height": 300},
         "cameras": [{"center": [0, 0], "zoom": 13}, {"center": [0, 0], "zoom": 16}],
         "managers": [{"id": "routes", "type": "polyline", "properties": {\#(properties)},
           "annotations": [
             {"id": "r1", "geometry": {"type": "LineString", "coordinates": [[-1, 0], [1, 0]]}\#(annotation)},
             {"id": "r2", "geometry": {"type": "LineString", "coordinates": [[-1, \#(-dy)], [1, \#(-dy)]]}}]}],
         "avoidLayers": ["routes"]\#(extra)}
        """#
    }

    static func decode(_ text: String) throws -> SceneDocument { try SceneDocument(jsonBytes: Array(text.utf8)) }

    /// The decoding error's path and reason.
    static func failure(_ text: String) -> JSONDecodingError? {
        do { _ = try SceneDocument(json: try JSONParser().parse(Array(text.utf8))) } catch let error as JSONDecodingError { return error } catch {
            Issue.record("not a decoding error: \(error)")
        }
        return nil
    }

    @Test("the seed's route styling: widths follow the zoom and the selected route takes the feature-state colour in pictures")
    func pictures() throws {
        let doc = try Self.decode(Self.scene())
        for (frame, width) in [(0, 5.0), (1, 8.0)] {
            let drawing = try doc.drawing(frame: frame, text: nil)
            let lines = drawing.layers.flatMap(\.primitives).compactMap { p -> Drawing.Polyline? in
                if case .polyline(let l) = p { l } else { nil }
            }
            #expect(lines.count == 2)
            for line in lines {
                #expect(abs(line.style.width - width) < 1e-9, "frame \(frame): \(line.style.width)")
                let expected = line.id == "r1" ? RenderColor(red: 0x57, green: 0xA9, blue: 0xFB) : RenderColor(red: 0x99, green: 0x99, blue: 0x99)
                #expect(line.style.color == expected, "\(line.id ?? "")")
            }
        }
        // Without featureState, nothing is selected: a fresh renderer's state.
        let fresh = try Self.decode(Self.scene(extra: ""))
        let colors = try fresh.drawing(frame: 0, text: nil).layers.flatMap(\.primitives).compactMap { p -> RenderColor? in
            if case .polyline(let l) = p { l.style.color } else { nil }
        }
        #expect(colors == [RenderColor(red: 0x99, green: 0x99, blue: 0x99), RenderColor(red: 0x99, green: 0x99, blue: 0x99)])
    }

    @Test("taps hit a line within its width at the frame's zoom: 3.5 pt off misses at zoom 13 (width 5), hits at 16 (width 8)")
    func hitTesting() throws {
        let doc = try Self.decode(Self.scene())
        let tap = ScreenPoint(x: 200, y: 153.5)
        #expect(try doc.queryIndex(frame: 0).query(at: tap).filter { $0.layerId == "routes" }.isEmpty)
        #expect(try doc.queryIndex(frame: 1).query(at: tap).map(\.id).contains("r1"))
    }

    @Test("placement keeps callouts off the avoid layer's lines at the width of the frame's zoom")
    func avoidLineWidths() throws {
        let doc = try Self.decode(Self.scene())
        for (zoom, width) in [(13.0, 5.0), (16, 8), (4, 2), (20, 8)] {
            let camera = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: zoom)
            #expect(doc.placementScene(camera: camera).avoidLines.map(\.width) == [width, width])
        }
    }

    @Test("compile emits manager expressions verbatim, under the per-feature lookup when annotations set the key")
    func compileVerbatim() throws {
        let doc = try Self.decode(Self.scene(annotation: #", "properties": {"line-width": 3}"#))
        let layer = try #require(try doc.compile().fragment.layers.first { $0.id == "routes" })
        let color = try JSONParser().parse(Array(Self.seedColor.utf8))
        #expect(layer.paint["line-color"] == color)
        // The zoom curve stays top-level: the per-feature lookup goes into its outputs.
        let lookup: JSONValue = ["get", "layerProperties.line-width"]
        #expect(layer.paint["line-width"] == ["interpolate", ["linear"], ["zoom"], 10, ["coalesce", lookup, 2], 16, ["coalesce", lookup, 8]])
        // r1's own constant wins over the curve.
        let drawing = try doc.drawing(frame: 1, text: nil)
        let widths = drawing.layers.flatMap(\.primitives).compactMap { p -> Double? in if case .polyline(let l) = p { l.style.width } else { nil } }
        #expect(widths.sorted() == [3, 8])
    }

    @Test("a per-annotation expression becomes its feature's constant when decoding")
    func perAnnotationExpression() throws {
        let annotation = #", "customData": {"kind": "bus"}, "properties": {"line-color": ["match", ["get", "kind", ["get", "custom_data"]], "bus", "red", "blue"], "line-width": ["+", 1, 2]}"#
        let doc = try Self.decode(Self.scene(properties: #""line-width": 1"#, annotation: annotation, extra: ""))
        guard case .polyline(let m) = doc.managers[0] else { Issue.record("not a polyline manager"); return }
        #expect(m.annotations[0].properties.lineColor == StyleColor(red: 1, green: 0, blue: 0))
        #expect(m.annotations[0].properties.lineWidth == Pixels(3))
        #expect(m.annotations[0].properties.expressions.isEmpty)
        let feature = try #require(try doc.compile().managers["routes"]?.source.features.first?.objectValue)
        #expect(feature["properties"]?.objectValue?["layerProperties.line-color"] == "rgba(255, 0, 0, 1)")
        #expect(feature["properties"]?.objectValue?["layerProperties.line-width"] == 3)
    }

    @Test("bad expressions are errors at their exact paths", arguments: [
        (#""line-color": ["case", ["bogus", 1], "red", "blue"]"#, "", "managers[0].properties.line-color[1][0]", "unsupported operator \"bogus\""),
        (#""line-color": ["bogus", 1]"#, "", "managers[0].properties.line-color[0]", "unsupported operator"),
        (#""line-width": ["interpolate", ["linear"], ["zoom"], 10]"#, "", "managers[0].properties.line-width", "\"interpolate\" expects"),
        (#""line-width": ["concat", "a", "b"]"#, "", "managers[0].properties.line-width", "expected number but found string"),
        (#""line-color": ["interpolate", ["linear"], ["zoom"], 0, "red", 10, 5]"#, "", "managers[0].properties.line-color[6]", "expected color"),
        (#""line-width": ["+", 1, ["zoom"]]"#, "", "managers[0].properties.line-width", "top-level"),
        (#""line-cap": ["get", "cap"]"#, "", "managers[0].properties.line-cap", "one value per layer"),
        (#""line-sort-key": ["feature-state", "x"]"#, "", "managers[0].properties.line-sort-key", "layout properties"),
        (#""line-width": 1"#, #", "properties": {"line-width": ["interpolate", ["linear"], ["zoom"], 0, 1, 20, 9]}"#,
         "managers[0].annotations[0].properties.line-width", "manager's properties"),
        (#""line-width": 1"#, #", "properties": {"line-color": ["to-color", "nonsense"]}"#,
         "managers[0].annotations[0].properties.line-color", "Could not parse color"),
        (#""line-width": 1"#, #", "properties": {"line-color": ["to-color", ["get", "nope", ["get", "custom_data"]]]}"#,
         "managers[0].annotations[0].properties.line-color", "evaluation failed"),
        (#""line-width": 1"#, #", "properties": {"line-width": ["+", 1, "x"]}"#,
         "managers[0].annotations[0].properties.line-width[2]", "expected number"),
        (#""line-width": "wide""#, "", "managers[0].properties.line-width", "expected a number, found a string"),
    ] as [(String, String, String, String)])
    func badExpressions(properties: String, annotation: String, path: String, reason: String) throws {
        let error = try #require(Self.failure(Self.scene(properties: properties, annotation: annotation, extra: "")))
        #expect(error.path.description == path)
        #expect(error.reason.contains(reason), "\(error.reason)")
        // The path is said once: the reason does not repeat the property.
        #expect(!error.description.dropFirst(path.count).contains(path.split(separator: ".").last ?? ""), "\(error)")
    }

    @Test("featureState names managers and annotations of the scene")
    func featureStateIds() throws {
        let unknownManager = try #require(Self.failure(Self.scene(extra: #", "featureState": {"roads": {"r1": {}}}"#)))
        #expect(unknownManager.path.description == "featureState.roads")
        let unknownAnnotation = try #require(Self.failure(Self.scene(extra: #", "featureState": {"routes": {"r9": {"selected": true}}}"#)))
        #expect(unknownAnnotation.path.description == "featureState.routes.r9")
        let notObject = try #require(Self.failure(Self.scene(extra: #", "featureState": {"routes": {"r1": true}}"#)))
        #expect(notObject.path.description == "featureState.routes.r1")
    }
}
