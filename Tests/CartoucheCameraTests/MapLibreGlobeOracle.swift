import CartoucheCamera
import CartoucheGeometry
import CartoucheTestSupport
import Foundation
import Testing

/// Runs `scripts/interop/maplibre_globe_oracle.py` (MapLibre GL JS 5.3.0 with
/// `projection: globe` in Debian's chromium) on a job and decodes its answer.
/// The wire format is documented at the top of that script.
enum MapLibreGlobeOracle {
    struct Case: Codable {
        var camera: MapLibreOracle.CameraJSON
        var project: [[Double]]  // [lng, lat]
        var unproject: [[Double]]  // [x, y]
    }
    struct Viewport: Codable {
        var width, height: Double
        var cases: [Case]
        var fits: [MapLibreOracle.Fit] = []
    }
    struct Job: Codable { var viewports: [Viewport] }

    struct CaseResult: Codable {
        var actual: MapLibreOracle.CameraJSON
        var globeness: Double
        var globeRendering: Bool
        var project: [[Double?]]  // [x, y]; null when MapLibre produced a non-finite value
        var occluded: [Bool]
        var unproject: [[Double?]]  // [lng, lat]
        var onSurface: [Bool]  // globe cameras only
    }
    struct FitResult: Codable {
        var center: [Double]  // [lng, lat]
        var zoom, bearing: Double
        var globeRendering: Bool  // the map's state when it fitted: true for the globe helper
    }
    struct ViewportResult: Codable {
        var width, height: Double
        var canvas: [Double]
        var cases: [CaseResult]
        var fits: [FitResult?]
    }
    struct Result: Codable {
        var viewports: [ViewportResult]
        var projection: String
        var seconds: Double
    }

    static let script = "scripts/interop/maplibre_globe_oracle.py"

    static func missingPrerequisites() -> [String] {
        PythonOracle.missingBrowserPrerequisites(script: script)
    }

    /// True when the browser oracle can run; otherwise records why as a
    /// failure (`CARTOUCHE_SKIP_BROWSER_TESTS=1` is the only opt-out).
    static func prerequisitesPresent(for test: String) -> Bool {
        let missing = missingPrerequisites()
        guard missing.isEmpty else {
            Issue.record("""
                \(test) cannot run: missing \(missing.joined(separator: ", ")). \
                Run scripts/setup in the repository root (or set CARTOUCHE_SKIP_BROWSER_TESTS=1 to skip deliberately).
                """)
            return false
        }
        return true
    }

    /// The job for cameras per viewport, each with its coordinates to
    /// project (and screen points to unproject, when given).
    static func job(viewports: [ScreenSize], cameras: [[Camera]], project: [[[Coordinate]]], unproject: [[[ScreenPoint]]]? = nil) -> Job {
        Job(viewports: viewports.indices.map { v in
            Viewport(width: viewports[v].width, height: viewports[v].height, cases: cameras[v].indices.map { c in
                Case(camera: MapLibreInteropTests.cameraJSON(cameras[v][c]),
                     project: project[v][c].map { [$0.longitude, $0.latitude] },
                     unproject: unproject?[v][c].map { [$0.x, $0.y] } ?? [])
            })
        })
    }

    static func run(_ job: Job) async throws -> Result {
        let data = try await PythonOracle.runOffThePool(script: script, input: try JSONEncoder().encode(job))
        return try JSONDecoder().decode(Result.self, from: data)
    }
}
