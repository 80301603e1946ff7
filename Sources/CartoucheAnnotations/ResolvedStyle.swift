import CartoucheGeometry
import CartoucheStyle

// What one annotation is drawn with: its own value, else its manager's, else
// the style-spec default — the rule a renderer applies to the compiled layer
// (`["coalesce", ["get", key], manager value]`, spec default underneath).
// Placement (avoid lines, lines above a callout), symbol boxes, the tap
// index and the pictures all read these, so the rule is written once and
// they cannot disagree (e.g. about which line is drawn on top).
// Expressions (manager or annotation) are evaluated for the feature at the
// frame's zoom with its feature state (`ExpressionValues.swift`).
// `ResolvedStyleTests` checks every default here against the descriptor
// tables, which hold the spec's defaults for the compiled style.

/// A polyline annotation as drawn.
public struct ResolvedLineStyle: Hashable, Sendable {
    public var color: StyleColor
    public var width: Double
    public var gapWidth: Double
    public var offset: Double
    public var opacity: Double
    /// `line-sort-key`; nil sorts as 0.
    public var sortKey: Double?

    /// The width the renderer covers: with a gap, two lines of `width`
    /// either side of it (gap + 2 × width), else `width`.
    public var drawnWidth: Double { gapWidth > 0 ? gapWidth + 2 * width : width }
}

/// A circle annotation as drawn.
public struct ResolvedCircleStyle: Hashable, Sendable {
    public var radius: Double
    public var color: StyleColor
    public var opacity: Double
    public var strokeWidth: Double
    public var strokeColor: StyleColor
    public var sortKey: Double?
}

/// A polygon annotation as drawn.
public struct ResolvedFillStyle: Hashable, Sendable {
    public var color: StyleColor
    public var opacity: Double
    /// `fill-outline-color`; the spec has no default: unset draws the outline
    /// in the fill colour.
    public var outlineColor: StyleColor
    public var sortKey: Double?
}

/// A point annotation's symbol as laid out: the icon and text properties
/// that decide its boxes on screen.
public struct ResolvedSymbolStyle: Hashable, Sendable {
    public var iconImage: String?
    public var iconSize: Double
    public var iconOffset: StyleOffset
    public var iconAnchor: BoxAnchor
    /// Nil or empty: no text.
    public var textField: String?
    public var textSize: Double
    public var textMaxWidth: Double
    public var textLineHeight: Double
    public var textLetterSpacing: Double
    public var textJustify: TextJustify
    public var textAnchor: BoxAnchor
    public var textTransform: TextTransform
    public var textOffset: StyleOffset
    public var textRadialOffset: Double
    public var sortKey: Double?
}

extension AnnotationManager where Kind == PolylineAnnotationKind {
    /// - Complexity: O(1) without expressions; expressions are evaluated in
    ///   `environment` (the frame's zoom, the feature state).
    public func resolvedStyle(of a: PolylineAnnotation, in environment: StyleEnvironment = StyleEnvironment()) -> ResolvedLineStyle {
        let (p, d) = evaluatedProperties(of: a, in: environment)
        return ResolvedLineStyle(
            color: p.lineColor ?? d.lineColor ?? .black, width: (p.lineWidth ?? d.lineWidth)?.value ?? 1,
            gapWidth: (p.lineGapWidth ?? d.lineGapWidth)?.value ?? 0, offset: (p.lineOffset ?? d.lineOffset)?.value ?? 0,
            opacity: p.lineOpacity ?? d.lineOpacity ?? 1, sortKey: p.lineSortKey ?? d.lineSortKey)
    }
}

extension AnnotationManager where Kind == CircleAnnotationKind {
    /// - Complexity: O(1) without expressions; expressions are evaluated in
    ///   `environment` (the frame's zoom, the feature state).
    public func resolvedStyle(of a: CircleAnnotation, in environment: StyleEnvironment = StyleEnvironment()) -> ResolvedCircleStyle {
        let (p, d) = evaluatedProperties(of: a, in: environment)
        return ResolvedCircleStyle(
            radius: (p.circleRadius ?? d.circleRadius)?.value ?? 5, color: p.circleColor ?? d.circleColor ?? .black,
            opacity: p.circleOpacity ?? d.circleOpacity ?? 1,
            strokeWidth: (p.circleStrokeWidth ?? d.circleStrokeWidth)?.value ?? 0,
            strokeColor: p.circleStrokeColor ?? d.circleStrokeColor ?? .black, sortKey: p.circleSortKey ?? d.circleSortKey)
    }
}

extension AnnotationManager where Kind == PolygonAnnotationKind {
    /// - Complexity: O(1) without expressions; expressions are evaluated in
    ///   `environment` (the frame's zoom, the feature state).
    public func resolvedStyle(of a: PolygonAnnotation, in environment: StyleEnvironment = StyleEnvironment()) -> ResolvedFillStyle {
        let (p, d) = evaluatedProperties(of: a, in: environment)
        let color = p.fillColor ?? d.fillColor ?? .black
        return ResolvedFillStyle(
            color: color, opacity: p.fillOpacity ?? d.fillOpacity ?? 1,
            outlineColor: p.fillOutlineColor ?? d.fillOutlineColor ?? color, sortKey: p.fillSortKey ?? d.fillSortKey)
    }
}

extension AnnotationManager where Kind == PointAnnotationKind {
    /// - Complexity: O(1) without expressions; expressions are evaluated in
    ///   `environment` (the frame's zoom, the feature state).
    public func resolvedStyle(of a: PointAnnotation, in environment: StyleEnvironment = StyleEnvironment()) -> ResolvedSymbolStyle {
        let (p, d) = evaluatedProperties(of: a, in: environment)
        return ResolvedSymbolStyle(
            iconImage: p.iconImage ?? d.iconImage, iconSize: p.iconSize ?? d.iconSize ?? 1,
            iconOffset: p.iconOffset ?? d.iconOffset ?? .zero, iconAnchor: p.iconAnchor ?? d.iconAnchor ?? .center,
            textField: p.textField ?? d.textField, textSize: (p.textSize ?? d.textSize)?.value ?? 16,
            textMaxWidth: (p.textMaxWidth ?? d.textMaxWidth)?.value ?? 10,
            textLineHeight: (p.textLineHeight ?? d.textLineHeight)?.value ?? 1.2,
            textLetterSpacing: (p.textLetterSpacing ?? d.textLetterSpacing)?.value ?? 0,
            textJustify: p.textJustify ?? d.textJustify ?? .center, textAnchor: p.textAnchor ?? d.textAnchor ?? .center,
            textTransform: p.textTransform ?? d.textTransform ?? .none, textOffset: p.textOffset ?? d.textOffset ?? .zero,
            textRadialOffset: (p.textRadialOffset ?? d.textRadialOffset)?.value ?? 0,
            sortKey: p.symbolSortKey ?? d.symbolSortKey)
    }
}
