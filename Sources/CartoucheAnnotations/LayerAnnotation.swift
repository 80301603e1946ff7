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
    /// The geometry: the one description of it the type gives. Its GeoJSON
    /// object (``geometryJSON``), its bytes in the streaming compile and its
    /// check (``geometryProblem``) all derive from it (``AnnotationGeometry``).
    var geometry: AnnotationGeometry { get }
    /// A style image the annotation shows (point annotations only).
    var styleImage: StyleImage? { get }
}

extension LayerAnnotation {
    public var styleImage: StyleImage? { nil }

    /// The GeoJSON geometry object (`{"type": …, "coordinates": …}`).
    public var geometryJSON: JSONValue { geometry.json }

    /// Why the geometry cannot be emitted, or nil.
    public var geometryProblem: GeometryProblem? { geometry.problem }
}
