import Foundation

/// MapLibre GL JS for the playground's own-style basemap
/// (`GET /playground/vendor/maplibre-gl.js` and `.css`): the two files read
/// once at start-up from a folder and served as they are.
///
/// They are not part of the repository (third-party code is never
/// committed): `scripts/setup` copies them from the PyPI `maplibre` wheel
/// into ``defaultDirectory``, and `cartouche serve` uses that folder when it
/// holds them (or the one `--maplibre DIR` / `CARTOUCHE_MAPLIBRE` names).
/// Without them both routes answer a 404 problem saying how to install them,
/// and a page opened with `?style=` says so and keeps the Natural Earth basemap.
public struct PlaygroundMapLibre: Sendable {
    /// Where `scripts/setup` copies the files, relative to the repository.
    public static let defaultDirectory = ".cache/maplibre"
    public static let scriptFile = "maplibre-gl.js"
    public static let styleFile = "maplibre-gl.css"

    let script: [UInt8]
    let style: [UInt8]
    /// The release named in the script's licence header (`v5.3.0`), when it names one (for the start-up log).
    public let version: String?

    /// The answer when MapLibre GL JS was not loaded, with the advice that
    /// fits where the binary runs (see ``PlaygroundBasemap/notInstalled(installedShare:)``).
    static func notInstalled(installedShare: String?) -> Problem {
        let advice = installedShare.map {
            "this installed copy looks for \(scriptFile) and \(styleFile) in \($0)/maplibre (scripts/install copies the "
                + "ones scripts/setup puts in the repository's \(defaultDirectory))"
        } ?? "run scripts/setup (it copies \(scriptFile) and \(styleFile) from the PyPI maplibre wheel into "
            + "\(defaultDirectory); cartouche serve finds them there when started from the repository)"
        return Problem(slug: "not-found", title: "Not Found", status: .notFound,
                       detail: "MapLibre GL JS not installed: \(advice), or start the service with --maplibre DIR")
    }

    /// Whether `directory` holds both files (the default folder is used only then).
    public static func isInstalled(in directory: String) -> Bool {
        [scriptFile, styleFile].allSatisfy {
            FileManager.default.isReadableFile(atPath: URL(fileURLWithPath: directory).appendingPathComponent($0).path)
        }
    }

    /// Reads both files of `directory`.
    /// - Complexity: O(file sizes, about 1 MB), once at start-up.
    /// - Throws: ``PlaygroundFileError`` naming the file that cannot be read.
    public static func load(directory: String) throws(PlaygroundFileError) -> PlaygroundMapLibre {
        func read(_ name: String) throws(PlaygroundFileError) -> [UInt8] {
            let path = URL(fileURLWithPath: directory).appendingPathComponent(name).path
            do { return Array(try Data(contentsOf: URL(fileURLWithPath: path))) } catch {
                throw PlaygroundFileError(.maplibre, file: path, reason: "cannot be read (\(error.localizedDescription))")
            }
        }
        let script = try read(scriptFile)
        let style = try read(styleFile)
        // The bundle opens with its licence header, which names the release's tag.
        let head = String(decoding: script.prefix(400), as: UTF8.self)
        let version = head.firstMatch(of: /maplibre-gl-js\/blob\/(v[0-9][0-9A-Za-z.\-]*)\//).map { String($0.output.1) }
        return PlaygroundMapLibre(script: script, style: style, version: version)
    }
}
