/// Which part of a box sits on its anchor point — one word for the style
/// spec's `icon-anchor`, `text-anchor` and `text-variable-anchor`, and for
/// Mapbox's `ViewAnnotationAnchor`. The name says which part of the box
/// touches the point: `.top` puts the box's top edge on the point, so the box
/// hangs below it. Raw values are the style spec's spellings.
///
/// Defined here, below every module that speaks of anchors (style, text,
/// placement, render), so none of them keeps a copy to convert by raw value.
public enum BoxAnchor: String, CaseIterable, Hashable, Sendable {
    case center
    case top
    case bottom
    case left
    case right
    case topLeft = "top-left"
    case topRight = "top-right"
    case bottomLeft = "bottom-left"
    case bottomRight = "bottom-right"

    /// The eight non-centre anchors in Mapbox's `ViewAnnotationAnchor.all`
    /// order (the order a view annotation tries them in by default).
    public static let all: [BoxAnchor] = [
        .topLeft, .top, .topRight, .left, .right, .bottomLeft, .bottom, .bottomRight,
    ]

    /// Fraction of the box's width left of the anchor point (0: the point is
    /// on the left edge).
    public var horizontalAlign: Double {
        switch self {
        case .left, .topLeft, .bottomLeft: 0
        case .right, .topRight, .bottomRight: 1
        case .center, .top, .bottom: 0.5
        }
    }

    /// Fraction of the box's height above the anchor point (0: the point is
    /// on the top edge).
    public var verticalAlign: Double {
        switch self {
        case .top, .topLeft, .topRight: 0
        case .bottom, .bottomLeft, .bottomRight: 1
        case .center, .left, .right: 0.5
        }
    }
}
