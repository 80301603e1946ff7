import CartoucheAnnotations
import CartoucheGeometry
import CartoucheJSON
import CartoucheStyle

/// Decoding of a scene's `managers`: layer annotations grouped the way
/// Mapbox's annotation managers group them.
///
/// ```json
/// {"id": "routes", "type": "polyline",
///  "layerPosition": "default" | {"above": "id"} | {"below": "id"} | {"at": 2},
///  "slot": "middle", "tapRadius": 4,
///  "properties": {"line-cap": "round", "line-color": "#888"},
///  "cluster": {"radius": 50, "maxZoom": 14, "minPoints": 2,         (point managers only)
///              "clusterProperties": {"total": ["+", ["get", "price", ["get", "custom_data"]]]}},
///  "annotations": [{"id": "r1", "geometry": {GeoJSON}, "properties": {"line-width": 6},
///                   "customData": {…}}]}
/// ```
/// Manager `properties` hold both per-annotation fallbacks and layer-only
/// values, by style-spec key; annotation `properties` only data-driven keys.
extension SceneDecoding {
    static func manager(_ v: JSONValue, _ p: JSONPath) throws(JSONDecodingError) -> AnyAnnotationManager {
        var r = try JSONObjectReader(v, at: p)
        let id = try r.requiredString("id")
        guard !id.isEmpty else { throw JSONDecodingError(path: r.path(of: "id"), reason: "must not be empty (it becomes the source's and the layer's id)") }
        let type = try r.requiredString("type")
        let position = try r.optional("layerPosition", layerPosition) ?? .default
        let slot = try r.optionalString("slot")
        let tap = try r.optional("tapRadius", nonNegative) ?? 0
        let properties = try r.optionalObject("properties") ?? [:]
        let annotations = try r.optionalArray("annotations") ?? []
        let annotationsPath = r.path(of: "annotations"), propertiesPath = r.path(of: "properties")
        let clusterValue = r.value("cluster")
        /// The parts every kind shares: the manager, its properties, its annotations.
        func decode<K: AnnotationKind>(
            _ kind: K.Type, _ make: (JSONValue, JSONPath) throws(JSONDecodingError) -> K.Annotation
        ) throws(JSONDecodingError) -> AnnotationManager<K> where K.Annotation: LayerAnnotationDecodable {
            var m = AnnotationManager<K>(id: id, layerPosition: position, slot: slot, tapRadius: tap)
            try setManagerProperties(properties, &m.defaults, &m.layerProperties, propertiesPath)
            m.annotations = try decodeEach(annotations, annotationsPath) { a, ap throws(JSONDecodingError) in
                try annotation(a, ap, make)
            }
            // Per-annotation expressions become constants of their features
            // now, so that their errors point at them.
            for i in m.annotations.indices where !m.annotations[i].properties.expressions.isEmpty {
                do { m.annotations[i] = try m.evaluatingExpressions(of: m.annotations[i]) } catch {
                    throw propertyError(error, annotationsPath.appending(index: i).appending(key: "properties"))
                }
            }
            return m
        }
        let manager: AnyAnnotationManager
        switch type {
        case "point":
            var m = try decode(PointAnnotationKind.self) { g, gp throws(JSONDecodingError) in
                PointAnnotation(id: "", coordinate: try pointCoordinate(g, gp))
            }
            if let c = clusterValue, !c.isNull { m.clusterOptions = try clusterOptions(c, r.path(of: "cluster")) }
            manager = .point(m)
        case "circle":
            manager = .circle(try decode(CircleAnnotationKind.self) { g, gp throws(JSONDecodingError) in
                CircleAnnotation(id: "", coordinate: try pointCoordinate(g, gp))
            })
        case "polyline":
            manager = .polyline(try decode(PolylineAnnotationKind.self) { g, gp throws(JSONDecodingError) in
                guard case .lineString(let l) = try Geometry(json: g, path: gp) else {
                    throw JSONDecodingError(path: gp, reason: "a polyline annotation needs a LineString")
                }
                return PolylineAnnotation(id: "", coordinates: l.positions.map(\.coordinate))
            })
        case "polygon":
            manager = .polygon(try decode(PolygonAnnotationKind.self) { g, gp throws(JSONDecodingError) in
                guard case .polygon(let poly) = try Geometry(json: g, path: gp) else {
                    throw JSONDecodingError(path: gp, reason: "a polygon annotation needs a Polygon")
                }
                return PolygonAnnotation(id: "", rings: poly.rings.map { $0.map(\.coordinate) })
            })
        default:
            throw JSONDecodingError(path: r.path(of: "type"), reason: "unknown manager type \"\(type)\"; expected one of \"point\", \"circle\", \"polyline\", \"polygon\"")
        }
        if let c = clusterValue, !c.isNull, type != "point" {
            throw JSONDecodingError(path: r.path(of: "cluster"), reason: "only point managers cluster")
        }
        try r.rejectUnknownMembers()
        return manager
    }

