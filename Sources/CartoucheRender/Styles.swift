

extension Drawing {
    /// How a line is stroked: SVG's `stroke-linecap`.
    public enum LineCap: String, Hashable, Sendable {
        case butt, round, square
    }

    /// How line segments meet: SVG's `stroke-linejoin`.
    public enum LineJoin: String, Hashable, Sendable {
        case miter, round, bevel
    }

    /// The stroke of a polyline, with an optional casing (a wider stroke drawn
    /// underneath so the line stands out from the map, like route lines).
    public struct LineStyle: Hashable, Sendable {
        public var color: RenderColor
        public var width: Double
        public var opacity: Double
        /// Visible casing on each side of the line; 0 for none.
        public var casingWidth: Double
        public var casingColor: RenderColor
        /// Dash and gap lengths in points; empty for a solid line.
        public var dash: [Double]
        public var cap: LineCap
        public var join: LineJoin

        public init(
            color: RenderColor, width: Double = 2, opacity: Double = 1,
            casingWidth: Double = 0, casingColor: RenderColor = .white,
            dash: [Double] = [], cap: LineCap = .round, join: LineJoin = .round
        ) {
            self.color = color
            self.width = width
            self.opacity = opacity
            self.casingWidth = casingWidth
            self.casingColor = casingColor
            self.dash = dash
            self.cap = cap
            self.join = join
        }
    }

    /// Fill and outline of a polygon or circle.
    public struct FillStyle: Hashable, Sendable {
        public var color: RenderColor
        public var opacity: Double
        /// Outline colour; nil for none.
        public var strokeColor: RenderColor?
        public var strokeWidth: Double
        public var strokeOpacity: Double

        public init(
            color: RenderColor, opacity: Double = 1,
            strokeColor: RenderColor? = nil, strokeWidth: Double = 1, strokeOpacity: Double = 1
        ) {
            self.color = color
            self.opacity = opacity
            self.strokeColor = strokeColor
            self.strokeWidth = strokeWidth
            self.strokeOpacity = strokeOpacity
        }
    }

    /// Font weight of a run of text.
    public enum FontWeight: String, Hashable, Sendable {
        case regular = "normal"
        case bold
    }

    /// Which point of the text its position names: SVG's `text-anchor`.
    public enum TextAnchor: String, Hashable, Sendable {
        case start, middle, end
    }

    /// Size, weight and colours of a piece of text.
    public struct TextStyle: Hashable, Sendable {
        public var size: Double
        public var weight: FontWeight
        public var color: RenderColor
        /// A contrasting outline that keeps text legible over lines; nil for none.
        public var haloColor: RenderColor?
        public var haloWidth: Double

        public init(
            size: Double = 12, weight: FontWeight = .regular, color: RenderColor = .black,
            haloColor: RenderColor? = nil, haloWidth: Double = 0
        ) {
            self.size = size
            self.weight = weight
            self.color = color
            self.haloColor = haloColor
            self.haloWidth = haloWidth
        }
    }

    /// The look of a callout bubble.
    public struct CalloutStyle: Hashable, Sendable {
        public var fill: RenderColor
        public var stroke: RenderColor?
        public var strokeWidth: Double
        /// Depth of the tail, part of the solver's frame.
        public var tailSize: Double
        /// Where the frame keeps room for the tail.
        public var tailRoom: TailRoom
        public var cornerRadius: Double
        /// A soft drop shadow under the bubble.
        public var shadow: Bool

        public init(
            fill: RenderColor, stroke: RenderColor? = nil, strokeWidth: Double = 1,
            tailSize: Double = 8, tailRoom: TailRoom = .allSides, cornerRadius: Double = 8, shadow: Bool = true
        ) {
            self.fill = fill
            self.stroke = stroke
            self.strokeWidth = strokeWidth
            self.tailSize = tailSize
            self.tailRoom = tailRoom
            self.cornerRadius = cornerRadius
            self.shadow = shadow
        }
    }
}
