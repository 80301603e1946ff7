import CartoucheAnnotations
import CartoucheCamera
import CartouchePlacement
import CartoucheText

/// Why a scene cannot be placed. Each case names the offending annotation or field.
public enum SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    case camera(CameraError)
    /// Two view annotations share an id (the ids of results must be unambiguous).
    case duplicateViewAnnotationId(String)
    /// A view annotation's size is negative or not finite.
    case invalidSize(id: String, width: Double, height: Double)
    /// A view annotation has no anchor options.
    case emptyVariableAnchors(id: String)
    /// An anchor offset is not finite.
    case invalidAnchorOffset(id: String, index: Int)
    /// minZoom > maxZoom, or either not finite.
    case invalidZoomRange(id: String, minZoom: Double, maxZoom: Double)
    /// A zoom-range scene's callout box reaches further from its point than
    /// `ZoomRangeItem.maxReach` (size, padding, offsets and collision boxes
    /// together), or its numbers overflow.
    case boxTooLarge(id: String, reach: Double)
    /// A number of the scene is out of range (field, value, why).
    case invalidValue(field: String, value: Double, reason: String)
    /// The budget's `shouldCancel` said stop: the solver's error, unchanged.
    case cancelled(PlacementCancelled)
    /// A view annotation's content could not be measured.
    case text(id: String, TextError)
    /// The scene has content-sized view annotations but no text engine was given.
    case textEngineRequired
    /// A content-sized view annotation reached the solver unmeasured
    /// (`ViewAnnotationPlacer` places given sizes; `PreparedScene` measures).
    case unmeasuredContent(id: String)
    /// A manager or annotation is invalid (names manager, annotation, property).
    case annotations(AnnotationError)
    /// A member of a manager breaks a scene rule (a slot under the portable
    /// target, a position that a slot contradicts); `reason` says which and
    /// how to fix it.
    case manager(id: String, member: String, reason: String)
    /// The style document could not be built.
    case invalidStyle(String)

    public var description: String {
        switch self {
        case .camera(let e): "\(e)"
        case .duplicateViewAnnotationId(let id): "viewAnnotations: id \"\(id)\" is used more than once"
        case .invalidSize(let id, let w, let h): "viewAnnotations[\(id)].size: \(w)×\(h) is not a valid size (finite, ≥ 0)"
        case .emptyVariableAnchors(let id): "viewAnnotations[\(id)].variableAnchors: must list at least one anchor"
        case .invalidAnchorOffset(let id, let i): "viewAnnotations[\(id)].variableAnchors[\(i)]: offsets must be finite"
        case .invalidZoomRange(let id, let lo, let hi): "viewAnnotations[\(id)]: minZoom \(lo) / maxZoom \(hi) is not a valid range"
        case .boxTooLarge(let id, let reach):
            "viewAnnotations[\(id)]: its box reaches \(reach) points from its point; a zoom-range scene places boxes "
                + "that reach at most \(ZoomRangeItem.maxReach) points (size, padding, offsets and collision boxes together)"
        case .invalidValue(let field, let value, let reason): "\(field): \(value) \(reason)"
        case .cancelled(let e): e.description
        case .text(let id, let e): "viewAnnotations[\(id)].content: \(e)"
        case .textEngineRequired: "this scene sizes view annotations from content: a text engine (fonts) is required"
        case .unmeasuredContent(let id):
            "viewAnnotations[\(id)]: sized by its content, which is measured before placing (PreparedScene measures it with a TextLayoutEngine)"
        case .annotations(let e): "managers: \(Self.describe(e))"
        case .manager(let id, _, let reason): "managers: manager \"\(id)\": \(reason)"
        case .invalidStyle(let message): "style: \(message)"
        }
    }

    /// How to allow what only Mapbox GL has, on every route.
    static let allowMapbox = #"allow it with "options": {"target": "mapbox"} in the scene (or --target mapbox, ?target=mapbox)"#

    /// What to say after a property's JSON path for an error about one
    /// property, in the scene's terms like `describe(_:)`. The path names
    /// the property, so the text does not again:
    /// `managers[0].properties.line-trim-offset: a Mapbox-only property; allow it …`.
    /// Nil for other errors.
    public static func propertyProblem(_ error: AnnotationError) -> String? {
        switch error {
        case .unsupportedByTarget(_, _, let p, let support) where p.contains("-"):
            switch support {
            case .constantInMapLibre:
                return "MapLibre cannot vary it per feature; set it on the manager, or \(allowMapbox)"
            default:
                return "a Mapbox-only property; \(allowMapbox)"
            }
        default:
            return error.propertyProblem
        }
    }

    /// An annotation error in the scene's terms: the target is the scene's
    /// option (or the request's), and positions and slots name the basemap.
    static func describe(_ error: AnnotationError) -> String {
        switch error {
        case .unsupportedByTarget(let m, let a, let p, let support):
            let location = a.map { "manager \"\(m)\", annotation \"\($0)\"" } ?? "manager \"\(m)\""
            switch support {
            case .constantInMapLibre:
                return "\(location), property \"\(p)\": MapLibre cannot vary it per feature; set it on the manager, or \(allowMapbox)"
            default:
                return "\(location), property \"\(p)\" is Mapbox-only; \(allowMapbox)"
            }
        case .unknownLayerId(let m, let id):
            return "manager \"\(m)\": layer position refers to unknown layer \"\(id)\"; "
                + "name a manager's layer or one of the basemap's layers (declare them in basemap.layers)"
        case .unknownSlot(let m, let slot):
            return "manager \"\(m)\": slot \"\(slot)\" is not one of the basemap's slots "
                + "(basemap.slots, by default Mapbox Standard's bottom, middle, top; or the style's --slots)"
        default:
            return "\(error)"
        }
    }
}
