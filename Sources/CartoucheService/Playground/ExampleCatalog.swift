import CartoucheJSON
import CartoucheJobs
import CartoucheScene
import Foundation

/// The example scenes the service offers at `GET /v1/examples` (the
/// playground's scene picker): every `*.scene.json` file of one folder, read,
/// decoded and checked once at start-up.
///
/// A file that is not a valid scene stops the start-up with an error naming
/// the file and the JSON path, rather than being skipped: an example that
/// silently vanishes from the picker is harder to notice than a server that
/// refuses to start.
public struct ExampleCatalog: Sendable {
    /// One example: its name (the file name without `.scene.json`) and the scene as written.
    public struct Example: Hashable, Sendable {
        public var name: String
        public var scene: JSONValue

        public init(name: String, scene: JSONValue) {
            self.name = name
            self.scene = scene
        }
    }

    /// Sorted by name, so the answer is the same on every machine.
    public let examples: [Example]
    /// The `GET /v1/examples` body, written once.
    let responseBody: [UInt8]

    /// The file name suffix that marks an example scene.
    public static let fileSuffix = ".scene.json"

    /// No examples: the route answers an empty list and the playground relies on paste/upload.
    public static let empty = ExampleCatalog(sorted: [], responseBody: Array(#"{"examples":[]}"#.utf8))

    /// - Throws: ``ExampleLoadError`` when a scene breaks the format or `limits`
    ///   (the service would refuse it), or cannot be written back as JSON.
    public init(examples: [Example], limits: SceneLimits = .unlimited) throws(ExampleLoadError) {
        for example in examples { try Self.check(example.scene, file: example.name + Self.fileSuffix, limits: limits) }
        try self.init(checked: examples.sorted { $0.name < $1.name })
    }

    private init(sorted: [Example], responseBody: [UInt8]) {
        self.examples = sorted
        self.responseBody = responseBody
    }

    private init(checked sorted: [Example]) throws(ExampleLoadError) {
        var w = JSONWriter()
        w.beginObject()
        w.key("examples")
        w.beginArray()
        for example in sorted {
            w.beginObject()
            w.key("name"); w.write(example.name)
            do { w.key("scene"); try w.write(example.scene) } catch {
                throw ExampleLoadError(file: example.name + Self.fileSuffix, path: nil, reason: "cannot be written back as JSON (\(error))")
            }
            w.endObject()
        }
        w.endArray()
        w.endObject()
        self.init(sorted: sorted, responseBody: w.bytes)
    }

    /// Reads every `*.scene.json` file directly in `directory` (not below it).
    /// - Complexity: O(total bytes) to parse, plus decoding each scene once.
    /// - Throws: ``ExampleLoadError`` naming the folder or the file and, for
    ///   scene errors, the JSON path.
    public static func load(directory: URL, limits: SceneLimits = .unlimited) throws(ExampleLoadError) -> ExampleCatalog {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw ExampleLoadError(file: directory.path, path: nil, reason: "cannot list the examples folder (\(error.localizedDescription))")
        }
        var examples: [Example] = []
        for fileName in names.sorted() where fileName.hasSuffix(fileSuffix) && fileName.count > fileSuffix.count {
            let url = directory.appendingPathComponent(fileName)
            let bytes: Data
            do { bytes = try Data(contentsOf: url) } catch {
                throw ExampleLoadError(file: url.path, path: nil, reason: "cannot be read (\(error.localizedDescription))")
            }
            let json: JSONValue
            do { json = try JSONParser().parse(bytes) } catch {
                throw ExampleLoadError(file: url.path, path: nil, reason: error.description)
            }
            try check(json, file: url.path, limits: limits)
            examples.append(Example(name: String(fileName.dropLast(fileSuffix.count)), scene: json))
        }
        return try ExampleCatalog(checked: examples.sorted { $0.name < $1.name })
    }

    /// The checks every scene route makes (``SceneInput``): the format and the limits.
    private static func check(_ scene: JSONValue, file: String, limits: SceneLimits) throws(ExampleLoadError) {
        do { _ = try SceneDocument(json: scene, limits: limits) } catch {
            throw ExampleLoadError(file: file, path: error.path.description, reason: error.reason)
        }
    }
}

/// An examples folder or file the service cannot offer; stops the start-up.
public struct ExampleLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file (or folder) at fault.
    public var file: String
    /// JSON path of the bad value inside the file, when there is one.
    public var path: String?
    public var reason: String

    public init(file: String, path: String?, reason: String) {
        self.file = file
        self.path = path
        self.reason = reason
    }

    public var description: String {
        if let path { "example \(file): \(path): \(reason)" } else { "example \(file): \(reason)" }
    }
}
