import CartoucheAnnotations
import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import CartouchePlacement
import CartoucheText

extension SceneDocument {
    /// Decodes and validates a scene from JSON bytes.
    public init(jsonBytes: some Collection<UInt8>, parser: JSONParser = JSONParser()) throws(JSONInputError) {
        let value: JSONValue
        do { value = try parser.parse(jsonBytes) } catch { throw .syntax(error) }
        do { try self.init(json: value) } catch { throw .decoding(error) }
    }

    /// Decodes and validates a scene from a parsed JSON value: the one walk
    /// over it, which also holds it to `limits` (too many annotations are
    /// refused before anything is decoded; a text over the length limit where
    /// it is read).
    /// - Throws: the first problem, at its path; `exceeded` is set for a limit.
    public init(json: JSONValue, path: JSONPath = .root, limits: SceneLimits = .unlimited) throws(JSONDecodingError) {
        try limits.checkCounts(in: json, at: path)
        var r = try JSONObjectReader(json, at: path)
        let version = try r.requiredInt("version")
        guard version == SceneDocument.currentVersion else {
            throw JSONDecodingError(path: r.path(of: "version"), reason: "unsupported version \(version); this Cartouche reads version \(SceneDocument.currentVersion)")
        }
        let viewport = try r.required("viewport", SceneDecoding.viewport)
        let single = try r.optional("camera", SceneDecoding.camera)
        let many = try r.optional("cameras") { v, p throws(JSONDecodingError) in try v.decodeArray(at: p, each: SceneDecoding.camera) }
        let entries: [(spec: CameraSpec, state: CameraFrameState)]
        switch (single, many) {
        case (let c?, nil): entries = [c]
        case (nil, let cs?) where !cs.isEmpty: entries = cs
        case (nil, _?): throw JSONDecodingError(path: r.path(of: "cameras"), reason: "must list at least one camera")
        case (nil, nil): throw JSONDecodingError(path: r.path, reason: "missing member \"camera\" (or \"cameras\")")
        case (_?, _?): throw JSONDecodingError(path: r.path(of: "cameras"), reason: "give either \"camera\" or \"cameras\", not both")
        }
        /// The path camera `i` was read from.
        func cameraPath(_ i: Int) -> JSONPath { many == nil ? r.path(of: "camera") : r.path(of: "cameras").appending(index: i) }
        let cameras = entries.map(\.spec)
        for (i, spec) in cameras.enumerated() { try spec.validate(for: viewport, at: cameraPath(i)) }
        let puck = try r.optional("puck", SceneDecoding.puck)
        let decoded = try r.optional("viewAnnotations") { v, p throws(JSONDecodingError) in
            try v.decodeArray(at: p) { v, p throws(JSONDecodingError) in try SceneDecoding.viewAnnotation(v, p, limits: limits) }
        } ?? []
        let viewAnnotations = decoded
        var ids = Set<String>()
        for (i, va) in viewAnnotations.enumerated() where !ids.insert(va.id).inserted {
            throw JSONDecodingError(path: r.path(of: "viewAnnotations").appending(index: i).appending(key: "id"),
                                    reason: "\"\(va.id)\" is used by an earlier view annotation")
        }
        let avoidRegions = try r.optional("avoidRegions") { v, p throws(JSONDecodingError) in try v.decodeArray(at: p, each: SceneDecoding.rect) } ?? []
        let avoidLines = try r.optional("avoidLines") { v, p throws(JSONDecodingError) in try v.decodeArray(at: p, each: SceneDecoding.avoidLine) } ?? []
        let managers = try r.optional("managers") { v, p throws(JSONDecodingError) in try v.decodeArray(at: p, each: SceneDecoding.manager) } ?? []
        var managerIds: [String: AnyAnnotationManager] = [:]
        for (i, m) in managers.enumerated() {
            guard managerIds.updateValue(m, forKey: m.id) == nil else {
                throw JSONDecodingError(path: r.path(of: "managers").appending(index: i).appending(key: "id"), reason: "\"\(m.id)\" is used by an earlier manager")
            }
        }
        let avoidLayers = try r.optional("avoidLayers") { v, p throws(JSONDecodingError) in
            try v.decodeArray(at: p) { v, p throws(JSONDecodingError) in try v.decodeString(at: p) }
        } ?? []
        for (i, id) in avoidLayers.enumerated() {
            guard case .polyline? = managerIds[id] else {
                throw JSONDecodingError(path: r.path(of: "avoidLayers").appending(index: i), reason: "\"\(id)\" is not the id of a polyline manager of this scene")
            }
        }
        let images: [String: ScreenSize] = try r.optional("images") { v, p throws(JSONDecodingError) -> [String: ScreenSize] in
            var out: [String: ScreenSize] = [:]
            for (name, size) in try v.decodeObject(at: p) { out[name] = try SceneDecoding.size(size, p.appending(key: name)) }
            return out
        } ?? [:]
        let basemap = try r.optional("basemap", SceneDecoding.basemap) ?? Basemap()
        try SceneDecoding.checkBasemap(basemap, at: r.path(of: "basemap"), managers: managers)
        let options = try r.optional("options", SceneDecoding.options) ?? SceneOptions()
        let previous = try r.optional("previous") { v, p throws(JSONDecodingError) in
            try SceneDecoding.previous(v, p, viewAnnotations: viewAnnotations)
        }
        let featureState = try r.optional("featureState") { v, p throws(JSONDecodingError) in
            try SceneDecoding.featureState(v, p, managers: managerIds)
        } ?? [:]
        let projection = try r.optional("projection", SceneDecoding.projection) ?? .mercator
        try r.rejectUnknownMembers()
        for (i, entry) in entries.enumerated() {
            try SceneDecoding.checkTrimKeys(entry.state.lineTrim, at: cameraPath(i).appending(key: "lineTrim"),
                                            viewAnnotations: viewAnnotations, managers: managers)
        }
        let states = entries.map(\.state)
        if let i = cameras.firstIndex(where: { if case .fit = $0 { true } else { false } }),
           !SceneDecoding.hasFittablePosition(viewAnnotations, managers, puck ?? states[i].puck) {
            throw JSONDecodingError(path: cameraPath(i).appending(key: "fit"), reason: "nothing to fit the camera to: "
                + "the scene has no geometry-bound view annotation, layer annotation or puck with a position")
        }
        self.init(viewport: viewport, cameras: cameras, puck: puck, viewAnnotations: viewAnnotations,
                  avoidRegions: avoidRegions, avoidLines: avoidLines, managers: managers,
                  avoidLayers: avoidLayers, images: images, basemap: basemap, options: options,
                  cameraStates: states.allSatisfy(\.isEmpty) ? [] : states, previous: previous, featureState: featureState)
        self.projection = projection
    }
}

