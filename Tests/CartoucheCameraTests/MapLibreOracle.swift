import CartoucheTestSupport
import Foundation

/// Runs `scripts/interop/maplibre_oracle.py` (MapLibre GL JS 5.3.0 in
/// Debian's chromium) on a job and decodes its answer. The wire format is
/// documented at the top of that script.
enum MapLibreOracle {
    struct Padding: Codable { var top, left, bottom, right: Double }
    struct CameraJSON: Codable {
        var center: [Double]  // [lng, lat]
        var zoom, bearing, pitch: Double
        var padding: Padding
    }
    struct Case: Codable {
        var camera: CameraJSON
        var project: [[Double]]  // [lng, lat]
        var unproject: [[Double]]  // [x, y]
    }
    struct Fit: Codable {
        var bounds: [Double]  // [west, south, east, north]
        var bearing: Double
        var padding: Padding
    }
    struct Viewport: Codable {
        var width, height: Double
        var cases: [Case]
        var fits: [Fit] = []
    }
    struct Job: Codable { var viewports: [Viewport] }

    struct CaseResult: Codable {
        var actual: CameraJSON
        var constrained: Bool
        var project: [[Double?]]  // [x, y]; null when MapLibre produced a non-finite value
        var unproject: [[Double?]]  // [lng, lat]
        var nearZ: Double?
        var farZ: Double?
    }
    struct FitResult: Codable {
        var center: [Double]  // [lng, lat]
        var zoom, bearing: Double
    }
    struct ViewportResult: Codable {
        var width, height: Double
        var canvas: [Double]
        var cases: [CaseResult]
        var fits: [FitResult?]
    }
    struct Result: Codable {
        var viewports: [ViewportResult]
        var constrained: Int
        var seconds: Double
    }

    /// Everything the oracle needs, each with the reason it is missing.
    static func missingPrerequisites() -> [String] {
        PythonOracle.missingBrowserPrerequisites(script: "scripts/interop/maplibre_oracle.py")
    }

    static func run(_ job: Job) async throws -> Result {
        let data = try await PythonOracle.runOffThePool(script: "scripts/interop/maplibre_oracle.py", input: try JSONEncoder().encode(job))
        return try JSONDecoder().decode(Result.self, from: data)
    }
}
