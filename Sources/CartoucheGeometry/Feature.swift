import CartoucheJSON

/// A feature's `id`: RFC 7946 allows a string or a number.
public enum FeatureIdentifier: Hashable, Sendable {
    case string(String)
    case number(Double)
}

extension FeatureIdentifier: CustomStringConvertible {
    /// The id as it appears in JSON: `"a-1"` (quoted) or `42`.
    public var description: String {
        switch self {
        case .string(let text): JSONWriter.quoted(text)
        case .number(let number): JSONWriter.numberText(number) ?? "\(number)"
        }
    }
}

extension FeatureIdentifier: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

/// A GeoJSON Feature: an optional geometry with properties.
///
/// `geometry` is nil for `"geometry": null` (an unlocated feature) and
/// `properties` nil for `"properties": null`; RFC 7946 requires both members,
/// so the decoder rejects a feature that omits either and the encoder always
/// writes both. `"id": null` and `"bbox": null` decode as nil and are then
/// omitted on output (the RFC gives null no other meaning there).
///
/// **Foreign members** (any other member, e.g. `"title"` or a legacy `"crs"`)
/// are kept verbatim in ``foreignMembers`` and written back, sorted with the
/// standard members, so decoding and re-encoding never loses data. Names used
/// by GeoJSON itself (`type`, `id`, `geometry`, `properties`, `bbox`) cannot be
/// foreign members; the encoder throws if code puts one there.
public struct Feature: Hashable, Sendable {
    public var id: FeatureIdentifier?
    public var geometry: Geometry?
    public var properties: [String: JSONValue]?
    public var bbox: BoundingBox?
    public var foreignMembers: [String: JSONValue]

    public init(
        geometry: Geometry?, id: FeatureIdentifier? = nil, properties: [String: JSONValue]? = nil,
        bbox: BoundingBox? = nil, foreignMembers: [String: JSONValue] = [:]
    ) {
        self.geometry = geometry
        self.id = id
        self.properties = properties
        self.bbox = bbox
        self.foreignMembers = foreignMembers
    }

    /// Member names with GeoJSON meaning on a Feature.
    public static let standardMembers: Set<String> = ["type", "id", "geometry", "properties", "bbox"]
}

/// A GeoJSON FeatureCollection. Foreign members are kept as on ``Feature``.
public struct FeatureCollection: Hashable, Sendable {
    public var features: [Feature]
    public var bbox: BoundingBox?
    public var foreignMembers: [String: JSONValue]

    public init(features: [Feature], bbox: BoundingBox? = nil, foreignMembers: [String: JSONValue] = [:]) {
        self.features = features
        self.bbox = bbox
        self.foreignMembers = foreignMembers
    }

    /// Member names with GeoJSON meaning on a FeatureCollection.
    public static let standardMembers: Set<String> = ["type", "features", "bbox"]
}

/// Any top-level GeoJSON document: the entry point of Cartouche's RFC 7946 model.
///
/// **Model.** ``Geometry`` is an enum over the seven geometry structs
/// (``Point``, ``MultiPoint``, ``LineString``, ``MultiLineString``,
/// ``Polygon``, ``MultiPolygon``, ``GeometryCollection``); positions are
/// ``Position`` values (a ``Coordinate`` plus optional altitude). ``Feature``
/// and ``FeatureCollection`` carry an optional ``BoundingBox`` and keep
/// foreign members.
///
/// **Decoding** is strict and path-aware: `GeoJSONObject(jsonBytes:)` (or the
/// `init(jsonBytes:)` of each type) parses with `JSONParser` and throws
/// `JSONInputError`; `init(json:path:)` decodes an already parsed value and
/// throws `JSONDecodingError` such as
/// `features[3].geometry.coordinates[0][1]: latitude 95.0 is outside [-90, 90]`.
/// The full rule list is at the top of `GeoJSONDecoding.swift`.
///
/// **Encoding** writes straight to bytes through `JSONWriter` (every type
/// here is `JSONWritable`: `try collection.jsonBytes()`), with members in
/// UTF-8 key order and shortest round-trip numbers, so equal values always
/// produce identical bytes and decode(encode(x)) == x.
public enum GeoJSONObject: Hashable, Sendable {
    case geometry(Geometry)
    case feature(Feature)
    case featureCollection(FeatureCollection)
}
