import CartoucheJobs
import CartoucheText
import Foundation
import Hummingbird
import HummingbirdCore
import Logging

/// Builds the HTTP service: every route of ``ServiceRoute`` behind the
/// log/metrics, problem and HEAD middleware (see `serviceResponder(router:state:)`), listening where `configuration` says.
///
/// - Parameters:
///   - configuration: limits, time budget, CORS, where to listen.
///   - text: the process's text engine; one is created from the bundled fonts when nil.
///   - metrics: where to record; a fresh registry when nil.
///   - logger: where the per-request lines go.
/// - Throws: `TextError` when no engine is given and the fonts cannot be loaded,
///   ``ConfigurationError`` for unusable limits, ``ExampleLoadError`` when
///   `configuration.examplesDirectory` holds a scene the service would refuse.
public func buildApplication(
    configuration: ServiceConfiguration, text: TextLayoutEngine? = nil, metrics: ServiceMetrics = ServiceMetrics(),
    logger: Logger = Logger(label: "cartouche.service")
) throws -> some ApplicationProtocol {
    let routes = try CartoucheRoutes(configuration: configuration, text: text, metrics: metrics)
    let router = Router(context: ServiceRequestContext.self)
    routes.register(on: router)
    return Application(
        responder: routes.responder(router: router),
        server: routes.http1Server,
        configuration: ApplicationConfiguration(
            address: .hostname(configuration.host, port: configuration.port), serverName: "cartouche"),
        logger: logger)
}

/// Builds the service and runs it until the process is asked to stop
/// (SIGINT, SIGTERM): what `cartouche serve` does, so the CLI needs no
/// Hummingbird import of its own.
public func runService(configuration: ServiceConfiguration, text: TextLayoutEngine? = nil, logger: Logger) async throws {
    try await buildApplication(configuration: configuration, text: text, logger: logger).runService()
}
