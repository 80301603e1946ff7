import Foundation

/// Everything the HTTP service can be tuned with: where it listens and the
/// limits that keep one request from hurting the others.
///
/// Each field has a flag on `cartouche serve` and an environment variable
/// (flags win); `docs/SERVICE.md` lists them.
public struct ServiceConfiguration: Hashable, Sendable {
    public var host: String
    public var port: Int
    /// Largest request body accepted, in bytes (413 above it).
    public var maxBodyBytes: Int
    /// Most view annotations one scene may hold (413 above it).
    public var maxAnnotations: Int
    /// Most Unicode scalars in one text (422 above it).
    public var maxTextLength: Int
    /// Time budget of one request, from arrival to answer (503 when it runs out).
    public var requestTimeout: Duration
    /// CPU-heavy jobs (placing, shaping) running at once; defaults to the core count.
    public var maxConcurrentJobs: Int
    /// Heavy jobs allowed to wait for a free slot; more are refused with 503.
    public var maxQueuedJobs: Int
    /// Seconds a client is told to wait (`Retry-After`) after a 503.
    public var retryAfterSeconds: Int
    /// Folder whose `*.scene.json` files `GET /v1/examples` offers (read once
    /// at start-up); nil offers none.
    public var examplesDirectory: String?
    /// GeoJSON file the playground draws as its basemap
    /// (`GET /playground/basemap.geojson`, read once at start-up); nil serves
    /// none (the route answers 404 saying how to install it). See ``PlaygroundBasemap``.
    public var basemapFile: String?
    /// Folder holding `maplibre-gl.js` and `maplibre-gl.css`, served to the
    /// playground for a style of the user's (`?style=URL`; read once at
    /// start-up); nil serves none (the routes answer 404 saying how to install
    /// them). See ``PlaygroundMapLibre``.
    public var mapLibreDirectory: String?
    /// Origins whose pages may call the service (CORS); nil (the default)
    /// sends no CORS headers at all. See ``CORSPolicy``.
    public var cors: CORSPolicy?
    /// The URL clients reach the service at (`https://maps.example.com/cartouche`),
    /// when it differs from what they send as `Host` (behind a TLS proxy or
    /// under a path): the base of the absolute URLs the service writes into
    /// its answers (a compiled style's default `glyphs`). nil: `http://` and
    /// the request's `Host`. See `PublicBaseURL` (internal).
    public var publicURL: String?

    public init(
        host: String = "127.0.0.1", port: Int = 8080, maxBodyBytes: Int = 8 << 20, maxAnnotations: Int = 100_000,
        maxTextLength: Int = 5_000, requestTimeout: Duration = .milliseconds(2_000),
        maxConcurrentJobs: Int = ProcessInfo.processInfo.activeProcessorCount, maxQueuedJobs: Int = 64,
        retryAfterSeconds: Int = 1, examplesDirectory: String? = nil
    ) {
        self.host = host
        self.port = port
        self.maxBodyBytes = maxBodyBytes
        self.maxAnnotations = maxAnnotations
        self.maxTextLength = maxTextLength
        self.requestTimeout = requestTimeout
        self.maxConcurrentJobs = maxConcurrentJobs
        self.maxQueuedJobs = maxQueuedJobs
        self.retryAfterSeconds = retryAfterSeconds
        self.examplesDirectory = examplesDirectory
    }

    /// The environment variables read by ``applying(environment:)``.
    public enum EnvironmentKey: String, CaseIterable, Sendable {
        case host = "CARTOUCHE_HOST"
        case port = "CARTOUCHE_PORT"
        case maxBodyBytes = "CARTOUCHE_MAX_BODY_BYTES"
        case maxAnnotations = "CARTOUCHE_MAX_ANNOTATIONS"
        case maxTextLength = "CARTOUCHE_MAX_TEXT_LENGTH"
        case requestTimeoutMilliseconds = "CARTOUCHE_REQUEST_TIMEOUT_MS"
        case maxConcurrentJobs = "CARTOUCHE_MAX_CONCURRENT_JOBS"
        case maxQueuedJobs = "CARTOUCHE_MAX_QUEUED_JOBS"
        case examplesDirectory = "CARTOUCHE_EXAMPLES_DIR"
        case basemapFile = "CARTOUCHE_BASEMAP"
        case mapLibreDirectory = "CARTOUCHE_MAPLIBRE"
        /// Comma-separated origins, as `--cors-origin` repeated.
        case corsOrigins = "CARTOUCHE_CORS_ORIGINS"
        case publicURL = "CARTOUCHE_PUBLIC_URL"
    }

