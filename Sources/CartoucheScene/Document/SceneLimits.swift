import CartoucheJSON

/// How big a scene a caller accepts: the service's request limits
/// (`--max-annotations`, `--max-text-length`), checked by the decoder itself
/// as it reads the scene, so the JSON is walked once and a refusal names the
/// member at fault.
///
/// A refusal is a `JSONDecodingError` whose `exceeded` says which limit:
/// `.elements` for too many annotations (counted before anything is
/// decoded), `.textLength` for a callout text that is too long.
public struct SceneLimits: Hashable, Sendable {
    /// The most view annotations, and apart from them the most annotations
    /// of all managers together.
    public var maxAnnotations: Int
    /// The most Unicode scalars in one callout text (a run's `text`, an ETA's
    /// `title` or `hint`).
    public var maxTextLength: Int

    public init(maxAnnotations: Int, maxTextLength: Int) {
        self.maxAnnotations = maxAnnotations
        self.maxTextLength = maxTextLength
    }

    /// No limit beyond the text engine's own.
    public static let unlimited = SceneLimits(maxAnnotations: .max, maxTextLength: .max)

    /// Refuses a scene with more view annotations, or more manager
    /// annotations in all, than ``maxAnnotations``, before it is decoded.
    /// The two are counted apart: the first is what the solver works through,
    /// the second what compiling and hit-testing work through. Values of the
    /// wrong shape are left for the decoder to name.
    /// - Complexity: O(managers).
    func checkCounts(in scene: JSONValue, at path: JSONPath) throws(JSONDecodingError) {
        guard maxAnnotations < .max, let members = scene.objectValue else { return }
        if let annotations = members["viewAnnotations"]?.arrayValue, annotations.count > maxAnnotations {
            throw JSONDecodingError(
                path: path.appending(key: "viewAnnotations"),
                reason: "the scene has \(annotations.count) view annotations, more than the limit of \(maxAnnotations)",
                exceeded: .elements(count: annotations.count, limit: maxAnnotations))
        }
        var total = 0
        for manager in members["managers"]?.arrayValue ?? [] {
            total += manager.objectValue?["annotations"]?.arrayValue?.count ?? 0
        }
        if total > maxAnnotations {
            throw JSONDecodingError(
                path: path.appending(key: "managers"),
                reason: "the scene's managers hold \(total) annotations, more than the limit of \(maxAnnotations)",
                exceeded: .elements(count: total, limit: maxAnnotations))
        }
    }

    /// Refuses a callout text longer than ``maxTextLength`` Unicode scalars.
    func checkText(_ text: String, at path: JSONPath) throws(JSONDecodingError) {
        guard maxTextLength < .max else { return }
        let count = text.unicodeScalars.count
        guard count > maxTextLength else { return }
        throw JSONDecodingError(
            path: path, reason: "the text has \(count) Unicode scalars, more than the limit of \(maxTextLength)",
            exceeded: .textLength(count: count, limit: maxTextLength))
    }
}
