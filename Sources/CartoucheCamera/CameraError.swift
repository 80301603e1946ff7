/// Why a camera, viewport or fitting request was rejected.
///
/// Every case names the offending field (as a dotted path such as
/// `"camera.padding.left"`) so a caller can point the user at it.
public enum CameraError: Error, Hashable, Sendable {
    /// The field is NaN or infinite.
    case nonFinite(field: String, value: Double)
    /// The field is finite but outside `minimum...maximum`.
    case outOfRange(field: String, value: Double, minimum: Double, maximum: Double)
    /// The field (a padding inset) must be zero or positive.
    case negative(field: String, value: Double)
    /// The viewport width or height is zero or negative.
    case nonPositiveViewport(field: String, value: Double)
    /// The two insets along one axis add up to more than the viewport extent,
    /// leaving no room for the padded centre.
    case paddingExceedsViewport(axis: String, insets: Double, extent: Double)
    /// A camera cannot be fitted to an empty set of coordinates.
    case noCoordinates
}

extension CameraError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .nonFinite(field, value):
            return "\(field) must be a finite number, got \(value)"
        case let .outOfRange(field, value, minimum, maximum):
            return "\(field) must be within \(minimum)...\(maximum), got \(value)"
        case let .negative(field, value):
            return "\(field) must not be negative, got \(value)"
        case let .nonPositiveViewport(field, value):
            return "\(field) must be greater than zero, got \(value)"
        case let .paddingExceedsViewport(axis, insets, extent):
            return "padding along \(axis) adds up to \(insets) points, more than the viewport's \(extent)"
        case .noCoordinates:
            return "coordinates must not be empty: there is nothing to fit the camera to"
        }
    }
}

/// Throws ``CameraError/nonFinite(field:value:)`` or
/// ``CameraError/outOfRange(field:value:minimum:maximum:)`` unless `value` is
/// finite and inside `range`.
@usableFromInline
func checkRange(_ value: Double, _ range: ClosedRange<Double>, field: String) throws(CameraError) {
    guard value.isFinite else { throw .nonFinite(field: field, value: value) }
    guard range.contains(value) else {
        throw .outOfRange(field: field, value: value, minimum: range.lowerBound, maximum: range.upperBound)
    }
}
