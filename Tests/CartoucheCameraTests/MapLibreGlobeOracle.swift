import CartoucheTestSupport
import Foundation

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

    static func run(_ job: Job) throws -> Result {
        let data = try PythonOracle.run(script: script, input: try JSONEncoder().encode(job))
        return try JSONDecoder().decode(Result.self, from: data)
    }
}
