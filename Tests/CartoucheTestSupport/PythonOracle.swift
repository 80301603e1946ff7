import Foundation

/// Runs one of the repository's Python oracle scripts (MapLibre in chromium,
/// uharfbuzz, …) with the `.venv-peers` interpreter made by `scripts/setup`:
/// JSON in on stdin, JSON out on stdout. Shared by the interop tests.
public enum PythonOracle {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The repository root, found from this file's path (Tests/CartoucheTestSupport/…).
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The venv's interpreter, MapLibre GL JS and chromium, each with what it is
    /// when missing (empty when everything is there).
    public static func missingBrowserPrerequisites(script: String) -> [String] {
        let files = [
            (".venv-peers/bin/python", "the Python venv with playwright"),
            (".cache/maplibre/maplibre-gl.js", "MapLibre GL JS 5.3.0 from the PyPI maplibre wheel"),
            (script, "the oracle script"),
        ]
        var missing = files.compactMap { path, what in
            FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(path).path) ? nil : "\(path) (\(what))"
        }
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") {
            missing.append("/usr/bin/chromium (Debian package chromium)")
        }
        return missing
    }

    /// ``run(script:input:)`` on a Dispatch thread, for async tests. The
    /// oracle blocks for seconds; on the Swift concurrency pool (two threads
    /// on a 2-core machine) two such waits at once starve every other task,
    /// including the request handlers of a live test server whose page the
    /// browser is loading (the glyphs test then timed out in CI).
    public static func runOffThePool(script: String, input: Data) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try run(script: script, input: input) }) }
        }
    }

    /// Runs `script` (a path relative to the repository root) on `input`.
    public static func run(script: String, input: Data) throws -> Data {
        let process = Process()
        process.executableURL = repositoryRoot.appendingPathComponent(".venv-peers/bin/python")
        process.arguments = [repositoryRoot.appendingPathComponent(script).path]
        process.currentDirectoryURL = repositoryRoot
        let stdin = Pipe(), stdout = Pipe()
        // stderr goes to a file so a chatty browser cannot fill a pipe and stall us.
        let errorLog = FileManager.default.temporaryDirectory
            .appendingPathComponent("cartouche-oracle-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: errorLog.path, contents: nil) else {
            throw Failure(description: "cannot create \(errorLog.path) for the oracle's stderr")
        }
        let errorHandle = try FileHandle(forWritingTo: errorLog)
        defer {
            try? errorHandle.close()
            try? FileManager.default.removeItem(at: errorLog)
        }
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = errorHandle
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let log = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
            throw Failure(description: "\(script) exited with \(process.terminationStatus): \(log.suffix(2000))")
        }
        return data
    }
}
