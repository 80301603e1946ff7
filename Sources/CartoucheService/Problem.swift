import CartoucheJobs
import CartoucheJSON
import Hummingbird

/// An RFC 9457 problem details answer (`application/problem+json`).
///
/// Every error the service sends is one of these, so clients parse a single
/// shape: `type` (a stable URI per kind of problem), `title`, `status`,
/// `detail`, and where they apply `path` (the JSON path of the bad value),
/// `parameter` (the bad query parameter), `line`/`column` (syntax errors)
/// and `instance` (the request path).
public struct Problem: HTTPResponseError, Hashable, Sendable {
    /// The last part of the `type` URI, e.g. `invalid-json`.
    public var slug: String
    public var title: String
    public var status: HTTPResponse.Status
    public var detail: String
    /// JSON path of the offending value, e.g. `viewAnnotations[3].size.width`.
    public var path: String?
    /// The query parameter (or CLI option) with the bad value, e.g. `target`.
    public var parameter: String?
    public var line: Int?
    public var column: Int?
    public var instance: String?
    /// Sent as `Retry-After` (503s).
    public var retryAfterSeconds: Int?
    /// Sent as `Allow` (405s).
    public var allowedMethods: [HTTPRequest.Method]

    public static let typePrefix = "https://cartouche.dev/problems/"
    public static let contentType = "application/problem+json"

    public init(
        slug: String, title: String, status: HTTPResponse.Status, detail: String, path: String? = nil,
        parameter: String? = nil, line: Int? = nil, column: Int? = nil, instance: String? = nil, retryAfterSeconds: Int? = nil,
        allowedMethods: [HTTPRequest.Method] = []
    ) {
        self.slug = slug
        self.title = title
        self.status = status
        self.detail = detail
        self.path = path
        self.parameter = parameter
        self.line = line
        self.column = column
        self.instance = instance
        self.retryAfterSeconds = retryAfterSeconds
        self.allowedMethods = allowedMethods
    }

    public var type: String { Self.typePrefix + slug }

    /// A failure of Cartouche itself rather than of the input.
    public var isInternal: Bool { slug == Self.internalError.slug }

    /// The body, keys in sorted order.
    public func jsonBytes(instance requestPath: String? = nil) -> [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        if let column { w.key("column"); w.write(column) }
        w.key("detail"); w.write(detail)
        if let instance = instance ?? requestPath { w.key("instance"); w.write(instance) }
        if let line { w.key("line"); w.write(line) }
        if let parameter { w.key("parameter"); w.write(parameter) }
        if let path { w.key("path"); w.write(path) }
        w.key("status"); w.write(Int(status.code))
        w.key("title"); w.write(title)
        w.key("type"); w.write(type)
        w.endObject()
        return w.bytes
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        response(requestPath: request.uri.path)
    }

    /// The full HTTP answer for this problem.
    public func response(requestPath: String?) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = Self.contentType
        if let retryAfterSeconds { headers[.retryAfter] = "\(retryAfterSeconds)" }
        if !allowedMethods.isEmpty { headers[.allow] = allowedMethods.map(\.rawValue).joined(separator: ", ") }
        let body = jsonBytes(instance: requestPath)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

// MARK: - The problems the service sends

extension Problem {
    static func notFound(_ path: String) -> Problem {
        Problem(slug: "not-found", title: "Not Found", status: .notFound, detail: "no route for \(path); see /openapi.json")
    }

    static func methodNotAllowed(_ method: HTTPRequest.Method, allowed: [HTTPRequest.Method]) -> Problem {
        Problem(slug: "method-not-allowed", title: "Method Not Allowed", status: .methodNotAllowed,
                detail: "\(method.rawValue) is not allowed here; use \(allowed.map(\.rawValue).joined(separator: " or "))",
                allowedMethods: allowed)
    }

    static func unsupportedMediaType(_ given: String?) -> Problem {
        Problem(slug: "unsupported-media-type", title: "Unsupported Media Type", status: .unsupportedMediaType,
                detail: "the body must be JSON (Content-Type: application/json), got \(given.map { "\"\($0)\"" } ?? "no Content-Type")")
    }

    static func bodyTooLarge(limit: Int) -> Problem {
        Problem(slug: "body-too-large", title: "Content Too Large", status: .contentTooLarge,
                detail: "the request body is larger than the limit of \(limit) bytes")
    }

    static func budgetExceeded(timeout: Duration, retryAfter: Int) -> Problem {
        Problem(slug: "time-budget-exceeded", title: "Service Unavailable", status: .serviceUnavailable,
                detail: "the request did not finish within its time budget of \(timeout.milliseconds) ms",
                retryAfterSeconds: retryAfter)
    }

    static func overloaded(waiting: Int, retryAfter: Int) -> Problem {
        Problem(slug: "overloaded", title: "Service Unavailable", status: .serviceUnavailable,
                detail: "\(waiting) heavy requests are already waiting for a free slot, the most this server queues; try again shortly",
                retryAfterSeconds: retryAfter)
    }

    /// The client closed its connection before the answer (nginx's 499): never
    /// read by anyone, but logged and counted as what happened.
    static let clientClosedRequest = Problem(
        slug: "client-closed-request", title: "Client Closed Request", status: HTTPResponse.Status(code: 499),
        detail: "the client closed the connection before the answer was ready; its job was stopped")

    /// Deliberately vague: the details go to the log, never to the client.
    public static let internalError = Problem(
        slug: "internal-error", title: "Internal Server Error", status: .internalServerError,
        detail: "the server failed to answer this request; it has been logged")
}

extension Problem {
    /// The answer to a job's error: the same `detail`, `path`, `parameter`,
    /// `line` and `column`, with the status, `type` and `title` of its kind.
    public init(_ error: JobError) {
        let (slug, title, status): (String, String, HTTPResponse.Status) =
            switch error.kind {
            case .invalidJSON: ("invalid-json", "Malformed JSON", .badRequest)
            case .invalidValue: ("invalid-value", "Invalid Value", .unprocessableContent)
            case .invalidParameter: ("invalid-parameter", "Bad Request", .badRequest)
            case .tooManyAnnotations: ("too-many-annotations", "Content Too Large", .contentTooLarge)
            case .textTooLong: ("text-too-long", "Text Too Long", .unprocessableContent)
            case .cancelled: ("time-budget-exceeded", "Service Unavailable", .serviceUnavailable)
            case .internalFailure: (Problem.internalError.slug, Problem.internalError.title, Problem.internalError.status)
            }
        self.init(slug: slug, title: title, status: status, detail: error.detail, path: error.path,
                  parameter: error.parameter, line: error.line, column: error.column)
    }

    /// A body that is not JSON: 400 with the line and column.
    public static func invalidJSON(_ error: JSONParseError) -> Problem { Problem(.invalidJSON(error)) }

    /// Runs `read` (parameter reading), its error becoming the problem to send.
    static func mapping<T>(_ read: () throws(JobError) -> T) throws(Problem) -> T {
        do { return try read() } catch { throw Problem(error) }
    }
}

extension Duration {
    /// Whole milliseconds (rounded down).
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    }
}
