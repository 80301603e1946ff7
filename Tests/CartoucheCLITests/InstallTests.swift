import Foundation
import Testing

/// `scripts/install PREFIX` and the fonts look-up order
/// (`--fonts`, `CARTOUCHE_FONTS`, `<exe>/../share/cartouche/Fonts`, build tree).
@Suite("install layout and fonts look-up", .serialized)
struct InstallTests {
    /// The process environment without the fonts variables, so the look-up
    /// falls through to the installed layout.
    static var environmentWithoutFonts: [String: String] {
        ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("CARTOUCHE_FONTS") }
    }

    static func fontsReport(_ run: (status: Int32, stdout: String, stderr: String)) throws -> (directory: [String: String], faces: [String]) {
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let directory = try #require(object["directory"] as? [String: String])
        let fonts = try #require(object["fonts"] as? [[String: Any]])
        return (directory, fonts.compactMap { $0["name"] as? String }.sorted())
    }

    /// Installs the debug binary with scripts/install into a fresh prefix whose
    /// Fonts/ then keeps only Noto Sans Regular, so "uses the installed fonts"
    /// is visible in what `fonts` lists and in what `shape` can resolve.
    static func installedPrefix(keepAllFonts: Bool = false) throws -> URL {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("cartouche-install-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = Shared.repositoryRoot.appendingPathComponent("scripts/install")
        process.arguments = [prefix.path]
        var environment = ProcessInfo.processInfo.environment
        environment["CARTOUCHE_BINARY"] = try #require(Executable.url).path
        process.environment = environment
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "scripts/install failed")
        let fonts = prefix.appendingPathComponent("share/cartouche/Fonts")
        if keepAllFonts { return prefix }
        for file in try FileManager.default.contentsOfDirectory(atPath: fonts.path)
        where (file.hasSuffix(".ttf") || file.hasSuffix(".otf")) && file != "NotoSans-Regular.ttf" {
            try FileManager.default.removeItem(at: fonts.appendingPathComponent(file))
        }
        return prefix
    }

    @Test("an installed copy run from another directory reports and uses the installed fonts")
    func installedCopyUsesInstalledFonts() throws {
        let prefix = try Self.installedPrefix()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let binary = prefix.appendingPathComponent("bin/cartouche")
        let elsewhere = FileManager.default.temporaryDirectory
        let report = try Self.fontsReport(try Executable.run(
            ["fonts"], executable: binary, environment: Self.environmentWithoutFonts, currentDirectory: elsewhere))
        #expect(report.directory["source"] == "installed")
        #expect(report.directory["path"] == prefix.appendingPathComponent("share/cartouche/Fonts").standardized.path)
        #expect(report.faces == ["Noto Sans Regular"])

        // Shaping resolves only what is installed: Noto Sans Bold is not there.
        let regular = try Executable.run(["shape", "Hello", "--font", "Noto Sans Regular"], executable: binary,
                                         environment: Self.environmentWithoutFonts, currentDirectory: elsewhere)
        #expect(regular.status == 0)
        let bold = try Executable.run(["shape", "Hello", "--font", "Noto Sans Bold"], executable: binary,
                                      environment: Self.environmentWithoutFonts, currentDirectory: elsewhere)
        #expect(bold.status == 4)
        #expect(bold.stderr.contains("Noto Sans Bold"))
    }

    @Test("--fonts wins over CARTOUCHE_FONTS, which wins over the installed layout")
    func precedence() throws {
        let prefix = try Self.installedPrefix()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let binary = prefix.appendingPathComponent("bin/cartouche")
        let repositoryFonts = Shared.repositoryRoot.appendingPathComponent("Fonts").standardized.path
        var environment = Self.environmentWithoutFonts
        environment["CARTOUCHE_FONTS"] = repositoryFonts
        let fromEnvironment = try Self.fontsReport(try Executable.run(["fonts"], executable: binary, environment: environment))
        #expect(fromEnvironment.directory["source"] == "environment")
        #expect(fromEnvironment.directory["path"] == repositoryFonts)
        #expect(fromEnvironment.faces.count > 1)

        let installedFonts = prefix.appendingPathComponent("share/cartouche/Fonts").path
        let fromFlag = try Self.fontsReport(try Executable.run(
            ["fonts", "--fonts", installedFonts], executable: binary, environment: environment))
        #expect(fromFlag.directory["source"] == "flag")
        #expect(fromFlag.faces == ["Noto Sans Regular"])
    }

    @Test("a fonts directory that does not exist is a usage error naming what set it, never a fall-through")
    func missingDirectory() throws {
        var environment = Self.environmentWithoutFonts
        environment["CARTOUCHE_FONTS"] = "/nonexistent/fonts"
        let viaEnvironment = try Executable.run(["fonts"], environment: environment)
        #expect(viaEnvironment.status == 2)
        #expect(viaEnvironment.stderr.contains("/nonexistent/fonts does not exist (given by the CARTOUCHE_FONTS environment variable)"))
        let viaFlag = try Executable.run(["place", "--fonts", "/nonexistent/flag", "-"], stdin: "{}")
        #expect(viaFlag.status == 2)
        #expect(viaFlag.stderr.contains("/nonexistent/flag does not exist (given by --fonts)"))
    }

    @Test("the build tree is the last resort: the test build reports it")
    func buildTreeFallback() throws {
        let report = try Self.fontsReport(try Executable.run(["fonts"], environment: Self.environmentWithoutFonts))
        #expect(report.directory["source"] == "build-tree")
        #expect(report.directory["path"] == Shared.repositoryRoot.appendingPathComponent("Fonts").standardized.path)
    }
}
