import CartoucheService
import Foundation

/// Where `cartouche serve` takes the playground's optional parts from — the
/// example scenes, the Natural Earth basemap, MapLibre GL JS — and why, for
/// the configuration and the start-up log. For each part, the first of:
///
/// 1. its flag (`--examples`, `--basemap`, `--maplibre`; `--no-examples` offers none);
/// 2. its environment variable (`CARTOUCHE_EXAMPLES_DIR`, `CARTOUCHE_BASEMAP`, `CARTOUCHE_MAPLIBRE`);
/// 3. the working folder, as a repository checkout has them (`Examples/`,
///    `.cache/basemap/naturalearth_lowres.geojson` and `.cache/maplibre/`, written by `scripts/setup`);
/// 4. the installed layout next to the executable, as `scripts/install PREFIX`
///    copies them: `PREFIX/share/cartouche/Examples`, `…/basemap/naturalearth_lowres.geojson`
///    and `…/maplibre/` (the container image is such a prefix, `/opt/cartouche`).
///
/// The last two are used only when they are there; otherwise the part is off.
struct ServePlaygroundFiles: Hashable, Sendable {
    /// One part's path (nil: off) and one phrase saying where it came from.
    struct Choice: Hashable, Sendable {
        var path: String?
        var origin: String
    }

    var examples: Choice
    var basemap: Choice
    var mapLibre: Choice

    /// Where `scripts/install PREFIX` puts the parts, relative to `PREFIX/share/cartouche`.
    static let installedExamples = "Examples"
    static let installedBasemap = "basemap/naturalearth_lowres.geojson"
    static let installedMapLibre = "maplibre"

    /// `PREFIX/share/cartouche` for the executable at `PREFIX/bin/cartouche`.
    static func installedShare(executable: URL) -> URL {
        executable.resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("../share/cartouche", isDirectory: true).standardized
    }

    /// - Parameters:
    ///   - flags: the parts the command line named (`examples` nil when `--no-examples`… see `noExamples`).
    ///   - executable: the running executable; nil skips the installed layout.
    init(
        examplesFlag: String?, noExamples: Bool, basemapFlag: String?, mapLibreFlag: String?,
        environment: [String: String], currentDirectory: String, executable: URL?
    ) {
        let here = URL(fileURLWithPath: currentDirectory, isDirectory: true)
        let share = executable.map(Self.installedShare)
        func choose(flag: String?, flagName: String, variable: ServiceConfiguration.EnvironmentKey,
                    local: String, installed: String, exists: (String) -> Bool) -> Choice {
            if let flag { return Choice(path: flag, origin: "given by \(flagName)") }
            if let value = environment[variable.rawValue], !value.isEmpty {
                return Choice(path: value, origin: "given by the \(variable.rawValue) environment variable")
            }
            if exists(here.appendingPathComponent(local).path) { return Choice(path: local, origin: "found in the working folder") }
            if let share, exists(share.appendingPathComponent(installed).path) {
                return Choice(path: share.appendingPathComponent(installed).path, origin: "installed next to the executable")
            }
            var looked = [here.appendingPathComponent(local).path]
            if let share { looked.append(share.appendingPathComponent(installed).path) }
            return Choice(path: nil, origin: "none at \(looked.joined(separator: " or "))")
        }
        examples = choose(flag: examplesFlag, flagName: "--examples", variable: .examplesDirectory,
                          local: ServeCommand.defaultExamplesDirectory, installed: Self.installedExamples, exists: Self.isDirectory)
        if noExamples { examples = Choice(path: nil, origin: "--no-examples") }
        basemap = choose(flag: basemapFlag, flagName: "--basemap", variable: .basemapFile,
                         local: PlaygroundBasemap.defaultPath, installed: Self.installedBasemap) {
            FileManager.default.fileExists(atPath: $0)
        }
        mapLibre = choose(flag: mapLibreFlag, flagName: "--maplibre", variable: .mapLibreDirectory,
                          local: PlaygroundMapLibre.defaultDirectory, installed: Self.installedMapLibre,
                          exists: PlaygroundMapLibre.isInstalled(in:))
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The start-up log's metadata: each part's path (or `none`) and origin.
    var logMetadata: [String: String] {
        [
            "examples": examples.path ?? "none", "examplesFrom": examples.origin,
            "basemap": basemap.path ?? "none", "basemapFrom": basemap.origin,
            "maplibre": mapLibre.path ?? "none", "maplibreFrom": mapLibre.origin,
        ]
    }
}
