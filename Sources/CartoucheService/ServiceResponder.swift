import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// The outermost responder: gives each request an id, answers unknown paths
/// (404) and wrong methods (405) as problems, answers `HEAD` on every `GET`
/// route (the GET answer's status and headers, no body), turns any error that escapes a
/// handler into a problem (a bare 500 for unexpected ones, details logged
/// only), logs one structured line per request and records the metrics.
struct ServiceResponder<Inner: HTTPResponder>: HTTPResponder where Inner.Context == ServiceRequestContext {
    typealias Context = ServiceRequestContext

    /// `X-Request-Id`: the client's when acceptable (``RequestID``), else a
    /// new UUID; echoed in the answer.
    static var requestIDField: HTTPField.Name { .xRequestID }

    let inner: Inner
    let state: ServiceState

    init(inner: Inner, state: ServiceState) {
        self.inner = inner
        self.state = state
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        let start = ContinuousClock.now
        let requestID = RequestID.accepting(request.headers[Self.requestIDField])
        var logger = context.logger
        logger[metadataKey: "request_id"] = .string(requestID)

        let path = request.uri.path
        if let preflight = state.configuration.cors?.preflight(request) {
            return finish(preflight, request: request, requestID: requestID, route: "preflight", start: start, logger: logger)
        }
        let isHead = request.method == .head
        let route = ServiceRoute.matching(method: isHead ? .get : request.method, path: path)
        let routeLabel = route?.path ?? "unmatched"
        var response: Response
        if route == nil {
            let allowed = ServiceRoute.methods(for: path)
            let problem = allowed.isEmpty ? Problem.notFound(path) : .methodNotAllowed(request.method, allowed: allowed)
            response = problem.response(requestPath: path)
        } else {
            do {
                if isHead {
                    // Answered as the GET (cheap routes only), then stripped of its body;
                    // Content-Length stays that of the GET answer.
                    var head = request.head
                    head.method = .get
                    response = try await inner.respond(to: Request(head: head, body: request.body), context: context)
                        .createHeadResponse()
                } else {
                    response = try await inner.respond(to: request, context: context)
                }
            } catch let problem as Problem {
                response = problem.response(requestPath: path)
            } catch let error as any HTTPResponseError where error.status.code < 500 {
                response = Problem(slug: "bad-request", title: error.status.reasonPhrase, status: error.status,
                                   detail: "the request was refused: \(error.status.reasonPhrase)").response(requestPath: path)
            } catch {
                logger.error("unexpected failure", metadata: ["route": .string(routeLabel), "error": .string("\(error)")])
                response = Problem.internalError.response(requestPath: path)
            }
        }
        state.configuration.cors?.decorate(&response, for: request)
        return finish(response, request: request, requestID: requestID, route: routeLabel, start: start, logger: logger)
    }

    /// Stamps the request id, records the metrics and writes the log line.
    private func finish(
        _ answer: Response, request: Request, requestID: String, route routeLabel: String,
        start: ContinuousClock.Instant, logger: Logger
    ) -> Response {
        var response = answer
        response.headers[Self.requestIDField] = requestID
        let path = request.uri.path
        let duration = ContinuousClock.now - start
        state.metrics.recordRequest(route: routeLabel, status: Int(response.status.code), duration: duration)
        logger.info(
            "request",
            metadata: [
                "method": .string(request.method.rawValue), "route": .string(routeLabel), "path": .string(path),
                "status": .stringConvertible(response.status.code),
                "duration_ms": .string(String(format: "%.3f", Double(duration.nanoseconds) / 1e6)),
            ])
        return response
    }
}

extension HTTPField.Name {
    // A constant, valid token: the initializer only fails for invalid names.
    static let xRequestID = HTTPField.Name("X-Request-Id") ?? .via
}