    static func decodeEach<T>(_ values: [JSONValue], _ p: JSONPath,
                              _ decode: (JSONValue, JSONPath) throws(JSONDecodingError) -> T) throws(JSONDecodingError) -> [T] {
        var out: [T] = []
        out.reserveCapacity(values.count)
        for (i, v) in values.enumerated() { out.append(try decode(v, p.appending(index: i))) }
        return out
    }

    /// One annotation: `make` builds it from its geometry, then id,
    /// properties and customData are set.
    static func annotation<A: LayerAnnotationDecodable>(
        _ v: JSONValue, _ p: JSONPath, _ make: (JSONValue, JSONPath) throws(JSONDecodingError) -> A
    ) throws(JSONDecodingError) -> A {
        var r = try JSONObjectReader(v, at: p)
        var a = try make(try r.required("geometry"), r.path(of: "geometry"))
        a.id = try r.requiredString("id")
        if let props = try r.optionalObject("properties") {
            do { a.properties = try A.Properties(styleJSON: props) } catch {
                throw propertyError(error, r.path(of: "properties"))
            }
        }
        a.customData = try r.optionalObject("customData") ?? [:]
        try r.rejectUnknownMembers()
        return a
    }

    static func pointCoordinate(_ g: JSONValue, _ p: JSONPath) throws(JSONDecodingError) -> Coordinate {
        guard case .point(let point) = try Geometry(json: g, path: p) else {
            throw JSONDecodingError(path: p, reason: "this annotation needs a Point")
        }
        return point.coordinate
    }

    /// Manager properties: a key goes to the per-annotation fallbacks when it
    /// is data-driven, else to the layer-only properties.
    static func setManagerProperties<D: AnnotationPropertySet, L: AnnotationPropertySet>(
        _ properties: [String: JSONValue], _ defaults: inout D, _ layer: inout L, _ p: JSONPath
    ) throws(JSONDecodingError) {
        for key in properties.keys.sorted() {
            let value = properties[key]
            do {
                try defaults.setStyleValue(value, forKey: key)
            } catch PropertySetError.unknownKey {
                do { try layer.setStyleValue(value, forKey: key) } catch {
                    if case .unknownKey = error {
                        let known = (D.descriptors.map(\.key) + L.descriptors.map(\.key)).sorted()
                        throw JSONDecodingError(path: p.appending(key: key), reason: "unknown property for this manager; known: \(known.joined(separator: ", "))")
                    }
                    throw propertyError(error, p)
                }
            } catch {
                throw propertyError(error, p)
            }
        }
    }

    /// A property error at its exact path under `properties` (`p`): the
    /// property's key, then for an expression the path inside it, e.g.
    /// `managers[0].properties.line-color[1][0]`. The reason does not repeat
    /// the key: the path says it.
    static func propertyError(_ e: PropertySetError, _ p: JSONPath) -> JSONDecodingError {
        switch e {
        case .unknownKey(let k):
            JSONDecodingError(path: p.appending(key: k), reason: "unknown property")
        case .invalidValue(let k, let problem):
            JSONDecodingError(path: p.appending(key: k), reason: "\(problem)")
        case .invalidExpression(let k, let error):
            JSONDecodingError(path: JSONPath(components: p.appending(key: k).components + error.indices.map(JSONPath.Component.index)),
                              reason: error.reason)
        }
    }

