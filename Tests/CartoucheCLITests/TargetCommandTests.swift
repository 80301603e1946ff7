import CartoucheJSON
import CartoucheTestSupport
import Foundation
import Testing

/// `--target` on `place`, `compile`, `query`, `render` (issue #14 item 2),
/// through the built executable: the seed example's route styling
/// (`SeedRouteScene`, Mapbox-only) exits 0 on every command with the target
/// from the flag or the scene, and exits 4 under the portable target with a
/// message naming the property, its path and how to allow it.
@Suite("--target on every scene command", .serialized)
struct TargetCommandTests {
    /// Each command's arguments after the scene (`-`, read from stdin).
    static let commands: [[String]] = [["place", "-"], ["compile", "-"], ["query", "-", "--at", "300,300"], ["render", "-"]]

    @Test("the seed route styling: exit 0 on every command with --target mapbox, or with options.target mapbox")
    func mapboxAccepted() throws {
        let plain = String(decoding: try SeedRouteScene.bytes(), as: UTF8.self)
        let inScene = String(decoding: try SeedRouteScene.bytes(target: "mapbox"), as: UTF8.self)
        for command in Self.commands {
            let flagged = try Executable.run(command + ["--target", "mapbox"], stdin: plain)
            #expect(flagged.status == 0, "\(command): \(flagged.stderr)")
            let fromScene = try Executable.run(command, stdin: inScene)
            #expect(fromScene.status == 0, "\(command): \(fromScene.stderr)")
            #expect(flagged.stdout == fromScene.stdout, "\(command): the flag and the scene's option give different answers")
        }
    }

    @Test("under the portable target: exit 4, the property, its path and the option that allows it")
    func portableRefused() throws {
        let trimmed = String(decoding: try SeedRouteScene.bytes(slot: false), as: UTF8.self)
        let mapboxScene = String(decoding: try SeedRouteScene.bytes(slot: false, target: "mapbox"), as: UTF8.self)
        for command in Self.commands {
            for (arguments, scene) in [(command, trimmed), (command + ["--target", "portable"], mapboxScene)] {
                let run = try Executable.run(arguments, stdin: scene)
                #expect(run.status == 4, "\(arguments): \(run.stderr)")
                #expect(run.stdout.isEmpty)
                // The first Mapbox-only property of the manager, in the order properties
                // are checked, at its path in the scene file (query's too), said once.
                let path = "managers[0].properties.line-border-color"
                for part in ["\(path): a Mapbox-only property;", #""options": {"target": "mapbox"}"#, "--target mapbox"] {
                    #expect(run.stderr.contains(part), "\(arguments): \(run.stderr)")
                }
            }
        }
    }

    @Test("a slot under the portable target names the slot and the option")
    func slotRefused() throws {
        let run = try Executable.run(["place", "-"], stdin: String(decoding: try SeedRouteScene.bytes(), as: UTF8.self))
        #expect(run.status == 4)
        #expect(run.stderr.contains(#"slot "middle" is Mapbox-only"#) && run.stderr.contains("--target mapbox")
                && run.stderr.contains("at managers[0].slot"), "\(run.stderr)")
    }
}
