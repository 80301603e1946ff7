import CartoucheGeometry
import CartouchePlacement

extension Drawing {
    /// A view annotation as the solver placed it: a bubble whose tail points at
    /// its anchor point, with text inside.
    public struct Callout: Hashable, Sendable {
        /// A line of text; `baseline` is relative to the top-left of the bubble's
        /// body (the frame without the tail), so the same layout serves every anchor.
        public struct Line: Hashable, Sendable {
            public var text: String
            public var baseline: ScreenPoint
            public var style: TextStyle

            public init(_ text: String, baseline: ScreenPoint, style: TextStyle) {
                self.text = text
                self.baseline = baseline
                self.style = style
            }
        }

        /// A square icon slot (e.g. the 24×24 icon of the ETA callout), relative
        /// to the body's top-left, drawn as a rounded tile.
        public struct Icon: Hashable, Sendable {
            public var box: ScreenRect
            public var color: RenderColor

            public init(box: ScreenRect, color: RenderColor) {
                self.box = box
                self.color = color
            }
        }

        public var id: String?
        /// The frame from the solver, tail included.
        public var frame: ScreenRect
        public var anchorPoint: ScreenPoint
        public var anchor: BoxAnchor
        public var style: CalloutStyle
        public var lines: [Line]
        public var icon: Icon?

        public init(
            id: String? = nil, frame: ScreenRect, anchorPoint: ScreenPoint, anchor: BoxAnchor,
            style: CalloutStyle = RenderStyle.callout, lines: [Line] = [], icon: Icon? = nil
        ) {
            self.id = id
            self.frame = frame
            self.anchorPoint = anchorPoint
            self.anchor = anchor
            self.style = style
            self.lines = lines
            self.icon = icon
        }

        /// The bubble outline for this callout's frame, anchor and style.
        public var bubble: CalloutBubble {
            CalloutBubble(
                frame: frame, anchorPoint: anchorPoint, anchor: anchor,
                tailSize: style.tailSize, cornerRadius: style.cornerRadius, room: style.tailRoom)
        }
    }
}
