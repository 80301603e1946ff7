import CartoucheStyle

/// What is wrong with an annotation's geometry.
public enum GeometryProblem: Hashable, Sendable, CustomStringConvertible {
    /// A coordinate is NaN/infinite or its latitude is outside [-90, 90].
    case invalidCoordinate(index: Int, latitude: Double, longitude: Double)
    /// A line needs at least two positions.
    case tooFewLinePositions(Int)
    /// A polygon needs at least one ring.
    case noRings
    /// A ring needs at least four positions (a closed triangle).
    case ringTooShort(ring: Int, count: Int)
    /// A ring's last position must repeat its first.
    case ringNotClosed(ring: Int)

    public var description: String {
        switch self {
        case .invalidCoordinate(let i, let lat, let lng):
            "position \(i) (\(lat), \(lng)) is not a valid coordinate (latitude in [-90, 90], finite numbers)"
        case .tooFewLinePositions(let n): "a line needs at least 2 positions, found \(n)"
        case .noRings: "a polygon needs an outer ring"
        case .ringTooShort(let ring, let n): "ring \(ring) has \(n) positions; a closed ring needs at least 4"
        case .ringNotClosed(let ring): "ring \(ring) is not closed: its last position must equal its first"
        }
    }
}

/// An error in annotation input, naming the manager, the annotation and the
/// property concerned so a caller can point at the exact field.
public enum AnnotationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A property value is invalid (malformed color, negative width, opacity
    /// outside [0, 1], unknown enum value, wrong type). `annotation` is nil
    /// for manager-level properties.
    case invalidProperty(manager: String, annotation: String?, property: String, problem: StyleValueError)
    /// A property key that the annotation type does not have.
    case unknownProperty(manager: String, annotation: String?, property: String)
    case invalidGeometry(manager: String, annotation: String, problem: GeometryProblem)
    /// Two annotations of one manager share an id. The first is kept and the
    /// duplicate dropped, as in the Mapbox SDK; reported as a warning.
    case duplicateAnnotationId(manager: String, annotation: String, keptIndex: Int, droppedIndex: Int)
    /// Manager ids become source and layer ids and must not be empty.
    case emptyManagerId
    /// A layer position names a layer that neither the base style nor any
    /// manager has.
    case unknownLayerId(manager: String, layerId: String)
    /// `LayerPosition.at(index)` outside `0...count`.
    case layerIndexOutOfRange(manager: String, index: Int, layerCount: Int)
    /// Managers positioned relative to each other in a loop.
    case layerPositionCycle(managers: [String])
    /// A manager's slot is not a slot layer of the base style.
    case unknownSlot(manager: String, slot: String)
    /// A generated layer or source id collides with another one.
    case idCollision(String)
    /// A declared layer draws from a source that is not declared.
    case unknownSource(layer: String, source: String)
    /// The property cannot be used this way with the ``StyleTarget``.
    case unsupportedByTarget(manager: String, annotation: String?, property: String, support: RendererSupport)
    /// Two annotations register different images under one name.
    case conflictingImage(name: String, manager: String, annotation: String)

    public var description: String {
        switch self {
        case .invalidProperty(let m, let a, let p, _), .unsupportedByTarget(let m, let a, let p, _):
            "\(Self.location(m, a)), property \"\(p)\": \(propertyReason ?? "")"
        case .unknownProperty(let m, let a, let p):
            "\(Self.location(m, a)): unknown property \"\(p)\""
        case .invalidGeometry(let m, let a, let problem):
            "\(Self.location(m, a)), geometry: \(problem)"
        case .duplicateAnnotationId(let m, let a, let kept, let dropped):
            "manager \"\(m)\": annotation id \"\(a)\" at index \(dropped) repeats index \(kept); the first is kept"
        case .emptyManagerId:
            "manager ids must not be empty (they become source and layer ids)"
        case .unknownLayerId(let m, let id):
            "manager \"\(m)\": layer position refers to unknown layer \"\(id)\""
        case .layerIndexOutOfRange(let m, let index, let count):
            "manager \"\(m)\": layer index \(index) is outside 0...\(count)"
        case .layerPositionCycle(let managers):
            "managers \(managers.map { "\"\($0)\"" }.joined(separator: ", ")) are positioned relative to each other in a cycle"
        case .unknownSlot(let m, let slot):
            "manager \"\(m)\": slot \"\(slot)\" is not a slot layer of the base style"
        case .idCollision(let id):
            "id \"\(id)\" is used by more than one source or layer"
        case .unknownSource(let layer, let source):
            "layer \"\(layer)\" uses source \"\(source)\", which the content does not declare"
        case .conflictingImage(let name, let m, let a):
            "\(Self.location(m, a)): image \"\(name)\" is already registered with a different size, pixel ratio or sdf flag"
        }
    }

    /// For errors about one property, what is wrong with it without saying
    /// where: what to say after the property's JSON path. Nil for other
    /// errors, and for keys that are not style-spec properties (`tapRadius`,
    /// cluster options, `custom_data`), which are not path members.
    public var propertyProblem: String? {
        switch self {
        case .invalidProperty(_, _, let p, _) where p.contains("-"), .unsupportedByTarget(_, _, let p, _) where p.contains("-"):
            propertyReason
        default:
            nil
        }
    }

    /// The reason of a property error (``description`` puts the manager,
    /// annotation and property before it).
    private var propertyReason: String? {
        switch self {
        case .invalidProperty(_, _, _, let problem):
            "\(problem)"
        case .unsupportedByTarget(_, _, _, .mapboxOnly):
            "only Mapbox GL supports it; compile with target .mapbox"
        case .unsupportedByTarget:
            "MapLibre cannot vary it per feature; set it on the manager or compile with target .mapbox"
        default:
            nil
        }
    }

    private static func location(_ manager: String, _ annotation: String?) -> String {
        annotation.map { "manager \"\(manager)\", annotation \"\($0)\"" } ?? "manager \"\(manager)\""
    }
}
