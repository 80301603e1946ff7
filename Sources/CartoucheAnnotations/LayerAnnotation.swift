import CartoucheGeometry
import CartoucheJSON
import CartoucheStyle

/// What the four annotation types share: an id, a geometry, data-driven
/// style properties and free-form custom data.
public protocol LayerAnnotation: Hashable, Sendable {
    associatedtype Properties: AnnotationPropertySet
    /// Unique within its manager; becomes the GeoJSON feature id.
    var id: String { get }
    var properties: Properties { get set }
    /// Written under `properties.custom_data` of the feature.
    var customData: [String: JSONValue] { get }
    /// The GeoJSON geometry object (`{"type": …, "coordinates": …}`).
    var geometryJSON: JSONValue { get }
    /// Writes the same object as ``geometryJSON`` straight to `writer`.
    func writeGeometry(to writer: inout JSONWriter) throws(JSONWriteError)
    /// Appends the same object as ``geometryJSON`` to a raw buffer (the
    /// streaming compile's feature buffer).
    func writeGeometry(to buffer: inout JSONRawBuffer) throws(JSONWriteError)
    /// Appends the geometry of the annotation at `annotation`, read in place:
    /// what the streaming compile calls. A method called through a pointer
    /// runs on a copy of the whole annotation (its id, custom data and
    /// property set retained and released); point types read just their
    /// coordinate. The default calls `writeGeometry(to:)` (the buffer one).
    static func writeGeometry(of annotation: UnsafePointer<Self>, to buffer: inout JSONRawBuffer) throws(JSONWriteError)
    /// Why the geometry cannot be emitted, or nil.
    var geometryProblem: GeometryProblem? { get }
    /// A style image the annotation shows (point annotations only).
    var styleImage: StyleImage? { get }
}

extension LayerAnnotation {
    public var styleImage: StyleImage? { nil }

    /// Appends ``geometryJSON`` (the default; point types write directly).
    public func writeGeometry(to buffer: inout JSONRawBuffer) throws(JSONWriteError) {
        try buffer.append(geometryJSON)
    }

    /// Calls `writeGeometry(to:)` (the buffer one) on the annotation (the default).
    public static func writeGeometry(of annotation: UnsafePointer<Self>, to buffer: inout JSONRawBuffer) throws(JSONWriteError) {
        try annotation.pointee.writeGeometry(to: &buffer)
    }
}

/// Style-spec `[longitude, latitude]`.
func positionJSON(_ c: Coordinate) -> JSONValue { .array([.number(c.longitude), .number(c.latitude)]) }

/// Latitude within [-90, 90] and both components finite.
func isValid(_ c: Coordinate) -> Bool {
    c.latitude.isFinite && c.longitude.isFinite && (-90...90).contains(c.latitude)
}

/// `firstInvalidCoordinate([c])` without the array (allocated once per
/// point in the streaming compile's loop).
func invalidPointCoordinate(_ c: Coordinate) -> GeometryProblem? {
    isValid(c) ? nil : .invalidCoordinate(index: 0, latitude: c.latitude, longitude: c.longitude)
}

func firstInvalidCoordinate(_ coordinates: [Coordinate]) -> GeometryProblem? {
    guard let i = coordinates.firstIndex(where: { !isValid($0) }) else { return nil }
    return .invalidCoordinate(index: i, latitude: coordinates[i].latitude, longitude: coordinates[i].longitude)
}
