import CartoucheCamera
import CartoucheGeometry
import CartoucheTestSupport
import Foundation
import Testing

/// The playground's JavaScript camera models (`Resources/playground/camera.js`
/// and `globe.js`, a hand-kept port) against `CartoucheCamera`'s `Projection`:
/// the same cameras, the same coordinates, the same pixels within 1e-6 px, so
/// the page cannot draw its basemap or move its camera anywhere but where the
/// service places the callouts. Runs the served files in chromium
/// (`scripts/interop/playground_camera_check.py`).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CARTOUCHE_SKIP_BROWSER_TESTS"] != "1",
                "CARTOUCHE_SKIP_BROWSER_TESTS=1"))
struct PlaygroundCameraParityTests {
    struct Case: Codable {
        var camera: MapLibreOracle.CameraJSON
        var width, height: Double
        var projection: String
        var project: [[Double]]  // [lng, lat]
        var unproject: [[Double]]  // [x, y]
        var pan: Pan?
    }
    struct Pan: Codable {
        var lngLat: [Double]
        var from: [Double]
        var point: [Double]
    }
    struct Job: Codable {
        var scripts: [String]
        var cases: [Case]
    }
    struct CaseResult: Codable {
        var project: [[Double]?]
        var unproject: [[Double]?]
        var pan: PanResult?
    }
    struct PanResult: Codable {
        var center: [Double]
        var zoom: Double
    }
    struct Result: Codable { var cases: [CaseResult] }

    static let script = "scripts/interop/playground_camera_check.py"
    static let tolerance = 1e-6  // screen points

    /// The two files as the service serves them (the source tree's copies; `ServiceResourcesTests` checks the bundle equals them).
    static var scripts: [String] {
        ["camera.js", "globe.js"].map {
            PythonOracle.repositoryRoot.appendingPathComponent("Sources/CartoucheService/Resources/playground/\($0)").path
        }
    }

    /// Cameras of both models: flat, rotated, pitched, padded, near the antimeridian and the poles.
    static let cameras: [(Camera, ScreenSize, MapProjection)] = [
        (Camera(center: Coordinate(latitude: 48.85, longitude: 2.35), zoom: 11), ScreenSize(width: 800, height: 600), .mercator),
        (Camera(center: Coordinate(latitude: 40.7, longitude: -74), zoom: 14.3, bearing: 37, pitch: 55,
                padding: EdgeInsets(top: 40, left: 120, bottom: 0, right: 10)), ScreenSize(width: 1024, height: 700), .mercator),
        (Camera(center: Coordinate(latitude: -33.9, longitude: 179.5), zoom: 2.5, bearing: -120, pitch: 30),
         ScreenSize(width: 640, height: 480), .mercator),
        (Camera(center: Coordinate(latitude: 10, longitude: 20), zoom: 4, pitch: 80), ScreenSize(width: 900, height: 500), .mercator),
        (Camera(center: Coordinate(latitude: 20, longitude: 0), zoom: 0.6), ScreenSize(width: 800, height: 600), .globe),
        (Camera(center: Coordinate(latitude: 55, longitude: -100), zoom: 2.2, bearing: 25, pitch: 40,
                padding: EdgeInsets(top: 0, left: 200, bottom: 30, right: 0)), ScreenSize(width: 1000, height: 640), .globe),
        (Camera(center: Coordinate(latitude: -70, longitude: 170), zoom: 5.5, bearing: 200, pitch: 60), ScreenSize(width: 700, height: 700), .globe),
        (Camera(center: Coordinate(latitude: 35.68, longitude: 139.7), zoom: 12.5, pitch: 20), ScreenSize(width: 800, height: 600), .globe),
    ]

    /// A 7×7 grid of coordinates around the centre spanning about the viewport, and a 7×7 grid of pixels.
    static func samples(_ camera: Camera, _ viewport: ScreenSize) -> (coordinates: [Coordinate], pixels: [ScreenPoint]) {
        let span = min(170, 360 * viewport.width / (512 * pow(2, camera.zoom)))
        var coordinates: [Coordinate] = [], pixels: [ScreenPoint] = []
        for i in 0..<7 {
            for j in 0..<7 {
                let u = Double(i) / 6 - 0.5, v = Double(j) / 6 - 0.5
                coordinates.append(Coordinate(latitude: max(-84, min(84, camera.center.latitude + v * span * 0.7)),
                                              longitude: camera.center.longitude + u * span))
                pixels.append(ScreenPoint(x: viewport.width * (0.02 + 0.96 * Double(i) / 6), y: viewport.height * (0.02 + 0.96 * Double(j) / 6)))
            }
        }
        return (coordinates, pixels)
    }

