import CartoucheJSON

/// A length in screen pixels (points on high-density displays), e.g.
/// `text-size`, `line-width`, `circle-radius`. Written as a bare number.
public struct Pixels: StyleValue, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, Comparable {
    public var value: Double
    public init(_ value: Double) { self.value = value }
    public init(floatLiteral value: Double) { self.value = value }
    public init(integerLiteral value: Int) { self.value = Double(value) }
    public init(styleJSON: JSONValue) throws(StyleValueError) { value = try Double(styleJSON: styleJSON) }
    public var styleJSON: JSONValue { .number(value) }
    public var styleValueProblem: StyleValueError? { value.styleValueProblem }
    public static func < (a: Pixels, b: Pixels) -> Bool { a.value < b.value }
}

/// A length in ems (multiples of the text size), e.g. `text-max-width`,
/// `text-letter-spacing`, `text-offset`. Written as a bare number.
public struct Ems: StyleValue, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, Comparable {
    public var value: Double
    public init(_ value: Double) { self.value = value }
    public init(floatLiteral value: Double) { self.value = value }
    public init(integerLiteral value: Int) { self.value = Double(value) }
    public init(styleJSON: JSONValue) throws(StyleValueError) { value = try Double(styleJSON: styleJSON) }
    public var styleJSON: JSONValue { .number(value) }
    public var styleValueProblem: StyleValueError? { value.styleValueProblem }
    public static func < (a: Ems, b: Ems) -> Bool { a.value < b.value }
}

/// A two-component offset `[x, y]` (x right, y down), in the unit of the
/// property that holds it: pixels for `*-translate`, ems for `text-offset`,
/// icon-size multiples for `icon-offset`.
public struct StyleOffset: StyleValue {
    public var x: Double, y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = StyleOffset(x: 0, y: 0)
    public init(styleJSON: JSONValue) throws(StyleValueError) {
        let parts = try [Double](styleJSON: styleJSON)
        guard parts.count == 2 else { throw .wrongArrayLength(expected: 2, found: parts.count) }
        self.init(x: parts[0], y: parts[1])
    }
    public var styleJSON: JSONValue { [.number(x), .number(y)] }
    public var styleValueProblem: StyleValueError? { [x, y].styleValueProblem }
}

/// Four insets in pixels in style-spec order `[top, right, bottom, left]`
/// (`icon-text-fit-padding`).
public struct StylePadding: StyleValue {
    public var top: Double, right: Double, bottom: Double, left: Double
    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top; self.right = right; self.bottom = bottom; self.left = left
    }
    public static let zero = StylePadding(top: 0, right: 0, bottom: 0, left: 0)
    public init(styleJSON: JSONValue) throws(StyleValueError) {
        let parts = try [Double](styleJSON: styleJSON)
        guard parts.count == 4 else { throw .wrongArrayLength(expected: 4, found: parts.count) }
        self.init(top: parts[0], right: parts[1], bottom: parts[2], left: parts[3])
    }
    public var styleJSON: JSONValue { [.number(top), .number(right), .number(bottom), .number(left)] }
    public var styleValueProblem: StyleValueError? { [top, right, bottom, left].styleValueProblem }
}
