import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import CartoucheScene
import Foundation

/// The cost of the globe (issue #16): one scene of 100,000 point callouts
/// (sizes measured with the text engine, as `placement-speed`; all 9
/// anchors; greedy mode) in 1920×1080, placed through `SceneDocument.place`
/// — binding each callout to the screen, then the solver — under
/// `projection` `globe` at zoom 3 and under Mercator at the same camera,
/// alternating in the same run. The callouts are spread uniformly over the
/// longitudes and Mercator latitudes the Mercator camera shows; on the
/// globe the farthest corners of that area are behind the horizon
/// (`info.hidden_horizon` counts them).
///
/// Cases: `mercator place`, `globe place` (the whole placement), and
/// `mercator project`, `globe project` (projecting the 100,000 coordinates
/// alone, the part of binding that differs).
///
/// Options: `--count N` (default 100,000), `--zoom Z` (default 3).
struct PlacementGlobeSuite: BenchmarkSuite {
    let name = "placement-globe"
    static let viewport = ScreenSize(width: 1920, height: 1080)

    func run(rounds: Int, arguments: [String]) throws -> [Measurement] {
        func option(_ flag: String) -> Double? {
            arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? Double(arguments[$0 + 1]) : nil }
        }
        let count = Int(option("--count") ?? 100_000), zoom = option("--zoom") ?? 3
        let camera = Camera(center: Coordinate(latitude: 25, longitude: 10), zoom: zoom)
        let coordinates = try Self.coordinates(count: count, camera: camera)
        let sizes = try PlacementSpeedSuite.measuredCalloutSizes()
        var measurements: [Measurement] = []
        var documents: [(String, SceneDocument, Projection)] = []
        for projection in [MapProjection.mercator, .globe] {
            let document = try Self.scene(coordinates, sizes: sizes, camera: camera, projection: projection)
            documents.append((projection.rawValue, document, try Projection(camera: camera, viewport: Self.viewport, projection: projection)))
            measurements.append(Measurement(suite: name, name: "\(projection.rawValue) place", items: count, seconds: [], checksum: 0))
            measurements.append(Measurement(suite: name, name: "\(projection.rawValue) project", items: count, seconds: [], checksum: 0))
        }
        for _ in 0..<rounds {
            for (k, (label, document, projection)) in documents.enumerated() {
                var response: PlaceResponse? = nil
                measurements[2 * k].seconds.append(try time { response = try document.place() })
                guard let result = response?.frames.first?.result else { throw BenchmarkError.invalidResult("\(label): no frame placed") }
                var hidden: [String: Double] = [:]
                for p in result.placements { if let r = p.hiddenReason { hidden[r.code, default: 0] += 1 } }
                measurements[2 * k].checksum = Double(result.drawOrder.count)
                measurements[2 * k].info = ["shown": Double(result.drawOrder.count), "candidate_tests": Double(result.candidateTests),
                                            "hidden_horizon": hidden["horizon"] ?? 0, "hidden_offscreen": hidden["offscreen"] ?? 0]
                var sum = 0.0
                measurements[2 * k + 1].seconds.append(time {
                    for c in coordinates { if let p = projection.project(c) { sum += p.x } }
                })
                measurements[2 * k + 1].checksum = sum
            }
        }
        for m in measurements {
            FileHandle.standardError.write(Data("\(m.name): n=\(m.items) median \(String(format: "%.1f", m.medianSeconds * 1000)) ms, \(String(format: "%.3f", m.medianSeconds / Double(m.items) * 1e6)) µs per callout \(m.info ?? [:])\n".utf8))
        }
        return measurements
    }

    /// `count` seeded coordinates uniform in longitude and Mercator y over
    /// what the Mercator camera shows.
    static func coordinates(count: Int, camera: Camera) throws -> [Coordinate] {
        let mercator = try Projection(camera: camera, viewport: viewport)
        guard let topLeft = mercator.unproject(ScreenPoint(x: 0, y: 0), wrappingLongitude: false),
              let bottomRight = mercator.unproject(ScreenPoint(x: viewport.width, y: viewport.height), wrappingLongitude: false)
        else { throw BenchmarkError.invalidResult("the camera shows no ground") }
        let north = WebMercator.normalizedY(latitude: topLeft.latitude), south = WebMercator.normalizedY(latitude: bottomRight.latitude)
        var rng = BenchRandom(seed: 0x610B_E000 &+ UInt64(count))
        return (0..<count).map { _ in
            Coordinate(latitude: WebMercator.latitude(normalizedY: rng.double(north...south)),
                       longitude: rng.double(topLeft.longitude...bottomRight.longitude))
        }
    }

    /// The scene: one point callout per coordinate, a measured size each, all anchors.
    static func scene(_ coordinates: [Coordinate], sizes: [ScreenSize], camera: Camera, projection: MapProjection) throws -> SceneDocument {
        var rng = BenchRandom(seed: 0x5123)
        let anchors: JSONValue = ["center", "top", "bottom", "left", "right", "top-left", "top-right", "bottom-left", "bottom-right"]
        let callouts: [JSONValue] = coordinates.enumerated().map { i, c in
            let size = sizes[Int(rng.next() % UInt64(sizes.count))]
            return ["id": .string("c\(i)"), "feature": ["type": "Point", "coordinates": [.number(c.longitude), .number(c.latitude)]],
                    "size": ["width": .number(size.width), "height": .number(size.height)], "variableAnchors": anchors]
        }
        let json: JSONValue = [
            "version": 1, "viewport": ["width": .number(viewport.width), "height": .number(viewport.height)],
            "camera": ["center": [.number(camera.center.longitude), .number(camera.center.latitude)], "zoom": .number(camera.zoom)],
            "projection": ["type": .string(projection.rawValue)], "viewAnnotations": .array(callouts),
        ]
        return try SceneDocument(jsonBytes: try json.jsonBytes())
    }
}
