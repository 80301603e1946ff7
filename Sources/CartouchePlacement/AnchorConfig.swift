import CartoucheGeometry

/// One anchor option of a view annotation: an anchor plus an offset in screen
/// points. **+offsetX moves right, +offsetY moves up** (Mapbox core semantics).
public struct AnchorConfig: Hashable, Sendable {
    public var anchor: BoxAnchor
    public var offsetX: Double
    public var offsetY: Double

    public init(_ anchor: BoxAnchor, offsetX: Double = 0, offsetY: Double = 0) {
        self.anchor = anchor
        self.offsetX = offsetX
        self.offsetY = offsetY
    }

    /// The frame of a `size` view placed with this config at `point`
    /// (screen points, y down).
    ///
    /// - Complexity: O(1).
    @inlinable
    public func frame(at point: ScreenPoint, size: ScreenSize) -> ScreenRect {
        let w = size.width, h = size.height
        // Top-left corner of the frame relative to the anchor point.
        let dx: Double
        let dy: Double
        switch anchor {
        case .center: dx = -w / 2; dy = -h / 2
        case .top: dx = -w / 2; dy = 0
        case .bottom: dx = -w / 2; dy = -h
        case .left: dx = 0; dy = -h / 2
        case .right: dx = -w; dy = -h / 2
        case .topLeft: dx = 0; dy = 0
        case .topRight: dx = -w; dy = 0
        case .bottomLeft: dx = 0; dy = -h
        case .bottomRight: dx = -w; dy = -h
        }
        let x = point.x + dx + offsetX
        let y = point.y + dy - offsetY
        return ScreenRect(minX: x, minY: y, maxX: x + w, maxY: y + h)
    }
}
