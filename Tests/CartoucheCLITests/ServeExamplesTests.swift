import CartoucheCommands
import Foundation
import Testing

/// Where `cartouche serve` takes its example scenes from: `--examples`, then
/// `CARTOUCHE_EXAMPLES_DIR`, then `./Examples` when it exists; `--no-examples` wins.
@Suite("cartouche serve --examples")
struct ServeExamplesTests {
    static let withExamples = Shared.repositoryRoot.path  // holds Examples/
    static let withoutExamples = Shared.repositoryRoot.appendingPathComponent("Sources").path

    @Test("flag, then environment, then ./Examples, then none", arguments: [
        ([], [:], withExamples, "Examples"),
        ([], [:], withoutExamples, nil),
        ([], ["CARTOUCHE_EXAMPLES_DIR": "/srv/scenes"], withExamples, "/srv/scenes"),
        (["--examples", "mine"], ["CARTOUCHE_EXAMPLES_DIR": "/srv/scenes"], withExamples, "mine"),
        (["--no-examples"], ["CARTOUCHE_EXAMPLES_DIR": "/srv/scenes"], withExamples, nil),
    ] as [([String], [String: String], String, String?)])
    func resolution(arguments: [String], environment: [String: String], directory: String, expected: String?) throws {
        let command = try ServeCommand.parse(arguments)
        #expect(try command.configuration(environment: environment, currentDirectory: directory).examplesDirectory == expected)
    }

    @Test("a broken example stops serve at start with the file and path named on stderr; exit 4")
    func brokenExampleStopsStartUp() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cartouche-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"version":1,"viewport":{"width":400,"height":300},"cameras":[]}"#.utf8)
            .write(to: folder.appendingPathComponent("empty-cameras.scene.json"))
        let process = Process()
        guard let executable = Executable.url else {
            Issue.record("build the cartouche executable first (swift build --product cartouche)")
            return
        }
        process.executableURL = executable
        process.arguments = ["serve", "--port", "0", "--examples", folder.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // A server that started anyway would never exit: stop it rather than hang the suite.
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            process.terminate()
            Issue.record("serve started with a broken example")
        }
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 4)
        #expect(stderr.contains("empty-cameras.scene.json"), "\(stderr)")
        #expect(stderr.contains("cameras: must list at least one camera"), "\(stderr)")
    }
}
