import CartoucheJSON

/// A typed value of a style-spec property: it converts to the JSON the spec
/// expects and can be decoded (strictly) from it.
public protocol StyleValue: Hashable, Sendable {
    /// Decodes a value, rejecting wrong types, unknown enum values,
    /// malformed colors, wrong array lengths and non-finite numbers.
    init(styleJSON: JSONValue) throws(StyleValueError)
    /// The value in style-spec JSON form.
    var styleJSON: JSONValue { get }
    /// Why this value cannot be written (e.g. NaN), or nil when it can.
    /// Values built in Swift skip decoding, so writers check this instead.
    var styleValueProblem: StyleValueError? { get }
}

extension StyleValue {
    public var styleValueProblem: StyleValueError? { nil }
}

extension Double: StyleValue {
    public init(styleJSON: JSONValue) throws(StyleValueError) {
        guard case .number(let n) = styleJSON else {
            throw .typeMismatch(expected: "a number", found: styleJSON.typeName)
        }
        guard n.isFinite else { throw .notFinite }
        self = n
    }
    public var styleJSON: JSONValue { .number(self) }
    public var styleValueProblem: StyleValueError? { isFinite ? nil : .notFinite }
}

extension Bool: StyleValue {
    public init(styleJSON: JSONValue) throws(StyleValueError) {
        guard case .bool(let b) = styleJSON else {
            throw .typeMismatch(expected: "a boolean", found: styleJSON.typeName)
        }
        self = b
    }
    public var styleJSON: JSONValue { .bool(self) }
}

extension String: StyleValue {
    public init(styleJSON: JSONValue) throws(StyleValueError) {
        guard case .string(let s) = styleJSON else {
            throw .typeMismatch(expected: "a string", found: styleJSON.typeName)
        }
        self = s
    }
    public var styleJSON: JSONValue { .string(self) }
}

extension Array: StyleValue where Element: StyleValue {
    public init(styleJSON: JSONValue) throws(StyleValueError) {
        guard case .array(let items) = styleJSON else {
            throw .typeMismatch(expected: "an array", found: styleJSON.typeName)
        }
        var result: [Element] = []
        result.reserveCapacity(items.count)
        for item in items { result.append(try Element(styleJSON: item)) }
        self = result
    }
    public var styleJSON: JSONValue { .array(map(\.styleJSON)) }
    public var styleValueProblem: StyleValueError? { lazy.compactMap(\.styleValueProblem).first }
}

/// A string-valued style-spec enum (`"center"`, `"round"`, …).
public protocol StyleEnum: StyleValue, RawRepresentable<String>, CaseIterable {}

extension StyleEnum {
    public init(styleJSON: JSONValue) throws(StyleValueError) {
        guard case .string(let s) = styleJSON else {
            throw .typeMismatch(expected: "a string", found: styleJSON.typeName)
        }
        guard let value = Self(rawValue: s) else {
            throw .unknownEnumValue(s, allowed: Self.allCases.map(\.rawValue))
        }
        self = value
    }
    public var styleJSON: JSONValue { .string(rawValue) }
}