    /// This configuration with every variable set in `environment` applied.
    /// - Throws: ``ConfigurationError`` naming the variable when a value is not
    ///   a whole number in its range.
    public func applying(environment: [String: String]) throws(ConfigurationError) -> ServiceConfiguration {
        var c = self
        for key in EnvironmentKey.allCases {
            guard let text = environment[key.rawValue], !text.isEmpty else { continue }
            let name = key.rawValue
            switch key {
            case .host: c.host = text
            case .port: c.port = try Self.integer(text, name: name, in: 0...65_535)
            case .maxBodyBytes: c.maxBodyBytes = try Self.integer(text, name: name, in: 1...Int(Int32.max))
            case .maxAnnotations: c.maxAnnotations = try Self.integer(text, name: name, in: 1...10_000_000)
            case .maxTextLength: c.maxTextLength = try Self.integer(text, name: name, in: 1...1_000_000)
            case .requestTimeoutMilliseconds:
                c.requestTimeout = .milliseconds(try Self.integer(text, name: name, in: 1...3_600_000))
            case .maxConcurrentJobs: c.maxConcurrentJobs = try Self.integer(text, name: name, in: 1...1_024)
            case .maxQueuedJobs: c.maxQueuedJobs = try Self.integer(text, name: name, in: 0...100_000)
            case .examplesDirectory: c.examplesDirectory = text
            case .basemapFile: c.basemapFile = text
            case .mapLibreDirectory: c.mapLibreDirectory = text
            case .corsOrigins:
                c.cors = CORSPolicy(allowedOrigins: text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            case .publicURL: c.publicURL = text
            }
        }
        try c.validate()
        return c
    }

    /// Checks every limit is usable.
    public func validate() throws(ConfigurationError) {
        func check(_ ok: Bool, _ setting: String, _ value: String, _ rule: String) throws(ConfigurationError) {
            if !ok { throw ConfigurationError(setting: setting, value: value, reason: rule) }
        }
        try check(!host.isEmpty, "host", host, "must not be empty")
        try check((0...65_535).contains(port), "port", "\(port)", "must be in 0...65535")
        try check(maxBodyBytes > 0, "maxBodyBytes", "\(maxBodyBytes)", "must be greater than 0")
        try check(maxAnnotations > 0, "maxAnnotations", "\(maxAnnotations)", "must be greater than 0")
        try check(maxTextLength > 0, "maxTextLength", "\(maxTextLength)", "must be greater than 0")
        try check(requestTimeout > .zero, "requestTimeout", "\(requestTimeout)", "must be greater than 0")
        try check(maxConcurrentJobs > 0, "maxConcurrentJobs", "\(maxConcurrentJobs)", "must be greater than 0")
        try check(maxQueuedJobs >= 0, "maxQueuedJobs", "\(maxQueuedJobs)", "must be 0 or more")
        if let examplesDirectory { try check(!examplesDirectory.isEmpty, "examplesDirectory", examplesDirectory, "must not be empty") }
        if let basemapFile { try check(!basemapFile.isEmpty, "basemapFile", basemapFile, "must not be empty") }
        if let mapLibreDirectory { try check(!mapLibreDirectory.isEmpty, "mapLibreDirectory", mapLibreDirectory, "must not be empty") }
        if let publicURL {
            try check(PublicBaseURL.isUsable(publicURL), "publicURL", publicURL,
                      "must be an absolute http(s) URL with a host, no query, fragment or trailing slash")
        }
        if let cors {
            try check(!cors.allowedOrigins.isEmpty, "corsOrigin", "", "name at least one origin, or * for any")
            for origin in cors.allowedOrigins {
                try check(origin == "*" || CORSPolicy.isSerializedOrigin(origin), "corsOrigin", origin,
                          "must be * or an origin as browsers send it: scheme://host[:port], no path, no trailing slash")
            }
        }
    }

    static func integer(_ text: String, name: String, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw ConfigurationError(setting: name, value: text, reason: "must be a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }
}

/// A setting (flag or environment variable) with an unusable value.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    public var setting: String
    public var value: String
    public var reason: String

    public init(setting: String, value: String, reason: String) {
        self.setting = setting
        self.value = value
        self.reason = reason
    }

    public var description: String { "\(setting)=\(value): \(reason)" }
}
