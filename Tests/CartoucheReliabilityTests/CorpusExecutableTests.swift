import CartoucheJobs
import CartoucheService
import Foundation
import Testing

/// A few corpus cases through the real `cartouche place` process: the exit
/// status and the stderr line a script would see. (Every case goes through
/// `PlaceJob`, the code the command runs, in `CorpusLibraryTests`; this checks
/// the process around it.)
@Suite("Bad-input corpus through the cartouche executable", .serialized)
struct CorpusExecutableTests {
    /// The `cartouche` built beside the test bundle (`swift build --build-tests` builds it).
    static var executable: URL? {
        var dir = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("cartouche")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir.deleteLastPathComponent()
        }
        return nil
    }

    /// Runs `cartouche place -` on `input`; stdin is written from a file so a
    /// large input cannot dead-lock against the process's output.
    static func place(_ input: [UInt8]) throws -> (status: Int32, stdout: [UInt8], stderr: String) {
        let process = Process()
        // Unwrapped into a constant of its own: `#require` straight into the
        // optional `executableURL` would unwrap and re-wrap (a warning).
        let binary: URL = try #require(executable, "build the cartouche executable first (swift build --build-tests)")
        process.executableURL = binary
        process.arguments = ["place", "-"]
        let inputFile = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-\(UUID().uuidString).json")
        try Data(input).write(to: inputFile)
        defer { try? FileManager.default.removeItem(at: inputFile) }
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, Array(out), String(decoding: err, as: UTF8.self))
    }

    static let picked = [
        "syntax: lone high surrogate \\ud800", "coordinates: longitude -720", "layers: two managers above each other",
        "text: unknown font stack", "coordinates: callout and camera at latitude 90",
    ]

    @Test("bad input exits 4 with the detail and path on stderr; good input exits 0 with the service's bytes",
          arguments: HostileCorpus.all.filter { picked.contains($0.testDescription) })
    func exitStatus(_ hostile: HostileCase) throws {
        let run = try Self.place(hostile.request.body())
        switch hostile.expected {
        case .problem(let expected):
            #expect(run.status == 4)
            #expect(run.stdout.isEmpty)
            let line = run.stderr.trimmingCharacters(in: .newlines)
            #expect(line.hasPrefix("-: ") && line.contains(expected.detail), "\(line)")
            // The path said once: in the detail's opening, or else as " at PATH" at the end.
            if let path = expected.path {
                #expect(line.contains(": \(path): ") != line.hasSuffix(" at \(path)"), "\(line)")
            }
        case .accepted:
            #expect(run.status == 0, "\(run.stderr)")
            let viaJob = try PlaceJob.run(hostile.request.body(), limits: .unlimited, text: try Shared.engine.get()).get()
            #expect(run.stdout == viaJob.body + [UInt8(ascii: "\n")])
        }
    }
}
