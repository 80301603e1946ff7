import HTTPTypes
import Hummingbird

/// Cross-origin access for browsers (`cartouche serve --cors-origin`): which
/// origins may call the service from a page of their own.
///
/// Off by default. With origins configured:
/// - a preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`)
///   from an allowed origin is answered `204` with `Access-Control-Allow-Origin`,
///   `-Allow-Methods`, `-Allow-Headers` (`Content-Type`, `X-Request-Id`) and
///   `-Max-Age`, whatever the path;
/// - every other answer to an allowed origin, problem bodies included, carries
///   `Access-Control-Allow-Origin` and `Access-Control-Expose-Headers` (so a
///   page can read `X-Request-Id`, `Retry-After` and the warning headers);
/// - every answer carries `Vary: Origin`, because it depends on the origin;
/// - an origin not allowed gets no CORS header at all (and its preflight is
///   not answered as one: it falls through to the router, which refuses it).
///
/// Why not Hummingbird's `CORSMiddleware`: it answers every preflight with the
/// allowed methods and headers even for origins it refuses, and it leaves out
/// `Vary: Origin` when every origin is allowed; both contradict the service's
/// documented contract (docs/SERVICE.md), and the rules fit in this one type.
public struct CORSPolicy: Hashable, Sendable {
    /// Origins allowed, exactly as browsers send them (`https://maps.example.com`);
    /// `"*"` allows any origin.
    public var allowedOrigins: [String]
    /// How long browsers may cache a preflight answer, in seconds.
    public var maxAgeSeconds: Int

    public static let allowedMethods = "GET, HEAD, POST, OPTIONS"
    public static let allowedHeaders = "Content-Type, X-Request-Id"
    public static let exposedHeaders = "X-Request-Id, Retry-After, Cartouche-Warning-Count, Cartouche-Warnings"

    public init(allowedOrigins: [String], maxAgeSeconds: Int = 600) {
        self.allowedOrigins = allowedOrigins
        self.maxAgeSeconds = maxAgeSeconds
    }

    /// True for `scheme://host` or `scheme://host:port` (what a browser's
    /// `Origin` header holds).
    public static func isSerializedOrigin(_ text: String) -> Bool {
        guard let schemeEnd = text.range(of: "://") else { return false }
        let scheme = text[..<schemeEnd.lowerBound], rest = text[schemeEnd.upperBound...]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
            && !rest.isEmpty && !rest.contains("/") && !rest.contains("?") && !rest.contains("#") && !rest.contains(" ")
    }

    /// What `Access-Control-Allow-Origin` says to `origin`, or nil when it is not allowed.
    public func allowOrigin(for origin: String?) -> String? {
        guard let origin, origin != "null" else { return allowedOrigins.contains("*") ? "*" : nil }
        if allowedOrigins.contains("*") { return "*" }
        return allowedOrigins.contains(origin) ? origin : nil
    }

    /// The preflight answer for `request`, or nil when it is not a preflight
    /// from an allowed origin.
    func preflight(_ request: Request) -> Response? {
        guard request.method == .options, request.headers[.accessControlRequestMethod] != nil,
              let origin = request.headers[.origin], let allowed = allowOrigin(for: origin)
        else { return nil }
        var headers = HTTPFields()
        headers[.accessControlAllowOrigin] = allowed
        headers[.accessControlAllowMethods] = Self.allowedMethods
        headers[.accessControlAllowHeaders] = Self.allowedHeaders
        headers[.accessControlMaxAge] = "\(maxAgeSeconds)"
        headers[.vary] = "Origin"
        return Response(status: .noContent, headers: headers)
    }

    /// Adds the CORS headers `request`'s origin is entitled to.
    func decorate(_ response: inout Response, for request: Request) {
        response.headers[values: .vary].append("Origin")
        guard let origin = request.headers[.origin], let allowed = allowOrigin(for: origin) else { return }
        response.headers[.accessControlAllowOrigin] = allowed
        response.headers[.accessControlExposeHeaders] = Self.exposedHeaders
    }
}
