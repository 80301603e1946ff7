import CartoucheStyle

/// The data-driven properties of a circle layer, per ``CircleAnnotation`` or
/// as manager fallbacks. Nil means "not set".
public struct CircleProperties: AnnotationPropertySet {
    /// `circle-sort-key` (layout, no default).
    public var circleSortKey: Double?
    /// `circle-radius`, default 5 px, >= 0.
    public var circleRadius: Pixels?
    /// `circle-color`, default black.
    public var circleColor: StyleColor?
    /// `circle-opacity`, default 1, in [0, 1].
    public var circleOpacity: Double?
    /// Edge blur as a fraction of the radius (`circle-blur`, default 0).
    public var circleBlur: Double?
    /// `circle-stroke-width`, default 0 px, >= 0.
    public var circleStrokeWidth: Pixels?
    /// `circle-stroke-color`, default black.
    public var circleStrokeColor: StyleColor?
    /// `circle-stroke-opacity`, default 1, in [0, 1].
    public var circleStrokeOpacity: Double?

    /// Properties given as style-spec expressions, by key (their fields are nil).
    public var expressions: [String: PropertyExpression] = [:]
    public static var isDataDriven: Bool { true }

    public init() {}

    public static let descriptors: [PropertyDescriptor<CircleProperties>] = [
        .value("circle-sort-key", .layout, \.circleSortKey, default: nil),
        .value("circle-radius", .paint, \.circleRadius, default: 5, range: .nonNegative),
        .value("circle-color", .paint, \.circleColor, default: StyleColor.black),
        .value("circle-opacity", .paint, \.circleOpacity, default: 1, range: .unitInterval),
        .value("circle-blur", .paint, \.circleBlur, default: 0),
        .value("circle-stroke-width", .paint, \.circleStrokeWidth, default: 0, range: .nonNegative),
        .value("circle-stroke-color", .paint, \.circleStrokeColor, default: StyleColor.black),
        .value("circle-stroke-opacity", .paint, \.circleStrokeOpacity, default: 1, range: .unitInterval),
    ]
}

/// Circle-layer properties that only exist per layer (manager level).
public struct CircleLayerProperties: AnnotationPropertySet {
    /// `circle-pitch-alignment`, default viewport.
    public var circlePitchAlignment: CirclePitchAlignment?
    /// `circle-pitch-scale`, default map.
    public var circlePitchScale: CirclePitchScale?
    /// Pixels (`circle-translate`, default [0, 0]).
    public var circleTranslate: StyleOffset?
    public var circleTranslateAnchor: TranslateAnchor?

    /// Properties given as zoom expressions, by key (their fields are nil).
    public var expressions: [String: PropertyExpression] = [:]
    public static var isDataDriven: Bool { false }

    public init() {}

    public static let descriptors: [PropertyDescriptor<CircleLayerProperties>] = [
        .value("circle-pitch-alignment", .paint, \.circlePitchAlignment, default: CirclePitchAlignment.viewport),
        .value("circle-pitch-scale", .paint, \.circlePitchScale, default: CirclePitchScale.map),
        .value("circle-translate", .paint, \.circleTranslate, default: StyleOffset.zero),
        .value("circle-translate-anchor", .paint, \.circleTranslateAnchor, default: TranslateAnchor.map),
    ]
}
