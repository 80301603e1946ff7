import Foundation

/// Where the bundled fonts are, and why that directory was chosen.
///
/// A binary copied to another machine or into a container cannot rely on the
/// source path compiled into it, so the directory is looked up in this order:
///
/// 1. the directory a command-line flag names (`--fonts DIR`);
/// 2. the `CARTOUCHE_FONTS` environment variable (`CARTOUCHE_FONTS_DIR`, its
///    older name, is read when `CARTOUCHE_FONTS` is unset);
/// 3. `<directory of the executable>/../share/cartouche/Fonts`, where
///    `scripts/install PREFIX` puts them next to `PREFIX/bin/cartouche`;
/// 4. the `Fonts/` directory of the source tree the binary was built from.
///
/// A directory named by a flag or the environment must exist: a typo there is
/// an error, never a silent fall-through to another set of fonts (which would
/// change every measured width).
public struct FontsDirectory: Sendable, Hashable, CustomStringConvertible {
    /// What chose the directory.
    public enum Source: String, Sendable, Hashable, CaseIterable {
        /// A command-line flag (`--fonts`).
        case flag
        /// The `CARTOUCHE_FONTS` (or `CARTOUCHE_FONTS_DIR`) environment variable.
        case environment
        /// `../share/cartouche/Fonts` next to the executable.
        case installed
        /// The source tree's `Fonts/`, found through the compiled-in path.
        case buildTree = "build-tree"
    }

    /// The directory holding the font files.
    public let url: URL
    /// What chose it.
    public let source: Source
    /// One sentence saying why this directory was chosen, for `cartouche fonts`
    /// and the service's start-up log.
    public let reason: String

    public var description: String { "\(url.path) (\(reason))" }

    /// The environment variables read, in order of precedence.
    public static let environmentVariables = ["CARTOUCHE_FONTS", "CARTOUCHE_FONTS_DIR"]

    /// Finds the fonts directory for this process (see the type's documentation
    /// for the order).
    /// - Parameters:
    ///   - flag: the value of a `--fonts` option, if given.
    ///   - environment: the process environment (injectable for tests).
    ///   - executable: the running executable; `nil` skips the installed layout.
    /// - Throws: `TextError.fontsDirectoryMissing` when the flag or the
    ///   environment names a directory that does not exist, or when no
    ///   candidate exists at all.
    public static func locate(
        flag: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL? = currentExecutable()
    ) throws(TextError) -> FontsDirectory {
        if let flag, !flag.isEmpty {
            return try existing(flag, source: .flag, reason: "given by --fonts")
        }
        for variable in environmentVariables {
            if let value = environment[variable], !value.isEmpty {
                return try existing(value, source: .environment, reason: "given by the \(variable) environment variable")
            }
        }
        var tried: [String] = []
        if let executable {
            let installed = executable.resolvingSymlinksInPath().deletingLastPathComponent()
                .appendingPathComponent("../share/cartouche/Fonts", isDirectory: true).standardized
            if isDirectory(installed.path) {
                return FontsDirectory(url: installed, source: .installed,
                                      reason: "installed next to the executable \(executable.path)")
            }
            tried.append(installed.path)
        }
        let buildTree = buildTreeFonts
        if isDirectory(buildTree.path) {
            return FontsDirectory(url: buildTree, source: .buildTree,
                                  reason: "the Fonts/ folder of the source tree this binary was built from")
        }
        tried.append(buildTree.path)
        throw .fontsDirectoryMissing(path: tried.joined(separator: ", "),
                                     setBy: "none of --fonts, \(environmentVariables[0]), the installed layout, the build tree")
    }

    /// The executable of this process (`/proc/self/exe` on Linux), or `nil`.
    public static func currentExecutable() -> URL? {
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: target)
        }
        return Bundle.main.executableURL
    }

    /// `Sources/CartoucheText/FontsDirectory.swift` → the repository's `Fonts/`.
    static var buildTreeFonts: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fonts", isDirectory: true)
    }

    private static func existing(_ path: String, source: Source, reason: String) throws(TextError) -> FontsDirectory {
        let url = URL(fileURLWithPath: path, isDirectory: true).standardized
        guard isDirectory(url.path) else {
            throw .fontsDirectoryMissing(path: url.path, setBy: reason)
        }
        return FontsDirectory(url: url, source: source, reason: reason)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &flag) && flag.boolValue
    }
}
