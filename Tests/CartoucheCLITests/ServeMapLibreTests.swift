import CartoucheCommands
import CartoucheService
import Foundation
import Testing

/// Where `cartouche serve` takes MapLibre GL JS from (for a playground opened
/// with `?style=URL`): `--maplibre`, then `CARTOUCHE_MAPLIBRE`, then
/// `./.cache/maplibre` (filled by `scripts/setup`) when it holds both files, else none.
@Suite("cartouche serve --maplibre")
struct ServeMapLibreTests {
    /// A fresh folder whose `.cache/maplibre` holds `files`.
    static func folder(files: [String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cartouche-maplibre-\(UUID().uuidString)")
        let directory = url.appendingPathComponent(PlaygroundMapLibre.defaultDirectory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in files { try Data("/* \(name) */".utf8).write(to: directory.appendingPathComponent(name)) }
        return url
    }

    static let both = [PlaygroundMapLibre.scriptFile, PlaygroundMapLibre.styleFile]

    @Test("flag, then environment, then the folder scripts/setup fills (only with both files), then none", arguments: [
        ([], [:], both, PlaygroundMapLibre.defaultDirectory),
        ([], [:], [PlaygroundMapLibre.scriptFile], nil),
        ([], [:], [], nil),
        ([], ["CARTOUCHE_MAPLIBRE": "/srv/maplibre"], both, "/srv/maplibre"),
        (["--maplibre", "vendor"], ["CARTOUCHE_MAPLIBRE": "/srv/maplibre"], [], "vendor"),
    ] as [([String], [String: String], [String], String?)])
    func resolution(arguments: [String], environment: [String: String], files: [String], expected: String?) throws {
        let directory = try Self.folder(files: files)
        defer { try? FileManager.default.removeItem(at: directory) }
        let command = try ServeCommand.parse(arguments)
        #expect(try command.configuration(environment: environment, currentDirectory: directory.path).mapLibreDirectory == expected)
    }
}
