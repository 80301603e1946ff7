/// Insets from the viewport edges, in screen points.
///
/// As camera padding, the insets move the point the camera centre is drawn at
/// (and the perspective's principal point) to the centre of the padded rect.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets()

    /// The same inset on all four sides.
    public init(all inset: Double) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }

    /// The viewport minus these insets (y down).
    public func paddedRect(in viewport: ScreenSize) -> ScreenRect {
        ScreenRect(minX: left, minY: top, maxX: viewport.width - right, maxY: viewport.height - bottom)
    }
}
