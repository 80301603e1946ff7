import CartoucheJSON
import CartoucheScene
import Foundation
import Testing

/// Runs the built `cartouche` executable (from this build's products
/// directory, next to the test bundle) and checks exit statuses and streams.
struct Executable {
    static var url: URL? {
        // The test bundle lives in .build/<triple>/debug/; the executable beside it.
        var dir = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("cartouche")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir.deleteLastPathComponent()
        }
        let fallback = Shared.repositoryRoot.appendingPathComponent(".build/debug/cartouche")
        return FileManager.default.isExecutableFile(atPath: fallback.path) ? fallback : nil
    }

    static func run(
        _ arguments: [String], stdin: String = "", executable: URL? = nil,
        environment: [String: String]? = nil, currentDirectory: URL? = nil
    ) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        // Unwrapped into a constant of its own: `#require` straight into the
        // optional `executableURL` would unwrap and re-wrap (a warning).
        let binary: URL = try #require(executable ?? url, "build the cartouche executable first (swift build --product cartouche)")
        process.executableURL = binary
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}

@Suite("cartouche executable", .serialized)
struct ExecutableTests {
    @Test("place writes the placement of a scene file; exit 0")
    func placeFile() throws {
        let path = Shared.repositoryRoot.appendingPathComponent("Examples/sf-stanford.scene.json").path
        let run = try Executable.run(["place", path])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix(#"{"frames":["#))
    }

    @Test("place takes the previous answer's frame as previous: the next tick's answer is the library's, from stdin")
    func placeWithPrevious() throws {
        let scene = try String(contentsOfFile: Shared.repositoryRoot.appendingPathComponent("Examples/sf-stanford.scene.json").path, encoding: .utf8)
        let first = try Executable.run(["place", "-"], stdin: scene)
        try #require(first.status == 0)
        let answer = try #require(try JSONParser().parse(first.stdout).objectValue?["frames"]?.arrayValue?.last)
        var next = try #require(try JSONParser().parse(scene).objectValue)
        next["previous"] = answer
        let text = String(decoding: try JSONValue.object(next).jsonBytes(), as: UTF8.self)
        let run = try Executable.run(["place", "-"], stdin: text)
        #expect(run.status == 0)
        let expected = try SceneDocument(jsonBytes: Array(text.utf8)).place(text: try Shared.engine.get()).jsonString()
        #expect(run.stdout.trimmingCharacters(in: .newlines) == expected)
        // A previous naming a callout the scene no longer has: placed, with a warning.
        next["previous"] = ["nope": ["anchor": "top"]]
        let stale = try Executable.run(["place", "-"], stdin: String(decoding: try JSONValue.object(next).jsonBytes(), as: UTF8.self))
        #expect(stale.status == 0)
        #expect(stale.stderr.hasPrefix("warning: previous.nope: "), "\(stale.stderr)")
        // A malformed one: exit 4 at its path.
        next["previous"] = ["nope": ["anchor": "middle"]]
        let bad = try Executable.run(["place", "-"], stdin: String(decoding: try JSONValue.object(next).jsonBytes(), as: UTF8.self))
        #expect(bad.status == 4)
        #expect(bad.stderr.hasPrefix("-: previous.nope.anchor: "), "\(bad.stderr)")
    }

    @Test("--version prints the one version constant (also in /healthz and the OpenAPI info)")
    func version() throws {
        let run = try Executable.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout == CartoucheVersion.string + "\n")
    }

