import Foundation
import Testing

/// The `Dockerfile`, checked without a container engine (none runs on the
/// project's machines): the runtime stage's `apt-get install` line provides
/// every shared library the `cartouche` binary loads from Debian, what it
/// copies exists, and it runs as a non-root user with a health check.
@Suite("container recipe")
struct ContainerRecipeTests {
    static var dockerfile: String {
        get throws { try String(contentsOf: Shared.repositoryRoot.appendingPathComponent("Dockerfile"), encoding: .utf8) }
    }

    /// The lines of the stage named `name` (from its FROM to the next FROM).
    static func stage(_ name: String) throws -> [String] {
        let lines = try dockerfile.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("FROM ") && $0.hasSuffix(" AS \(name)") }) else { return [] }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("FROM ") } ?? lines.endIndex
        return Array(lines[start..<end])
    }

    /// The packages of the stage's `apt-get install` (continuation lines joined).
    static func installedPackages(stage name: String) throws -> Set<String> {
        let joined = try stage(name).joined(separator: "\n").replacingOccurrences(of: "\\\n", with: " ")
        guard let install = joined.components(separatedBy: "\n").first(where: { $0.contains("apt-get install") }),
              let range = install.range(of: "--no-install-recommends") else { return [] }
        let words = install[range.upperBound...].split(separator: " ")
        return Set(words.prefix { !$0.hasPrefix("&&") }.map(String.init))
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test("every Debian library the binary loads comes from the runtime stage's packages or what they pull in")
    func runtimeLibraries() throws {
        let binary = try #require(Executable.url)
        let packages = try Self.installedPackages(stage: "runtime")
        #expect(packages.isSuperset(of: ["libharfbuzz0b", "libfreetype6", "libfribidi0", "libicu72"]))
        // What apt installs for them (dependencies, recursively), plus the base image's essentials.
        let closure = try Self.run("/usr/bin/apt-cache", ["depends", "--recurse", "--no-recommends", "--no-suggests",
                                                          "--no-conflicts", "--no-breaks", "--no-replaces", "--no-enhances"]
                                   + packages.sorted())
        var provided = Set(closure.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .map { $0.hasPrefix("Depends: ") || $0.hasPrefix("PreDepends: ") ? String($0.split(separator: " ")[1]) : $0 }
            .map { $0.split(separator: ":").first.map(String.init) ?? $0 })
        provided.formUnion(["libc6", "libgcc-s1", "libstdc++6", "zlib1g"])
        // The Swift runtime and Foundation are linked statically in the image
        // (--static-swift-stdlib); here they come from the toolchain.
        let libraries = try Self.run("/usr/bin/ldd", [binary.path]).split(separator: "\n").compactMap { line -> String? in
            let parts = line.split(separator: " ")
            guard let arrow = parts.firstIndex(of: "=>"), arrow + 1 < parts.count else { return nil }
            let path = String(parts[arrow + 1])
            return path.hasPrefix("/opt/swift") || path.contains("/swift/linux/") ? nil : path
        }
        #expect(libraries.count >= 5, "ldd found \(libraries)")
        for library in libraries {
            // dpkg records some files under /lib and others under /usr/lib (merged /usr): ask for both.
            let real = URL(fileURLWithPath: library).resolvingSymlinksInPath().path
            let found = try Self.run("/usr/bin/dpkg", ["-S", library]) + Self.run("/usr/bin/dpkg", ["-S", real])
            let owner = found.split(separator: ":").first.map(String.init) ?? ""
            #expect(provided.contains(owner), "\(library) (\(owner.isEmpty ? "no package" : owner)) is not installed by the runtime stage")
        }
    }

    @Test("the runtime stage runs the installed layout as a non-root user, with a health check on /healthz")
    func runtimeStage() throws {
        let runtime = try Self.stage("runtime").joined(separator: "\n")
        #expect(runtime.contains("FROM debian:bookworm-slim AS runtime"))
        #expect(runtime.contains("COPY --from=build /opt/cartouche /opt/cartouche"))
        #expect(runtime.contains("USER 10001"))
        #expect(runtime.contains("useradd --system --uid 10001"))
        #expect(runtime.contains("HEALTHCHECK") && runtime.contains("/healthz"))
        #expect(runtime.contains("CARTOUCHE_HOST=0.0.0.0"))
        #expect(runtime.contains(#"ENTRYPOINT ["/opt/cartouche/bin/cartouche"]"#))
        let build = try Self.stage("build").joined(separator: "\n")
        #expect(build.contains("--static-swift-stdlib"))
        #expect(build.contains("scripts/install /opt/cartouche"))
        // The basemap is built into the image before the install copies it (the host's .cache is not sent).
        let basemap = try #require(build.range(of: "RUN scripts/basemap"), "the build stage does not run scripts/basemap")
        #expect(basemap.lowerBound < (build.range(of: "scripts/install /opt/cartouche")?.lowerBound ?? build.startIndex))
        #expect(try Self.installedPackages(stage: "build").isSuperset(of: ["python3", "python3-venv", "unzip"]))
        for path in ["scripts/install", "scripts/basemap", "Fonts", "Examples", "Package.swift", ".dockerignore"] {
            #expect(FileManager.default.fileExists(atPath: Shared.repositoryRoot.appendingPathComponent(path).path), "\(path) is missing")
        }
    }

    @Test("every environment variable the image sets is one the service reads")
    func environment() throws {
        let runtime = try Self.stage("runtime").joined(separator: "\n")
        let names = runtime.matches(of: /(CARTOUCHE_[A-Z_]+|LOG_LEVEL)=/).map { String($0.output.1) }
        #expect(!names.isEmpty)
        let documented = try String(contentsOf: Shared.repositoryRoot.appendingPathComponent("docs/SERVICE.md"), encoding: .utf8)
        for name in Set(names) { #expect(documented.contains("`\(name)`"), "\(name) is not a documented setting") }
    }
}
