import CartoucheStyle

/// The data-driven properties of a line layer, per ``PolylineAnnotation`` or
/// as manager fallbacks. Nil means "not set".
public struct LineProperties: AnnotationPropertySet {
    /// `line-join` (layout), default miter.
    public var lineJoin: LineJoin?
    /// `line-sort-key` (layout, no default).
    public var lineSortKey: Double?
    /// `line-color`, default black.
    public var lineColor: StyleColor?
    /// `line-width`, default 1 px, >= 0.
    public var lineWidth: Pixels?
    /// `line-opacity`, default 1, in [0, 1].
    public var lineOpacity: Double?
    /// `line-blur`, default 0 px, >= 0.
    public var lineBlur: Pixels?
    /// Draws a casing: a gap of this width inside two lines (`line-gap-width`, default 0, >= 0).
    public var lineGapWidth: Pixels?
    /// Sideways offset (`line-offset`, default 0 px; negative is left).
    public var lineOffset: Pixels?
    /// `line-border-color`, default transparent (Mapbox only).
    public var lineBorderColor: StyleColor?
    /// `line-border-width`, default 0 px, >= 0 (Mapbox only).
    public var lineBorderWidth: Pixels?
    /// Name of a style image repeated along the line (`line-pattern`).
    public var linePattern: String?

    /// Properties given as style-spec expressions, by key (their fields are nil).
    public var expressions: [String: PropertyExpression] = [:]
    public static var isDataDriven: Bool { true }

    public init() {}

    public static let descriptors: [PropertyDescriptor<LineProperties>] = [
        .value("line-join", .layout, \.lineJoin, default: LineJoin.miter),
        .value("line-sort-key", .layout, \.lineSortKey, default: nil),
        .value("line-color", .paint, \.lineColor, default: StyleColor.black),
        .value("line-width", .paint, \.lineWidth, default: 1, range: .nonNegative),
        .value("line-opacity", .paint, \.lineOpacity, default: 1, range: .unitInterval),
        .value("line-blur", .paint, \.lineBlur, default: 0, range: .nonNegative),
        .value("line-gap-width", .paint, \.lineGapWidth, default: 0, range: .nonNegative),
        .value("line-offset", .paint, \.lineOffset, default: 0),
        .value("line-border-color", .paint, \.lineBorderColor, default: StyleColor.transparent, support: .mapboxOnly),
        .value("line-border-width", .paint, \.lineBorderWidth, default: 0, range: .nonNegative, support: .mapboxOnly),
        .value("line-pattern", .paint, \.linePattern, default: nil),
    ]
}

/// Line-layer properties that only exist per layer (manager level).
public struct LineLayerProperties: AnnotationPropertySet {
    /// `line-cap`, default butt.
    public var lineCap: LineCap?
    /// `line-miter-limit`, default 2.
    public var lineMiterLimit: Double?
    /// `line-round-limit`, default 1.05.
    public var lineRoundLimit: Double?
    /// Dash and gap lengths in line widths (`line-dasharray`, each >= 0).
    public var lineDasharray: [Double]?
    /// Pixels (`line-translate`, default [0, 0]).
    public var lineTranslate: StyleOffset?
    public var lineTranslateAnchor: TranslateAnchor?
    /// Fractions [start, end] of the line hidden (`line-trim-offset`, each in [0, 1]; Mapbox only).
    public var lineTrimOffset: StyleOffset?
    /// Light the line emits, so it stays bright under Mapbox Standard's
    /// lighting (`line-emissive-strength`, default 0, >= 0; Mapbox only,
    /// layer-wide as in the Mapbox style spec).
    public var lineEmissiveStrength: Double?

    /// Properties given as zoom expressions, by key (their fields are nil).
    public var expressions: [String: PropertyExpression] = [:]
    public static var isDataDriven: Bool { false }

    public init() {}

    public static let descriptors: [PropertyDescriptor<LineLayerProperties>] = [
        .value("line-cap", .layout, \.lineCap, default: LineCap.butt),
        .value("line-miter-limit", .layout, \.lineMiterLimit, default: 2),
        .value("line-round-limit", .layout, \.lineRoundLimit, default: 1.05),
        .value("line-dasharray", .paint, \.lineDasharray, default: nil, range: .nonNegative),
        .value("line-translate", .paint, \.lineTranslate, default: StyleOffset.zero),
        .value("line-translate-anchor", .paint, \.lineTranslateAnchor, default: TranslateAnchor.map),
        .value("line-trim-offset", .paint, \.lineTrimOffset, default: StyleOffset.zero, range: .unitInterval, support: .mapboxOnly),
        .value("line-emissive-strength", .paint, \.lineEmissiveStrength, default: 0, range: .nonNegative, support: .mapboxOnly),
    ]
}
