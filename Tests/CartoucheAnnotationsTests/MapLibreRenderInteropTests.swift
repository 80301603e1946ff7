import CartoucheAnnotations
import CartoucheGeometry
import CartoucheJSON
import CartoucheStyle
import CartoucheTestSupport
import Foundation
import Testing

/// A compiled style with all four annotation types and a clustered point
/// manager, loaded into MapLibre GL JS 5.3.0 in headless Debian chromium
/// (`scripts/interop/maplibre_style_oracle.py`): no style errors, a
/// screenshot that is not blank, and `queryRenderedFeatures` at each
/// annotation's projected position returns that annotation.
///
/// How features are identified: compiled features carry the annotation id as
/// the GeoJSON feature id, as Mapbox's managers do, but MapLibre drops string
/// ids from GeoJSON sources. Every manager here sets `promoteIds`, so each
/// feature also holds its id in `properties.id` and the source says
/// `"promoteId": "id"`; the test reads MapLibre's `feature.id` back.
///
/// Text: the cluster count layer and one label need glyphs. The style's
/// `glyphs` URL uses a `cartouche://` protocol that the oracle answers with
/// SDF glyph PBFs rendered at test time from the bundled `Fonts/NotoSans-Regular.ttf`
/// (FreeType via PyPI freetype-py). Point icons are style images the oracle
/// registers with `map.addImage` when MapLibre asks for them.
///
/// Needs `scripts/setup`; fails with that advice when something is missing.
/// `CARTOUCHE_SKIP_BROWSER_TESTS=1` skips it deliberately.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CARTOUCHE_SKIP_BROWSER_TESTS"] != "1",
                "CARTOUCHE_SKIP_BROWSER_TESTS=1 skips the MapLibre browser test"))
struct MapLibreRenderInteropTests {
    static let script = "scripts/interop/maplibre_style_oracle.py"
    static let center = Coordinate(latitude: 48.85, longitude: 2.35)
    static let zoom = 12.0

    /// A coordinate about `dx`, `dy` pixels (y down) from the centre at zoom
    /// 12 on a 512 px world, from the Mercator scale at the centre latitude.
    /// Only used to lay the scene out: every query uses MapLibre's own
    /// projection of the coordinate.
    static func at(_ dx: Double, _ dy: Double) -> Coordinate {
        let degreesPerPixel = 360 / (512 * pow(2, zoom))
        let latitude = center.latitude - dy * degreesPerPixel * cos(center.latitude * .pi / 180)
        return Coordinate(latitude: latitude, longitude: center.longitude + dx * degreesPerPixel)
    }

    struct Probe {
        var name: String
        var coordinate: Coordinate
        /// The layer and feature id the top hit must have; nil for clusters.
        var layer: String
        var id: String?
    }

