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

    @Test("an installed copy falls back to PREFIX/share/cartouche for the examples, the basemap and MapLibre GL JS, after the working folder")
    func installedLayout() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("cartouche-prefix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let share = prefix.appendingPathComponent("share/cartouche")
        for folder in ["bin", "share/cartouche/Examples", "share/cartouche/basemap", "share/cartouche/maplibre"] {
            try FileManager.default.createDirectory(at: prefix.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data(#"{"type":"FeatureCollection","features":[]}"#.utf8).write(to: share.appendingPathComponent("basemap/naturalearth_lowres.geojson"))
        for file in ["maplibre-gl.js", "maplibre-gl.css"] { try Data().write(to: share.appendingPathComponent("maplibre/\(file)")) }
        let executable = prefix.appendingPathComponent("bin/cartouche")
        let empty = try Self.folder(installed: false)
        defer { try? FileManager.default.removeItem(at: empty) }
        let installed = try ServeCommand.parse([]).configuration(environment: [:], currentDirectory: empty.path, executable: executable)
        #expect(installed.examplesDirectory == share.appendingPathComponent("Examples").path)
        #expect(installed.basemapFile == share.appendingPathComponent("basemap/naturalearth_lowres.geojson").path)
        #expect(installed.mapLibreDirectory == share.appendingPathComponent("maplibre").path)
        // The working folder's (a repository checkout) come first; flags and the environment before both.
        let checkout = try Self.folder(installed: true)
        defer { try? FileManager.default.removeItem(at: checkout) }
        let local = try ServeCommand.parse([]).configuration(environment: [:], currentDirectory: checkout.path, executable: executable)
        #expect(local.basemapFile == PlaygroundBasemap.defaultPath)
        let flagged = try ServeCommand.parse(["--no-examples"]).configuration(
            environment: ["CARTOUCHE_BASEMAP": "/srv/land.geojson"], currentDirectory: empty.path, executable: executable)
        #expect(flagged.examplesDirectory == nil && flagged.basemapFile == "/srv/land.geojson")
    }
}
