import CartoucheGeometry

/// A picture in screen space: what a scene looks like after projection and
/// placement. Knows nothing of geography; the scene layer fills it.
public struct Drawing: Hashable, Sendable {
    /// The viewport in points; the SVG's width, height and viewBox.
    public var size: ScreenSize
    public var background: RenderColor
    /// Bottom to top.
    public var layers: [Layer]
    public var legend: Legend?
    /// One line of text along the bottom edge (e.g. "12 placed, 3 hidden").
    public var caption: String?

    public init(
        size: ScreenSize, background: RenderColor = RenderStyle.background, layers: [Layer] = [],
        legend: Legend? = nil, caption: String? = nil
    ) {
        self.size = size
        self.background = background
        self.layers = layers
        self.legend = legend
        self.caption = caption
    }
}

extension Drawing {
    /// One thing to draw.
    public enum Primitive: Hashable, Sendable {
        case polyline(Polyline)
        case polygon(Polygon)
        case circle(Circle)
        case symbol(PointSymbol)
        case callout(Callout)
        case puck(Puck)
        case padding(PaddingFrame)
        case ghost(Ghost)
    }

    /// An ordered group of primitives, written as `<g id="…">`. Earlier
    /// primitives are drawn below later ones.
    public struct Layer: Hashable, Sendable {
        /// Unique within the drawing; becomes the group's SVG id.
        public var id: String
        public var primitives: [Primitive]

        public init(id: String, primitives: [Primitive] = []) {
            self.id = id
            self.primitives = primitives
        }
    }
}
