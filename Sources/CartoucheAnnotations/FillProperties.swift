import CartoucheStyle

/// The data-driven properties of a fill layer, per ``PolygonAnnotation`` or
/// as manager fallbacks. Nil means "not set".
public struct FillProperties: AnnotationPropertySet {
    /// `fill-sort-key` (layout, no default).
    public var fillSortKey: Double?
    /// `fill-color`, default black.
    public var fillColor: StyleColor?
    /// `fill-opacity`, default 1, in [0, 1].
    public var fillOpacity: Double?
    /// `fill-outline-color`; unset, the outline takes `fill-color`.
    public var fillOutlineColor: StyleColor?
    /// Name of a style image tiled inside the polygon (`fill-pattern`).
    public var fillPattern: String?

    /// Properties given as style-spec expressions, by key (their fields are nil).
    public var expressions: [String: PropertyExpression] = [:]
    public static var isDataDriven: Bool { true }

    public init() {}

    public static let descriptors: [PropertyDescriptor<FillProperties>] = [
        .value("fill-sort-key", .layout, \.fillSortKey, default: nil),
        .value("fill-color", .paint, \.fillColor, default: StyleColor.black),
        .value("fill-opacity", .paint, \.fillOpacity, default: 1, range: .unitInterval),
        .value("fill-outline-color", .paint, \.fillOutlineColor, default: nil),
        .value("fill-pattern", .paint, \.fillPattern, default: nil),
    ]
}

/// Fill-layer properties that only exist per layer (manager level).
public struct FillLayerProperties: AnnotationPropertySet {
    /// `fill-antialias`, default true.
    public var fillAntialias: Bool?
    /// Pixels (`fill-translate`, default [0, 0]).
    public var fillTranslate: StyleOffset?
    public var fillTranslateAnchor: TranslateAnchor?

    /// Properties given as zoom expressions, by key (their fields are nil).
    public var expressions: [String: PropertyExpression] = [:]
    public static var isDataDriven: Bool { false }

    public init() {}

    public static let descriptors: [PropertyDescriptor<FillLayerProperties>] = [
        .value("fill-antialias", .paint, \.fillAntialias, default: true),
        .value("fill-translate", .paint, \.fillTranslate, default: StyleOffset.zero),
        .value("fill-translate-anchor", .paint, \.fillTranslateAnchor, default: TranslateAnchor.map),
    ]
}
