import CartoucheJSON

// Strict RFC 7946 decoding from `JSONValue` trees. Every error carries the
// JSON path of the offending value, e.g.
// `features[3].geometry.coordinates[0][1]: latitude 95.0 is outside [-90, 90]`.
//
// Rules beyond plain type checks:
// - positions: 2 or 3 finite numbers; latitude in [-90, 90]; longitude within
//   ±Coordinate.longitudeLimit (540); altitude any finite number;
// - LineString (and each MultiLineString member): at least 2 positions;
// - linear rings: at least 4 positions, last identical to first;
// - Polygon: at least one ring; Multi* and GeometryCollection may be empty;
// - Feature: `geometry` and `properties` members are required (null allowed),
//   `id` is a string or a number;
// - bbox: 4 or 6 numbers, validated as described on `BoundingBox`;
// - geometry objects accept only `type`, `coordinates`/`geometries`: a
//   foreign member or `bbox` on a geometry is rejected rather than dropped,
//   because the geometry model has nowhere to keep it (put it on the Feature).

extension GeoJSONObject {
    /// Decodes any GeoJSON document, dispatching on its `type`.
    public init(json: JSONValue, path: JSONPath = .root) throws(JSONDecodingError) {
        let members = try json.decodeObject(at: path)
        guard let typeValue = members["type"] else {
            throw JSONDecodingError(path: path, reason: #"missing required member "type""#)
        }
        let type = try typeValue.decodeString(at: path.appending(key: "type"))
        switch type {
        case "Feature": self = .feature(try Feature(json: json, path: path))
        case "FeatureCollection": self = .featureCollection(try FeatureCollection(json: json, path: path))
        case _ where Geometry.typeNames.contains(type): self = .geometry(try Geometry(json: json, path: path))
        default:
            throw JSONDecodingError(
                path: path.appending(key: "type"),
                reason: "unknown GeoJSON type \(JSONWriter.quoted(type)); expected one of Feature, FeatureCollection, "
                    + Geometry.typeNames.joined(separator: ", "))
        }
    }

    /// Parses and decodes a GeoJSON document from UTF-8 bytes.
    public init(jsonBytes: some Collection<UInt8>, parser: JSONParser = JSONParser()) throws(JSONInputError) {
        self = try decodeDocument(jsonBytes, parser: parser) { json, path throws(JSONDecodingError) in
            try GeoJSONObject(json: json, path: path)
        }
    }
}

extension FeatureCollection {
    public init(json: JSONValue, path: JSONPath = .root) throws(JSONDecodingError) {
        var reader = try JSONObjectReader(json, at: path)
        try expectType("FeatureCollection", in: &reader)
        let featureValues = try reader.required("features") { value, path throws(JSONDecodingError) in
            try value.decodeArray(at: path)
        }
        let featuresPath = reader.path(of: "features")
        var features: [Feature] = []
        features.reserveCapacity(featureValues.count)
        for (index, value) in featureValues.enumerated() {
            features.append(try Feature(json: value, path: featuresPath.appending(index: index)))
        }
        self.init(
            features: features, bbox: try reader.optional("bbox", BoundingBox.init(json:path:)),
            foreignMembers: reader.unreadMembers)
    }

    /// Parses and decodes a FeatureCollection from UTF-8 bytes.
    public init(jsonBytes: some Collection<UInt8>, parser: JSONParser = JSONParser()) throws(JSONInputError) {
        self = try decodeDocument(jsonBytes, parser: parser) { json, path throws(JSONDecodingError) in
            try FeatureCollection(json: json, path: path)
        }
    }
}

extension Feature {
    public init(json: JSONValue, path: JSONPath = .root) throws(JSONDecodingError) {
        var reader = try JSONObjectReader(json, at: path)
        try expectType("Feature", in: &reader)
        let id = try reader.optional("id") { value, path throws(JSONDecodingError) -> FeatureIdentifier in
            switch value {
            case .string(let text): return .string(text)
            case .number: return .number(try value.decodeNumber(at: path))
            default:
                throw JSONDecodingError(
                    path: path, reason: "a feature id must be a string or a number, found \(value.typeDescription)")
            }
        }
        let geometryValue = try reader.required("geometry")
        let geometry = geometryValue.isNull
            ? nil : try Geometry(json: geometryValue, path: reader.path(of: "geometry"))
        let propertiesValue = try reader.required("properties")
        let properties = propertiesValue.isNull
            ? nil : try propertiesValue.decodeObject(at: reader.path(of: "properties"))
        self.init(
            geometry: geometry, id: id, properties: properties,
            bbox: try reader.optional("bbox", BoundingBox.init(json:path:)),
            foreignMembers: reader.unreadMembers)
    }

