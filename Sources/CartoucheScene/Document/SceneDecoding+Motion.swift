import CartoucheAnnotations
import CartoucheGeometry
import CartoucheJSON
import CartouchePlacement

/// Decoders for the members that make motion work across frames and
/// requests: per-camera line trims and the scene's `previous`.
extension SceneDecoding {
    /// `[start, end]` progress with 0 ≤ start ≤ end ≤ 1 (a `lineTrim`).
    static func trimRange(_ v: JSONValue, _ p: JSONPath) throws(JSONDecodingError) -> ClosedRange<Double> {
        let t = try v.decodeArray(at: p)
        guard t.count == 2 else { throw JSONDecodingError(path: p, reason: "must be [start, end]") }
        let a = try t[0].decodeNumber(at: p.appending(index: 0)), b = try t[1].decodeNumber(at: p.appending(index: 1))
        guard 0 <= a, a <= b, b <= 1 else { throw JSONDecodingError(path: p, reason: "must satisfy 0 ≤ start ≤ end ≤ 1, got [\(a), \(b)]") }
        return a...b
    }

    /// A camera's `lineTrim`: `{"<view annotation or polyline manager id>": [start, end]}`.
    static func trimMap(_ v: JSONValue, _ p: JSONPath) throws(JSONDecodingError) -> [String: ClosedRange<Double>] {
        var out: [String: ClosedRange<Double>] = [:]
        for (id, range) in try v.decodeObject(at: p) { out[id] = try trimRange(range, p.appending(key: id)) }
        return out
    }

