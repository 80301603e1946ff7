import CartoucheGeometry
import CartoucheStyle

/// The data-driven properties of a symbol layer: set per ``PointAnnotation``
/// or, as fallbacks, on a ``PointAnnotationManager``. Nil means "not set".
/// Defaults in the comments are the style-spec defaults.
public struct SymbolProperties: AnnotationPropertySet {
    // MARK: Layout
    /// Name of a style image (`icon-image`).
    public var iconImage: String?
    /// Part of the icon on the point (`icon-anchor`, default center).
    public var iconAnchor: BoxAnchor?
    /// Offset in multiples of the icon size (`icon-offset`, default [0, 0]).
    public var iconOffset: StyleOffset?
    /// Degrees clockwise (`icon-rotate`, default 0).
    public var iconRotate: Double?
    /// Scale factor (`icon-size`, default 1, >= 0).
    public var iconSize: Double?
    /// Stretch the icon around the text (`icon-text-fit`, default none).
    public var iconTextFit: IconTextFit?
    /// Extra space for `icon-text-fit` (`icon-text-fit-padding`, default 0s).
    public var iconTextFitPadding: StylePadding?
    /// Placement priority; lower draws first (`symbol-sort-key`, no default).
    public var symbolSortKey: Double?
    /// Label text (`text-field`, default "").
    public var textField: String?
    /// Part of the text on the point (`text-anchor`, default center).
    public var textAnchor: BoxAnchor?
    /// `text-justify`, default center.
    public var textJustify: TextJustify?
    /// `text-letter-spacing`, default 0 em.
    public var textLetterSpacing: Ems?
    /// `text-line-height`, default 1.2 em.
    public var textLineHeight: Ems?
    /// Wrap width (`text-max-width`, default 10 em, >= 0).
    public var textMaxWidth: Ems?
    /// `text-offset`, default [0, 0] em.
    public var textOffset: StyleOffset?
    /// `text-radial-offset`, default 0 em.
    public var textRadialOffset: Ems?
    /// Degrees clockwise (`text-rotate`, default 0).
    public var textRotate: Double?
    /// `text-size`, default 16 px, >= 0.
    public var textSize: Pixels?
    /// `text-transform`, default none.
    public var textTransform: TextTransform?
    /// Elevation (`symbol-z-offset`, default 0, >= 0; Mapbox only).
    public var symbolZOffset: Double?

    // MARK: Paint
    public var iconColor: StyleColor?
    public var iconHaloColor: StyleColor?
    /// `icon-halo-width`, default 0 px, >= 0.
    public var iconHaloWidth: Pixels?
    /// `icon-halo-blur`, default 0 px, >= 0.
    public var iconHaloBlur: Pixels?
    /// `icon-opacity`, default 1, in [0, 1].
    public var iconOpacity: Double?
    public var textColor: StyleColor?
    public var textHaloColor: StyleColor?
    public var textHaloWidth: Pixels?
    public var textHaloBlur: Pixels?
    public var textOpacity: Double?

    /// Properties given as style-spec expressions, by key (their fields are nil).
    public var expressions: [String: PropertyExpression] = [:]
    public static var isDataDriven: Bool { true }

    public init() {}

    public static let descriptors: [PropertyDescriptor<SymbolProperties>] = [
        .value("icon-image", .layout, \.iconImage, default: nil),
        .value("icon-anchor", .layout, \.iconAnchor, default: BoxAnchor.center),
        .value("icon-offset", .layout, \.iconOffset, default: StyleOffset.zero),
        .value("icon-rotate", .layout, \.iconRotate, default: 0),
        .value("icon-size", .layout, \.iconSize, default: 1, range: .nonNegative),
        .value("icon-text-fit", .layout, \.iconTextFit, default: IconTextFit.none, support: .constantInMapLibre),
        .value("icon-text-fit-padding", .layout, \.iconTextFitPadding, default: StylePadding.zero, support: .constantInMapLibre),
        .value("symbol-sort-key", .layout, \.symbolSortKey, default: nil),
        .value("text-field", .layout, \.textField, default: ""),
        .value("text-anchor", .layout, \.textAnchor, default: BoxAnchor.center),
        .value("text-justify", .layout, \.textJustify, default: TextJustify.center),
        .value("text-letter-spacing", .layout, \.textLetterSpacing, default: 0),
        .value("text-line-height", .layout, \.textLineHeight, default: 1.2, support: .constantInMapLibre),
        .value("text-max-width", .layout, \.textMaxWidth, default: 10, range: .nonNegative),
        .value("text-offset", .layout, \.textOffset, default: StyleOffset.zero),
        .value("text-radial-offset", .layout, \.textRadialOffset, default: 0),
        .value("text-rotate", .layout, \.textRotate, default: 0),
        .value("text-size", .layout, \.textSize, default: 16, range: .nonNegative),
        .value("text-transform", .layout, \.textTransform, default: TextTransform.none),
        .value("symbol-z-offset", .layout, \.symbolZOffset, default: 0, range: .nonNegative, support: .mapboxOnly),
        .value("icon-color", .paint, \.iconColor, default: StyleColor.black),
        .value("icon-halo-color", .paint, \.iconHaloColor, default: StyleColor.transparent),
        .value("icon-halo-width", .paint, \.iconHaloWidth, default: 0, range: .nonNegative),
        .value("icon-halo-blur", .paint, \.iconHaloBlur, default: 0, range: .nonNegative),
        .value("icon-opacity", .paint, \.iconOpacity, default: 1, range: .unitInterval),
        .value("text-color", .paint, \.textColor, default: StyleColor.black),
        .value("text-halo-color", .paint, \.textHaloColor, default: StyleColor.transparent),
        .value("text-halo-width", .paint, \.textHaloWidth, default: 0, range: .nonNegative),
        .value("text-halo-blur", .paint, \.textHaloBlur, default: 0, range: .nonNegative),
        .value("text-opacity", .paint, \.textOpacity, default: 1, range: .unitInterval),
    ]
}

