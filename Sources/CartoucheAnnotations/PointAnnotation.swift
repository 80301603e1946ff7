import CartoucheGeometry
import CartoucheJSON
import CartoucheStyle

/// A symbol (icon and/or label) at one coordinate, drawn by a symbol layer.
///
/// Style properties are reachable directly (`annotation.textColor = …`)
/// through ``SymbolProperties``.
@dynamicMemberLookup
public struct PointAnnotation: LayerAnnotation {
    public var id: String
    public var coordinate: Coordinate
    public var properties: SymbolProperties
    public var customData: [String: JSONValue]
    /// An image this annotation shows. It is registered in the shared image
    /// namespace and, unless ``SymbolProperties/iconImage`` is set, used as
    /// the icon (like Mapbox's `PointAnnotation.image`).
    public var image: StyleImage?

    public init(
        id: String, coordinate: Coordinate, properties: SymbolProperties = .init(),
        image: StyleImage? = nil, customData: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.coordinate = coordinate
        self.properties = properties
        self.image = image
        self.customData = customData
    }

    public subscript<T>(dynamicMember keyPath: WritableKeyPath<SymbolProperties, T>) -> T {
        get { properties[keyPath: keyPath] }
        set { properties[keyPath: keyPath] = newValue }
    }

    public var geometryJSON: JSONValue { .object(["type": "Point", "coordinates": positionJSON(coordinate)]) }
    public func writeGeometry(to writer: inout JSONWriter) throws(JSONWriteError) {
        try writePointGeometry(coordinate, to: &writer)
    }
    public func writeGeometry(to buffer: inout JSONRawBuffer) throws(JSONWriteError) {
        try writePointGeometry(coordinate, to: &buffer)
    }
    public static func writeGeometry(of annotation: UnsafePointer<Self>, to buffer: inout JSONRawBuffer) throws(JSONWriteError) {
        try writePointGeometry(annotation.pointee.coordinate, to: &buffer)
    }
    public var geometryProblem: GeometryProblem? { invalidPointCoordinate(coordinate) }
    public var styleImage: StyleImage? { image }
}

/// A circle at one coordinate, drawn by a circle layer.
@dynamicMemberLookup
public struct CircleAnnotation: LayerAnnotation {
    public var id: String
    public var coordinate: Coordinate
    public var properties: CircleProperties
    public var customData: [String: JSONValue]

    public init(id: String, coordinate: Coordinate, properties: CircleProperties = .init(), customData: [String: JSONValue] = [:]) {
        self.id = id
        self.coordinate = coordinate
        self.properties = properties
        self.customData = customData
    }

    public subscript<T>(dynamicMember keyPath: WritableKeyPath<CircleProperties, T>) -> T {
        get { properties[keyPath: keyPath] }
        set { properties[keyPath: keyPath] = newValue }
    }

    public var geometryJSON: JSONValue { .object(["type": "Point", "coordinates": positionJSON(coordinate)]) }
    public func writeGeometry(to writer: inout JSONWriter) throws(JSONWriteError) {
        try writePointGeometry(coordinate, to: &writer)
    }
    public func writeGeometry(to buffer: inout JSONRawBuffer) throws(JSONWriteError) {
        try writePointGeometry(coordinate, to: &buffer)
    }
    public static func writeGeometry(of annotation: UnsafePointer<Self>, to buffer: inout JSONRawBuffer) throws(JSONWriteError) {
        try writePointGeometry(annotation.pointee.coordinate, to: &buffer)
    }
    public var geometryProblem: GeometryProblem? { invalidPointCoordinate(coordinate) }
}

/// A line through two or more coordinates, drawn by a line layer.
@dynamicMemberLookup
public struct PolylineAnnotation: LayerAnnotation {
    public var id: String
    public var coordinates: [Coordinate]
    public var properties: LineProperties
    public var customData: [String: JSONValue]

    public init(id: String, coordinates: [Coordinate], properties: LineProperties = .init(), customData: [String: JSONValue] = [:]) {
        self.id = id
        self.coordinates = coordinates
        self.properties = properties
        self.customData = customData
    }

    public subscript<T>(dynamicMember keyPath: WritableKeyPath<LineProperties, T>) -> T {
        get { properties[keyPath: keyPath] }
        set { properties[keyPath: keyPath] = newValue }
    }

    public var geometryJSON: JSONValue {
        ["type": "LineString", "coordinates": .array(coordinates.map(positionJSON))]
    }

    public var geometryProblem: GeometryProblem? {
        guard coordinates.count >= 2 else { return .tooFewLinePositions(coordinates.count) }
        return firstInvalidCoordinate(coordinates)
    }
}

/// A polygon: an outer ring and optional holes, each ring closed (last
/// position equals the first), drawn by a fill layer.
@dynamicMemberLookup
public struct PolygonAnnotation: LayerAnnotation {
    public var id: String
    /// The outer ring first, then holes.
    public var rings: [[Coordinate]]
    public var properties: FillProperties
    public var customData: [String: JSONValue]

    public init(id: String, rings: [[Coordinate]], properties: FillProperties = .init(), customData: [String: JSONValue] = [:]) {
        self.id = id
        self.rings = rings
        self.properties = properties
        self.customData = customData
    }

    public subscript<T>(dynamicMember keyPath: WritableKeyPath<FillProperties, T>) -> T {
        get { properties[keyPath: keyPath] }
        set { properties[keyPath: keyPath] = newValue }
    }

    public var geometryJSON: JSONValue {
        ["type": "Polygon", "coordinates": .array(rings.map { .array($0.map(positionJSON)) })]
    }

    public var geometryProblem: GeometryProblem? {
        guard !rings.isEmpty else { return .noRings }
        for (r, ring) in rings.enumerated() {
            guard ring.count >= 4 else { return .ringTooShort(ring: r, count: ring.count) }
            if let problem = firstInvalidCoordinate(ring) { return problem }
            guard ring.first == ring.last else { return .ringNotClosed(ring: r) }
        }
        return nil
    }
}
