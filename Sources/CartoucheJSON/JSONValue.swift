/// A JSON value as a typed tree: the currency for feature properties,
/// `customData`, style-spec expressions and anything else that is open-ended.
///
/// Objects are unordered dictionaries; every writer in Cartouche emits their
/// keys sorted, which makes output deterministic byte for byte. Numbers are
/// IEEE doubles (as in JavaScript, so integers above 2^53 lose precision).
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        // Later duplicates win, as they would in a JSON object literal.
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSONValue {
    /// The payload of `.string`, else nil.
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    /// The payload of `.number`, else nil.
    public var numberValue: Double? { if case .number(let n) = self { n } else { nil } }
    /// The payload of `.bool`, else nil.
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    /// The payload of `.array`, else nil.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    /// The payload of `.object`, else nil.
    public var objectValue: [String: JSONValue]? { if case .object(let o) = self { o } else { nil } }
    /// True for `.null`.
    public var isNull: Bool { if case .null = self { true } else { false } }
}
