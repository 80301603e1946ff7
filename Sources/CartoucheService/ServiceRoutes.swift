import Hummingbird

/// Every route the service answers, in one table: the router is built from
/// it, the 404/405 decision reads it, and the OpenAPI test checks
/// `/openapi.json` against it, so the three cannot drift apart.
public enum ServiceRoute: String, CaseIterable, Sendable {
    case place = "/v1/place"
    case compile = "/v1/compile"
    case query = "/v1/query"
    case render = "/v1/render"
    /// The MapLibre updates from one scene's compiled style to another's.
    case diff = "/v1/diff"
    case shape = "/v1/shape"
    case fonts = "/v1/fonts"
    case health = "/healthz"
    case metrics = "/metrics"
    case openAPI = "/openapi.json"
    /// The playground page and its script and style sheet (`docs/SERVICE.md`, "Playground").
    case playground = "/"
    case playgroundScript = "/playground.js"
    case playgroundStyle = "/playground.css"
    case examples = "/v1/examples"
    /// Mapbox glyph ranges made from the service's own fonts (a path template).
    case glyphs = "/v1/glyphs/{fontstack}/{range}.pbf"
    /// The playground's basemap GeoJSON (``PlaygroundBasemap``); 404 when none is installed.
    case playgroundBasemap = "/playground/basemap.geojson"
    /// MapLibre GL JS for the playground's own-style basemap (``PlaygroundMapLibre``); 404 when not installed.
    case playgroundMapLibreScript = "/playground/vendor/maplibre-gl.js"
    case playgroundMapLibreStyle = "/playground/vendor/maplibre-gl.css"

    public var path: String { rawValue }

    public var method: HTTPRequest.Method {
        switch self {
        case .place, .compile, .query, .render, .shape, .diff: .post
        case .fonts, .health, .metrics, .openAPI: .get
        case .playground, .playgroundScript, .playgroundStyle, .playgroundBasemap, .examples, .glyphs: .get
        case .playgroundMapLibreScript, .playgroundMapLibreStyle: .get
        }
    }

    /// Whether requests run through the bounded heavy-work pool.
    var isHeavy: Bool { method == .post }

    /// The methods allowed on `path` (`HEAD` with every `GET`), empty when no route has that path.
    static func methods(for path: String) -> [HTTPRequest.Method] {
        allCases.filter { $0.matches(path) }.flatMap { $0.method == .get ? [.get, .head] : [$0.method] }
    }

    /// The route for a method and path, if any.
    static func matching(method: HTTPRequest.Method, path: String) -> ServiceRoute? {
        allCases.first { $0.matches(path) && $0.method == method }
    }

    /// True when `path` is this route's: equal to it, or for the glyph
    /// template, `/v1/glyphs/` then one non-empty segment and one ending in `.pbf`.
    func matches(_ path: String) -> Bool {
        guard self == .glyphs else { return path == self.path }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 5 && parts[0].isEmpty && parts[1] == "v1" && parts[2] == "glyphs" && !parts[3].isEmpty
            && parts[4].count > 4 && parts[4].hasSuffix(".pbf")
    }
}