/// Decoders for the pieces of a scene. Each takes the value and its path and
/// reports problems at the exact path.
enum SceneDecoding {
    static let maxViewportSide = 16384.0

    /// Whether a fitted camera has anything to enclose (what
    /// `SceneDocument.resolve(_:)` fits: geometry-bound callouts, layer
    /// annotations, the puck).
    static func hasFittablePosition(_ viewAnnotations: [ViewAnnotation], _ managers: [AnyAnnotationManager], _ puck: Puck?) -> Bool {
        if puck != nil { return true }
        var found = false
        for va in viewAnnotations where !found {
            if case .geometry(let g) = va.annotatedFeature { g.forEachPosition { _ in found = true } }
        }
        for m in managers where !found {
            for f in m.layerFeatures(in: StyleEnvironment()) where !found { f.geometry.forEachPosition { _ in found = true } }
        }
        return found
    }

    static func finite(_ v: JSONValue, _ p: JSONPath) throws(JSONDecodingError) -> Double {
        try v.decodeNumber(at: p)  // decodeNumber already rejects non-finite values
    }

    static func nonNegative(_ v: JSONValue, _ p: JSONPath) throws(JSONDecodingError) -> Double {
        let x = try v.decodeNumber(at: p)
        guard x >= 0 else { throw JSONDecodingError(path: p, reason: "must be ≥ 0, got \(x)") }
        return x
    }

