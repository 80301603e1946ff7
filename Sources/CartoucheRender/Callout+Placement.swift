import CartoucheGeometry
import CartouchePlacement

extension AnchorConfig {
    /// The anchor point a frame placed with this config hangs from: the
    /// inverse of `frame(at:size:)`, so a callout can be drawn from a
    /// placement result alone.
    ///
    /// - Complexity: O(1).
    public func anchorPoint(of frame: ScreenRect) -> ScreenPoint {
        let w = frame.width, h = frame.height
        // Offset of the anchor point from the frame's top-left corner.
        let dx: Double
        let dy: Double
        switch anchor {
        case .center: dx = w / 2; dy = h / 2
        case .top: dx = w / 2; dy = 0
        case .bottom: dx = w / 2; dy = h
        case .left: dx = 0; dy = h / 2
        case .right: dx = w; dy = h / 2
        case .topLeft: dx = 0; dy = 0
        case .topRight: dx = w; dy = 0
        case .bottomLeft: dx = 0; dy = h
        case .bottomRight: dx = w; dy = h
        }
        // +offsetX moved the frame right and +offsetY moved it up.
        return ScreenPoint(x: frame.minX + dx - offsetX, y: frame.minY + dy + offsetY)
    }
}

extension Drawing.Callout {
    /// The callout of a shown placement, with its tail towards the anchor
    /// point the frame was placed at; nil when the placement is hidden.
    public init?(
        _ placement: Placement, style: Drawing.CalloutStyle = RenderStyle.callout,
        lines: [Line] = [], icon: Icon? = nil
    ) {
        guard let frame = placement.frame, let config = placement.anchor else { return nil }
        self.init(
            id: placement.id, frame: frame, anchorPoint: config.anchorPoint(of: frame), anchor: config.anchor,
            style: style, lines: lines, icon: icon)
    }
}
