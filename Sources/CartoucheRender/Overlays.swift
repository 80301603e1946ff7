import CartoucheGeometry
import CartouchePlacement

extension Drawing {
    /// The user's location: a blue dot with a white ring and, when the heading
    /// is known, a translucent cone pointing along it.
    public struct Puck: Hashable, Sendable {
        public var center: ScreenPoint
        /// Screen bearing in degrees clockwise from straight up; nil hides the cone.
        public var bearing: Double?
        /// Radius of the blue dot; the ring and cone scale with it.
        public var radius: Double
        public var color: RenderColor

        public init(center: ScreenPoint, bearing: Double? = nil, radius: Double = 7, color: RenderColor = RenderStyle.puckBlue) {
            self.center = center
            self.bearing = bearing
            self.radius = radius
            self.color = color
        }
    }

    /// The viewport minus camera padding, drawn as a dashed rectangle.
    public struct PaddingFrame: Hashable, Sendable {
        public var rect: ScreenRect
        public var color: RenderColor

        public init(rect: ScreenRect, color: RenderColor = RenderStyle.padding) {
            self.rect = rect
            self.color = color
        }
    }

    /// A candidate frame the solver tried and rejected: a thin dashed outline
    /// coloured by the reason, optionally labelled.
    public struct Ghost: Hashable, Sendable {
        /// The annotation the candidate belonged to.
        public var id: String?
        public var frame: ScreenRect
        public var reason: HiddenReason
        public var showsLabel: Bool

        public init(id: String? = nil, frame: ScreenRect, reason: HiddenReason, showsLabel: Bool = false) {
            self.id = id
            self.frame = frame
            self.reason = reason
            self.showsLabel = showsLabel
        }

        /// A ghost for a rejected candidate of a placement run; `id` names the
        /// annotation (the result's placements carry the ids).
        public init(_ candidate: RejectedCandidate, id: String?, showsLabel: Bool = false) {
            self.init(id: id, frame: candidate.frame, reason: candidate.reason, showsLabel: showsLabel)
        }

        /// Short text for the label: the reason code, plus what collided or
        /// which layer was avoided.
        public var labelText: String {
            switch reason {
            case .collision(let other): "collision: \(other)"
            case .avoidLayer(let layer): "avoidLayer: \(layer)"
            default: reason.code
            }
        }

        /// Colour per reason code, so a picture shows at a glance why candidates failed.
        public static func color(for reason: HiddenReason) -> RenderColor {
            switch reason {
            case .collision: RenderColor(rgb: 0xF08C00)
            case .puck: RenderColor(rgb: 0x8E44AD)
            case .padding: RenderColor(rgb: 0xD63A3A)
            case .avoidRegion, .avoidLayer: RenderColor(rgb: 0x159A8C)
            case .offscreen, .zoom, .notVisible, .featureNotFound, .horizon: RenderColor(rgb: 0x7A7F87)
            }
        }
    }
}

extension Drawing.Layer {
    /// A layer of ghosts for every rejected candidate of a placement run
    /// (run the placement with `recordRejected: true`), each carrying the id
    /// of its annotation.
    ///
    /// - Complexity: O(r) for r rejected candidates.
    public static func ghosts(of result: PlacementResult, id: String = "ghosts", showsLabels: Bool = false) -> Drawing.Layer {
        let primitives = result.rejected.map { candidate -> Drawing.Primitive in
            let owner = result.placements.indices.contains(candidate.itemIndex)
                ? result.placements[candidate.itemIndex].id : nil
            return .ghost(Drawing.Ghost(candidate, id: owner, showsLabel: showsLabels))
        }
        return Drawing.Layer(id: id, primitives: primitives)
    }
}