    static func size(_ v: JSONValue, _ p: JSONPath) throws(JSONDecodingError) -> ScreenSize {
        var r = try JSONObjectReader(v, at: p)
        let w = try r.required("width", nonNegative), h = try r.required("height", nonNegative)
        try r.rejectUnknownMembers()
        return ScreenSize(width: w, height: h)
    }

    /// A scene's `viewport`: a size with both sides in (0, 16384].
    static func viewport(_ v: JSONValue, _ p: JSONPath) throws(JSONDecodingError) -> ScreenSize {
        let viewport = try size(v, p)
        guard viewport.width > 0, viewport.height > 0 else {
            throw JSONDecodingError(path: p, reason: "width and height must be greater than 0")
        }
        guard viewport.width <= maxViewportSide, viewport.height <= maxViewportSide else {
            throw JSONDecodingError(path: p, reason: "width and height must be at most \(Int(maxViewportSide))")
        }
        return viewport
    }

    static func rect(_ v: JSONValue, _ p: JSONPath) throws(JSONDecodingError) -> ScreenRect {
        var r = try JSONObjectReader(v, at: p)
        let x = try r.required("x", finite), y = try r.required("y", finite)
        let w = try r.required("width", nonNegative), h = try r.required("height", nonNegative)
        try r.rejectUnknownMembers()
        return ScreenRect(x: x, y: y, width: w, height: h)
    }

    /// `[longitude, latitude]`, as in GeoJSON.
    static func coordinate(_ v: JSONValue, _ p: JSONPath) throws(JSONDecodingError) -> Coordinate {
        let a = try v.decodeArray(at: p)
        guard a.count == 2 else { throw JSONDecodingError(path: p, reason: "must be [longitude, latitude], got \(a.count) numbers") }
        let c = Coordinate(latitude: try a[1].decodeNumber(at: p.appending(index: 1)),
                           longitude: try a[0].decodeNumber(at: p.appending(index: 0)))
        return try c.validated(path: p)
    }

    static func insets(_ v: JSONValue, _ p: JSONPath) throws(JSONDecodingError) -> EdgeInsets {
        var r = try JSONObjectReader(v, at: p)
        let e = EdgeInsets(top: try r.optional("top", nonNegative) ?? 0, left: try r.optional("left", nonNegative) ?? 0,
                           bottom: try r.optional("bottom", nonNegative) ?? 0, right: try r.optional("right", nonNegative) ?? 0)
        try r.rejectUnknownMembers()
        return e
    }

    /// A camera (`camera` or an entry of `cameras`) with what it sets for its
    /// own frame (`puck`, `lineTrim`; their keys are checked against the
    /// scene once it is decoded).
    static func camera(_ v: JSONValue, _ p: JSONPath) throws(JSONDecodingError) -> (spec: CameraSpec, state: CameraFrameState) {
        var r = try JSONObjectReader(v, at: p)
        let spec: CameraSpec
        if let fit = try r.optionalObject("fit") {
            var f = JSONObjectReader(members: fit, at: r.path(of: "fit"))
            spec = CameraSpec.fit(
                padding: try f.optional("padding", insets) ?? .zero, bearing: try f.optional("bearing", finite) ?? 0,
                pitch: try f.optional("pitch", finite) ?? 0, maxZoom: try f.optional("maxZoom", finite) ?? 22)
            try f.rejectUnknownMembers()
        } else {
            spec = .camera(Camera(
                center: try r.required("center", coordinate), zoom: try r.required("zoom", finite),
                bearing: try r.optional("bearing", finite) ?? 0, pitch: try r.optional("pitch", finite) ?? 0,
                padding: try r.optional("padding", insets) ?? .zero))
        }
        let state = CameraFrameState(puck: try r.optional("puck", puck), lineTrim: try r.optional("lineTrim", trimMap) ?? [:])
        try r.rejectUnknownMembers()
        return (spec, state)
    }

