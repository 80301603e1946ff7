import CartoucheAnnotations
import CartoucheJSON
import CartouchePlacement
import CartoucheScene

/// Reading a scene out of request JSON under the service's limits. Shared
/// by every job that takes a scene (place, compile, query, render), so the
/// same scene is refused the same way, with the same paths, everywhere.
package enum SceneInput {
    /// Decodes the scene strictly under `limits` (the decoder counts the
    /// annotations before decoding them and checks each text's length as it
    /// reads it), then applies the request's target and mode.
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
        let document: SceneDocument
        do { document = try SceneDocument(json: json, path: path, limits: limits) } catch { return .failure(JobError(decoding: error)) }
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
}
