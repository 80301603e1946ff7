import CartoucheGeometry
import CartoucheJSON

/// The type of a style-spec expression's result, as the spec's type system names it.
public indirect enum ExpressionType: Hashable, Sendable, CustomStringConvertible {
    case number, string, boolean, color, object, null
    /// Any type; checked at evaluation time.
    case value
    /// An array, optionally of one item type and length.
    case array(of: ExpressionType, length: Int?)

    public var description: String {
        switch self {
        case .number: "number"
        case .string: "string"
        case .boolean: "boolean"
        case .color: "color"
        case .object: "object"
        case .null: "null"
        case .value: "value"
        case .array(let item, let length):
            length.map { "array<\(item), \($0)>" } ?? (item == .value ? "array" : "array<\(item)>")
        }
    }

    /// Whether a value of type `other` can stand where `self` is expected.
    func accepts(_ other: ExpressionType) -> Bool {
        if self == .value || self == other { return true }
        if case .array(let item, let length) = self, case .array(let otherItem, let otherLength) = other {
            // An empty array literal fits any array type without a length.
            if otherLength == 0 && otherItem == .value && length == nil { return true }
            return item.accepts(otherItem) && (length == nil || length == otherLength)
        }
        return false
    }
}

/// A value an expression evaluates to.
public indirect enum ExpressionValue: Hashable, Sendable {
    case null
    case boolean(Bool)
    case number(Double)
    case string(String)
    case color(StyleColor)
    case array([ExpressionValue])
    case object([String: ExpressionValue])

    /// The value of a JSON constant (feature properties, literals).
    public init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let b): self = .boolean(b)
        case .number(let n): self = .number(n)
        case .string(let s): self = .string(s)
        case .array(let items): self = .array(items.map(ExpressionValue.init(json:)))
        case .object(let members): self = .object(members.mapValues(ExpressionValue.init(json:)))
        }
    }

    /// The runtime type, as `typeof` in the spec reports it.
    public var type: ExpressionType {
        switch self {
        case .null: return .null
        case .boolean: return .boolean
        case .number: return .number
        case .string: return .string
        case .color: return .color
        case .object: return .object
        case .array(let items):
            let types = Set(items.map(\.type))
            return .array(of: types.count == 1 ? types.first ?? .value : .value, length: items.count)
        }
    }

    public var number: Double? { if case .number(let n) = self { n } else { nil } }
    public var color: StyleColor? { if case .color(let c) = self { c } else { nil } }
    public var string: String? { if case .string(let s) = self { s } else { nil } }
    public var boolean: Bool? { if case .boolean(let b) = self { b } else { nil } }
}

/// Why an expression was refused, with the JSON path of the offending element.
public struct ExpressionParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Path of the offending element relative to the property, e.g. `[1][0]`.
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    public var description: String { path.isEmpty ? reason : "\(reason) at \(path)" }
}

/// Why an evaluation failed; the property then takes its default, as in MapLibre.
public struct ExpressionEvaluationError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The inputs an expression can read: camera zoom, the feature and its state.
public struct EvaluationContext: Sendable {
    public var zoom: Double
    public var properties: [String: JSONValue]
    public var featureID: JSONValue
    /// `Point`, `LineString` or `Polygon` (multi-geometries as MapLibre reports them).
    public var geometryType: String?
    public var featureState: [String: JSONValue]
    /// `["accumulated"]`: a cluster property's value folded so far (null elsewhere).
    public var accumulated: JSONValue = .null

    public init(zoom: Double = 0, properties: [String: JSONValue] = [:], featureID: JSONValue = .null,
                geometryType: String? = nil, featureState: [String: JSONValue] = [:]) {
        self.zoom = zoom
        self.properties = properties
        self.featureID = featureID
        self.geometryType = geometryType
        self.featureState = featureState
    }
}

/// How `interpolate` maps the input between two stops to 0…1.
public enum InterpolationCurve: Hashable, Sendable {
    case linear
    case exponential(base: Double)
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
}

/// A parsed, type-checked style-spec expression.
public indirect enum ParsedExpression: Hashable, Sendable {
    case literal(ExpressionValue)
    /// A plain operator applied to its (already parsed) arguments.
    case call(String, [ParsedExpression], ExpressionType)
    /// A runtime check (or coercion, for colors) that `value` has type `type`.
    case assertion(ExpressionType, ParsedExpression)
    case caseOf(branches: [(ParsedExpression, ParsedExpression)], otherwise: ParsedExpression, ExpressionType)
    case match(input: ParsedExpression, branches: [([ExpressionValue], ParsedExpression)],
               otherwise: ParsedExpression, ExpressionType)
    case interpolate(InterpolationCurve, input: ParsedExpression, stops: [(Double, ParsedExpression)], ExpressionType)
    case step(input: ParsedExpression, first: ParsedExpression, stops: [(Double, ParsedExpression)], ExpressionType)
    case letIn(bindings: [(String, ParsedExpression)], body: ParsedExpression)
    case variable(String, ExpressionType)

    /// The type of the result.
    public var type: ExpressionType {
        switch self {
        case .literal(let v): v.type
        case .call(_, _, let t), .assertion(let t, _), .caseOf(_, _, let t), .match(_, _, _, let t),
             .interpolate(_, _, _, let t), .step(_, _, _, let t), .variable(_, let t):
            t
        case .letIn(_, let body): body.type
        }
    }

    public static func == (lhs: ParsedExpression, rhs: ParsedExpression) -> Bool { lhs.hashKey == rhs.hashKey }
    public func hash(into hasher: inout Hasher) { hasher.combine(hashKey) }
    /// Tuples are not Hashable; compare a printable rendering instead.
    private var hashKey: String { String(reflecting: self) }
}

extension ExpressionType {
    /// The expression type a property of Swift type `V` expects, for
    /// ``StyleExpression/parse(_:expecting:)`` (enums are strings, units numbers).
    public static func of<V: StyleValue>(_ type: V.Type) -> ExpressionType {
        switch type {
        case is Double.Type, is Pixels.Type, is Ems.Type: .number
        case is StyleColor.Type: .color
        case is Bool.Type: .boolean
        case is StyleOffset.Type: .array(of: .number, length: 2)
        case is StylePadding.Type: .array(of: .number, length: 4)
        case is [Double].Type: .array(of: .number, length: nil)
        case is [String].Type, is [BoxAnchor].Type: .array(of: .string, length: nil)
        case is any StyleEnum.Type, is String.Type: .string
        default: .value
        }
    }
}

extension ExpressionParseError {
    /// ``path`` as array indices (`[1][0]` → `[1, 0]`), to extend a JSON path.
    public var indices: [Int] {
        path.split(whereSeparator: { $0 == "[" || $0 == "]" }).compactMap { Int($0) }
    }
}
