import CartoucheJSON
import CartoucheScene
import CartoucheText

/// Limits applied to a scene before it is placed.
public struct SceneLimits: Hashable, Sendable {
    public var maxAnnotations: Int
    public var maxTextLength: Int

    public init(maxAnnotations: Int, maxTextLength: Int) {
        self.maxAnnotations = maxAnnotations
        self.maxTextLength = maxTextLength
    }

    /// No limit beyond the text engine's own.
    public static let unlimited = SceneLimits(maxAnnotations: .max, maxTextLength: .max)
}

/// A placed scene, ready to send.
public struct PlaceOutcome: Sendable {
    /// The response JSON (deterministic, sorted keys).
    public var body: [UInt8]
    /// Shown callouts over all frames.
    public var placed: Int
    /// Hidden callouts over all frames, by reason code.
    public var hiddenByReason: [String: Int]
}

/// "Place this scene": parse, check limits, decode, place, write. Shared by
/// `POST /v1/place` and `cartouche place`, so both answer the same input
/// with the same bytes and the same errors.
public enum PlaceJob {
    /// - Parameter shouldCancel: the request's deadline, polled by the solver.
    /// - Returns: the outcome, or the problem to report (never a crash).
    /// - Complexity: dominated by placement (see `ViewAnnotationPlacer`).
    public static func run(
        _ body: [UInt8], limits: SceneLimits, text: TextLayoutEngine?, shouldCancel: (@Sendable () -> Bool)?
    ) -> Result<PlaceOutcome, Problem> {
        let json: JSONValue
        do { json = try JSONParser().parse(body) } catch { return .failure(.invalidJSON(error)) }
        // Counted on the raw JSON so an oversized scene is refused before decoding it.
        if let annotations = json.objectValue?["viewAnnotations"]?.arrayValue, annotations.count > limits.maxAnnotations {
            return .failure(.tooManyAnnotations(count: annotations.count, limit: limits.maxAnnotations, path: "viewAnnotations"))
        }
        let document: SceneDocument
        do { document = try SceneDocument(json: json) } catch { return .failure(.invalidValue(error)) }
        if let problem = firstTooLongText(in: json, limit: limits.maxTextLength) { return .failure(problem) }
        // A budget spent on reading, waiting and decoding stops here, before the solver starts.
        if let shouldCancel, shouldCancel() { return .failure(cancelled) }
        let response: PlaceResponse
        do {
            response = try document.place(text: text, shouldCancel: shouldCancel)
        } catch .cancelled {
            return .failure(cancelled)
        } catch {
            return .failure(problem(for: error, in: document))
        }
        let bytes: [UInt8]
        do { bytes = try response.jsonBytes() } catch {
            // Every number written was validated finite on the way in; reaching
            // here is a bug, reported without internals.
            return .failure(.internalError)
        }
        var hidden: [String: Int] = [:]
        for frame in response.frames {
            for placement in frame.result.placements where !placement.visible {
                hidden[placement.hiddenReason?.code ?? "hidden", default: 0] += 1
            }
        }
        return .success(PlaceOutcome(body: bytes, placed: response.placedCount, hiddenByReason: hidden))
    }

    static let cancelled = Problem(
        slug: "time-budget-exceeded", title: "Service Unavailable", status: .serviceUnavailable,
        detail: SceneError.cancelled.description)

    /// Scene rules checked when placing (as opposed to decoding): 422, with
    /// the path of the member at fault where one is (a text run's font, a
    /// manager's layer position; see `SceneDocument.jsonPath(for:)`).
    static func problem(for error: SceneError, in document: SceneDocument) -> Problem {
        switch error {
        case .textEngineRequired:
            return .internalError
        default:
            return .invalidValue(detail: error.description, path: document.jsonPath(for: error)?.description)
        }
    }

    /// The first callout text over `limit` Unicode scalars, as a 422 naming its path.
    /// Walks the raw JSON (already decoded successfully, so shapes are known).
    static func firstTooLongText(in json: JSONValue, limit: Int) -> Problem? {
        guard let annotations = json.objectValue?["viewAnnotations"]?.arrayValue else { return nil }
        for (i, annotation) in annotations.enumerated() {
            guard let content = annotation.objectValue?["content"]?.objectValue else { continue }
            let base = "viewAnnotations[\(i)].content"
            var texts: [(String, String)] = []
            if let eta = content["eta"]?.objectValue {
                if let title = eta["title"]?.stringValue { texts.append(("\(base).eta.title", title)) }
                if let hint = eta["hint"]?.stringValue { texts.append(("\(base).eta.hint", hint)) }
            }
            for (j, run) in (content["runs"]?.arrayValue ?? []).enumerated() {
                if let text = run.objectValue?["text"]?.stringValue { texts.append(("\(base).runs[\(j)].text", text)) }
            }
            for (path, text) in texts {
                let count = text.unicodeScalars.count
                if count > limit { return .textTooLong(count: count, limit: limit, path: path) }
            }
        }
        return nil
    }
}
