/// Why a view annotation is not shown (or why one candidate was rejected).
public enum HiddenReason: Hashable, Sendable {
    /// It would overlap the annotation (or symbol) with this id.
    case collision(with: String)
    /// It would overlap the location puck.
    case puck
    /// Its frame leaves the viewport minus camera padding.
    case padding
    /// Its anchor point lies beyond the culling margin (or projects nowhere).
    case offscreen
    /// The camera zoom is outside its [minZoom, maxZoom].
    case zoom
    /// `visible` is false.
    case notVisible
    /// The layer feature it is bound to does not exist.
    case featureNotFound
    /// It would cover an avoid region.
    case avoidRegion
    /// It would cover a line of an avoid layer (the line's id).
    case avoidLayer(String)
    /// What it is bound to is entirely behind the globe (`globe` projection
    /// below zoom 12): its point, every point, or every part of its lines
    /// and rings is on the far side of the horizon.
    case horizon

    /// A stable, machine-readable name ("collision", "puck", …).
    public var code: String {
        switch self {
        case .collision: "collision"
        case .puck: "puck"
        case .padding: "padding"
        case .offscreen: "offscreen"
        case .zoom: "zoom"
        case .notVisible: "notVisible"
        case .featureNotFound: "featureNotFound"
        case .avoidRegion: "avoidRegion"
        case .avoidLayer: "avoidLayer"
        case .horizon: "horizon"
        }
    }
}
