import Cartouche
import CartoucheTestSupport
import Foundation
import Testing

/// `DiffJob` (`POST /v1/diff`, `cartouche diff`): the MapLibre calls from one
/// scene's compiled style to another's, checked by value and in MapLibre GL
/// JS 5.3 against loading the new style directly.
@Suite("Scene diffs for GL clients")
struct SceneDiffTests {
    /// A seeded scene: circles `stops`, lines `routes`, polygons `zones`;
    /// `edited` removes, moves, recolours and adds stops, drops the routes,
    /// adds a `pins` manager, changes paint and puts the stops above the zones.
    static func scene(edited: Bool) -> String {
        var rng = SplitMix64(seed: 9)
        var stops: [String] = []
        for i in 0..<40 {
            var lng = rng.double(in: 1...7), lat = rng.double(in: 45...49)
            var color = ["#c00", "#0a0", "#00c"][Int(rng.next() % 3)]
            var data = #""n": \#(i)"#
            if edited {
                if i % 7 == 0 { continue }  // removed
                if i % 5 == 1 { lng += 0.3; lat -= 0.2 }  // moved
                if i % 6 == 2 { color = "#fa0" }  // recoloured
                if i % 4 == 3 { data = #""n": \#(i), "late": true"# }  // custom data changed
            }
            stops.append(#"{"id": "stop-\#(i)", "geometry": {"type": "Point", "coordinates": [\#(lng), \#(lat)]}, "properties": {"circle-color": "\#(color)"}, "customData": {\#(data)}}"#)
        }
        if edited {
            for i in 0..<5 {
                stops.append(#"{"id": "new-\#(i)", "geometry": {"type": "Point", "coordinates": [\#(2 + Double(i)), 46.2]}, "customData": {"fresh": true}}"#)
            }
        }
        let routes = #"""
        {"id": "routes", "type": "polyline", "properties": {"line-width": 6, "line-color": "#555"},
         "annotations": [{"id": "r1", "geometry": {"type": "LineString", "coordinates": [[1, 45.5], [7, 48.5]]}},
                         {"id": "r2", "geometry": {"type": "LineString", "coordinates": [[1, 48.5], [7, 45.5]]}}]}
        """#
        let zones = #"""
        {"id": "zones", "type": "polygon", "properties": {"fill-color": "#88f", "fill-opacity": \#(edited ? 0.6 : 0.3)},
         "annotations": [{"id": "z1", "geometry": {"type": "Polygon", "coordinates": [[[2, 46], [5, 46], [5, 48], [2, 48], [2, 46]]]}}]}
        """#
        let pins = #"""
        {"id": "pins", "type": "circle", "layerPosition": {"below": "zones"}, "properties": {"circle-radius": 9, "circle-color": "#333"},
         "annotations": [{"id": "p1", "geometry": {"type": "Point", "coordinates": [4, 47]}}]}
        """#
        let stopsManager = #"""
        {"id": "stops", "type": "circle", \#(edited ? #""layerPosition": {"above": "zones"}, "# : "")"properties": {"circle-radius": \#(edited ? 8 : 6), "circle-stroke-width": 1},
         "annotations": [\#(stops.joined(separator: ",\n"))]}
        """#
        let managers = edited ? [stopsManager, zones, pins] : [routes, stopsManager, zones]
        return """
        {"version": 1, "viewport": {"width": 800, "height": 600}, "camera": {"center": [4, 47], "zoom": 5.5},
         "managers": [\(managers.joined(separator: ",\n"))]}
        """
    }

    static func json(_ text: String) throws -> JSONValue { try JSONParser().parse(Array(text.utf8)) }

    static func diff(_ old: String, _ new: String, options: CompileOptions = CompileOptions()) throws -> Result<CompileOutcome, JobError> {
        DiffJob.run(json: ["old": try json(old), "new": try json(new)], options: options, limits: .unlimited)
    }

    static func style(_ scene: String) throws -> JSONValue {
        try JSONParser().parse(try CompileJob.run(Array(scene.utf8), options: CompileOptions(), limits: .unlimited).get().body)
    }

    @Test func theDiffNamesEachChangeOnce() throws {
        let body = try Self.diff(Self.scene(edited: false), Self.scene(edited: true)).get().body
        let answer = try JSONParser().parse(body)
        let operations = try #require(answer.objectValue?["operations"]?.arrayValue)
        let names = operations.compactMap { $0.objectValue?["op"]?.stringValue }
        #expect(names.contains("removeLayer") && names.contains("removeSource") && names.contains("addSource") && names.contains("addLayer"))
        #expect(names.contains("setPaintProperty") && names.contains("moveLayer"))
        let update = try #require(operations.first { $0.objectValue?["op"] == "updateData" }?.objectValue)
        #expect(update["source"] == "stops")
        let diff = try #require(update["diff"]?.objectValue)
        #expect(diff["remove"] == .array([0, 7, 14, 21, 28, 35].map { .string("stop-\($0)") }))
        #expect(diff["add"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue } == (0..<5).map { "new-\($0)" })
        let updateList = try #require(diff["update"]?.arrayValue)
        let updates = updateList.compactMap { $0.objectValue }
        // stop-1 moved; stop-2 recoloured (its per-feature circle-color); stop-3 got "late".
        let byId = Dictionary(uniqueKeysWithValues: updates.map { ($0["id"]?.stringValue ?? "", $0) })
        #expect(byId["stop-1"]?["newGeometry"] != nil && byId["stop-1"]?["addOrUpdateProperties"] == nil)
        #expect(byId["stop-2"]?.keys.contains("newGeometry") == false)
        #expect(byId["stop-2"]?["addOrUpdateProperties"]?.arrayValue?.first?.objectValue?["value"] == "rgba(255, 170, 0, 1)")
        #expect(byId["stop-3"]?["addOrUpdateProperties"] == [["key": "custom_data", "value": ["late": true, "n": 3]]])
        #expect(byId["stop-4"] == nil, "unchanged features are not listed")
        // The same scene twice: nothing to do.
        #expect(try Self.diff(Self.scene(edited: false), Self.scene(edited: false)).get().body == Array(#"{"operations":[]}"#.utf8))
    }

    @Test func badInputIsATypedProblemAtItsMember() throws {
        let scene = Self.scene(edited: false)
        func problem(_ body: JSONValue, options: CompileOptions = CompileOptions()) -> JobError? {
            if case .failure(let p) = DiffJob.run(json: body, options: options, limits: .unlimited) { return p }
            return nil
        }
        #expect(problem(["old": try Self.json(scene)])?.path == "$")
        #expect(problem(["old": try Self.json(scene), "new": try Self.json(scene), "extra": 1])?.path == "extra")
        #expect(problem(["old": try Self.json(scene), "new": ["version": 1]])?.path?.hasPrefix("new") == true)
        let mapbox = scene.replacingOccurrences(of: #""version": 1,"#, with: #""version": 1, "options": {"target": "mapbox"},"#)
        let mismatch = problem(["old": try Self.json(scene), "new": try Self.json(mapbox)])
        #expect(mismatch?.path == "new.options.target")
        #expect(mismatch?.detail.contains("differs from the old scene's \"portable\"") == true)
        #expect(problem(["old": try Self.json(scene), "new": try Self.json(scene)], options: CompileOptions(output: .fragment))?.parameter == "output")
        if case .failure(let p) = DiffJob.run(Array("{\"old\": ".utf8), options: CompileOptions(), limits: .unlimited) {
            #expect(p.kind == .invalidJSON)
        } else {
            Issue.record("unparseable JSON was accepted")
        }
    }

    /// Loading the old style, applying the diff as CLIENTS.md shows, renders
    /// the same features (ids, properties, layers top-most first) and the
    /// same layers as loading the new style.
    @Test(QueryOracle.enabled) func applyingItInMapLibreEqualsLoadingTheNewStyle() async throws {
        let script = "scripts/interop/maplibre_diff_oracle.py"
        let missing = PythonOracle.missingBrowserPrerequisites(script: script)
        try #require(missing.isEmpty, "missing \(missing.joined(separator: ", ")). Run scripts/setup (or set CARTOUCHE_SKIP_BROWSER_TESTS=1 to skip deliberately).")
        let old = Self.scene(edited: false), new = Self.scene(edited: true)
        let answer0 = try JSONParser().parse(try Self.diff(old, new).get().body)
        let operations = try #require(answer0.objectValue?["operations"])
        let job: JSONValue = [
            "width": 800, "height": 600, "camera": ["center": [4, 47], "zoom": 5.5],
            "old": try Self.style(old), "new": try Self.style(new), "operations": operations,
        ]
        let output = try await PythonOracle.runOffThePool(script: script, input: Data(try job.jsonBytes()))
        let answer = try #require(try JSONParser().parse([UInt8](output)).objectValue)
        #expect(answer["errors"]?.arrayValue == [], "\(String(describing: answer["errors"]))")
        #expect(answer["warnings"]?.arrayValue == [], "\(String(describing: answer["warnings"]))")
        let applied = try #require(answer["applied"]?.objectValue), loaded = try #require(answer["loaded"]?.objectValue)
        let features = try #require(loaded["features"]?.arrayValue)
        #expect(features.count > 30, "the new style must render the stops")
        #expect(applied["features"] == loaded["features"])
        #expect(applied["layers"] == loaded["layers"])
        // And the diff was needed: the old style rendered otherwise.
        #expect(answer["before"]?.objectValue?["features"] != loaded["features"])
        #expect(answer["before"]?.objectValue?["layers"] != loaded["layers"])
    }
}
