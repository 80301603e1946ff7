import CartoucheJobs
import CartoucheScene
import CartoucheText
import Foundation
import Hummingbird
import HummingbirdCore

/// Cartouche's routes, for a Hummingbird 2 application of your own.
///
/// A host app builds its router on ``ServiceRequestContext`` (the context
/// that carries each request's arrival time and connection, which the time
/// budget and the hang-up detection need), adds its own routes, registers
/// Cartouche's, and serves them through ``responder(router:)`` (request ids,
/// logs, metrics, CORS, problem bodies for 404/405 and errors, `HEAD`) and
/// with ``http1Server`` (`Expect: 100-continue`, hang-ups):
///
/// ```swift
/// let routes = try CartoucheRoutes(configuration: ServiceConfiguration(requestTimeout: .seconds(1)))
/// let router = Router(context: ServiceRequestContext.self)
/// router.get("/app/hello") { _, _ in "hello" }     // the host's own routes
/// routes.register(on: router)                        // /v1/place, /v1/compile, …, /healthz, /metrics
/// let app = Application(responder: routes.responder(router: router), server: routes.http1Server,
///                       configuration: .init(address: .hostname("0.0.0.0", port: 8080)))
/// try await app.runService()
/// ```
///
/// `EmbeddingExampleTests` builds exactly this and calls both kinds of route.
/// The limits (body size, annotations, text length, time budget, pool size,
/// CORS) are the ``ServiceConfiguration`` given here; its `host` and `port` are
/// not used (the host app listens where it likes).
public struct CartoucheRoutes: Sendable {
    /// The state every route shares: limits, text engine, pool, metrics.
    public let state: ServiceState
    /// The example scenes `GET /v1/examples` and the playground offer.
    public let examples: ExampleCatalog
    /// The playground's basemap (`configuration.basemapFile`), if any.
    public let basemap: PlaygroundBasemap?
    /// MapLibre GL JS for the playground's own-style basemap (`configuration.mapLibreDirectory`), if any.
    public let mapLibre: PlaygroundMapLibre?
    /// Where the playground's files and the OpenAPI document were found.
    public let resources: ServiceResources
    let playground: PlaygroundAssets

    /// - Parameters:
    ///   - configuration: limits, time budget and CORS (its host and port are not used).
    ///   - text: the text engine; one over the bundled fonts when nil.
    ///   - metrics: where the routes record requests and placements.
    ///   - examples: the scenes offered at `/v1/examples`; by default those of
    ///     `configuration.examplesDirectory`, else none.
    /// - Throws: ``ConfigurationError`` for unusable limits, `TextError` when
    ///   the fonts cannot be loaded, ``ExampleLoadError`` for a bad example,
    ///   ``PlaygroundFileError`` for a basemap file that cannot be served or
    ///   a MapLibre GL JS folder without its files, ``ServiceResourcesError``
    ///   when the service's resource bundle is missing (a broken installation).
    public init(
        configuration: ServiceConfiguration, text: TextLayoutEngine? = nil, metrics: ServiceMetrics = ServiceMetrics(),
        examples: ExampleCatalog? = nil
    ) throws {
        try configuration.validate()
        // First: the OpenAPI document (made by ServiceState) is one of these files.
        resources = try ServiceResources.located.get()
        playground = try PlaygroundAssets(resources: resources)
        let engine = try text ?? TextLayoutEngine(registry: FontRegistry())
        state = ServiceState(configuration: configuration, text: engine, metrics: metrics)
        let limits = SceneLimits(maxAnnotations: configuration.maxAnnotations, maxTextLength: configuration.maxTextLength)
        self.examples = try examples ?? configuration.examplesDirectory.map {
            try ExampleCatalog.load(directory: URL(fileURLWithPath: $0, isDirectory: true), limits: limits)
        } ?? .empty
        self.basemap = try configuration.basemapFile.map { try PlaygroundBasemap.load(path: $0) }
        self.mapLibre = try configuration.mapLibreDirectory.map { try PlaygroundMapLibre.load(directory: $0) }
    }

    /// Adds every route of ``ServiceRoute`` to `router`.
    public func register(on router: Router<ServiceRequestContext>) {
        EngineController(state: state).register(on: router)
        SceneController(state: state).register(on: router)
        SystemController(state: state).register(on: router)
        PlaygroundController(assets: playground, examples: examples, basemap: basemap, mapLibre: mapLibre,
                             installedShare: resources.installedShare?.path).register(on: router)
        GlyphController(state: state).register(on: router)
    }

    /// `router` behind the service's middleware (request id, log line and
    /// metrics; CORS; problems for 404/405 and errors; `HEAD`).
    public func responder(router: Router<ServiceRequestContext>) -> some HTTPResponder<ServiceRequestContext> {
        serviceResponder(router: router, state: state)
    }

    /// HTTP/1.1 with the service's channel handlers: `100 Continue` (or the
    /// early 413) for `Expect: 100-continue`, and hang-up detection.
    public var http1Server: HTTPServerBuilder {
        let maxBodyBytes = state.configuration.maxBodyBytes, connections = state.connections
        return .http1(configuration: HTTP1Channel.Configuration(
            additionalChannelHandlers: [ExpectContinueHandler(maxBodyBytes: maxBodyBytes), HangUpHandler(registry: connections)]))
    }
}
