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

    public var geometry: AnnotationGeometry { .point(coordinate) }
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

    public var geometry: AnnotationGeometry { .point(coordinate) }
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

    public var geometry: AnnotationGeometry { .lineString(coordinates) }
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

    public var geometry: AnnotationGeometry { .polygon(rings) }
}
