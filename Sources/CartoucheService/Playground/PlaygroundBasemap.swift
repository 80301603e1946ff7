import CartoucheJSON
import Foundation

/// The playground's light basemap (`GET /playground/basemap.geojson`): a
/// GeoJSON FeatureCollection read once at start-up and served as is. The
/// page projects it with the scene's camera and draws it under the callouts.
///
/// The file is not part of the repository: `scripts/setup` writes Natural
/// Earth's 1:110m countries (public domain) to ``defaultPath``, and
/// `cartouche serve` uses that file when it exists in its working folder,
/// else the copy `scripts/install` puts in `PREFIX/share/cartouche/basemap/`
/// (or the one `--basemap FILE` / `CARTOUCHE_BASEMAP` names). Without one the
/// route answers a 404 problem saying how to install it, and the page shows
/// that sentence.
public struct PlaygroundBasemap: Sendable {
    /// Where `scripts/setup` writes the basemap, relative to the repository.
    public static let defaultPath = ".cache/basemap/naturalearth_lowres.geojson"

    /// The file's bytes, served unchanged.
    let body: [UInt8]
    /// Features in the collection (for the start-up log).
    public let featureCount: Int

    /// The answer when no basemap was loaded, with the advice that fits where
    /// the binary runs: an installed copy (`installedShare`, its
    /// `PREFIX/share/cartouche`) looks in its prefix; a build runs `scripts/setup`.
    static func notInstalled(installedShare: String?) -> Problem {
        let advice = installedShare.map {
            "this installed copy looks for \($0)/basemap/naturalearth_lowres.geojson (scripts/install copies the one "
                + "scripts/setup writes in the repository; the container image builds it in)"
        } ?? "run scripts/setup (it writes \(defaultPath); cartouche serve finds it there when started from the repository)"
        return Problem(slug: "not-found", title: "Not Found", status: .notFound,
                       detail: "basemap not installed: \(advice), or start the service with --basemap FILE")
    }

    /// Reads and checks `path`: JSON, a FeatureCollection whose `features` is an array.
    /// - Complexity: O(file size), once at start-up.
    /// - Throws: ``PlaygroundFileError`` naming the file and what is wrong.
    public static func load(path: String) throws(PlaygroundFileError) -> PlaygroundBasemap {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw PlaygroundFileError(.basemap, file: path, reason: "cannot be read (\(error.localizedDescription))")
        }
        let json: JSONValue
        do { json = try JSONParser().parse(data) } catch {
            throw PlaygroundFileError(.basemap, file: path, reason: error.description)
        }
        guard let object = json.objectValue, object["type"]?.stringValue == "FeatureCollection" else {
            throw PlaygroundFileError(.basemap, file: path, reason: #"not a GeoJSON FeatureCollection (no "type": "FeatureCollection")"#)
        }
        guard let features = object["features"]?.arrayValue else {
            throw PlaygroundFileError(.basemap, file: path, reason: #""features" must be an array"#)
        }
        return PlaygroundBasemap(body: Array(data), featureCount: features.count)
    }
}

/// A file of the playground's the service was told to serve but cannot
/// (a basemap, MapLibre GL JS); stops the start-up.
public struct PlaygroundFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which of the playground's optional parts the file belongs to.
    public enum Part: String, Hashable, Sendable {
        case basemap
        case maplibre
    }

    public var part: Part
    public var file: String
    public var reason: String

    public init(_ part: Part, file: String, reason: String) {
        self.part = part
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(part.rawValue) \(file): \(reason)" }
}
