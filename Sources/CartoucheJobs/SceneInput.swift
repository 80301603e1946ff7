import CartoucheAnnotations
import CartoucheJSON
import CartouchePlacement
import CartoucheScene

/// Reading a scene out of request JSON under the service's limits. Shared
/// by every job that takes a scene (place, compile, query, render), so the
/// same scene is refused the same way, with the same paths, everywhere.
package enum SceneInput {
    /// Counts annotations on the raw JSON (so an oversized scene is refused
    /// before it is decoded), decodes the scene strictly, then checks the
    /// callout text lengths.
    ///
    /// - Parameters:
    ///   - path: where the scene sits in the request (`$` for a bare scene
    ///     body, `scene` inside a query request); every problem path is
    ///     relative to the request.
    ///   - target: the request's target (`--target`, `?target=`), which wins
    ///     over the scene's `options.target` (`SceneDocument.resolvingTarget`):
    ///     every route resolves it here, the same way.
    ///   - mode: the request's placement mode (`--mode`, `?mode=`), which
    ///     wins over the scene's `options.mode` in the same way.
    /// - Complexity: O(size of the JSON).
    package static func decode(
        _ json: JSONValue, at path: JSONPath = .root, limits: SceneLimits, target: StyleTarget? = nil, mode: PlacementMode? = nil
    ) -> Result<SceneDocument, JobError> {
        if let problem = tooManyAnnotations(in: json, at: path, limit: limits.maxAnnotations) { return .failure(problem) }
        let document: SceneDocument
        do { document = try SceneDocument(json: json, path: path) } catch { return .failure(.invalidValue(error)) }
        if let problem = firstTooLongText(in: json, at: path, limit: limits.maxTextLength) { return .failure(problem) }
        var resolved = document.resolvingTarget(target)
        if let mode { resolved.options.mode = mode }
        return .success(resolved)
    }

    /// Parses a request body holding a bare scene, then ``decode(_:at:limits:target:mode:)``:
    /// the first step of every scene route (place, compile, render).
    package static func decode(
        body: [UInt8], limits: SceneLimits, target: StyleTarget? = nil, mode: PlacementMode? = nil
    ) -> Result<SceneDocument, JobError> {
        let json: JSONValue
        do { json = try JSONParser().parse(body) } catch { return .failure(.invalidJSON(error)) }
        return decode(json, limits: limits, target: target, mode: mode)
    }

    /// 413 when the view annotations, or the managers' annotations taken
    /// together, outnumber `limit`. The two are counted apart: the first is
    /// what the solver works through, the second what compiling and
    /// hit-testing work through.
    package static func tooManyAnnotations(in json: JSONValue, at path: JSONPath, limit: Int) -> JobError? {
        guard let scene = json.objectValue else { return nil }
        if let annotations = scene["viewAnnotations"]?.arrayValue, annotations.count > limit {
            return .tooManyAnnotations(
                count: annotations.count, limit: limit, path: path.appending(key: "viewAnnotations").description)
        }
        var total = 0
        for manager in scene["managers"]?.arrayValue ?? [] {
            total += manager.objectValue?["annotations"]?.arrayValue?.count ?? 0
        }
        if total > limit {
            return .tooManyManagerAnnotations(count: total, limit: limit, path: path.appending(key: "managers").description)
        }
        return nil
    }

    /// The first callout text over `limit` Unicode scalars, as a 422 naming its path.
    /// Walks the raw JSON (already decoded successfully, so shapes are known).
    package static func firstTooLongText(in json: JSONValue, at path: JSONPath, limit: Int) -> JobError? {
        guard let annotations = json.objectValue?["viewAnnotations"]?.arrayValue else { return nil }
        for (i, annotation) in annotations.enumerated() {
            guard let content = annotation.objectValue?["content"]?.objectValue else { continue }
            let base = path.appending(key: "viewAnnotations").appending(index: i).appending(key: "content")
            var texts: [(JSONPath, String)] = []
            if let eta = content["eta"]?.objectValue {
                let etaPath = base.appending(key: "eta")
                if let title = eta["title"]?.stringValue { texts.append((etaPath.appending(key: "title"), title)) }
                if let hint = eta["hint"]?.stringValue { texts.append((etaPath.appending(key: "hint"), hint)) }
            }
            for (j, run) in (content["runs"]?.arrayValue ?? []).enumerated() {
                if let text = run.objectValue?["text"]?.stringValue {
                    texts.append((base.appending(key: "runs").appending(index: j).appending(key: "text"), text))
                }
            }
            for (textPath, text) in texts {
                let count = text.unicodeScalars.count
                if count > limit { return .textTooLong(count: count, limit: limit, path: textPath.description) }
            }
        }
        return nil
    }
}
