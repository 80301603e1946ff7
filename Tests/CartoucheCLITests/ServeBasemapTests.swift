import CartoucheCommands
import CartoucheService
import Foundation
import Testing

/// Where `cartouche serve` takes the playground's basemap from: `--basemap`,
/// then `CARTOUCHE_BASEMAP`, then `./.cache/basemap/naturalearth_lowres.geojson`
/// (written by `scripts/setup`) when that file exists, else none.
@Suite("cartouche serve --basemap")
struct ServeBasemapTests {
    /// A fresh folder, with the default basemap file in it when `installed`.
    static func folder(installed: Bool) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cartouche-basemap-\(UUID().uuidString)")
        let file = url.appendingPathComponent(PlaygroundBasemap.defaultPath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        if installed { try Data(#"{"type":"FeatureCollection","features":[]}"#.utf8).write(to: file) }
        return url
    }

    @Test("flag, then environment, then the file scripts/setup writes, then none", arguments: [
        ([], [:], true, PlaygroundBasemap.defaultPath),
        ([], [:], false, nil),
        ([], ["CARTOUCHE_BASEMAP": "/srv/land.geojson"], true, "/srv/land.geojson"),
        (["--basemap", "mine.geojson"], ["CARTOUCHE_BASEMAP": "/srv/land.geojson"], false, "mine.geojson"),
    ] as [([String], [String: String], Bool, String?)])
    func resolution(arguments: [String], environment: [String: String], installed: Bool, expected: String?) throws {
        let directory = try Self.folder(installed: installed)
        defer { try? FileManager.default.removeItem(at: directory) }
        let command = try ServeCommand.parse(arguments)
        #expect(try command.configuration(environment: environment, currentDirectory: directory.path).basemapFile == expected)
    }
}
