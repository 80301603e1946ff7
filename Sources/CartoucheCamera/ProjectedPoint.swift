import CartoucheGeometry

/// The full answer of ``Projection/projectDetailed(_:)``: where a coordinate
/// lands, how far it is from the camera, and whether it can be shown.
public struct ProjectedPoint: Hashable, Sendable {
    /// Where the point stands relative to what the camera shows.
    public enum Visibility: Hashable, Sendable {
        /// Visible ground inside the viewport (edges included).
        case onScreen
        /// Visible ground, but outside the viewport.
        case offScreen
        /// In front of the camera but past ``Projection/horizonY``, where no
        /// ground is drawn.
        case beyondHorizon
        /// Behind (or level with) the camera: it has no screen position.
        case behindCamera
        /// On the far side of the globe (``MapProjection/globe`` below zoom
        /// 12 only): hidden by the sphere, with no screen position.
        case occluded
    }

    public var visibility: Visibility
    /// The perspective projection of the point; nil only for ``Visibility/behindCamera``,
    /// where dividing by a negative depth would mirror it onto the screen, and
    /// for ``Visibility/occluded``.
    public var point: ScreenPoint?
    /// Distance in front of the camera along its viewing axis, in points
    /// (the homogeneous w). Zero or negative behind the camera; equal to
    /// ``Projection/cameraToCenterDistance`` at the camera centre (NaN for
    /// non-finite input).
    public var depth: Double

    public init(visibility: Visibility, point: ScreenPoint?, depth: Double) {
        self.visibility = visibility
        self.point = point
        self.depth = depth
    }

    /// True for ``Visibility/onScreen`` and ``Visibility/offScreen``: the
    /// point is on the drawn ground, so ``Projection/project(_:)`` returns it.
    public var isOnVisibleGround: Bool {
        visibility == .onScreen || visibility == .offScreen
    }
}