    @Test("camera.js and globe.js draw every coordinate where CartoucheCamera does (≤ 1e-6 px) and find the same coordinate under every pixel; a drag keeps the grabbed point under the pointer (Mercator) or pans as MapLibre does (globe)")
    func javaScriptCameraEqualsSwift() async throws {
        guard MapLibreGlobeOracle.prerequisitesPresent(for: "PlaygroundCameraParityTests") else { return }
        var cases: [Case] = []
        var projections: [Projection] = []
        for (camera, viewport, type) in Self.cameras {
            let projection = try Projection(camera: camera, viewport: viewport, projection: type)
            projections.append(projection)
            let (coordinates, pixels) = Self.samples(camera, viewport)
            // A drag from a pixel near the centre by (150, 60): the coordinate under it must follow the pointer.
            let grab = ScreenPoint(x: viewport.width / 2 - 40, y: viewport.height / 2 + 30)
            let grabbed = projection.globe.map { $0.unproject(grab) } ?? projection.unproject(grab, wrappingLongitude: false)
            cases.append(Case(
                camera: MapLibreInteropTests.cameraJSON(camera), width: viewport.width, height: viewport.height,
                projection: type.rawValue, project: coordinates.map { [$0.longitude, $0.latitude] },
                unproject: pixels.map { [$0.x, $0.y] },
                pan: grabbed.map { Pan(lngLat: [$0.longitude, $0.latitude], from: [grab.x, grab.y], point: [grab.x + 150, grab.y + 60]) }))
        }
        let output = try await PythonOracle.runOffThePool(
            script: Self.script, input: try JSONEncoder().encode(Job(scripts: Self.scripts, cases: cases)))
        let result = try JSONDecoder().decode(Result.self, from: output)
        try #require(result.cases.count == cases.count)
        var compared = (projected: 0, unprojected: 0)
        for (index, (job, answer)) in zip(cases, result.cases).enumerated() {
            let projection = projections[index]
            let label = "case \(index) (\(job.projection), zoom \(job.camera.zoom), pitch \(job.camera.pitch))"
            for (coordinate, js) in zip(job.project, answer.project) {
                let swift = projection.project(Coordinate(latitude: coordinate[1], longitude: coordinate[0]))
                #expect((swift == nil) == (js == nil), "\(label): \(coordinate) Swift \(String(describing: swift)) JS \(String(describing: js))")
                if let swift, let js {
                    compared.projected += 1
                    #expect(abs(swift.x - js[0]) <= Self.tolerance && abs(swift.y - js[1]) <= Self.tolerance,
                            "\(label): \(coordinate) Swift \(swift) JS \(js)")
                }
            }
            for (pixel, js) in zip(job.unproject, answer.unproject) {
                let point = ScreenPoint(x: pixel[0], y: pixel[1])
                let swift = projection.globe.map { $0.unproject(point) } ?? projection.unproject(point, wrappingLongitude: false)
                #expect((swift == nil) == (js == nil), "\(label): pixel \(pixel) Swift \(String(describing: swift)) JS \(String(describing: js))")
                if let swift, let js {
                    // Compared where it matters, on screen: both coordinates drawn by the Swift camera.
                    compared.unprojected += 1
                    let a = try #require(projection.project(swift)), b = try #require(projection.project(Coordinate(latitude: js[1], longitude: js[0])))
                    #expect(abs(a.x - b.x) <= Self.tolerance && abs(a.y - b.y) <= Self.tolerance, "\(label): pixel \(pixel) Swift \(swift) JS \(js)")
                }
            }
            if let pan = job.pan {
                let moved = try #require(answer.pan, "\(label): the drag did not move the camera")
                if projection.globe != nil {
                    // MapLibre's globe pan: the centre moves by the step, the zoom keeps the globe's size.
                    let c = projection.camera
                    let expected = MapLibreGlobePan.step(
                        .init(longitude: c.center.longitude, latitude: c.center.latitude, zoom: c.zoom, bearing: c.bearing),
                        dx: pan.point[0] - pan.from[0], dy: pan.point[1] - pan.from[1])
                    #expect(abs(moved.center[0] - expected.longitude) <= 1e-9 && abs(moved.center[1] - expected.latitude) <= 1e-9
                            && abs(moved.zoom - expected.zoom) <= 1e-9, "\(label): pan \(moved), MapLibre's \(expected)")
                } else {
                    var camera = projection.camera
                    camera.center = Coordinate(latitude: moved.center[1], longitude: moved.center[0])
                    camera.zoom = moved.zoom
                    let after = try Projection(camera: camera, viewport: projection.viewport, projection: projection.mapProjection)
                    let drawn = try #require(after.project(Coordinate(latitude: pan.lngLat[1], longitude: pan.lngLat[0])))
                    #expect(abs(drawn.x - pan.point[0]) <= Self.tolerance && abs(drawn.y - pan.point[1]) <= Self.tolerance,
                            "\(label): the grabbed coordinate is drawn at \(drawn), not under the pointer at \(pan.point)")
                }
            }
        }
        #expect(compared.projected >= 250 && compared.unprojected >= 250, "compared \(compared)")
    }
}
