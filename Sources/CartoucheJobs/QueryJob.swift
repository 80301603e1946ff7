import CartoucheAnnotations
import CartoucheJSON
import CartouchePlacement
import CartoucheQuery
import CartoucheScene
import CartoucheText

/// A query's answer, ready to send.
public struct QueryOutcome: Sendable {
    /// The answer JSON (its `warnings` member included).
    public var body: [UInt8]
    /// The warnings as sentences, for headers and stderr.
    public var warnings: [String]
}

/// "Which annotations are under this tap": parse, check limits, decode,
/// place for the camera, build one hit index, query it. Shared by
/// `POST /v1/query` and `cartouche query`.
public enum QueryJob {
    /// How many taps are answered between two looks at the deadline.
    static let tapsPerBudgetCheck = 256

    /// - Returns: `{"frame", "hits": [...]}`, or `{"frame", "taps": [{"at", "hits"}, …]}`
    ///   for `taps`; hits top-most first (see `SceneHit.writeJSON(to:)`).
    /// - Complexity: placement (polled by the budget) plus the index build,
    ///   then per tap one grid-cell lookup plus its hits.
    /// - Parameters:
    ///   - body: the request, `{"scene", "frame"?, "at" | "rect" | "near" | "taps", "leafLimit"?, "leafOffset"?, …}` as JSON.
    ///   - limits: the sizes the scene may have.
    ///   - text: measures content-sized callouts and labels.
    ///   - budget: its `shouldCancel` is polled while placing and between
    ///     taps (a deadline, a client gone).
    ///   - target: the request's target (`--target`, `?target=`);
    ///     nil keeps the scene's `options.target`.
    ///   - mode: the request's placement mode (`--mode`, `?mode=`);
    ///     nil keeps the scene's `options.mode`.
    public static func run(
        _ body: [UInt8], limits: SceneLimits, text: TextLayoutEngine?, budget: PlacementBudget = .unlimited,
        target: StyleTarget? = nil, mode: PlacementMode? = nil
    ) -> Result<[UInt8], JobError> {
        let json: JSONValue
        do { json = try JSONParser().parse(body) } catch { return .failure(.invalidJSON(error)) }
        return run(json: json, limits: limits, text: text, budget: budget, target: target, mode: mode)
    }

    /// The same, for a request already parsed (the CLI builds it from a scene file and flags).
    public static func run(
        json: JSONValue, limits: SceneLimits, text: TextLayoutEngine?, budget: PlacementBudget = .unlimited,
        target: StyleTarget? = nil, mode: PlacementMode? = nil
    ) -> Result<[UInt8], JobError> {
        runWithWarnings(json: json, limits: limits, text: text, budget: budget, target: target, mode: mode).map(\.body)
    }

    /// ``run(_:limits:text:budget:target:mode:)`` with the answer's warnings apart too (for headers).
    public static func runWithWarnings(
        _ body: [UInt8], limits: SceneLimits, text: TextLayoutEngine?, budget: PlacementBudget = .unlimited,
        target: StyleTarget? = nil, mode: PlacementMode? = nil
    ) -> Result<QueryOutcome, JobError> {
        let json: JSONValue
        do { json = try JSONParser().parse(body) } catch { return .failure(.invalidJSON(error)) }
        return runWithWarnings(json: json, limits: limits, text: text, budget: budget, target: target, mode: mode)
    }

    /// - Returns: `{"frame", "hits" | "taps", "warnings"?}` and the warnings
    ///   as sentences; `warnings` is present when the scene's text has
    ///   missing glyphs (see ``PlaceJob``).
    public static func runWithWarnings(
        json: JSONValue, limits: SceneLimits, text: TextLayoutEngine?, budget: PlacementBudget = .unlimited,
        target: StyleTarget? = nil, mode: PlacementMode? = nil
    ) -> Result<QueryOutcome, JobError> {
        let request: QueryRequest
        do { request = try QueryRequest(json: json) } catch { return .failure(JobError(decoding: error)) }
        let scenePath = JSONPath.root.appending(key: "scene")
        let document: SceneDocument
        switch SceneInput.decode(json.objectValue?["scene"] ?? .null, at: scenePath, limits: limits, target: target, mode: mode) {
        case .success(let decoded): document = decoded
        case .failure(let problem): return .failure(problem)
        }
        guard request.frame < document.cameras.count else {
            return .failure(.invalidValue(
                detail: "frame: \(request.frame) is not the index of one of the scene's \(document.cameras.count) cameras", path: "frame"))
        }
        if budget.isCancelled { return .failure(JobError(PlacementCancelled())) }
        let index: SceneQueryIndex
        let warnings: [SceneWarning]
        do {
            let prepared = try PreparedScene(document, text: text, through: request.frame, budget: budget)
            index = try prepared.queryIndex(frame: request.frame, holes: request.holes, globeTaps: request.globeTaps, leaves: request.leaves)
            warnings = prepared.warnings
        } catch {
            return .failure(PlaceJob.jobError(for: error, in: document, at: scenePath))
        }
        var w = JSONWriter()
        do {
            w.beginObject()
            w.key("frame"); w.write(request.frame)
            switch request.target {
            case .point(let point): try writeHits(index.query(at: point, radius: request.radius), to: &w)
            case .rect(let rect): try writeHits(index.query(in: rect), to: &w)
            case .near(let coordinate): try writeHits(index.query(near: coordinate, radius: request.radius), to: &w)
            case .taps(let points):
                w.key("taps")
                w.beginArray()
                for (i, point) in points.enumerated() {
                    if i % tapsPerBudgetCheck == 0, budget.isCancelled { return .failure(JobError(PlacementCancelled())) }
                    w.beginObject()
                    w.key("at"); w.beginArray(); try w.write(point.x); try w.write(point.y); w.endArray()
                    try writeHits(index.query(at: point, radius: request.radius), to: &w)
                    w.endObject()
                }
                w.endArray()
            }
            SceneWarning.writeMember(warnings, to: &w)
            w.endObject()
        } catch {
            return .failure(.internalFailure)  // decoded numbers are finite; a bug
        }
        return .success(QueryOutcome(body: w.bytes, warnings: warnings.map(\.description)))
    }

    /// `"hits": [...]` as a member of the open object.
    static func writeHits(_ hits: [SceneHit], to w: inout JSONWriter) throws(JSONWriteError) {
        w.key("hits")
        w.beginArray()
        for hit in hits { try hit.writeJSON(to: &w) }
        w.endArray()
    }
}
