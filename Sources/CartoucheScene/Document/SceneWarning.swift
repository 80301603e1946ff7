import CartoucheAnnotations
import CartoucheJSON
import CartoucheText

/// A non-fatal finding about a scene that changes what an answer measured or
/// draws, reported with the answer rather than failing it (place, query,
/// render and compile answers carry them; see `docs/SCENE_FORMAT.md`,
/// "Warnings").
public struct SceneWarning: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Text holds code points no face of its font stack nor the bundled
        /// fallbacks covers: each is measured and drawn as the primary face's
        /// `.notdef` box, so the size is not the size of the real text.
        case missingGlyphs = "missing-glyphs"
        /// Part of the scene's `previous` no longer applies (an id the scene
        /// no longer has, an anchor the callout no longer offers): it is
        /// left out, the rest placed.
        case previousIgnored = "previous-ignored"
    }

    /// At most this many code points are listed in ``description``; the JSON
    /// form lists up to ``codePointsListed`` and always gives the count.
    public static let codePointsInMessage = 8
    public static let codePointsListed = 32

    public var kind: Kind
    /// The annotation whose text is at fault: a view annotation (callout) id,
    /// or a point annotation id when ``manager`` is set.
    public var annotation: String
    /// The point manager of the annotation; nil for a view annotation.
    public var manager: String?
    /// The distinct code points without a glyph, in text order.
    public var codePoints: [Unicode.Scalar]
    /// `previous-ignored`: where in the scene, and why.
    public var path: String?
    public var reason: String?

    public init(kind: Kind, annotation: String, manager: String? = nil, codePoints: [Unicode.Scalar]) {
        self.kind = kind
        self.annotation = annotation
        self.manager = manager
        self.codePoints = codePoints
    }

    /// A `previous-ignored` warning.
    public init(previousIgnored ignored: PreviousFrame.Ignored) {
        self.init(kind: .previousIgnored, annotation: ignored.id, codePoints: [])
        path = ignored.path
        reason = ignored.reason
    }

    /// `U+E000`: at least four hex digits, upper case.
    public static func label(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// One sentence naming the annotation and the code points (the first
    /// ``codePointsInMessage``, then how many more).
    public var description: String {
        if kind == .previousIgnored { return "\(path ?? "previous"): \(reason ?? "ignored")" }
        let owner = manager.map { "point annotation \"\(annotation)\" of manager \"\($0)\"" } ?? "view annotation \"\(annotation)\""
        let listed = codePoints.prefix(Self.codePointsInMessage).map(Self.label).joined(separator: ", ")
        let more = codePoints.count > Self.codePointsInMessage ? " and \(codePoints.count - Self.codePointsInMessage) more" : ""
        return "\(owner): no font has a glyph for \(listed)\(more); measured and drawn as .notdef boxes"
    }

    /// `{"annotation", "codePoints", "count", "kind", "manager"?, "message"}`,
    /// keys sorted; `codePoints` lists the first ``codePointsListed``.
    /// A `previous-ignored` warning is `{"annotation", "kind", "message",
    /// "path"}`.
    public func writeJSON(to w: inout JSONWriter) {
        w.beginObject()
        w.key("annotation"); w.write(annotation)
        if kind == .previousIgnored {
            w.key("kind"); w.write(kind.rawValue)
            w.key("message"); w.write(description)
            w.key("path"); w.write(path ?? "previous")
            w.endObject()
            return
        }
        w.key("codePoints")
        w.beginArray()
        for scalar in codePoints.prefix(Self.codePointsListed) { w.write(Self.label(scalar)) }
        w.endArray()
        w.key("count"); w.write(codePoints.count)
        w.key("kind"); w.write(kind.rawValue)
        if let manager { w.key("manager"); w.write(manager) }
        w.key("message"); w.write(description)
        w.endObject()
    }

    /// `"warnings": [...]` as a member of the open object, when there are any
    /// (answers without warnings keep their exact bytes).
    public static func writeMember(_ warnings: [SceneWarning], to w: inout JSONWriter) {
        guard !warnings.isEmpty else { return }
        w.key("warnings")
        w.beginArray()
        for warning in warnings { warning.writeJSON(to: &w) }
        w.endArray()
    }

    /// Distinct scalars of `scalars`, first occurrences in order.
    static func distinct(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var seen = Set<Unicode.Scalar>()
        return scalars.filter { seen.insert($0).inserted }
    }
}

extension SceneDocument {
    /// Missing-glyph warnings for the scene's text: each content-sized view
    /// annotation (from its measured `layouts`) in scene order, then each
    /// point annotation's `text-field` (shaped as its symbol box is, through
    /// the engine's cache), managers in scene order. None without an engine.
    /// - Parameters:
    ///   - text: the engine whose fonts are asked for each code point.
    ///   - layouts: measured callouts by id (``PreparedScene/layouts``);
    ///     callouts with content but no layout here are measured.
    ///   - callouts: false leaves view annotations out (compile answers: a
    ///     style draws only the managers' text).
    /// - Complexity: linear in the annotations; shaping is cached.
    public func missingGlyphWarnings(
        text: TextLayoutEngine?, layouts: [String: CalloutLayout] = [:], callouts: Bool = true
    ) -> [SceneWarning] {
        guard let text else { return [] }
        var warnings: [SceneWarning] = []
        if callouts {
            for va in viewAnnotations {
                guard let content = va.content,
                      let layout = layouts[va.id] ?? (try? text.measure(content)), !layout.missingCodePoints.isEmpty else { continue }
                warnings.append(SceneWarning(kind: .missingGlyphs, annotation: va.id,
                                             codePoints: SceneWarning.distinct(layout.missingCodePoints)))
            }
        }
        for m in managers {
            guard case .point(let manager) = m else { continue }
            var seen = Set<String>()
            for a in manager.annotations where seen.insert(a.id).inserted {
                let missing = manager.labelMissingCodePoints(of: a, text: text)
                if !missing.isEmpty {
                    warnings.append(SceneWarning(kind: .missingGlyphs, annotation: a.id, manager: m.id,
                                                 codePoints: SceneWarning.distinct(missing)))
                }
            }
        }
        return warnings
    }
}
