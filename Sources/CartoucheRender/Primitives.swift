import CartoucheGeometry

extension Drawing {
    /// A line through screen points (a route, a road).
    public struct Polyline: Hashable, Sendable {
        /// Written as `data-id` so a viewer can highlight the annotation.
        public var id: String?
        public var points: [ScreenPoint]
        public var style: LineStyle

        public init(id: String? = nil, points: [ScreenPoint], style: LineStyle = RenderStyle.primaryRoute) {
            self.id = id
            self.points = points
            self.style = style
        }
    }

    /// A filled area: the outer ring first, then holes. Rings need not be closed
    /// and their winding does not matter (filled even–odd).
    public struct Polygon: Hashable, Sendable {
        public var id: String?
        public var rings: [[ScreenPoint]]
        public var style: FillStyle

        public init(id: String? = nil, rings: [[ScreenPoint]], style: FillStyle = RenderStyle.area) {
            self.id = id
            self.rings = rings
            self.style = style
        }
    }

    /// A circle of a fixed screen radius (a circle annotation).
    public struct Circle: Hashable, Sendable {
        public var id: String?
        public var center: ScreenPoint
        public var radius: Double
        public var style: FillStyle

        public init(id: String? = nil, center: ScreenPoint, radius: Double, style: FillStyle = RenderStyle.circle) {
            self.id = id
            self.center = center
            self.radius = radius
            self.style = style
        }
    }

    /// A line of text at a given position. The layout engine supplies positions;
    /// bidirectional reordering is left to the viewer.
    public struct TextRun: Hashable, Sendable {
        public var text: String
        /// The baseline point named by `anchor` (left end for `.start`).
        public var position: ScreenPoint
        public var anchor: TextAnchor
        public var style: TextStyle

        public init(_ text: String, at position: ScreenPoint, anchor: TextAnchor = .start, style: TextStyle) {
            self.text = text
            self.position = position
            self.anchor = anchor
            self.style = style
        }
    }

    /// The icon of a point annotation.
    public enum SymbolIcon: Hashable, Sendable {
        /// A map pin whose tip is on the point; `height` in points.
        case pin(height: Double, color: RenderColor)
        /// A dot with a white ring, centred on the point.
        case dot(radius: Double, color: RenderColor)
        /// No icon (a text-only symbol).
        case none
    }

    /// A point annotation: an icon plus an optional label.
    public struct PointSymbol: Hashable, Sendable {
        public var id: String?
        public var point: ScreenPoint
        public var icon: SymbolIcon
        public var label: TextRun?
        /// The box the label was placed in, drawn only by debug renders.
        public var labelBox: ScreenRect?

        public init(
            id: String? = nil, point: ScreenPoint, icon: SymbolIcon = .pin(height: 28, color: RenderStyle.marker),
            label: TextRun? = nil, labelBox: ScreenRect? = nil
        ) {
            self.id = id
            self.point = point
            self.icon = icon
            self.label = label
            self.labelBox = labelBox
        }
    }
}
