import CartoucheJSON

/// A feature's `id`: RFC 7946 allows a string or a number.
public enum FeatureIdentifier: Hashable, Sendable {
    case string(String)
    case number(Double)
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
/// writes both.
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

/// Any top-level GeoJSON document.
public enum GeoJSONObject: Hashable, Sendable {
    case geometry(Geometry)
    case feature(Feature)
    case featureCollection(FeatureCollection)
}