    /// Parses and decodes a Feature from UTF-8 bytes.
    public init(jsonBytes: some Collection<UInt8>, parser: JSONParser = JSONParser()) throws(JSONInputError) {
        self = try decodeDocument(jsonBytes, parser: parser) { json, path throws(JSONDecodingError) in
            try Feature(json: json, path: path)
        }
    }
}

extension Geometry {
    /// How deeply GeometryCollections may nest inside each other. RFC 7946
    /// advises against nesting them at all; the cap keeps the recursive
    /// decoder, encoder and traversals far from the thread-stack limit.
    public static let maximumCollectionNesting = 32

    public init(json: JSONValue, path: JSONPath = .root) throws(JSONDecodingError) {
        try self.init(json: json, path: path, enclosingCollections: 0)
    }

    private init(json: JSONValue, path: JSONPath, enclosingCollections: Int) throws(JSONDecodingError) {
        var reader = try JSONObjectReader(json, at: path)
        let type = try reader.requiredString("type")
        // Check the type before its members, so "type": "Feature" here is
        // reported as such and not as a missing "coordinates".
        guard Geometry.typeNames.contains(type) else {
            let reason = type == "Feature" || type == "FeatureCollection"
                ? "expected a geometry, found a \(type)"
                : "unknown geometry type \(JSONWriter.quoted(type)); expected one of "
                    + Geometry.typeNames.joined(separator: ", ")
            throw JSONDecodingError(path: reader.path(of: "type"), reason: reason)
        }
        let memberName = type == "GeometryCollection" ? "geometries" : "coordinates"
        let member = try reader.required(memberName)
        let memberPath = reader.path(of: memberName)
        switch type {
        case "Point":
            self = .point(Point(try decodePosition(member, at: memberPath)))
        case "MultiPoint":
            self = .multiPoint(MultiPoint(try decodePositions(member, at: memberPath)))
        case "LineString":
            self = .lineString(try decodeLineString(member, at: memberPath))
        case "MultiLineString":
            self = .multiLineString(MultiLineString(try member.decodeArray(at: memberPath, each: decodeLineString)))
        case "Polygon":
            self = .polygon(try decodePolygon(member, at: memberPath))
        case "MultiPolygon":
            self = .multiPolygon(MultiPolygon(try member.decodeArray(at: memberPath, each: decodePolygon)))
        case "GeometryCollection":
            guard enclosingCollections < Geometry.maximumCollectionNesting else {
                throw JSONDecodingError(
                    path: path,
                    reason: "GeometryCollections nested deeper than \(Geometry.maximumCollectionNesting) levels")
            }
            self = .geometryCollection(GeometryCollection(try member.decodeArray(at: memberPath) {
                value, path throws(JSONDecodingError) in
                try Geometry(json: value, path: path, enclosingCollections: enclosingCollections + 1)
            }))
        default:
            // Unreachable: the guard above admits only the seven names handled here.
            throw JSONDecodingError(path: reader.path(of: "type"), reason: "unsupported geometry type \(type)")
        }
        do {
            try reader.rejectUnknownMembers()
        } catch {
            throw JSONDecodingError(
                path: error.path,
                reason: error.reason + " (geometry objects keep no foreign members or bbox; put them on the Feature)")
        }
    }

    /// Parses and decodes a geometry object from UTF-8 bytes.
    public init(jsonBytes: some Collection<UInt8>, parser: JSONParser = JSONParser()) throws(JSONInputError) {
        self = try decodeDocument(jsonBytes, parser: parser) { json, path throws(JSONDecodingError) in
            try Geometry(json: json, path: path)
        }
    }
}

// MARK: - Shared pieces

/// Parses `bytes`, then decodes the root value with `decode`.
private func decodeDocument<T>(
    _ bytes: some Collection<UInt8>, parser: JSONParser,
    _ decode: (JSONValue, JSONPath) throws(JSONDecodingError) -> T
) throws(JSONInputError) -> T {
    let json: JSONValue
    do { json = try parser.parse(bytes) } catch { throw .syntax(error) }
    do { return try decode(json, .root) } catch { throw .decoding(error) }
}

/// Reads `type` and checks it names the expected object kind.
private func expectType(_ expected: String, in reader: inout JSONObjectReader) throws(JSONDecodingError) {
    let type = try reader.requiredString("type")
    guard type == expected else {
        throw JSONDecodingError(
            path: reader.path(of: "type"),
            reason: "expected a \(expected), found type \(JSONWriter.quoted(type))")
    }
}

