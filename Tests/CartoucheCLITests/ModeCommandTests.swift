import CartoucheJSON
import CartoucheTestSupport
import Foundation
import Testing

@testable import CartoucheCommands

/// `--mode greedy|optimise` on `place`, `query` and `render` (issue #27
/// item 2): the scene's `options.mode` overridden as the routes' `?mode=` does.
@Suite("cartouche: --mode", .serialized)
struct ModeCommandTests {
    static var seed: String { Shared.repositoryRoot.appendingPathComponent("Examples/sf-stanford.scene.json").path }

    @Test("place --mode optimise: every frame says optimise; --mode greedy over a scene saying optimise: greedy")
    func placeMode() throws {
        let run = try Executable.run(["place", Self.seed, "--mode", "optimise"])
        #expect(run.status == 0, "\(run.stderr)")
        let frames = try #require(try JSONParser().parse(run.stdout).objectValue?["frames"]?.arrayValue)
        #expect(!frames.isEmpty)
        #expect(frames.allSatisfy { $0.objectValue?["stats"]?.objectValue?["method"] == "optimise" })
        let cities = Shared.repositoryRoot.appendingPathComponent("Examples/world-cities.scene.json").path
        let greedy = try Executable.run(["place", cities, "--mode", "greedy"])
        #expect(greedy.status == 0, "\(greedy.stderr)")
        let greedyFrames = try #require(try JSONParser().parse(greedy.stdout).objectValue?["frames"]?.arrayValue)
        #expect(greedyFrames.allSatisfy { $0.objectValue?["stats"]?.objectValue?["method"] == "greedy" })
    }

    @Test("render --mode optimise: the caption says optimise; query --mode is accepted")
    func renderAndQuery() throws {
        let render = try Executable.run(["render", Self.seed, "--mode", "optimise"])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stdout.contains("· optimise"))
        let query = try Executable.run(["query", Self.seed, "--rect", "0,0,10000,10000", "--mode", "optimise"])
        #expect(query.status == 0, "\(query.stderr)")
        #expect(query.stdout.hasPrefix(#"{"frame":0,"hits":["#))
    }

    @Test("--mode takes the library's spellings only: a bad one exits 2 listing them; help lists them", arguments: ["place", "query", "render"])
    func badModeAndHelp(command: String) throws {
        let run = try Executable.run([command, Self.seed, "--mode", "optimize"] + (command == "query" ? ["--at", "1,1"] : []))
        #expect(run.status == 2)
        #expect(run.stderr.contains("optimize") && run.stderr.contains("greedy") && run.stderr.contains("optimise"), "\(run.stderr)")
        let help = try Executable.run([command, "--help"])
        #expect(help.stdout.contains("--mode <mode>"), "\(help.stdout)")
        #expect(help.stdout.contains("values: greedy, optimise"), "\(help.stdout)")
    }

    @Test("compile takes no --mode: compiling places nothing")
    func compileHasNoMode() throws {
        #expect(throws: (any Error).self) { try CompileCommand.parse(["--mode", "optimise"]) }
    }
}