    /// Every key of a camera's `lineTrim` names a view annotation or a
    /// polyline manager of the scene (a typo would silently trim nothing).
    static func checkTrimKeys(
        _ trims: [String: ClosedRange<Double>], at p: JSONPath, viewAnnotations: [ViewAnnotation], managers: [AnyAnnotationManager]
    ) throws(JSONDecodingError) {
        // Sorted, so the first bad key reported does not depend on hashing.
        for id in trims.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let callout = viewAnnotations.contains { $0.id == id }
            let polyline = managers.contains { m in if case .polyline = m, m.id == id { true } else { false } }
            guard callout || polyline else {
                throw JSONDecodingError(path: p.appending(key: id), reason: "\(JSONWriter.quoted(id)) names no view annotation or polyline manager of this scene")
            }
        }
    }

    /// The scene's `previous`: the compact map `{"<id>": {"shown", "anchor",
    /// "anchorCoordinate"}}`, or the previous place response's last frame
    /// (`{"placements": [...], ...}`) or whole response (`{"frames": [...],
    /// "version"}`) pasted as is.
    static func previous(_ v: JSONValue, _ p: JSONPath, viewAnnotations: [ViewAnnotation]) throws(JSONDecodingError) -> PreviousFrame {
        let members = try v.decodeObject(at: p)
        let byId = Dictionary(viewAnnotations.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        if case .array? = members["frames"] { return try previousResponse(v, p, byId) }
        if case .array? = members["placements"] { return try previousFrame(v, p, byId) }
        var entries: [String: PreviousFrame.Entry] = [:]
        var ignored: [PreviousFrame.Ignored] = []
        // Sorted, so the warnings do not depend on hashing.
        for (id, value) in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            let ep = p.appending(key: id)
            guard let va = byId[id] else {
                // Still checked for form: a typo in a member is an error.
                _ = try previousEntry(value, ep, nil, &ignored)
                ignored.append(unknownCallout(id, at: ep))
                continue
            }
            entries[id] = try previousEntry(value, ep, va, &ignored)
        }
        return PreviousFrame(entries: entries, ignored: ignored)
    }

    /// `{"shown": true, "anchor", "anchorCoordinate", "frame"}`: a shown
    /// callout needs its anchor; a hidden one carries nothing. `va` nil: a
    /// callout the scene no longer has, whose entry is only checked.
    private static func previousEntry(
        _ v: JSONValue, _ p: JSONPath, _ va: ViewAnnotation?, _ ignored: inout [PreviousFrame.Ignored]
    ) throws(JSONDecodingError) -> PreviousFrame.Entry {
        var r = try JSONObjectReader(v, at: p)
        let shown = try r.optionalBool("shown") ?? true
        let anchor = try r.optional("anchor", SceneDecoding.anchor)
        let coordinate = try r.optional("anchorCoordinate", SceneDecoding.coordinate)
        let frame = try r.optional("frame", SceneDecoding.rect)
        try r.rejectUnknownMembers()
        return try checkedEntry(shown: shown, anchor: anchor, coordinate: coordinate, frame: frame, va, r, &ignored)
    }

    /// One placement of a pasted frame: `{"id", "visible", "anchor"?,
    /// "anchorCoordinate"?, "frame"?}` with the response's other members
    /// (`zIndex`, `hiddenReason`) accepted and ignored. Nil entry: an id the
    /// scene no longer has (recorded in `ignored`).
    private static func previousPlacement(
        _ v: JSONValue, _ p: JSONPath, _ byId: [String: ViewAnnotation], _ ignored: inout [PreviousFrame.Ignored]
    ) throws(JSONDecodingError) -> (String, PreviousFrame.Entry?) {
        var r = try JSONObjectReader(v, at: p)
        let id = try r.requiredString("id")
        let va = byId[id]
        let shown = try r.requiredBool("visible")
        let anchor = try r.optional("anchor", SceneDecoding.anchor)
        let coordinate = try r.optional("anchorCoordinate", SceneDecoding.coordinate)
        let frame = try r.optional("frame", SceneDecoding.rect)
        for member in ["zIndex", "hiddenReason"] { _ = r.value(member) }
        try r.rejectUnknownMembers()
        let entry = try checkedEntry(shown: shown, anchor: anchor, coordinate: coordinate, frame: frame, va, r, &ignored)
        guard va != nil else {
            ignored.append(unknownCallout(id, at: r.path(of: "id")))
            return (id, nil)
        }
        return (id, entry)
    }

    /// A pasted frame of a place response.
    private static func previousFrame(_ v: JSONValue, _ p: JSONPath, _ byId: [String: ViewAnnotation]) throws(JSONDecodingError) -> PreviousFrame {
        var r = try JSONObjectReader(v, at: p)
        let placements = try r.requiredArray("placements")
        for ignored in ["camera", "drawOrder", "rejected", "stats"] { _ = r.value(ignored) }
        try r.rejectUnknownMembers()
        var entries: [String: PreviousFrame.Entry] = [:]
        var ignored: [PreviousFrame.Ignored] = []
        var seen = Set<String>()
        for (i, value) in placements.enumerated() {
            let (id, entry) = try previousPlacement(value, r.path(of: "placements").appending(index: i), byId, &ignored)
            guard seen.insert(id).inserted else {
                throw JSONDecodingError(path: r.path(of: "placements").appending(index: i).appending(key: "id"),
                                        reason: "\(JSONWriter.quoted(id)) is listed by an earlier placement")
            }
            if let entry { entries[id] = entry }
        }
        return PreviousFrame(entries: entries, ignored: ignored)
    }

    /// A pasted place response: its last frame is the previous one.
    private static func previousResponse(_ v: JSONValue, _ p: JSONPath, _ byId: [String: ViewAnnotation]) throws(JSONDecodingError) -> PreviousFrame {
        var r = try JSONObjectReader(v, at: p)
        let frames = try r.requiredArray("frames")
        _ = r.value("version")
        try r.rejectUnknownMembers()
        guard !frames.isEmpty else { throw JSONDecodingError(path: r.path(of: "frames"), reason: "must list at least one frame") }
        // Every frame is checked (a pasted response is read whole); the last one is the previous.
        var last = PreviousFrame()
        for (i, frame) in frames.enumerated() { last = try previousFrame(frame, r.path(of: "frames").appending(index: i), byId) }
        return last
    }

    /// The rules every form shares: a shown callout names an anchor; a
    /// hidden one names none (errors: the entry is malformed). An anchor the
    /// callout no longer offers is not kept (nor its box, which that anchor
    /// made), with a note in `ignored`.
    private static func checkedEntry(
        shown: Bool, anchor: AnchorConfig?, coordinate: Coordinate?, frame: ScreenRect?, _ va: ViewAnnotation?,
        _ r: JSONObjectReader, _ ignored: inout [PreviousFrame.Ignored]
    ) throws(JSONDecodingError) -> PreviousFrame.Entry {
        guard shown else {
            if anchor != nil { throw JSONDecodingError(path: r.path(of: "anchor"), reason: "a callout that was not shown has no anchor") }
            if coordinate != nil {
                throw JSONDecodingError(path: r.path(of: "anchorCoordinate"), reason: "a callout that was not shown has no anchor point")
            }
            if frame != nil { throw JSONDecodingError(path: r.path(of: "frame"), reason: "a callout that was not shown has no frame") }
            return PreviousFrame.Entry(shown: false)
        }
        guard let anchor else { throw JSONDecodingError(path: r.path, reason: "missing member \"anchor\" (the anchor of a shown callout)") }
        if let va, !va.variableAnchors.contains(anchor) {
            let offered = va.variableAnchors.map(\.jsonDescription).joined(separator: ", ")
            ignored.append(PreviousFrame.Ignored(
                id: va.id, path: r.path(of: "anchor").description,
                reason: "\(anchor.jsonDescription) is not one of the callout's variableAnchors (\(offered)): not kept"))
            return PreviousFrame.Entry(shown: true, anchorCoordinate: coordinate)
        }
        return PreviousFrame.Entry(shown: true, anchor: anchor, anchorCoordinate: coordinate, frame: frame)
    }

    private static func unknownCallout(_ id: String, at p: JSONPath) -> PreviousFrame.Ignored {
        PreviousFrame.Ignored(id: id, path: p.description, reason: "\(JSONWriter.quoted(id)) is not the id of a view annotation of this scene: ignored")
    }
}

extension AnchorConfig {
    /// How an error shows an anchor: its name, with its offsets when it has any.
    var jsonDescription: String {
        guard offsetX != 0 || offsetY != 0 else { return JSONWriter.quoted(anchor.rawValue) }
        return "{\(JSONWriter.quoted(anchor.rawValue)), offsetX \(offsetX), offsetY \(offsetY)}"
    }
}
