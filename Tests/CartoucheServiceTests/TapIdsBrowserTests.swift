import CartoucheJSON
import CartoucheTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

/// Taps in GL JS tell annotations apart (issue #14 item 3), end to end as a
/// client sees it: a scene with all four kinds (and a clustered point
/// manager) is compiled by `POST /v1/compile` with the default target,
/// loaded in MapLibre GL JS 5.3.0 in headless chromium
/// (`scripts/interop/maplibre_style_oracle.py`, opening on the style's own
/// camera), and `queryRenderedFeatures` at every annotation returns features
/// whose `id` — and `properties.id` — is the annotation id, for every feature
/// under the tap; clusters carry `cluster_id`, and Cartouche's own answer
/// there lists their annotations. `POST /v1/query` at the same points agrees
/// with MapLibre on the top-most annotation.
///
/// Also the seed example's route styling (`SeedRouteScene`): its portable
/// variant loads in MapLibre with no error and its routes are tapped by id
/// (the Mapbox-only variant cannot be drawn by MapLibre; `TargetRouteTests`
/// runs it through every route).
///
/// Needs `scripts/setup`; `CARTOUCHE_SKIP_BROWSER_TESTS=1` skips it.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CARTOUCHE_SKIP_BROWSER_TESTS"] != "1",
                "CARTOUCHE_SKIP_BROWSER_TESTS=1 skips the MapLibre browser test"))
struct TapIdsBrowserTests {
    static let script = "scripts/interop/maplibre_style_oracle.py"
    static let glyphs = "cartouche://glyphs/{fontstack}/{range}.pbf"
    static let center = (longitude: 2.35, latitude: 48.85)
    static let zoom = 12.0
    /// Where MapLibre 5.3 draws a globe style on the sphere (below zoom 12).
    static let globeZoom = 4.5

    /// `[lng, lat]` about `dx`, `dy` pixels (y down) from the centre, from the
    /// Mercator scale at the centre latitude; only lays the scene out (every
    /// probe uses MapLibre's own projection of the coordinate, on the globe too).
    static func at(_ dx: Double, _ dy: Double, zoom: Double = zoom) -> JSONValue {
        let degreesPerPixel = 360 / (512 * pow(2, zoom))
        let latitude = center.latitude - dy * degreesPerPixel * cos(center.latitude * .pi / 180)
        return [.number(center.longitude + dx * degreesPerPixel), .number(latitude)]
    }

    static func point(_ c: JSONValue) -> JSONValue { ["type": "Point", "coordinates": c] }

    struct Probe {
        var name: String
        var coordinate: JSONValue
        /// The manager and annotation the top-most feature must be; nil id for a cluster.
        var layer: String
        var id: String?
    }

    /// Four kinds and a clustered point manager, no callouts (so Cartouche's
    /// top hit is a layer feature, as MapLibre's is); with `globe`, the same
    /// layout at ``globeZoom`` under `"projection": {"type": "globe"}`.
    static func scene(globe: Bool = false) -> (scene: JSONValue, probes: [Probe]) {
        let zoom = globe ? globeZoom : zoom
        func at(_ dx: Double, _ dy: Double) -> JSONValue { Self.at(dx, dy, zoom: zoom) }
        let ring: JSONValue = [at(-250, -180), at(-150, -180), at(-150, -80), at(-250, -80), at(-250, -180)]
        let shopOffsets: [(Double, Double)] = [(-4, -3), (4, -3), (-4, 3), (4, 3)]
        var shops: [JSONValue] = shopOffsets.enumerated().map { i, o in
            ["id": .string("shop\(i)"), "geometry": point(at(150 + o.0, 90 + o.1)), "properties": ["icon-image": "pin"]]
        }
        shops.append(["id": "lone-shop", "geometry": point(at(260, -40)), "properties": ["icon-image": "pin"]])
        let managers: [JSONValue] = [
            ["id": "zones", "type": "polygon", "properties": ["fill-color": "#3a7"],
             "annotations": [["id": "zone", "geometry": ["type": "Polygon", "coordinates": [ring]]]]],
            ["id": "routes", "type": "polyline", "properties": ["line-width": 10, "line-color": "#25f"],
             "annotations": [["id": "route", "geometry": ["type": "LineString", "coordinates": [at(-120, 160), at(120, 160)]]]]],
            ["id": "dots", "type": "circle", "properties": ["circle-radius": 14, "circle-color": "orange"],
             "annotations": [["id": "dot", "geometry": point(at(170, -150))]]],
            ["id": "places", "type": "point", "properties": ["text-font": ["Noto Sans Regular"], "icon-image": "pin"],
             "annotations": [
                ["id": "cafe", "geometry": point(at(-40, 20)), "properties": ["text-field": "Cafe 7", "text-offset": [0, 1.5]],
                 "customData": ["kind": "cafe"]],
                ["id": "museum", "geometry": point(at(60, 20))],
             ]],
            ["id": "shops", "type": "point", "properties": ["text-font": ["Noto Sans Regular"]],
             "cluster": ["circleColor": "#a0f"], "annotations": .array(shops)],
        ]
        var scene: JSONValue = [
            "version": 1, "viewport": ["width": 640, "height": 480],
            "camera": ["center": [.number(center.longitude), .number(center.latitude)], "zoom": .number(zoom)],
            "images": ["pin": ["width": 20, "height": 20]],
            "managers": .array(managers),
        ]
        if globe, case .object(var members) = scene {
            members["projection"] = ["type": "globe"]
            scene = .object(members)
        }
        let probes = [
            Probe(name: "fill", coordinate: at(-200, -130), layer: "zones", id: "zone"),
            Probe(name: "line", coordinate: at(0, 160), layer: "routes", id: "route"),
            Probe(name: "circle", coordinate: at(170, -150), layer: "dots", id: "dot"),
            Probe(name: "labelled icon", coordinate: at(-40, 20), layer: "places", id: "cafe"),
            Probe(name: "icon", coordinate: at(60, 20), layer: "places", id: "museum"),
            Probe(name: "unclustered point", coordinate: at(260, -40), layer: "shops", id: "lone-shop"),
            Probe(name: "cluster", coordinate: at(150, 90), layer: "shops-cluster-count", id: nil),
        ]
        return (scene, probes)
    }

