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

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The repository root, found from this file's path (Tests/CartoucheCameraTests/…).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Everything the oracle needs, each with the reason it is missing.
    static func missingPrerequisites() -> [String] {
        let files = [
            (".venv-peers/bin/python", "the Python venv with playwright"),
            (".cache/maplibre/maplibre-gl.js", "MapLibre GL JS 5.3.0 from the PyPI maplibre wheel"),
            ("scripts/interop/maplibre_oracle.py", "the oracle script"),
        ]
        var missing = files.compactMap { path, what in
            FileManager.default.isExecutableFile(atPath: repositoryRoot.appendingPathComponent(path).path)
                || FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(path).path)
                ? nil : "\(path) (\(what))"
        }
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") {
            missing.append("/usr/bin/chromium (Debian package chromium)")
        }
        return missing
    }

    static func run(_ job: Job) throws -> Result {
        let process = Process()
        process.executableURL = repositoryRoot.appendingPathComponent(".venv-peers/bin/python")
        process.arguments = [repositoryRoot.appendingPathComponent("scripts/interop/maplibre_oracle.py").path]
        process.currentDirectoryURL = repositoryRoot
        let input = Pipe(), output = Pipe()
        // stderr goes to a file so a chatty browser cannot fill a pipe and stall us.
        let errorLog = FileManager.default.temporaryDirectory
            .appendingPathComponent("cartouche-maplibre-oracle-\(ProcessInfo.processInfo.processIdentifier).log")
        guard FileManager.default.createFile(atPath: errorLog.path, contents: nil) else {
            throw Failure(description: "cannot create \(errorLog.path) for the oracle's stderr")
        }
        let errorHandle = try FileHandle(forWritingTo: errorLog)
        defer {
            try? errorHandle.close()
            try? FileManager.default.removeItem(at: errorLog)
        }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errorHandle
        try process.run()
        input.fileHandleForWriting.write(try JSONEncoder().encode(job))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let log = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
            throw Failure(description: "maplibre_oracle.py exited with \(process.terminationStatus): \(log.suffix(2000))")
        }
        return try JSONDecoder().decode(Result.self, from: data)
    }
}