    @Test func compiledStyleRendersAndAnswersQueries() async throws {
        let missing = PythonOracle.missingBrowserPrerequisites(script: Self.script)
        try #require(missing.isEmpty, "run scripts/setup; missing: \(missing.joined(separator: ", "))")

        let pin = StyleImage(name: "pin", width: 20, height: 20)

        var zone = PolygonAnnotation(id: "zone", rings: [[Self.at(-250, -180), Self.at(-150, -180), Self.at(-150, -80), Self.at(-250, -80), Self.at(-250, -180)]])
        zone.fillColor = try StyleColor(parsing: "#3a7")
        var route = PolylineAnnotation(id: "route", coordinates: [Self.at(-120, 160), Self.at(120, 160)])
        route.lineWidth = 10
        route.lineColor = try StyleColor(parsing: "#25f")
        var dot = CircleAnnotation(id: "dot", coordinate: Self.at(170, -150))
        dot.circleRadius = 14
        dot.circleColor = try StyleColor(parsing: "orange")
        var cafe = PointAnnotation(id: "cafe", coordinate: Self.at(-40, 20), image: pin)
        cafe.textField = "Cafe 7"
        cafe.textOffset = StyleOffset(x: 0, y: 1.5)
        let museum = PointAnnotation(id: "museum", coordinate: Self.at(60, 20), image: pin)

        // Four shops a few pixels apart form one cluster; a fifth far away stays single.
        let clusterCenter = (x: 150.0, y: 90.0)
        let offsets: [(Double, Double)] = [(-4, -3), (4, -3), (-4, 3), (4, 3)]
        var shops = offsets.enumerated().map { i, o in
            PointAnnotation(id: "shop\(i)", coordinate: Self.at(clusterCenter.x + o.0, clusterCenter.y + o.1), image: pin)
        }
        shops.append(PointAnnotation(id: "lone-shop", coordinate: Self.at(260, -40), image: pin))
        var shopManager = PointAnnotationManager(id: "shops", annotations: shops, clusterOptions: ClusterOptions(circleColor: try StyleColor(parsing: "#a0f")))
        shopManager.textFont = ["Noto Sans Regular"]
        shopManager.promoteIds = true
        var places = PointAnnotationManager(id: "places", annotations: [cafe, museum])
        places.textFont = ["Noto Sans Regular"]
        places.promoteIds = true

        var orchestrator = AnnotationOrchestrator()
        orchestrator.setManager(.polygon(PolygonAnnotationManager(id: "zones", annotations: [zone], promoteIds: true)))
        orchestrator.setManager(.polyline(PolylineAnnotationManager(id: "routes", annotations: [route], promoteIds: true)))
        orchestrator.setManager(.circle(CircleAnnotationManager(id: "dots", annotations: [dot], promoteIds: true)))
        orchestrator.setManager(.point(places))
        orchestrator.setManager(.point(shopManager))
        let (document, compiled) = try orchestrator.styleDocument(
            options: StyleDocumentOptions(name: "interop", glyphs: "cartouche://glyphs/{fontstack}/{range}.pbf"))

        let probes = [
            Probe(name: "polygon interior", coordinate: Self.at(-200, -130), layer: "zones", id: "zone"),
            Probe(name: "line midpoint", coordinate: Self.at(0, 160), layer: "routes", id: "route"),
            Probe(name: "circle", coordinate: dot.coordinate, layer: "dots", id: "dot"),
            Probe(name: "labelled icon", coordinate: cafe.coordinate, layer: "places", id: "cafe"),
            Probe(name: "icon", coordinate: museum.coordinate, layer: "places", id: "museum"),
            Probe(name: "unclustered point", coordinate: shops[4].coordinate, layer: "shops", id: "lone-shop"),
            Probe(name: "cluster", coordinate: Self.at(clusterCenter.x, clusterCenter.y), layer: "shops-cluster-count", id: nil),
        ]
        let screenshot = FileManager.default.temporaryDirectory
            .appendingPathComponent("cartouche-emit-interop-\(ProcessInfo.processInfo.processIdentifier).png")
        let images: [JSONValue] = compiled.images.images.map {
            ["name": .string($0.name), "width": .number(Double($0.width)), "height": .number(Double($0.height)),
             "pixelRatio": .number($0.pixelRatio), "sdf": .bool($0.sdf)]
        }
        let job: JSONValue = [
            "width": 640, "height": 480,
            "camera": ["center": [.number(Self.center.longitude), .number(Self.center.latitude)], "zoom": .number(Self.zoom)],
            "style": document.json,
            "images": .array(images),
            "glyphFont": "Fonts/NotoSans-Regular.ttf",
            "glyphChars": "0123456789 Cafe",
            "screenshot": .string(screenshot.path),
            "probes": .array(probes.map { [.number($0.coordinate.longitude), .number($0.coordinate.latitude)] }),
        ]
        let output = try await PythonOracle.runOffThePool(script: Self.script, input: Data(try job.jsonBytes()))
        let result = try JSONParser().parse(Array(output))
        print("MapLibre interop screenshot: \(screenshot.path)")

        let errors = try #require(result["errors"]?.arrayValue)
        #expect(errors.isEmpty, "MapLibre reported: \(errors)")

        // Not blank: well over a thousand pixels differ from the background
        // (the polygon alone covers about 100 × 100 px).
        let drawn = try #require(result["nonBackgroundPixels"]?.numberValue)
        #expect(drawn > 10_000, "only \(drawn) non-background pixels in \(screenshot.path)")

        let hits = try #require(result["hits"]?.arrayValue)
        try #require(hits.count == probes.count)
        for (probe, hitList) in zip(probes, hits) {
            let list = try #require(hitList.arrayValue)
            let summary = list.map { "\($0["layer"]?.stringValue ?? "?"):\($0["id"]?.stringValue ?? "-")" }
            let top = try #require(list.first, "\(probe.name): no feature at its projected position")
            #expect(top["layer"]?.stringValue == probe.layer, "\(probe.name): hits \(summary)")
            if let id = probe.id {
                #expect(top["id"]?.stringValue == id, "\(probe.name): hits \(summary)")
            }
        }
        // At the cluster: the count label over the cluster circle, both
        // cluster features, and none of the member points from the main layer.
        let clusterHits = try #require(hits.last?.arrayValue)
        #expect(clusterHits.map { $0["layer"]?.stringValue ?? "" } == ["shops-cluster-count", "shops-cluster-circle"])
        #expect(clusterHits.allSatisfy { $0["cluster"]?.boolValue == true })
        #expect(!clusterHits.contains { $0["layer"]?.stringValue == "shops" })
    }
}

extension JSONValue {
    fileprivate subscript(key: String) -> JSONValue? { objectValue?[key] }
}
