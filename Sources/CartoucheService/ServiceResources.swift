import CartoucheText
import Foundation

/// The files the service serves as they are — the playground's page, style
/// sheet and script (`Resources/playground/`) and the OpenAPI document's text
/// (`Resources/openapi.json`) — kept as SwiftPM resources of this target and
/// found at run time in the resource bundle SwiftPM builds
/// (``bundleName``).
///
/// A binary copied away from its build folder cannot rely on the path
/// compiled into `Bundle.module` (whose lookup ends in a `fatalError` when
/// the bundle is missing), so the folder is looked up in this order, and a
/// missing bundle is an error naming every place tried:
///
/// 1. `<directory of the executable>/Cartouche_CartoucheService.resources`:
///    where SwiftPM builds it (`.build/debug`, `.build/release`) and where
///    `Bundle.module` looks first;
/// 2. `<directory of the executable>/../share/cartouche/Cartouche_CartoucheService.resources`:
///    where `scripts/install PREFIX` puts it, beside the fonts and examples;
/// 3. `Sources/CartoucheService/Resources` of the source tree the binary was
///    built from (the same files, unbundled; as `FontsDirectory` (CartoucheText) does for `Fonts/`).
public struct ServiceResources: Sendable, Hashable {
    /// The folder SwiftPM makes for this target's resources (`<package>_<target>.resources`).
    public static let bundleName = "Cartouche_CartoucheService.resources"

    /// The folder holding `playground/` and `openapi.json`.
    public let directory: URL
    /// One sentence saying why this folder was chosen, for the start-up log.
    public let reason: String
    /// `PREFIX/share/cartouche` when the resources came from an installed prefix
    /// (place 2): the playground's optional parts are looked for there too.
    public var installedShare: URL? = nil

    /// The folder for this process, looked up once.
    public static let located: Result<ServiceResources, ServiceResourcesError> = Result { () throws(ServiceResourcesError) in
        try locate()
    }

    /// Finds the resources (see the type's documentation for the order).
    /// - Parameters:
    ///   - executable: the running executable; `nil` skips the first two places.
    ///   - sourceTree: the source tree's `Resources/` (injectable for tests); `nil` skips it.
    /// - Throws: ``ServiceResourcesError`` listing the folders tried.
    public static func locate(
        executable: URL? = FontsDirectory.currentExecutable(), sourceTree: URL? = sourceTreeResources
    ) throws(ServiceResourcesError) -> ServiceResources {
        var tried: [String] = []
        if let executable {
            let folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            let candidates = [
                (folder.appendingPathComponent(bundleName, isDirectory: true), "built next to the executable \(executable.path)"),
                (folder.appendingPathComponent("../share/cartouche/\(bundleName)", isDirectory: true).standardized,
                 "installed next to the executable \(executable.path)"),
            ]
            for (index, (url, reason)) in candidates.enumerated() {
                if holdsResources(url) {
                    return ServiceResources(directory: url, reason: reason, installedShare: index == 1 ? url.deletingLastPathComponent() : nil)
                }
                tried.append(url.path)
            }
        }
        if let sourceTree {
            if holdsResources(sourceTree) {
                return ServiceResources(directory: sourceTree, reason: "the Resources/ folder of the source tree this binary was built from")
            }
            tried.append(sourceTree.path)
        }
        throw ServiceResourcesError(file: nil, tried: tried, reason: "not found")
    }

    /// `Sources/CartoucheService/Resources` of the tree this file was compiled from.
    public static var sourceTreeResources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources", isDirectory: true)
    }

    /// Whether `url` is a folder with the OpenAPI document in it (a cheap sign of the whole set).
    static func holdsResources(_ url: URL) -> Bool {
        FileManager.default.isReadableFile(atPath: url.appendingPathComponent(openAPIFile).path)
    }

    static let openAPIFile = "openapi.json"

    /// The UTF-8 text of `relativePath` inside the folder.
    /// - Throws: ``ServiceResourcesError`` naming the file when it cannot be read.
    public func text(_ relativePath: String) throws(ServiceResourcesError) -> String {
        let url = directory.appendingPathComponent(relativePath)
        do { return try String(contentsOf: url, encoding: .utf8) } catch {
            throw ServiceResourcesError(file: url.path, tried: [], reason: "cannot be read (\(error.localizedDescription))")
        }
    }

    /// The text of a file every build has (the OpenAPI document): a missing
    /// bundle here is a broken installation, which the service reports at
    /// start-up (``CartoucheRoutes`` looks the resources up first).
    static func required(_ relativePath: String) -> String {
        do { return try located.get().text(relativePath) } catch {
            preconditionFailure("\(error)")
        }
    }
}

/// The service's resource bundle (or a file of it) cannot be read; stops the start-up.
public struct ServiceResourcesError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file that cannot be read, or nil when the bundle itself was not found.
    public var file: String?
    /// The folders looked in, in order (when the bundle was not found).
    public var tried: [String]
    public var reason: String

    public var description: String {
        if let file { return "resource \(file): \(reason)" }
        return "the service's resources (\(ServiceResources.bundleName): the playground's page, style sheet and script, "
            + "the OpenAPI document) were \(reason): looked in \(tried.joined(separator: ", ")); "
            + "scripts/install PREFIX copies them to PREFIX/share/cartouche/ beside the binary's fonts"
    }
}
