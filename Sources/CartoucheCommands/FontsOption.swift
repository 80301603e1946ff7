import ArgumentParser
import CartoucheText

/// `--fonts DIR`, shared by every command that shapes text: the directory of
/// the bundled fonts, before `CARTOUCHE_FONTS`, the installed layout and the
/// build tree (`FontsDirectory.locate`).
public struct FontsOption: ParsableArguments {
    @Option(name: .customLong("fonts"), help: ArgumentHelp(
        "Fonts directory [env CARTOUCHE_FONTS; then <exe>/../share/cartouche/Fonts; then the build tree's Fonts/].",
        valueName: "dir"))
    public var directory: String?

    public init() {}

    /// The fonts directory this command uses, and why.
    /// - Throws: `ExitCode` 2 (usage) after writing the reason to stderr when
    ///   `--fonts` or `CARTOUCHE_FONTS` names a missing directory.
    public func located() throws -> FontsDirectory {
        do {
            return try FontsDirectory.locate(flag: directory)
        } catch {
            Terminal.writeError("cartouche: \(error)")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
    }

    /// The registry over the located directory.
    /// - Throws: as `located()`; a directory with no loadable font exits 1.
    public func registry() throws -> FontRegistry {
        let location = try located()
        do {
            return try FontRegistry(bundled: location)
        } catch {
            Terminal.writeError("cartouche: \(error)")
            throw ExitCode(ExitStatus.internalFailure.rawValue)
        }
    }

    /// A text engine over `registry()`.
    public func textEngine() throws -> TextLayoutEngine {
        TextLayoutEngine(registry: try registry())
    }
}
