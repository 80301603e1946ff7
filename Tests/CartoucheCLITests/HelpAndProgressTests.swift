import Foundation
import Testing

@testable import CartoucheCommands

/// The paper cuts a new user meets first: `--help` and the batch progress line.
@Suite("help texts and the progress line")
struct HelpAndProgressTests {
    @Test("no option's help states its default twice", arguments: ["place", "compile", "query", "render", "shape", "fonts", "serve", "demo"])
    func defaultsOnce(command: String) throws {
        let run = try Executable.run([command, "--help"])
        #expect(run.status == 0)
        // Options wrap over lines; join each option's block before counting.
        let blocks = run.stdout.components(separatedBy: "\n  -").map { $0.replacingOccurrences(of: "\n", with: " ") }
        for block in blocks {
            let count = block.components(separatedBy: "(default").count - 1
            #expect(count <= 1, "\(command): \(block)")
        }
    }

    @Test("place --help says the batch width defaults to the core count, not this machine's number")
    func jobsDefault() throws {
        let run = try Executable.run(["place", "--help"])
        let joined = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(joined.contains("(default: core count)"))
    }

    @Test("the progress line separates percent, count and rate")
    func progressLine() {
        let line = ProgressBar.line(done: 1008, bytesRead: 50, totalBytes: 100, seconds: 10)
        #expect(line == "[##########..........]   50%  1008 scenes  100.8/s  ETA 10s")
        #expect(ProgressBar.line(done: 3, bytesRead: 0, totalBytes: nil, seconds: 2) == "3 scenes  1.5/s")
    }
}
