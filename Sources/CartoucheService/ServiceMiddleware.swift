import Foundation
import HTTPTypes
import Hummingbird
import Logging

// The layers around the router, as Hummingbird middleware composed in
// ``serviceResponder(router:state:)``, outermost first:
// ``RequestLogMiddleware`` (request id, one log line, metrics),
// ``CORSMiddleware`` (preflights and the CORS headers, when configured),
// ``ProblemMiddleware`` (404/405 for what no route answers, escaping
// errors as problems), ``HeadMiddleware`` (`HEAD` answered as the `GET`).
// They wrap the built router rather than sitting in it because the router
// runs its middleware only once a path and method have matched, and the
// unmatched requests (404, 405, `HEAD`) are exactly what these layers answer.

/// The router behind the service's middleware.
func serviceResponder(router: Router<ServiceRequestContext>, state: ServiceState) -> some HTTPResponder<ServiceRequestContext> {
    MiddlewareResponder(RequestLogMiddleware(state: state),
        MiddlewareResponder(CORSMiddleware(policy: state.configuration.cors),
            MiddlewareResponder(ProblemMiddleware(),
                MiddlewareResponder(HeadMiddleware(), router.buildResponder()))))
}

/// One middleware in front of a responder. (Hummingbird's own
/// `MiddlewareGroup` cannot be built outside a router.)
struct MiddlewareResponder<Middleware: RouterMiddleware, Next: HTTPResponder>: HTTPResponder
where Middleware.Context == Next.Context {
    typealias Context = Next.Context

    let middleware: Middleware
    let next: Next

    init(_ middleware: Middleware, _ next: Next) {
        self.middleware = middleware
        self.next = next
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        try await middleware.handle(request, context: context) { request, context in
            try await next.respond(to: request, context: context)
        }
    }
}

extension ServiceRoute {
    /// The metrics and log label of a request: its route's path template, or `unmatched`.
    /// `HEAD` counts as the `GET` it is answered as.
    static func label(for request: Request) -> String {
        matching(method: request.method == .head ? .get : request.method, path: request.uri.path)?.path ?? "unmatched"
    }
}

/// Gives each request an id (`X-Request-Id`: the client's when acceptable,
/// else a new UUID — ``RequestID``; echoed in the answer), logs one
/// structured line per request, records the request metrics and tells the
/// time spent (`Server-Timing: app;dur=MILLISECONDS`).
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = ServiceRequestContext

    let state: ServiceState

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let requestID = RequestID.accepting(request.headers[.xRequestID])
        var context = context
        context.logger[metadataKey: "request_id"] = .string(requestID)
        let routeLabel = ServiceRoute.label(for: request)
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            // ProblemMiddleware answers every error; this is only a safety net.
            context.logger.error("unexpected failure", metadata: ["route": .string(routeLabel), "error": .string("\(error)")])
            response = Problem.internalError.response(requestPath: request.uri.path)
        }
        response.headers[.xRequestID] = requestID
        let duration = ContinuousClock.now - start
        // The server's share of the answer's time (the playground shows it beside the round trip).
        response.headers[.serverTiming] = "app;dur=" + String(format: "%.3f", Double(duration.nanoseconds) / 1e6)
        state.metrics.recordRequest(route: routeLabel, status: Int(response.status.code), duration: duration)
        context.logger.info(
            "request",
            metadata: [
                "method": .string(request.method.rawValue), "route": .string(routeLabel), "path": .string(request.uri.path),
                "status": .stringConvertible(response.status.code),
                "duration_ms": .string(String(format: "%.3f", Double(duration.nanoseconds) / 1e6)),
            ])
        return response
    }
}

/// Cross-origin access (``CORSPolicy``): answers an allowed origin's
/// preflight itself, and adds the CORS headers to every other answer,
/// problems included. Without a policy it passes everything through.
struct CORSMiddleware: RouterMiddleware {
    typealias Context = ServiceRequestContext

    let policy: CORSPolicy?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let policy else { return try await next(request, context) }
        if let preflight = policy.preflight(request) { return preflight }
        var response = try await next(request, context)
        policy.decorate(&response, for: request)
        return response
    }
}

/// Answers what no route takes — unknown paths (404) and wrong methods (405
/// with `Allow`) — as problems, and turns any error that escapes a
/// handler into a problem: a ``Problem`` as it is, another 4xx as a plain
/// `bad-request`, anything else a bare 500 (details logged only).
struct ProblemMiddleware: RouterMiddleware {
    typealias Context = ServiceRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        let routeLabel = ServiceRoute.label(for: request)
        let allowed = ServiceRoute.methods(for: path)
        if routeLabel == "unmatched", !allowed.isEmpty {
            // One of Cartouche's paths with a method it does not take.
            return Problem.methodNotAllowed(request.method, allowed: allowed).response(requestPath: path)
        }
        do {
            let response = try await next(request, context)
            // The router's own bare 404 (a host app that embeds these routes
            // adds paths of its own, so the router decides what exists).
            if response.status == .notFound, response.headers[.contentType] == nil {
                return Problem.notFound(path).response(requestPath: path)
            }
            return response
        } catch let error as HTTPError where error.status == .notFound {
            return Problem.notFound(path).response(requestPath: path)
        } catch let problem as Problem {
            return problem.response(requestPath: path)
        } catch let error as any HTTPResponseError where error.status.code < 500 {
            return Problem(slug: "bad-request", title: error.status.reasonPhrase, status: error.status,
                           detail: "the request was refused: \(error.status.reasonPhrase)").response(requestPath: path)
        } catch {
            context.logger.error("unexpected failure", metadata: ["route": .string(routeLabel), "error": .string("\(error)")])
            return Problem.internalError.response(requestPath: path)
        }
    }
}

/// Answers `HEAD` on every `GET` route as the `GET` (cheap routes only),
/// stripped of its body; `Content-Length` stays that of the `GET` answer.
struct HeadMiddleware: RouterMiddleware {
    typealias Context = ServiceRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .head else { return try await next(request, context) }
        var head = request.head
        head.method = .get
        return try await next(Request(head: head, body: request.body), context).createHeadResponse()
    }
}

extension HTTPField.Name {
    // A constant, valid token: the initializer only fails for invalid names.
    static let xRequestID = HTTPField.Name("X-Request-Id") ?? .via
}

extension HTTPField.Name {
    // A constant, valid token: the initializer only fails for invalid names.
    static let serverTiming = HTTPField.Name("Server-Timing") ?? .via
}