    /// Runs the oracle on a compiled style opening on its own camera.
    static func load(style: JSONValue, probes: [JSONValue], screenshot: String) async throws -> [String: JSONValue] {
        let job: JSONValue = [
            "width": 640, "height": 480, "camera": .null, "style": style,
            "images": [["name": "pin", "width": 20, "height": 20, "pixelRatio": 1, "sdf": false]],
            "glyphFont": "Fonts/NotoSans-Regular.ttf", "glyphChars": "0123456789 Cafe",
            "screenshot": .string(FileManager.default.temporaryDirectory.appendingPathComponent(screenshot).path),
            "probes": .array(probes),
        ]
        let output = try await PythonOracle.runOffThePool(script: script, input: Data(try job.jsonBytes()))
        return try #require(try JSONParser().parse(Array(output)).objectValue)
    }

    @Test("every feature MapLibre returns at each of the four kinds (and a cluster's points) maps back to its annotation")
    func tapsMapBackToAnnotations() async throws {
        try await checkTaps(globe: false)
    }

    /// Issue #16: the same four kinds and cluster compiled under the globe
    /// (the style carries `projection`), drawn on MapLibre's sphere, tapped
    /// there; Cartouche's `/v1/query` under the globe agrees on the top hit.
    @Test("on the globe too, MapLibre's features map back to their annotations and Cartouche's top hit is MapLibre's")
    func tapsMapBackToAnnotationsOnTheGlobe() async throws {
        try await checkTaps(globe: true)
    }

