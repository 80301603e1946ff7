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

    static func tooManyAnnotations(count: Int, limit: Int, path: String) -> Problem {
        Problem(slug: "too-many-annotations", title: "Content Too Large", status: .contentTooLarge,
                detail: "the scene has \(count) view annotations, more than the limit of \(limit)", path: path)
    }

    static func tooManyManagerAnnotations(count: Int, limit: Int, path: String) -> Problem {
        Problem(slug: "too-many-annotations", title: "Content Too Large", status: .contentTooLarge,
                detail: "the scene's managers hold \(count) annotations, more than the limit of \(limit)", path: path)
    }

    /// A query parameter (or the CLI option standing for it) that is unknown,
    /// repeated or has a value outside its set; `detail` starts with its name.
    static func invalidParameter(_ name: String, _ reason: String) -> Problem {
        Problem(slug: "invalid-parameter", title: "Bad Request", status: .badRequest, detail: "\(name): \(reason)", parameter: name)
    }

    /// A well-formed parameter whose value does not fit the scene (e.g. a camera index past the last camera).
    static func parameterOutOfRange(_ name: String, _ reason: String) -> Problem {
        Problem(slug: "invalid-value", title: "Invalid Value", status: .unprocessableContent, detail: "\(name): \(reason)", parameter: name)
    }

    static func textTooLong(count: Int, limit: Int, path: String) -> Problem {
        Problem(slug: "text-too-long", title: "Text Too Long", status: .unprocessableContent,
                detail: "the text has \(count) Unicode scalars, more than the limit of \(limit)", path: path)
    }

    /// The body (or a scene file) is not JSON: 400 with the line and column.
    public static func invalidJSON(_ error: JSONParseError) -> Problem {
        Problem(slug: "invalid-json", title: "Malformed JSON", status: .badRequest, detail: error.description,
                line: error.line, column: error.column)
    }

    static func invalidValue(_ error: JSONDecodingError) -> Problem {
        Problem(slug: "invalid-value", title: "Invalid Value", status: .unprocessableContent, detail: error.description,
                path: error.path.description)
    }

    static func invalidValue(detail: String, path: String?) -> Problem {
        Problem(slug: "invalid-value", title: "Invalid Value", status: .unprocessableContent, detail: detail, path: path)
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

extension Duration {
    /// Whole milliseconds (rounded down).
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    }
}
