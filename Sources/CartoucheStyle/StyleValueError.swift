import CartoucheJSON

/// Why a value is not acceptable for a style-spec property.
///
/// These errors describe the value alone; callers that know *where* the value
/// came from (manager, annotation, property key) wrap them with that context.
public enum StyleValueError: Error, Hashable, Sendable {
    /// The string is not a CSS color the style spec accepts.
    case malformedColor(String)
    /// The string is not one of the enum's values.
    case unknownEnumValue(String, allowed: [String])
    /// The JSON value has the wrong type (e.g. a string where a number belongs).
    case typeMismatch(expected: String, found: String)
    /// An array has the wrong number of elements.
    case wrongArrayLength(expected: Int, found: Int)
    /// A number is NaN or infinite, which JSON cannot carry.
    case notFinite
    /// A number lies outside the property's range, e.g. a negative width.
    case outOfRange(Double, allowed: String)
    /// A style-spec expression that cannot be used here; `path` is inside
    /// the expression (`[1][0]`), empty for the whole expression.
    case expression(path: String, reason: String)
}

extension StyleValueError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .malformedColor(let s):
            "\"\(s)\" is not a CSS color (expected a color name, #rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl() or hsla())"
        case .unknownEnumValue(let s, let allowed):
            "\"\(s)\" is not one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))"
        case .typeMismatch(let expected, let found):
            "expected \(expected), found \(found)"
        case .wrongArrayLength(let expected, let found):
            "expected an array of \(expected) elements, found \(found)"
        case .notFinite:
            "numbers must be finite (NaN and infinity cannot be written as JSON)"
        case .outOfRange(let value, let allowed):
            "\(value) is out of range: must be \(allowed)"
        case .expression(let path, let reason):
            path.isEmpty ? reason : "\(reason) at \(path)"
        }
    }
}

extension JSONValue {
    /// A short name of the value's JSON type, for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