    func checkTaps(globe: Bool) async throws {
        let missing = PythonOracle.missingBrowserPrerequisites(script: Self.script)
        try #require(missing.isEmpty, "run scripts/setup; missing: \(missing.joined(separator: ", "))")
        let (scene, probes) = Self.scene(globe: globe)
        let sceneBytes = try scene.jsonBytes()
        let ids = Dictionary(uniqueKeysWithValues: (scene["managers"]?.arrayValue ?? []).map { m in
            (m["id"]?.stringValue ?? "", Set((m["annotations"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }))
        })

        try await makeApp(testConfiguration()).test(.router) { client in
            let glyphs = Self.glyphs.replacingOccurrences(of: "{", with: "%7B").replacingOccurrences(of: "}", with: "%7D")
            let compiled = try await post(client, "/v1/compile?glyphs=\(glyphs)", ByteBuffer(bytes: sceneBytes))
            try #require(compiled.status == .ok, "\(String(buffer: compiled.body))")
            let style = try JSONParser().parse(compiled.body.bytes)
            for (id, source) in style["sources"]?.objectValue ?? [:] {
                #expect(source["promoteId"] == "id", "source \(id) promotes no id")
            }

            let result = try await Self.load(style: style, probes: probes.map(\.coordinate),
                                       screenshot: globe ? "cartouche-tap-ids-globe.png" : "cartouche-tap-ids.png")
            #expect(result["errors"] == [], "MapLibre reported \(result["errors"] ?? .null)")
            #expect(result["view"]?["globeRendering"]?.boolValue == globe, "MapLibre's view: \(result["view"] ?? .null)")
            let hits = try #require(result["hits"]?.arrayValue)
            try #require(hits.count == probes.count)
            for (probe, list) in zip(probes, hits) {
                let features = list.arrayValue ?? []
                let summary = features.map { "\($0["layer"]?.stringValue ?? "?"):\($0["id"]?.stringValue ?? "-")" }
                let top = try #require(features.first, "\(probe.name): MapLibre returns nothing at the annotation")
                #expect(top["layer"]?.stringValue == probe.layer, "\(probe.name): \(summary)")
                if let id = probe.id {
                    #expect(top["id"]?.stringValue == id, "\(probe.name): \(summary)")
                }
                // Every feature under the tap names its annotation, by id and by property, in its own manager.
                for feature in features {
                    let layer = feature["layer"]?.stringValue ?? ""
                    if feature["cluster"] == true {
                        #expect(layer.hasPrefix("shops-cluster"), "\(probe.name): \(layer)")
                        // A cluster keeps its numeric id, its cluster_id (it has no `id` property to promote).
                        let clusterId = feature["properties"]?["cluster_id"]?.numberValue
                        #expect(clusterId != nil && feature["id"]?.numberValue == clusterId, "\(probe.name): cluster \(feature)")
                        continue
                    }
                    let id = try #require(feature["id"]?.stringValue, "\(probe.name): a \(layer) feature without id")
                    #expect(feature["properties"]?["id"]?.stringValue == id, "\(probe.name): properties.id of \(id)")
                    #expect(ids[layer]?.contains(id) == true, "\(probe.name): \(id) is not an annotation of \(layer)")
                }
            }

            // Cartouche at the same screen points: the same top-most annotation; the cluster's points listed.
            let projected = try #require(result["projected"]?.arrayValue)
            let query = try JSONValue.object(["scene": scene, "taps": .array(projected)]).jsonBytes()
            let queried = try await post(client, "/v1/query", ByteBuffer(bytes: query))
            try #require(queried.status == .ok, "\(String(buffer: queried.body))")
            let taps = try #require(try JSONParser().parse(queried.body.bytes)["taps"]?.arrayValue)
            for (probe, tap) in zip(probes, taps) {
                let top = try #require(tap["hits"]?.arrayValue?.first, "\(probe.name): Cartouche finds nothing")
                if let id = probe.id {
                    #expect(top["layer"]?.stringValue == probe.layer && top["id"]?.stringValue == id, "\(probe.name): Cartouche's top hit \(top)")
                } else {
                    #expect(top["kind"] == "cluster", "\(probe.name): \(top)")
                    let leaves = Set((top["cluster"]?["leaves"]?.arrayValue ?? []).compactMap(\.stringValue))
                    #expect(leaves == ["shop0", "shop1", "shop2", "shop3"], "\(probe.name): \(top)")
                }
            }
        }
    }

    @Test("the seed route styling's portable variant loads in MapLibre with no error, and its routes are tapped by id")
    func seedPortableVariantLoads() async throws {
        let missing = PythonOracle.missingBrowserPrerequisites(script: Self.script)
        try #require(missing.isEmpty, "run scripts/setup; missing: \(missing.joined(separator: ", "))")
        let body = try SeedRouteScene.bytes(styled: false)
        let scene = try JSONParser().parse(Array(body))
        // A point a third of the way along each route: past any trim, well inside the line.
        var found: [(id: String, coordinate: JSONValue)] = []
        for m in scene["managers"]?.arrayValue ?? [] where m["id"] == "routes" {
            for a in m["annotations"]?.arrayValue ?? [] {
                let coordinates = try #require(a["geometry"]?["coordinates"]?.arrayValue)
                found.append((try #require(a["id"]?.stringValue), coordinates[coordinates.count / 2]))
            }
        }
        let probes = found
        try #require(probes.count == 2)
        try await makeApp(testConfiguration()).test(.router) { client in
            let compiled = try await post(client, "/v1/compile", ByteBuffer(bytes: Array(body)))
            try #require(compiled.status == .ok, "\(String(buffer: compiled.body))")
            let result = try await Self.load(style: try JSONParser().parse(compiled.body.bytes), probes: probes.map(\.coordinate),
                                       screenshot: "cartouche-seed-portable.png")
            #expect(result["errors"] == [], "MapLibre reported \(result["errors"] ?? .null)")
            let hits = try #require(result["hits"]?.arrayValue)
            for (probe, list) in zip(probes, hits) {
                let routes = (list.arrayValue ?? []).filter { $0["layer"] == "routes" }
                #expect(routes.contains { $0["id"]?.stringValue == probe.id && $0["properties"]?["id"]?.stringValue == probe.id },
                        "\(probe.id): \(list)")
            }
        }
    }
}

extension JSONValue {
    fileprivate subscript(key: String) -> JSONValue? { objectValue?[key] }
}