    static func layerPosition(_ v: JSONValue, _ p: JSONPath) throws(JSONDecodingError) -> LayerPosition {
        if case .string(let s) = v {
            guard s == "default" else { throw JSONDecodingError(path: p, reason: "expected \"default\" or an object with \"above\", \"below\" or \"at\"") }
            return .default
        }
        var r = try JSONObjectReader(v, at: p)
        let above = try r.optionalString("above"), below = try r.optionalString("below"), at = try r.optionalInt("at")
        try r.rejectUnknownMembers()
        switch (above, below, at) {
        case (let id?, nil, nil): return .above(id)
        case (nil, let id?, nil): return .below(id)
        case (nil, nil, let i?): return .at(i)
        default: throw JSONDecodingError(path: p, reason: "give exactly one of \"above\", \"below\", \"at\"")
        }
    }

    static func clusterOptions(_ v: JSONValue, _ p: JSONPath) throws(JSONDecodingError) -> ClusterOptions {
        var r = try JSONObjectReader(v, at: p)
        var o = ClusterOptions()
        o.clusterRadius = try r.optional("radius", nonNegative) ?? o.clusterRadius
        o.clusterMaxZoom = try r.optional("maxZoom", finite) ?? o.clusterMaxZoom
        o.clusterMinPoints = try r.optionalInt("minPoints") ?? o.clusterMinPoints
        if let radius = try r.optional("circleRadius", nonNegative) { o.circleRadius = Pixels(radius) }
        if let c = try r.optionalString("circleColor") { o.circleColor = try color(c, r.path(of: "circleColor")) }
        if let c = try r.optionalString("textColor") { o.textColor = try color(c, r.path(of: "textColor")) }
        if let size = try r.optional("textSize", nonNegative) { o.textSize = Pixels(size) }
        if let properties = try r.optionalObject("clusterProperties") {
            let propertiesPath = r.path(of: "clusterProperties")
            for (name, value) in properties.sorted(by: { $0.key < $1.key }) {
                o.clusterProperties[name] = try clusterProperty(name, value, propertiesPath.appending(key: name))
            }
        }
        try r.rejectUnknownMembers()
        guard o.clusterMinPoints >= 1 else { throw JSONDecodingError(path: r.path(of: "minPoints"), reason: "must be at least 1") }
        guard (0...24).contains(o.clusterMaxZoom) else { throw JSONDecodingError(path: r.path(of: "maxZoom"), reason: "must be in [0, 24]") }
        return o
    }

    /// One `clusterProperties` entry, `[operator or reduce expression, map
    /// expression]`, checked as MapLibre checks it; errors at the element.
    static func clusterProperty(_ name: String, _ v: JSONValue, _ p: JSONPath) throws(JSONDecodingError) -> ClusterProperty {
        let shape = "expected [operator, map expression] (e.g. [\"+\", [\"get\", \"price\"]]) or [reduce expression, map expression]"
        guard case .array(let items) = v, items.count == 2 else {
            throw JSONDecodingError(path: p, reason: shape + ", found \(v.typeName)\(v.arrayValue.map { " of \($0.count) elements" } ?? "")")
        }
        switch items[0] {
        case .string, .array: break
        default: throw JSONDecodingError(path: p.appending(index: 0), reason: "expected an operator name or a reduce expression, found \(items[0].typeName)")
        }
        let property = ClusterProperty(reduce: items[0], map: items[1])
        do { _ = try property.parsed(name: name) } catch {
            var path = p.appending(index: error.part)
            for index in error.error.indices { path = path.appending(index: index) }
            throw JSONDecodingError(path: path, reason: error.error.reason)
        }
        return property
    }

    static func color(_ s: String, _ p: JSONPath) throws(JSONDecodingError) -> StyleColor {
        do { return try StyleColor(parsing: s) } catch { throw JSONDecodingError(path: p, reason: "\(error)") }
    }
}

/// What the generic annotation decoder needs of an annotation type.
protocol LayerAnnotationDecodable {
    associatedtype Properties: AnnotationPropertySet
    var id: String { get set }
    var properties: Properties { get set }
    var customData: [String: JSONValue] { get set }
}

extension PointAnnotation: LayerAnnotationDecodable {}
extension CircleAnnotation: LayerAnnotationDecodable {}
extension PolylineAnnotation: LayerAnnotationDecodable {}
extension PolygonAnnotation: LayerAnnotationDecodable {}
