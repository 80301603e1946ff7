import Foundation
import Testing

/// `--help` of every command states each default at most once
/// (`DemoAndHelpTests` covers the progress line and `place --jobs`).
@Suite("help texts")
struct HelpTextTests {
    @Test("no option's help states its default twice", arguments: ["place", "compile", "query", "render", "shape", "fonts", "glyphs", "serve", "demo"])
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
}
