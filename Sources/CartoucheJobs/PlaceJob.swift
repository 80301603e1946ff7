import CartoucheAnnotations
import CartoucheJSON
import CartouchePlacement
import CartoucheScene
import CartoucheText

/// A placed scene, ready to send.
public struct PlaceOutcome: Sendable {
    /// The response JSON (deterministic, sorted keys).
    public var body: [UInt8]
    /// Shown callouts over all frames.
    public var placed: Int
    /// Hidden callouts over all frames, by reason code.
    public var hiddenByReason: [String: Int]
    /// The answer's warnings (also in its `warnings` member), one sentence
    /// each, for headers and stderr.
    public var warnings: [String] = []
}

/// "Place this scene": parse, check limits, decode, place, write. Shared by
/// `POST /v1/place` and `cartouche place`, so both answer the same input
/// with the same bytes and the same errors.
public enum PlaceJob {
    /// - Parameters:
    ///   - body: the request body, a scene as JSON.
    ///   - limits: the annotation and text length limits the scene must keep.
    ///   - text: measures content-sized callouts (required when the scene has any).
    ///   - budget: the request's deadline, polled by the solver, and optimise
    ///     mode's softer one before it: the search ends there with a valid
    ///     answer whose frames say `stats.finished: false`, instead of no answer.
    ///   - target: the request's target (`--target`, `?target=`); nil keeps
    ///     the scene's `options.target`.
    ///   - mode: the request's placement mode (`--mode`, `?mode=`); nil keeps
    ///     the scene's `options.mode`.
    ///   - threads: threads a zoom-range scene's greedy placement may use
    ///     (`cartouche place --jobs`); the answer is the same for any number.
    /// - Returns: the outcome, or the problem to report (never a crash).
    /// - Complexity: dominated by placement (see `ViewAnnotationPlacer`).
    public static func run(
        _ body: [UInt8], limits: SceneLimits, text: TextLayoutEngine?, budget: PlacementBudget = .unlimited,
        target: StyleTarget? = nil, mode: PlacementMode? = nil, threads: Int = 1
    ) -> Result<PlaceOutcome, JobError> {
        let json: JSONValue
        do { json = try JSONParser().parse(body) } catch { return .failure(.invalidJSON(error)) }
        if ZoomRangeScene.isZoomRange(json) {
            return ZoomRangePlaceJob.run(json, limits: limits, text: text, budget: budget, mode: mode, threads: threads)
        }
        let document: SceneDocument
        switch SceneInput.decode(json, limits: limits, target: target, mode: mode) {
        case .success(let decoded): document = decoded
        case .failure(let problem): return .failure(problem)
        }
        // A budget spent on reading, waiting and decoding stops here, before the solver starts.
        if budget.isCancelled { return .failure(JobError(PlacementCancelled())) }
        let response: PlaceResponse
        do {
            response = try document.place(text: text, budget: budget)
        } catch .cancelled(let stop) {
            return .failure(JobError(stop))
        } catch {
            return .failure(jobError(for: error, in: document))
        }
        let bytes: [UInt8]
        do { bytes = try response.jsonBytes() } catch {
            // Every number written was validated finite on the way in; reaching
            // here is a bug, reported without internals.
            return .failure(.internalFailure)
        }
        var hidden: [String: Int] = [:]
        for frame in response.frames {
            for placement in frame.result.placements where !placement.isVisible {
                hidden[placement.hiddenReason?.code ?? "hidden", default: 0] += 1
            }
        }
        return .success(PlaceOutcome(body: bytes, placed: response.placedCount, hiddenByReason: hidden,
                                     warnings: response.warnings.map(\.description)))
    }

    /// Scene rules checked when placing, compiling or drawing (as opposed to
    /// decoding): 422, with the path of the member at fault where there is
    /// one (a text run's font, a manager's layer position; see
    /// `SceneDocument.jsonPath(for:)`); a spent budget is the 503 of `JobError(_:)` for a ``PlacementCancelled``.
    ///
    /// - Parameter scenePath: where the scene sits in the request (`scene` in a query).
    static func jobError(for error: SceneError, in document: SceneDocument, at scenePath: JSONPath = .root) -> JobError {
        switch error {
        case .cancelled(let stop):
            return JobError(stop)
        case .textEngineRequired, .unmeasuredContent:
            return .internalFailure
        default:
            let path = document.jsonPath(for: error)?.prepending(scenePath).description
            // A property's problem at the property's path: said once, as
            // decoding errors are (`managers[0].properties.line-width: …`).
            if let path, case .annotations(let e) = error, let problem = SceneError.propertyProblem(e) {
                return .invalidValue(detail: "\(path): \(problem)", path: path)
            }
            return .invalidValue(detail: error.description, path: path)
        }
    }
}
