import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import CartouchePlacement
import CartoucheText
import Dispatch
import Synchronization

extension ZoomRangeScene {
    /// Whether a scene's JSON asks for a zoom-range placement (has a
    /// `zoomRange` member): the jobs route such scenes here instead of to
    /// ``SceneDocument``.
    public static func isZoomRange(_ json: JSONValue) -> Bool {
        json.objectValue?["zoomRange"] != nil
    }

    /// Scene members a zoom-range scene cannot honour (they need a camera,
    /// a viewport or layer annotations), refused by name rather than as
    /// unknown.
    static let cameraOnlyMembers = [
        "puck", "avoidRegions", "avoidLines", "managers", "avoidLayers", "images", "basemap", "previous", "featureState",
    ]

    /// Decodes and validates a zoom-range scene. Every problem is reported at
    /// its member's path: `zoomRange` with `camera`/`cameras`, `min` above
    /// `max` or outside the camera's zoom limits (0…25.5), a view annotation
    /// not bound to a GeoJSON `Point`, the `globe` projection. The view
    /// annotations are decoded on up to `threads` threads, with the same
    /// values and the same first error as on one. `limits` hold as in a
    /// camera scene (``SceneDocument/init(json:path:limits:)``).
    public init(json: JSONValue, path: JSONPath = .root, limits: SceneLimits = .unlimited, threads: Int = 1) throws(JSONDecodingError) {
        try limits.checkCounts(in: json, at: path)
        var r = try JSONObjectReader(json, at: path)
        let version = try r.requiredInt("version")
        guard version == SceneDocument.currentVersion else {
            throw JSONDecodingError(path: r.path(of: "version"), reason: "unsupported version \(version); this Cartouche reads version \(SceneDocument.currentVersion)")
        }
        for member in ["camera", "cameras"] where r.members[member] != nil {
            throw JSONDecodingError(path: r.path(of: member), reason: "give either \"zoomRange\" or \"\(member)\", not both")
        }
        for member in Self.cameraOnlyMembers where r.members[member] != nil {
            throw JSONDecodingError(path: r.path(of: member), reason: "not supported in a zoom-range scene, which places point-bound view annotations only")
        }
        let range = try r.required("zoomRange", Self.zoomRange)
        // A viewport is allowed (the same file may serve cameras) but unused;
        // it is still checked as in a camera scene, so the file stays valid there.
        _ = try r.optional("viewport", SceneDecoding.viewport)
        let decoded = try r.optional("viewAnnotations") { v, p throws(JSONDecodingError) in
            try Self.viewAnnotations(v, p, limits: limits, threads: threads)
        } ?? []
        var ids = Set<String>()
        for (i, d) in decoded.enumerated() {
            let at = r.path(of: "viewAnnotations").appending(index: i)
            guard ids.insert(d.id).inserted else {
                throw JSONDecodingError(path: at.appending(key: "id"), reason: "\"\(d.id)\" is used by an earlier view annotation")
            }
            guard case .geometry(.point) = d.annotatedFeature else {
                throw JSONDecodingError(path: at.appending(key: "feature"), reason: "a zoom-range scene places view annotations bound to a GeoJSON Point only")
            }
            if d.lineTrim != nil {
                throw JSONDecodingError(path: at.appending(key: "lineTrim"), reason: "not supported in a zoom-range scene (no lines)")
            }
        }
        let options = try r.optional("options", SceneDecoding.options) ?? SceneOptions()
        if try r.optional("projection", SceneDecoding.projection) == .globe {
            throw JSONDecodingError(path: r.path(of: "projection").appending(key: "type"),
                                    reason: "a zoom-range scene is placed in Mercator; \"globe\" is not supported")
        }
        try r.rejectUnknownMembers()
        self.init(zoomRange: range, viewAnnotations: decoded, options: options)
    }

    /// The `viewAnnotations` array decoded in `threads` contiguous chunks at
    /// once (at a million annotations a fifth of `cartouche place`'s time).
    /// Each chunk stops at its first bad element; the error thrown is the
    /// lowest chunk's, so the first bad element's, as one thread finds it.
    ///
    /// - Complexity: O(annotations) work over `threads` threads.
    static func viewAnnotations(
        _ v: JSONValue, _ p: JSONPath, limits: SceneLimits, threads: Int
    ) throws(JSONDecodingError) -> [ViewAnnotation] {
        let elements = try v.decodeArray(at: p)
        let chunks = min(max(1, threads), elements.count / 4096)
        guard chunks > 1 else {
            return try v.decodeArray(at: p) { v, p throws(JSONDecodingError) in try SceneDecoding.viewAnnotation(v, p, limits: limits) }
        }
        let results = Mutex<[Int: Result<[ViewAnnotation], JSONDecodingError>]>([:])
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            let range = elements.count * c / chunks..<elements.count * (c + 1) / chunks
            var out: [ViewAnnotation] = []
            out.reserveCapacity(range.count)
            do throws(JSONDecodingError) {
                for i in range { out.append(try SceneDecoding.viewAnnotation(elements[i], p.appending(index: i), limits: limits)) }
                results.withLock { $0[c] = .success(out) }
            } catch {
                results.withLock { $0[c] = .failure(error) }
            }
        }
        var decoded: [ViewAnnotation] = []
        decoded.reserveCapacity(elements.count)
        let parts = results.withLock { $0 }
        for c in 0..<chunks {
            switch parts[c] {
            case .success(let part): decoded += part
            case .failure(let error): throw error
            case nil: continue  // every chunk reports; unreachable
            }
        }
        return decoded
    }

    /// `{"min": z0, "max": z1, "minZoomStep": s}`: finite, `min ≤ max`, both
    /// within the camera's zoom limits; the step ≥ 0 (0, the default: any zoom).
    static func zoomRange(_ v: JSONValue, _ p: JSONPath) throws(JSONDecodingError) -> ZoomRange {
        var r = try JSONObjectReader(v, at: p)
        let lo = try r.requiredNumber("min"), hi = try r.requiredNumber("max")
        let step = try r.optional("minZoomStep", SceneDecoding.nonNegative) ?? 0
        try r.rejectUnknownMembers()
        let limits = Camera.zoomRange
        for (name, z) in [("min", lo), ("max", hi)] where !limits.contains(z) {
            throw JSONDecodingError(path: r.path(of: name), reason: "\(z) is outside the camera's zoom limits \(limits.lowerBound)…\(limits.upperBound)")
        }
        guard lo <= hi else { throw JSONDecodingError(path: r.path(of: "min"), reason: "min \(lo) is above max \(hi)") }
        return ZoomRange(min: lo, max: hi, minZoomStep: step)
    }
}
