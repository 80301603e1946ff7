import ArgumentParser
import CartoucheService
import CartoucheText
import Foundation
import Logging

/// `cartouche serve`: the HTTP service. Stops gracefully on SIGINT/SIGTERM
/// (Hummingbird runs it in a swift-service-lifecycle group: in-flight
/// requests finish, new connections are refused).
public struct ServeCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the HTTP service (see docs/SERVICE.md).")

    @Option(help: "Address to listen on [env CARTOUCHE_HOST, default 127.0.0.1].") var host: String?
    @Option(help: "Port [env CARTOUCHE_PORT, default 8080].") var port: Int?
    @Option(name: .customLong("max-body-bytes"), help: "Largest body [env CARTOUCHE_MAX_BODY_BYTES, default 8 MiB].")
    var maxBodyBytes: Int?
    @Option(name: .customLong("max-annotations"), help: "View annotations per scene [env CARTOUCHE_MAX_ANNOTATIONS, default 100000].")
    var maxAnnotations: Int?
    @Option(name: .customLong("max-text-length"), help: "Unicode scalars per text [env CARTOUCHE_MAX_TEXT_LENGTH, default 5000].")
    var maxTextLength: Int?
    @Option(name: .customLong("request-timeout-ms"), help: "Time budget per request [env CARTOUCHE_REQUEST_TIMEOUT_MS, default 2000].")
    var requestTimeoutMilliseconds: Int?
    @Option(name: .customLong("max-concurrent-jobs"), help: "Heavy jobs at once [env CARTOUCHE_MAX_CONCURRENT_JOBS, default core count].")
    var maxConcurrentJobs: Int?
    @Option(name: .customLong("max-queued-jobs"), help: "Heavy jobs waiting before 503 [env CARTOUCHE_MAX_QUEUED_JOBS, default 64].")
    var maxQueuedJobs: Int?
    @Option(help: ArgumentHelp(
        "Folder of *.scene.json files offered at GET /v1/examples and in the playground [env CARTOUCHE_EXAMPLES_DIR, default ./Examples when it exists, else <exe>/../share/cartouche/Examples].",
        valueName: "dir"))
    var examples: String?
    @Flag(name: .customLong("no-examples"), help: "Offer no example scenes, whatever the environment or working folder hold.")
    var noExamples = false
    @Option(help: ArgumentHelp(
        "GeoJSON the playground draws as its basemap [env CARTOUCHE_BASEMAP, default ./.cache/basemap/naturalearth_lowres.geojson (written by scripts/setup) when it exists, else <exe>/../share/cartouche/basemap/naturalearth_lowres.geojson].",
        valueName: "file"))
    var basemap: String?
    @Option(help: ArgumentHelp(
        "Folder with maplibre-gl.js and maplibre-gl.css, for a playground opened with ?style=URL [env CARTOUCHE_MAPLIBRE, default ./.cache/maplibre (filled by scripts/setup) when it holds them, else <exe>/../share/cartouche/maplibre].",
        valueName: "dir"))
    var maplibre: String?
    @Option(name: .customLong("cors-origin"), help: ArgumentHelp(
        "Let pages of this origin call the service (repeatable; * for any) [env CARTOUCHE_CORS_ORIGINS, comma-separated; default: no CORS].",
        valueName: "origin"))
    var corsOrigins: [String] = []
    @Option(name: .customLong("public-url"), help: ArgumentHelp(
        "Base URL clients reach the service at, for the absolute URLs it writes (a compiled style's default glyphs) [env CARTOUCHE_PUBLIC_URL, default http:// and the request's Host].",
        valueName: "url"))
    var publicURL: String?
    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error, critical [env LOG_LEVEL, default info].")
    var logLevel: String?

    @OptionGroup var fonts: FontsOption

    public init() {}

    /// The examples folder used when neither `--examples` nor the environment names one.
    public static let defaultExamplesDirectory = "Examples"

    /// Defaults, then the environment, then flags. The playground's examples,
    /// basemap and MapLibre GL JS fall back to the working folder's, then to
    /// the installed layout's (``ServePlaygroundFiles``).
    public func configuration(
        environment: [String: String], currentDirectory: String = FileManager.default.currentDirectoryPath,
        executable: URL? = FontsDirectory.currentExecutable()
    ) throws -> ServiceConfiguration {
        var c: ServiceConfiguration
        do { c = try ServiceConfiguration().applying(environment: environment) } catch { throw ValidationError("\(error)") }
        if let host { c.host = host }
        if let port { c.port = port }
        if let maxBodyBytes { c.maxBodyBytes = maxBodyBytes }
        if let maxAnnotations { c.maxAnnotations = maxAnnotations }
        if let maxTextLength { c.maxTextLength = maxTextLength }
        if let requestTimeoutMilliseconds { c.requestTimeout = .milliseconds(requestTimeoutMilliseconds) }
        if let maxConcurrentJobs { c.maxConcurrentJobs = maxConcurrentJobs }
        if let maxQueuedJobs { c.maxQueuedJobs = maxQueuedJobs }
        if let publicURL { c.publicURL = publicURL }
        if !corsOrigins.isEmpty { c.cors = CORSPolicy(allowedOrigins: corsOrigins) }
        let playground = playgroundFiles(environment: environment, currentDirectory: currentDirectory, executable: executable)
        c.examplesDirectory = playground.examples.path
        c.basemapFile = playground.basemap.path
        c.mapLibreDirectory = playground.mapLibre.path
        do { try c.validate() } catch { throw ValidationError("\(error)") }
        return c
    }

    /// Where the playground's examples, basemap and MapLibre GL JS come from, and why.
    func playgroundFiles(environment: [String: String], currentDirectory: String, executable: URL?) -> ServePlaygroundFiles {
        ServePlaygroundFiles(examplesFlag: examples, noExamples: noExamples, basemapFlag: basemap, mapLibreFlag: maplibre,
                             environment: environment, currentDirectory: currentDirectory, executable: executable)
    }

    /// The flag, else `LOG_LEVEL`, else `info`.
    /// - Throws: `ValidationError` naming where an unknown level came from.
    public func resolvedLogLevel(environment: [String: String]) throws -> Logger.Level {
        let (text, origin) = logLevel.map { ($0, "--log-level") } ?? (environment["LOG_LEVEL"].map { ($0, "LOG_LEVEL") } ?? ("info", "default"))
        guard let level = Logger.Level(rawValue: text.lowercased()) else {
            throw ValidationError("\(origin): unknown level \"\(text)\"; use trace, debug, info, notice, warning, error or critical")
        }
        return level
    }

    public func validate() throws {
        let environment = ProcessInfo.processInfo.environment
        _ = try resolvedLogLevel(environment: environment)
        _ = try configuration(environment: environment)
    }

    public func run() async throws {
        let config = try configuration(environment: ProcessInfo.processInfo.environment)
        var logger = Logger(label: "cartouche.service")
        logger.logLevel = try resolvedLogLevel(environment: ProcessInfo.processInfo.environment)
        let fontsDirectory = try fonts.located()
        let text = try fonts.textEngine()
        logger.info("fonts", metadata: ["directory": "\(fontsDirectory.url.path)", "reason": "\(fontsDirectory.reason)"])
        let playground = playgroundFiles(environment: ProcessInfo.processInfo.environment,
                                         currentDirectory: FileManager.default.currentDirectoryPath,
                                         executable: FontsDirectory.currentExecutable())
        logger.info("playground", metadata: playground.logMetadata.mapValues { .string($0) })
        do {
            try await runService(configuration: config, text: text, logger: logger)
        } catch let error as ExampleLoadError {
            // A broken example is bad input: say which file and where, then stop (exit 4).
            Terminal.writeError("serve: \(error)")
            throw ExitCode(ExitStatus.badInput.rawValue)
        } catch let error as PlaygroundFileError {
            Terminal.writeError("serve: \(error)")
            throw ExitCode(ExitStatus.badInput.rawValue)
        } catch let error as ServiceResourcesError {
            // A broken installation, not bad input.
            Terminal.writeError("serve: \(error)")
            throw ExitCode(ExitStatus.internalFailure.rawValue)
        }
    }
}