/// Symbol-layer properties a renderer only accepts as one value per layer,
/// so they live on the manager, never on single annotations.
public struct SymbolLayerProperties: AnnotationPropertySet {
    /// Font stack (`text-font`, default ["Open Sans Regular", "Arial Unicode MS Regular"]).
    public var textFont: [String]?
    /// Anchors tried in order when placing labels (`text-variable-anchor`).
    public var textVariableAnchor: [BoxAnchor]?
    /// Draw the icon even if it collides with earlier symbols.
    public var iconAllowOverlap: Bool?
    public var textAllowOverlap: Bool?
    /// Let later symbols draw over this one's icon.
    public var iconIgnorePlacement: Bool?
    public var textIgnorePlacement: Bool?
    public var iconOptional: Bool?
    public var textOptional: Bool?
    /// Collision padding (`icon-padding`, default 2 px, >= 0).
    public var iconPadding: Pixels?
    public var textPadding: Pixels?
    public var iconKeepUpright: Bool?
    public var textKeepUpright: Bool?
    public var symbolPlacement: SymbolPlacement?
    /// `symbol-spacing`, default 250 px, >= 1.
    public var symbolSpacing: Pixels?
    public var symbolAvoidEdges: Bool?
    public var symbolZOrder: SymbolZOrder?
    /// `text-max-angle`, default 45 degrees.
    public var textMaxAngle: Double?
    public var textWritingMode: [TextWritingMode]?
    public var iconRotationAlignment: RotationAlignment?
    public var textRotationAlignment: RotationAlignment?
    public var iconPitchAlignment: PitchAlignment?
    public var textPitchAlignment: PitchAlignment?
    /// Pixels (`icon-translate`, default [0, 0]).
    public var iconTranslate: StyleOffset?
    public var iconTranslateAnchor: TranslateAnchor?
    public var textTranslate: StyleOffset?
    public var textTranslateAnchor: TranslateAnchor?

    /// Properties given as zoom expressions, by key (their fields are nil).
    public var expressions: [String: PropertyExpression] = [:]
    public static var isDataDriven: Bool { false }

    public init() {}

    public static let descriptors: [PropertyDescriptor<SymbolLayerProperties>] = [
        .value("text-font", .layout, \.textFont, default: ["Open Sans Regular", "Arial Unicode MS Regular"]),
        .value("text-variable-anchor", .layout, \.textVariableAnchor, default: nil),
        .value("icon-allow-overlap", .layout, \.iconAllowOverlap, default: false),
        .value("text-allow-overlap", .layout, \.textAllowOverlap, default: false),
        .value("icon-ignore-placement", .layout, \.iconIgnorePlacement, default: false),
        .value("text-ignore-placement", .layout, \.textIgnorePlacement, default: false),
        .value("icon-optional", .layout, \.iconOptional, default: false),
        .value("text-optional", .layout, \.textOptional, default: false),
        .value("icon-padding", .layout, \.iconPadding, default: 2, range: .nonNegative),
        .value("text-padding", .layout, \.textPadding, default: 2, range: .nonNegative),
        .value("icon-keep-upright", .layout, \.iconKeepUpright, default: false),
        .value("text-keep-upright", .layout, \.textKeepUpright, default: true),
        .value("symbol-placement", .layout, \.symbolPlacement, default: SymbolPlacement.point),
        .value("symbol-spacing", .layout, \.symbolSpacing, default: 250, range: .atLeast(1)),
        .value("symbol-avoid-edges", .layout, \.symbolAvoidEdges, default: false),
        .value("symbol-z-order", .layout, \.symbolZOrder, default: SymbolZOrder.auto),
        .value("text-max-angle", .layout, \.textMaxAngle, default: 45),
        .value("text-writing-mode", .layout, \.textWritingMode, default: nil),
        .value("icon-rotation-alignment", .layout, \.iconRotationAlignment, default: RotationAlignment.auto),
        .value("text-rotation-alignment", .layout, \.textRotationAlignment, default: RotationAlignment.auto),
        .value("icon-pitch-alignment", .layout, \.iconPitchAlignment, default: PitchAlignment.auto),
        .value("text-pitch-alignment", .layout, \.textPitchAlignment, default: PitchAlignment.auto),
        .value("icon-translate", .paint, \.iconTranslate, default: StyleOffset.zero),
        .value("icon-translate-anchor", .paint, \.iconTranslateAnchor, default: TranslateAnchor.map),
        .value("text-translate", .paint, \.textTranslate, default: StyleOffset.zero),
        .value("text-translate-anchor", .paint, \.textTranslateAnchor, default: TranslateAnchor.map),
    ]
}