    static func puck(_ v: JSONValue, _ p: JSONPath) throws(JSONDecodingError) -> Puck {
        var r = try JSONObjectReader(v, at: p)
        let puck = Puck(coordinate: try r.required("coordinate", coordinate), bearing: try r.optional("bearing", finite) ?? 0,
                        size: try r.optional("size", size) ?? ScreenSize(width: 48, height: 48))
        try r.rejectUnknownMembers()
        return puck
    }

    static func anchor(_ v: JSONValue, _ p: JSONPath) throws(JSONDecodingError) -> AnchorConfig {
        // Shorthand: just the anchor's name.
        if case .string = v { return AnchorConfig(try v.decodeCase(BoxAnchor.self, at: p)) }
        var r = try JSONObjectReader(v, at: p)
        let a = AnchorConfig(try r.requiredCase("anchor", as: BoxAnchor.self),
                             offsetX: try r.optional("offsetX", finite) ?? 0, offsetY: try r.optional("offsetY", finite) ?? 0)
        try r.rejectUnknownMembers()
        return a
    }

    static func feature(_ v: JSONValue, _ p: JSONPath) throws(JSONDecodingError) -> AnnotatedFeature {
        var r = try JSONObjectReader(v, at: p)
        if r.members["type"] != nil { return .geometry(try Geometry(json: v, path: p)) }
        let layer = try r.requiredString("layerId")
        let feature = try r.optionalString("featureId")
        try r.rejectUnknownMembers()
        return .layerFeature(layerId: layer, featureId: feature)
    }

    static func viewAnnotation(_ v: JSONValue, _ p: JSONPath, limits: SceneLimits) throws(JSONDecodingError) -> ViewAnnotation {
        var r = try JSONObjectReader(v, at: p)
        let id = try r.requiredString("id")
        let feature = try r.required("feature", SceneDecoding.feature)
        let explicit = try r.optional("size", SceneDecoding.size)
        let content = try r.optional("content") { v, p throws(JSONDecodingError) in try SceneDecoding.content(v, p, limits: limits) }
        // Given, or measured from the content with the fonts when the scene is prepared.
        let sizing: ViewAnnotationSizing
        switch (explicit, content) {
        case (let size?, nil): sizing = .explicit(size)
        case (nil, let content?): sizing = .content(content)
        default: throw JSONDecodingError(path: r.path, reason: "give exactly one of \"size\" and \"content\"")
        }
        let anchors = try r.optional("variableAnchors") { v, p throws(JSONDecodingError) in try v.decodeArray(at: p, each: anchor) }
            ?? [AnchorConfig(.center)]
        guard !anchors.isEmpty else { throw JSONDecodingError(path: r.path(of: "variableAnchors"), reason: "must list at least one anchor") }
        let minZoom = try r.optional("minZoom", finite) ?? 0, maxZoom = try r.optional("maxZoom", finite) ?? 22
        guard minZoom <= maxZoom else { throw JSONDecodingError(path: r.path(of: "minZoom"), reason: "minZoom \(minZoom) is above maxZoom \(maxZoom)") }
        let trim = try r.optional("lineTrim", trimRange)
        // Read in the order they always were, so a scene with several bad
        // members still reports the same one first.
        var options = ViewAnnotationOptions(variableAnchors: anchors, minZoom: minZoom, maxZoom: maxZoom)
        options.allowOverlap = try r.optionalBool("allowOverlap") ?? false
        options.allowOverlapWithPuck = try r.optionalBool("allowOverlapWithPuck") ?? false
        options.ignoreCameraPadding = try r.optionalBool("ignoreCameraPadding") ?? false
        options.visible = try r.optionalBool("visible") ?? true
        options.priority = try r.optionalInt("priority") ?? 0
        options.selected = try r.optionalBool("selected") ?? false
        options.collisionBoxes = try r.optional("collisionBoxes") { v, p throws(JSONDecodingError) in try v.decodeArray(at: p, each: rect) }
        options.enableAvoidRegions = try r.optionalBool("enableAvoidRegions") ?? true
        options.enableSymbolLayerCollision = try r.optionalBool("enableSymbolLayerCollision") ?? false
        let va = ViewAnnotation(id: id, annotatedFeature: feature, sizing: sizing, options: options, lineTrim: trim)
        try r.rejectUnknownMembers()
        return va
    }