    @Test("a bad scene exits 4 with the path of the problem on stderr")
    func badScene() throws {
        let run = try Executable.run(["place", "-"], stdin: #"{"version":1,"viewport":{"width":-1,"height":1},"camera":{"center":[0,0],"zoom":1}}"#)
        #expect(run.status == 4)
        // The path once: the decoding detail starts with it, so no " at PATH" is added.
        #expect(run.stderr.hasPrefix("-: viewport.width: "))
        #expect(run.stderr.components(separatedBy: "viewport.width").count == 2)
        #expect(run.stdout.isEmpty)
    }

    @Test("usage errors exit 2", arguments: [["place", "--batch", "--shard", "3/3"], ["place", "--on-error", "maybe"], ["nonsense"]])
    func usage(arguments: [String]) throws {
        let run = try Executable.run(arguments)
        #expect(run.status == 2)
        #expect(!run.stderr.isEmpty)
    }

    @Test("a usage error found while running prints the subcommand's usage, not cartouche <subcommand>", arguments: [
        (["glyphs", "--out", "/tmp/cartouche-usage-test", "--ranges", "nope"], "glyphs", "--ranges: "),
        (["query", "Examples/sf-stanford.scene.json", "--at", "1,x"], "query", "--at must be X,Y"),
    ])
    func runTimeUsageNamesTheSubcommand(arguments: [String], command: String, error: String) throws {
        let run = try Executable.run(arguments, currentDirectory: Shared.repositoryRoot)
        #expect(run.status == 2)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Error: \(error)") == true, "\(run.stderr)")
        #expect(lines.count == 3, "\(run.stderr)")
        #expect(lines.dropFirst().first?.hasPrefix("Usage: cartouche \(command) ") == true, "\(run.stderr)")
        #expect(lines.last == "  See 'cartouche \(command) --help' for more information.", "\(run.stderr)")
    }

    @Test("a batch with a bad line exits 3, reports the line and ends with a summary; no progress bar off a terminal")
    func batchSkip() throws {
        let lines = [scene(2), "nope", scene(3)].joined(separator: "\n") + "\n"
        let run = try Executable.run(["place", "--batch", "-"], stdin: lines)
        #expect(run.status == 3)
        #expect(run.stdout.split(separator: "\n").count == 2)
        let errLines = run.stderr.split(separator: "\n").map(String.init)
        #expect(errLines.first?.hasPrefix("line 2: ") == true)
        #expect(errLines.last?.hasPrefix("placed 2/3 scenes (1 bad, 0 blank, 0 in other shards)") == true)
        #expect(!run.stderr.contains("\r"))
    }

    @Test("the same batch with --on-error fail exits 4")
    func batchFail() throws {
        let lines = [scene(2), "nope", scene(3)].joined(separator: "\n")
        let run = try Executable.run(["place", "--batch", "--on-error", "fail", "-"], stdin: lines)
        #expect(run.status == 4)
        #expect(run.stdout.split(separator: "\n").count == 1)
    }

    @Test("shape prints metrics; fonts lists faces")
    func shapeAndFonts() throws {
        let shape = try Executable.run(["shape", "Hello wörld", "--font", "Noto Sans Regular", "--size", "16"])
        #expect(shape.status == 0)
        #expect(shape.stdout.contains(#""width":85.808}"#))  // 5363 font units × 16 px / 1000 upem
        let bad = try Executable.run(["shape", "x", "--size=-3"])
        #expect(bad.status == 4)
        #expect(bad.stderr.contains("text-size"))
        let fonts = try Executable.run(["fonts"])
        #expect(fonts.status == 0)
        #expect(fonts.stdout.contains(#""name":"Noto Sans Regular""#))
    }

    @Test("compile, query and render through the executable: stdout is the answer, bad input exits 4, bad flags 2")
    func sceneCommands() throws {
        let path = Shared.repositoryRoot.appendingPathComponent("Examples/sf-stanford.scene.json").path
        let compile = try Executable.run(["compile", path])
        #expect(compile.status == 0)
        let style = try SceneDocument(jsonBytes: Array(try Data(contentsOf: URL(fileURLWithPath: path)))).styleDocument()
        #expect(compile.stdout == String(decoding: try style.json.jsonBytes(), as: UTF8.self) + "\n")

        let query = try Executable.run(["query", path, "--rect", "0,0,10000,10000"])
        #expect(query.status == 0)
        #expect(query.stdout.hasPrefix(#"{"frame":0,"hits":[{"#))

        let render = try Executable.run(["render", "-"], stdin: #"{"version":1,"viewport":{"width":-1,"height":1},"camera":{"center":[0,0],"zoom":1}}"#)
        #expect(render.status == 4)
        #expect(render.stderr.hasPrefix("-: viewport.width: "))
        #expect(render.stderr.components(separatedBy: "viewport.width").count == 2)
        #expect(render.stdout.isEmpty)

        let flag = try Executable.run(["render", path, "--frame", "9"])
        #expect(flag.status == 2)
        #expect(flag.stderr.contains("--frame: 9 is not the index of one of the scene's 2 cameras"))
    }
}
