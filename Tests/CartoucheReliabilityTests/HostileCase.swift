import CartoucheJSON
import CartoucheJobs
import CartoucheService
import HTTPTypes
import Testing

/// One hostile input of the bad-input corpus and exactly what it must produce.
///
/// The corpus runs every case through the HTTP service in-process (every
/// route it applies to), through `PlaceJob` (what `cartouche place` runs) and
/// through the library, so a case states its outcome once and all three paths
/// are held to it.
struct HostileCase: Sendable, CustomTestStringConvertible {
    /// The kinds of trouble named in issue #8; every family has cases.
    enum Family: String, Sendable, CaseIterable {
        case syntax          // not JSON at all: NaN, 1e400, garbage, nesting, surrogates, …
        case limits          // body size, annotation count, text length, time budget
        case coordinates     // lat ±90, longitudes beyond ±180, out of range
        case camera          // zoom, pitch, bearing, padding, fitting
        case viewport        // zero, negative, huge
        case geometry        // empty, degenerate, self-intersecting, 10^5–10^6 vertices
        case types           // wrong types, unknown and missing members
        case identity        // duplicate ids, dangling references
        case text            // fonts, huge sizes, odd Unicode
        case layers          // layer positions: cycles, unknown targets
        case http            // methods, paths, content types
    }

    var name: String
    var family: Family
    var request: HostileRequest
    /// The routes the body is sent to (all answer the same way).
    var routes: [CorpusRoute] = CorpusRoute.sceneRoutes
    /// Service settings for this case (nil: the defaults, with a generous time budget).
    var configure: (@Sendable (inout ServiceConfiguration) -> Void)? = nil
    var expected: Expected

    var testDescription: String { "\(family.rawValue): \(name)" }

    /// Whether the body is JSON a query request can wrap (syntax cases are not).
    var wrapsForQuery: Bool { family != .syntax }

    /// Whether the outcome depends on the service (settings, headers, routing),
    /// so the CLI and library paths do not apply.
    var isServiceOnly: Bool {
        if configure != nil || request.method != .post || request.contentType != "application/json" { return true }
        if case .problem(let p) = expected { return ExpectedProblem.serviceSlugs.contains(p.slug) }
        return false
    }
}

/// The HTTP request of a case. The body is built on demand so the multi-
/// megabyte ones exist only while they are sent.
struct HostileRequest: Sendable {
    var body: @Sendable () -> [UInt8]
    var contentType: String? = "application/json"
    var method: HTTPRequest.Method = .post

    init(_ text: String, contentType: String? = "application/json", method: HTTPRequest.Method = .post) {
        let bytes = Array(text.utf8)
        self.body = { bytes }
        self.contentType = contentType
        self.method = method
    }

    init(bytes: @escaping @Sendable () -> [UInt8]) {
        self.body = bytes
    }
}

/// Where a corpus body is sent.
enum CorpusRoute: String, Sendable, CaseIterable {
    case place = "/v1/place"
    case compile = "/v1/compile"
    case query = "/v1/query"
    case render = "/v1/render"
    case shape = "/v1/shape"

    /// The routes whose body is (or, for query, holds) a scene.
    static let sceneRoutes: [CorpusRoute] = [.place, .compile, .query, .render]

    var uri: String { rawValue }

    /// Where the scene sits in this route's request: `scene` for a query.
    static let queryScenePrefix = Array(#"{"at":[200,150],"scene":"#.utf8)

    /// The request body for a case's body: a query wraps the scene in a tap
    /// at the centre of the default viewport. Bodies that are not JSON at all
    /// (`wrap` false) are sent as they are: a route's first step is parsing.
    func body(_ scene: [UInt8], wrap: Bool) -> [UInt8] {
        guard self == .query, wrap else { return scene }
        return Self.queryScenePrefix + scene + [UInt8(ascii: "}")]
    }

    /// A problem path as this route reports it: under `scene` for a query.
    func path(_ scenePath: String?, wrap: Bool) -> String? {
        guard self == .query, wrap, let scenePath else { return scenePath }
        return scenePath == "$" ? "scene" : "scene." + scenePath
    }
}

/// What a case must produce.
enum Expected: Sendable {
    /// An RFC 9457 problem with exactly these fields.
    case problem(ExpectedProblem)
    /// A 200 answer; the check receives the parsed body.
    case accepted(@Sendable (JSONValue) throws -> Void)

    static func problem(_ status: Int, _ slug: String, path: String?, detail: String, line: Int? = nil, column: Int? = nil)
        -> Expected
    {
        .problem(ExpectedProblem(status: status, slug: slug, path: path, detail: detail, line: line, column: column))
    }

    /// Malformed JSON: 400 at a line and column.
    static func syntax(_ detail: String, line: Int, column: Int) -> Expected {
        .problem(400, "invalid-json", path: nil, detail: detail, line: line, column: column)
    }

    /// Valid JSON breaking a rule: 422 naming the path.
    static func invalid(_ path: String?, _ detail: String) -> Expected {
        .problem(422, "invalid-value", path: path, detail: detail)
    }
}

struct ExpectedProblem: Sendable {
    var status: Int
    /// The last part of the problem `type` URI.
    var slug: String
    /// The JSON path (`nil`: the problem carries none).
    var path: String?
    /// A part of `detail` that says why.
    var detail: String
    var line: Int? = nil
    var column: Int? = nil

    /// This problem as `route` reports it (paths under `scene` for a query).
    func on(_ route: CorpusRoute, wrap: Bool) -> ExpectedProblem {
        var p = self
        p.path = route.path(path, wrap: wrap)
        return p
    }

    /// Problems only the HTTP layer produces.
    static let serviceSlugs: Set<String> = [
        "body-too-large", "too-many-annotations", "unsupported-media-type", "not-found", "method-not-allowed",
        "time-budget-exceeded", "overloaded",
    ]

    /// Checks a problem answer field by field.
    func check(_ answer: Answer, route: CorpusRoute, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(answer.status == status, "status", sourceLocation: sourceLocation)
        #expect(answer.contentType == "application/problem+json", sourceLocation: sourceLocation)
        let object = try #require(try answer.json().objectValue, sourceLocation: sourceLocation)
        #expect(object["type"]?.stringValue == Problem.typePrefix + slug, sourceLocation: sourceLocation)
        #expect(object["status"]?.numberValue == Double(status), sourceLocation: sourceLocation)
        #expect(object["path"]?.stringValue == path, "path", sourceLocation: sourceLocation)
        let actualDetail = object["detail"]?.stringValue ?? ""
        #expect(actualDetail.contains(detail), "detail \"\(actualDetail)\" lacks \"\(detail)\"", sourceLocation: sourceLocation)
        #expect(object["line"]?.numberValue.map(Int.init) == line, "line", sourceLocation: sourceLocation)
        #expect(object["column"]?.numberValue.map(Int.init) == column, "column", sourceLocation: sourceLocation)
    }

    /// Checks a job's error (the CLI path) the same way, through the problem the service makes of it.
    func check(_ error: JobError, sourceLocation: SourceLocation = #_sourceLocation) {
        let problem = Problem(error)
        #expect(Int(problem.status.code) == status, sourceLocation: sourceLocation)
        #expect(problem.slug == slug, sourceLocation: sourceLocation)
        #expect(problem.path == path, sourceLocation: sourceLocation)
        #expect(problem.detail.contains(detail), "detail \"\(problem.detail)\" lacks \"\(detail)\"", sourceLocation: sourceLocation)
        #expect(problem.line == line && problem.column == column, sourceLocation: sourceLocation)
    }
}