    static func avoidLine(_ v: JSONValue, _ p: JSONPath) throws(JSONDecodingError) -> AvoidLine {
        var r = try JSONObjectReader(v, at: p)
        let id = try r.requiredString("id")
        let coordinates = try r.required("coordinates") { v, p throws(JSONDecodingError) in try v.decodeArray(at: p, each: coordinate) }
        guard coordinates.count >= 2 else { throw JSONDecodingError(path: r.path(of: "coordinates"), reason: "a line needs at least 2 positions") }
        let width = try r.optional("width", nonNegative) ?? 1
        try r.rejectUnknownMembers()
        return AvoidLine(id: id, coordinates: coordinates, width: width)
    }

    /// The style spec's `projection` object: `type` is "mercator" (the
    /// default) or "globe".
    static func projection(_ v: JSONValue, _ p: JSONPath) throws(JSONDecodingError) -> MapProjection {
        var r = try JSONObjectReader(v, at: p)
        let type = try r.optionalCase("type", as: MapProjection.self) ?? .mercator
        try r.rejectUnknownMembers()
        return type
    }

    static func options(_ v: JSONValue, _ p: JSONPath) throws(JSONDecodingError) -> SceneOptions {
        var r = try JSONObjectReader(v, at: p)
        let o = SceneOptions(
            mode: try r.optionalCase("mode", as: PlacementMode.self) ?? .greedy,
            cullingMargin: try r.optional("cullingMargin", nonNegative) ?? 0,
            lineClearance: try r.optional("lineClearance", nonNegative),
            recordRejected: try r.optionalBool("recordRejected") ?? false,
            target: try r.optionalCase("target", as: StyleTarget.self) ?? .portable)
        try r.rejectUnknownMembers()
        return o
    }

    /// `{"layers": [id, …], "slots": [name, …]}`: ids unique, not empty.
    static func basemap(_ v: JSONValue, _ p: JSONPath) throws(JSONDecodingError) -> Basemap {
        var r = try JSONObjectReader(v, at: p)
        func names(_ v: JSONValue, _ p: JSONPath) throws(JSONDecodingError) -> [String] {
            try v.decodeArray(at: p) { v, p throws(JSONDecodingError) in
                let name = try v.decodeString(at: p)
                guard !name.isEmpty else { throw JSONDecodingError(path: p, reason: "must not be empty") }
                return name
            }
        }
        let basemap = Basemap(layers: try r.optional("layers", names) ?? [], slots: try r.optional("slots", names) ?? Basemap.standardSlots)
        try r.rejectUnknownMembers()
        return basemap
    }

    /// Every id of the basemap is used once, by the basemap alone: two
    /// layers (or a layer and a slot) with one id, or a basemap id that is
    /// also a layer of a manager, would make positions ambiguous.
    static func checkBasemap(_ basemap: Basemap, at p: JSONPath, managers: [AnyAnnotationManager]) throws(JSONDecodingError) {
        var owners: [String: String] = [:]
        for m in managers { for id in m.layerIds { owners[id] = m.id } }
        var seen = Set<String>()
        for (member, ids) in [("layers", basemap.layers), ("slots", basemap.slots)] {
            for (i, id) in ids.enumerated() {
                let path = p.appending(key: member).appending(index: i)
                guard seen.insert(id).inserted else { throw JSONDecodingError(path: path, reason: "\"\(id)\" is named twice in the basemap") }
                if let manager = owners[id] {
                    throw JSONDecodingError(path: path, reason: "\"\(id)\" is also a layer of manager \"\(manager)\"")
                }
            }
        }
    }
}
