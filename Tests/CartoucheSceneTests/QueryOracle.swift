import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import CartoucheQuery
import CartoucheTestSupport
import Foundation
import Testing

@testable import CartoucheScene

/// The MapLibre side of the tap-query comparisons
/// (`scripts/interop/maplibre_query_oracle.py`): a seeded scene as both
/// sides see it, the job, the camera MapLibre really has, its hits, and the
/// tolerance both comparisons share (a border within 1 pt of the tap).
enum QueryOracle {
    /// The browser comparisons' switch: `CARTOUCHE_SKIP_BROWSER_TESTS=1` skips them.
    static let enabled = ConditionTrait.enabled(if: ProcessInfo.processInfo.environment["CARTOUCHE_SKIP_BROWSER_TESTS"] != "1",
                                                "CARTOUCHE_SKIP_BROWSER_TESTS=1 skips the MapLibre browser comparison")

    static let script = "scripts/interop/maplibre_query_oracle.py"

    /// One scene: our layers and MapLibre's style of the same features.
    struct Scene {
        var camera: Camera
        var layers: [DrawnLayer]
        var style: JSONValue
        var points: [ScreenPoint]
    }

    static func lngLat(_ c: Coordinate) -> JSONValue { [.number(c.longitude), .number(c.latitude)] }

    /// A GeoJSON feature with its id in `fid` (MapLibre drops string
    /// feature ids from GeoJSON sources).
    static func feature(_ fid: String, _ geometry: JSONValue, _ props: [String: JSONValue]) -> JSONValue {
        var p = props
        p["fid"] = .string(fid)
        return ["type": "Feature", "geometry": geometry, "properties": .object(p)]
    }

    static func source(_ features: [JSONValue]) -> JSONValue {
        ["type": "geojson", "data": ["type": "FeatureCollection", "features": .array(features)]]
    }

    /// Runs the oracle on `scenes` (the style's root `projection` set to
    /// `projection`) and returns each scene's result object.
    static func run(_ scenes: [Scene], viewport: ScreenSize, projection: MapProjection) async throws -> [[String: JSONValue]] {
        let missing = PythonOracle.missingBrowserPrerequisites(script: script)
        try #require(missing.isEmpty, "missing \(missing.joined(separator: ", ")). Run scripts/setup (or set CARTOUCHE_SKIP_BROWSER_TESTS=1 to skip deliberately).")
        let job: JSONValue = [
            "width": .number(viewport.width), "height": .number(viewport.height), "projection": .string(projection.rawValue),
            "scenes": .array(scenes.map { s in
                ["camera": ["center": [.number(s.camera.center.longitude), .number(s.camera.center.latitude)], "zoom": .number(s.camera.zoom),
                            "bearing": .number(s.camera.bearing), "pitch": .number(s.camera.pitch)],
                 "style": s.style, "points": .array(s.points.map { [.number($0.x), .number($0.y)] })]
            }),
        ]
        let output = try await PythonOracle.runOffThePool(script: script, input: Data(try job.jsonBytes()))
        let answer = try JSONParser().parse([UInt8](output))
        let results = try #require(answer.objectValue?["scenes"]?.arrayValue)
        return try results.map { try #require($0.objectValue) }
    }

    /// The camera MapLibre really has (it may constrain the one asked for).
    static func actualCamera(_ result: [String: JSONValue]) throws -> Camera {
        #expect(result["errors"]?.arrayValue?.isEmpty == true, "style errors: \(String(describing: result["errors"]))")
        let actual = try #require(result["camera"]?.objectValue)
        let centerValues = actual["center"]?.arrayValue?.compactMap(\.numberValue) ?? []
        let center = try #require(centerValues.count == 2 ? centerValues : nil)
        return Camera(center: Coordinate(latitude: center[1], longitude: center[0]), zoom: actual["zoom"]?.numberValue ?? 0,
                      bearing: actual["bearing"]?.numberValue ?? 0, pitch: actual["pitch"]?.numberValue ?? 0)
    }

    /// MapLibre's hits at point `k` as "layer/fid", top-most first. It
    /// reports a feature once per tile it was cut into: the first (top-most)
    /// report of each is kept.
    static func hits(_ result: [String: JSONValue], at k: Int) throws -> [String] {
        let theirs = try #require(result["hits"]?.arrayValue)
        var seen = Set<String>()
        return (theirs[k].arrayValue ?? []).compactMap { pair -> String? in
            guard let a = pair.arrayValue, a.count == 2, let l = a[0].stringValue, let f = a[1].stringValue else { return nil }
            return seen.insert("\(l)/\(f)").inserted ? "\(l)/\(f)" : nil
        }
    }

    /// Expects every feature of `differing` to have its border within 1 pt of
    /// `point` (hit within a 1 pt radius, and missed at one of the 8 points
    /// 1 pt around, or not hit at the point itself), and the features both
    /// answers hold to come in the same order.
    static func expectOnlyBorderDifferences(_ differing: Set<String>, ours: [String], theirs: [String], index: SceneQueryIndex,
                                            at point: ScreenPoint, _ context: String) {
        func ids(_ hits: [SceneHit]) -> Set<String> { Set(hits.map { "\($0.layerId ?? "")/\($0.id)" }) }
        let wide = ids(index.query(at: point, radius: 1))
        let around = (0..<8).map { a in
            ids(index.query(at: ScreenPoint(x: point.x + cos(Double(a) * .pi / 4), y: point.y + sin(Double(a) * .pi / 4))))
        }
        for f in differing {
            let borderWithin1pt = wide.contains(f) && around.contains { !$0.contains(f) } || (wide.contains(f) && !ours.contains(f))
            #expect(borderWithin1pt, "\(context) point \(point): \(f) in \(ours.contains(f) ? "ours" : "MapLibre's") only; ours \(ours), MapLibre \(theirs)")
        }
        let agreed = Set(ours).intersection(theirs)
        #expect(ours.filter(agreed.contains) == theirs.filter(agreed.contains), "order differs at \(point)")
    }
}
