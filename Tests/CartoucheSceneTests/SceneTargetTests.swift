import CartoucheAnnotations
import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import CartoucheQuery
import CartoucheRender
import CartoucheStyle
import Foundation
import Testing

@testable import CartoucheScene

/// The scene's target (`options.target`) and basemap (issue #14 item 2): one
/// resolution rule, Mapbox-only properties and slots refused under
/// `portable` at their paths, `line-trim-offset` honoured in geometry under
/// `mapbox` (queries, pictures, callouts), `lineMetrics`, and layers placed
/// among the basemap's layers and slots.
@Suite("Scene target and basemap")
struct SceneTargetTests {
    static let viewport = ScreenSize(width: 400, height: 300)
    static let camera = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10)

    /// `[lng, lat]` drawn at screen point (x, y) by ``camera``.
    static func at(_ x: Double, _ y: Double) throws -> String {
        let c = try #require(try Projection(camera: camera, viewport: viewport).unproject(ScreenPoint(x: x, y: y)))
        return "[\(c.longitude), \(c.latitude)]"
    }

    /// A straight route across the screen at y = 150, from x = 50 to x = 350
    /// (progress along it is linear in x), with `routeProperties` and a
    /// callout bound to it; a second camera may trim it (`frameTrim`).
    static func routeScene(
        routeProperties: String = #""line-width": 8, "line-trim-offset": [0, 0.5]"#, target: String? = "mapbox",
        frameTrim: String? = nil, extra: String = ""
    ) throws -> SceneDocument {
        let camera = #"{"center": [0, 0], "zoom": 10}"#
        let cameras = frameTrim.map { #""cameras": [\#(camera), {"center": [0, 0], "zoom": 10, "lineTrim": {"route": \#($0)}}]"# }
            ?? #""camera": \#(camera)"#
        let options = target.map { #", "options": {"target": "\#($0)"}"# } ?? ""
        let json = """
        {"version": 1, "viewport": {"width": 400, "height": 300}, \(cameras)\(options)\(extra),
         "managers": [{"id": "route", "type": "polyline", "properties": {\(routeProperties)},
                       "annotations": [{"id": "r", "geometry": {"type": "LineString", "coordinates": [\(try at(50, 150)), \(try at(350, 150))]}}]}],
         "viewAnnotations": [{"id": "eta", "feature": {"layerId": "route", "featureId": "r"}, "size": {"width": 40, "height": 20},
                              "variableAnchors": ["bottom"]}]}
        """
        return try SceneDocument(jsonBytes: Array(json.utf8))
    }

    static func routeHit(_ index: SceneQueryIndex, x: Double) -> Bool {
        index.query(at: ScreenPoint(x: x, y: 150)).contains { $0.layerId == "route" && $0.id == "r" }
    }

    /// Edits the scene's route manager in place.
    static func editRoute(_ scene: inout SceneDocument, _ edit: (inout PolylineAnnotationManager) -> Void) {
        guard case .polyline(var m) = scene.managers[0] else { Issue.record("not a polyline manager"); return }
        edit(&m)
        scene.managers[0] = .polyline(m)
    }

    /// Compiling `scene` is refused at `path`, with a message holding `message`.
    static func expectRefusal(
        _ scene: SceneDocument, target: StyleTarget? = nil, at path: String, saying message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            _ = try scene.compile(target: target)
            Issue.record("compiling must fail at \(path)", sourceLocation: sourceLocation)
        } catch {
            #expect(scene.jsonPath(for: error)?.description == path, "\(error)", sourceLocation: sourceLocation)
            #expect(error.description.contains(message), "\(error)", sourceLocation: sourceLocation)
        }
    }

    // MARK: Resolution

    @Test("one rule: the request's target, else the scene's options.target, else portable")
    func resolution() throws {
        let unset = try Self.routeScene(routeProperties: #""line-width": 8"#, target: nil)
        #expect(unset.options.target == .portable)
        #expect(unset.resolvingTarget(nil).options.target == .portable)
        #expect(unset.resolvingTarget(.mapbox).options.target == .mapbox)
        let mapbox = try Self.routeScene()
        #expect(mapbox.options.target == .mapbox)
        #expect(mapbox.resolvingTarget(nil).options.target == .mapbox)
        #expect(mapbox.resolvingTarget(.portable).options.target == .portable)
        let bad = #"{"version": 1, "viewport": {"width": 4, "height": 3}, "camera": {"center": [0, 0], "zoom": 1}, "options": {"target": "maplibre"}}"#
        #expect(throws: JSONInputError.self) { try SceneDocument(jsonBytes: Array(bad.utf8)) }
        do { _ = try SceneDocument(jsonBytes: Array(bad.utf8)) } catch {
            #expect("\(error)".contains(#"options.target: unknown value "maplibre"; expected one of "portable", "mapbox""#), "\(error)")
        }
    }

    // MARK: Refusals under portable

    @Test("under portable a Mapbox-only property is refused by compile and by every prepared route, at its path, naming the option")
    func portableRefusesMapboxOnly() throws {
        let scene = try Self.routeScene().resolvingTarget(.portable)
        let attempts: [() throws -> Void] = [
            { _ = try scene.compile() }, { _ = try scene.styleDocument() }, { _ = try scene.place() },
            { _ = try scene.queryIndex() }, { _ = try scene.drawing(text: nil) },
        ]
        for attempt in attempts {
            do {
                try attempt()
                Issue.record("line-trim-offset must be refused under portable")
            } catch let error as SceneError {
                #expect(scene.jsonPath(for: error)?.description == "managers[0].properties.line-trim-offset")
                #expect(error.description.contains(#"property "line-trim-offset" is Mapbox-only"#), "\(error)")
                #expect(error.description.contains(#"allow it with "options": {"target": "mapbox"}"#) && error.description.contains("--target mapbox"))
            }
        }
        // The same scene compiles for Mapbox.
        _ = try scene.compile(target: .mapbox)
    }

    @Test("under portable a slot is refused at managers[i].slot; under mapbox it must be a basemap slot")
    func slots() throws {
        var scene = try Self.routeScene(routeProperties: #""line-width": 8"#, target: nil)
        Self.editRoute(&scene) { $0.slot = "middle" }
        Self.expectRefusal(scene, at: "managers[0].slot", saying: #"slot "middle" is Mapbox-only"#)
        // Mapbox: Standard's slots by default; the layer carries its slot and no beforeId naming it.
        let fragment = try scene.compile(target: .mapbox).fragment
        #expect(fragment.layers.map(\.slot) == ["middle"])
        #expect(fragment.insertBefore == [nil])
        // A slot the basemap does not have.
        Self.editRoute(&scene) { $0.slot = "overlay" }
        Self.expectRefusal(scene, target: .mapbox, at: "managers[0].slot", saying: #"slot "overlay" is not one of the basemap's slots"#)
        scene.basemap.slots = ["bottom", "overlay"]
        #expect(try scene.compile(target: .mapbox).fragment.layers.map(\.slot) == ["overlay"])
        // A complete style gets the slot markers and the layer inside its slot.
        let style = try scene.styleDocument(target: .mapbox)
        #expect(style.layers.map(\.id) == ["background", "bottom", "route", "overlay"])
    }

    // MARK: Trim in geometry

    @Test("line-trim-offset hides the trimmed stretch from queries, pictures and callouts; the source gets lineMetrics",
          arguments: [
              "[0, 0.5]",
              // An expression is evaluated for the frame (zoom 10 here), not read as a constant.
              #"["literal", [0, 0.5]]"#,
              #"["step", ["zoom"], ["literal", [0, 0]], 8, ["literal", [0, 0.5]]]"#,
          ])
    func trimInGeometry(trim: String) throws {
        let scene = try Self.routeScene(routeProperties: #""line-width": 8, "line-trim-offset": \#(trim)"#)
        let prepared = try PreparedScene(scene, text: nil)
        #expect(try scene.compile().fragment.sources["route"]?.lineMetrics == true)
        let index = try prepared.queryIndex(frame: 0)
        #expect(!Self.routeHit(index, x: 100), "the trimmed first half is hit")
        #expect(!Self.routeHit(index, x: 195))
        #expect(Self.routeHit(index, x: 205))
        #expect(Self.routeHit(index, x: 300))
        // Pictures: every drawn point of the route is on its untrimmed half.
        let drawing = try prepared.drawing(frame: 0)
        let points = drawing.layers.first { $0.id == "route" }?.primitives.flatMap { primitive -> [ScreenPoint] in
            if case .polyline(let line) = primitive { line.points } else { [] }
        } ?? []
        #expect(!points.isEmpty)
        #expect(points.allSatisfy { $0.x > 199.9 }, "\(points)")
        // The callout anchors on the drawn half.
        let eta = try #require(prepared.response.frames[0].result.placements.first { $0.id == "eta" })
        let anchor = try #require(eta.anchorCoordinate.flatMap { index.projection.project($0) })
        #expect(anchor.x > 199.9, "eta anchored at \(anchor)")
    }

    @Test("a camera's lineTrim for a manager trims its lines for that frame alone, and asks for lineMetrics")
    func frameTrim() throws {
        let scene = try Self.routeScene(routeProperties: #""line-width": 8"#, target: nil, frameTrim: "[0.5, 1]")
        let compiled = try scene.compile()
        #expect(compiled.fragment.sources["route"]?.lineMetrics == true)
        let prepared = try PreparedScene(scene, text: nil)
        let whole = try prepared.queryIndex(frame: 0), trimmed = try prepared.queryIndex(frame: 1)
        #expect(Self.routeHit(whole, x: 100) && Self.routeHit(whole, x: 300))
        #expect(Self.routeHit(trimmed, x: 100) && !Self.routeHit(trimmed, x: 300))
        let eta = try #require(prepared.response.frames[1].result.placements.first { $0.id == "eta" })
        let anchor = try #require(eta.anchorCoordinate.flatMap { trimmed.projection.project($0) })
        #expect(anchor.x < 200.1, "eta anchored at \(anchor) in the trimmed frame")
        // Without a trim anywhere, no lineMetrics.
        #expect(try Self.routeScene(routeProperties: #""line-width": 8"#, target: nil).compile().fragment.sources["route"]?.lineMetrics == false)
    }

    @Test("drawn runs: the stretches before and after the trim, cut where the trim says")
    func drawnRuns() throws {
        let a = Coordinate(latitude: 0, longitude: 0), b = Coordinate(latitude: 0, longitude: 1), c = Coordinate(latitude: 0, longitude: 3)
        #expect(LineTrim.drawnRuns([a, b, c], trim: nil) == [[a, b, c]])
        #expect(LineTrim.drawnRuns([a, b, c], trim: 0.4...0.4) == [[a, b, c]])
        #expect(LineTrim.drawnRuns([a, b, c], trim: 0...1) == [])
        let runs = LineTrim.drawnRuns([a, b, c], trim: 0.25...0.5)
        try #require(runs.count == 2)
        #expect(runs[0].count == 2 && runs[0][0] == a && abs(runs[0][1].longitude - 0.75) < 1e-12)
        #expect(runs[1].count == 2 && abs(runs[1][0].longitude - 1.5) < 1e-12 && runs[1][1] == c)
        // A cut on a vertex keeps the vertex itself (b at half the length of a, b, d).
        let d = Coordinate(latitude: 0, longitude: 2)
        #expect(LineTrim.drawnRuns([a, b, d], trim: 0...0.5) == [[b, d]])
        #expect(LineTrim.drawnRuns([a, b, d], trim: 0.5...1) == [[a, b]])
    }

    // MARK: Basemap

    @Test("positions may name basemap layers: the fragment says beforeId, a style keeps the order without them")
    func basemapLayers() throws {
        let extra = #", "basemap": {"layers": ["water", "road-label"]}"#
        var scene = try Self.routeScene(routeProperties: #""line-width": 8"#, target: nil, extra: extra)
        Self.editRoute(&scene) { $0.layerPosition = .below("road-label") }
        scene.managers.append(.circle(CircleAnnotationManager(id: "dots")))
        let fragment = try scene.compile().fragment
        #expect(fragment.layers.map(\.id) == ["route", "dots"])
        #expect(fragment.insertBefore == ["road-label", nil])
        let style = try scene.styleDocument()
        #expect(style.layers.map(\.id) == ["background", "route", "dots"])

        Self.editRoute(&scene) { $0.layerPosition = .below("labels") }
        Self.expectRefusal(scene, at: "managers[0].layerPosition", saying: #"unknown layer "labels"; name a manager's layer or one of the basemap's layers (declare them in basemap.layers)"#)
    }

    @Test("a slotted layer is placed by its slot: positions across slots, or next to a basemap layer, are refused")
    func slotPositions() throws {
        var scene = try Self.routeScene(routeProperties: #""line-width": 8"#, extra: #", "basemap": {"layers": ["road-label"]}"#)
        scene.managers.append(.circle(CircleAnnotationManager(id: "dots", layerPosition: .below("route"))))
        Self.editRoute(&scene) { $0.slot = "middle" }
        Self.expectRefusal(scene, at: "managers[1].layerPosition", saying: "same slot")
        scene.managers[1] = .circle(CircleAnnotationManager(id: "dots", layerPosition: .below("route"), slot: "middle"))
        let fragment = try scene.compile().fragment
        #expect(fragment.layers.map(\.id) == ["dots", "route"] && fragment.insertBefore == [nil, nil])

        Self.editRoute(&scene) { $0.layerPosition = .below("road-label") }
        Self.expectRefusal(scene, at: "managers[0].layerPosition", saying: "basemap layer \"road-label\"")
    }

    @Test("basemap ids are named once, and never a manager's layer", arguments: [
        (#"{"layers": ["a", "a"]}"#, "basemap.layers[1]"), (#"{"layers": ["a"], "slots": ["a"]}"#, "basemap.slots[0]"),
        (#"{"layers": ["route"]}"#, "basemap.layers[0]"), (#"{"layers": [""]}"#, "basemap.layers[0]"),
        (#"{"layer": []}"#, "basemap.layer"),
    ])
    func basemapDecoding(basemap: String, path: String) throws {
        do {
            _ = try Self.routeScene(routeProperties: #""line-width": 8"#, target: nil, extra: #", "basemap": \#(basemap)"#)
            Issue.record("\(basemap) must be refused")
        } catch {
            #expect("\(error)".hasPrefix(path + ":"), "\(error)")
        }
    }
}
