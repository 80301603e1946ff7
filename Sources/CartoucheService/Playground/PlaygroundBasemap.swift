import CartoucheJSON
import Foundation

/// The playground's light basemap (`GET /playground/basemap.geojson`): a
/// GeoJSON FeatureCollection read once at start-up and served as is. The
/// page projects it with the scene's camera and draws it under the callouts.
///
/// The file is not part of the repository: `scripts/setup` writes Natural
/// Earth's 1:110m countries (public domain) to ``defaultPath``, and
/// `cartouche serve` uses that file when it exists in its working folder (or
/// the one `--basemap FILE` / `CARTOUCHE_BASEMAP` names). Without one the
/// route answers a 404 problem saying how to install it, and the page shows
/// that sentence.
public struct PlaygroundBasemap: Sendable {
    /// Where `scripts/setup` writes the basemap, relative to the repository.
    public static let defaultPath = ".cache/basemap/naturalearth_lowres.geojson"

    /// The file's bytes, served unchanged.
    let body: [UInt8]
    /// Features in the collection (for the start-up log).
    public let featureCount: Int

    /// The answer when no basemap was loaded.
    static let notInstalled = Problem(
        slug: "not-found", title: "Not Found", status: .notFound,
        detail: "basemap not installed: run scripts/setup (it writes \(defaultPath); cartouche serve finds it there "
            + "when started from the repository), or start the service with --basemap FILE")

    /// Reads and checks `path`: JSON, a FeatureCollection whose `features` is an array.
    /// - Complexity: O(file size), once at start-up.
    /// - Throws: ``BasemapLoadError`` naming the file and what is wrong.
    public static func load(path: String) throws(BasemapLoadError) -> PlaygroundBasemap {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw BasemapLoadError(file: path, reason: "cannot be read (\(error.localizedDescription))")
        }
        let json: JSONValue
        do { json = try JSONParser().parse(data) } catch {
            throw BasemapLoadError(file: path, reason: error.description)
        }
        guard let object = json.objectValue, object["type"]?.stringValue == "FeatureCollection" else {
            throw BasemapLoadError(file: path, reason: #"not a GeoJSON FeatureCollection (no "type": "FeatureCollection")"#)
        }
        guard let features = object["features"]?.arrayValue else {
            throw BasemapLoadError(file: path, reason: #""features" must be an array"#)
        }
        return PlaygroundBasemap(body: Array(data), featureCount: features.count)
    }
}

/// A basemap file the service was told to serve but cannot; stops the start-up.
public struct BasemapLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { "basemap \(file): \(reason)" }
}
