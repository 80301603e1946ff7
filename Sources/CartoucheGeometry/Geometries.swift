// The seven RFC 7946 geometry payloads. Their initialisers do not validate
// (code that builds millions of them should not pay for it); the GeoJSON
// decoder enforces every rule documented on each type.

/// A single position (`"type": "Point"`).
public struct Point: Hashable, Sendable {
    public var position: Position

    @inlinable public init(_ position: Position) { self.position = position }
    @inlinable public init(_ coordinate: Coordinate) { self.position = Position(coordinate) }

    @inlinable public var coordinate: Coordinate { position.coordinate }
}

/// Any number of positions, possibly none (`"type": "MultiPoint"`).
public struct MultiPoint: Hashable, Sendable {
    public var positions: [Position]

    @inlinable public init(_ positions: [Position]) { self.positions = positions }
}

/// A path through at least 2 positions (`"type": "LineString"`).
public struct LineString: Hashable, Sendable {
    public var positions: [Position]

    @inlinable public init(_ positions: [Position]) { self.positions = positions }
}

/// Any number of line strings, each of at least 2 positions (`"type": "MultiLineString"`).
public struct MultiLineString: Hashable, Sendable {
    public var lineStrings: [LineString]

    @inlinable public init(_ lineStrings: [LineString]) { self.lineStrings = lineStrings }
}

/// An area: one outer linear ring and any number of holes (`"type": "Polygon"`).
///
/// A linear ring has at least 4 positions and its last position is identical
/// to its first. RFC 7946 recommends outer rings counterclockwise and holes
/// clockwise (see ``followsRightHandRule``) but parsers must not reject the
/// other winding, and neither does Cartouche.
public struct Polygon: Hashable, Sendable {
    public var outerRing: [Position]
    /// Holes, in input order.
    public var innerRings: [[Position]]

    @inlinable
    public init(outerRing: [Position], innerRings: [[Position]] = []) {
        self.outerRing = outerRing
        self.innerRings = innerRings
    }

    /// All rings, outer first: the GeoJSON `coordinates` order.
    public var rings: [[Position]] { [outerRing] + innerRings }
}

/// Any number of polygons (`"type": "MultiPolygon"`).
public struct MultiPolygon: Hashable, Sendable {
    public var polygons: [Polygon]

    @inlinable public init(_ polygons: [Polygon]) { self.polygons = polygons }
}

/// Any number of geometries of any type, nested collections included
/// (`"type": "GeometryCollection"`).
public struct GeometryCollection: Hashable, Sendable {
    public var geometries: [Geometry]

    @inlinable public init(_ geometries: [Geometry]) { self.geometries = geometries }
}

/// A GeoJSON geometry of any of the seven RFC 7946 types.
public enum Geometry: Hashable, Sendable {
    case point(Point)
    case multiPoint(MultiPoint)
    case lineString(LineString)
    case multiLineString(MultiLineString)
    case polygon(Polygon)
    case multiPolygon(MultiPolygon)
    case geometryCollection(GeometryCollection)

    /// The GeoJSON `type` member for this geometry, e.g. `"LineString"`.
    public var typeName: String {
        switch self {
        case .point: "Point"
        case .multiPoint: "MultiPoint"
        case .lineString: "LineString"
        case .multiLineString: "MultiLineString"
        case .polygon: "Polygon"
        case .multiPolygon: "MultiPolygon"
        case .geometryCollection: "GeometryCollection"
        }
    }

    /// Every geometry `type` value, in RFC order.
    public static let typeNames = [
        "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection",
    ]
}

// MARK: - Building from plain coordinates (2-D positions)

extension MultiPoint {
    public init(coordinates: [Coordinate]) { self.init(coordinates.map { Position($0) }) }
}

extension LineString {
    public init(coordinates: [Coordinate]) { self.init(coordinates.map { Position($0) }) }
}

extension Polygon {
    /// A polygon from coordinate rings; rings must already be closed (last == first).
    public init(outerRingCoordinates: [Coordinate], innerRingCoordinates: [[Coordinate]] = []) {
        self.init(
            outerRing: outerRingCoordinates.map { Position($0) },
            innerRings: innerRingCoordinates.map { ring in ring.map { Position($0) } })
    }
}
