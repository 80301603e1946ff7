import CartoucheJSON
import CartoucheScene

/// One thing under a tap, top-most first in a result list.
public struct SceneHit: Sendable, Hashable {
    /// The layer (= manager) id, or nil for view annotations.
    public var layerId: String?
    /// The annotation (feature) or view annotation id.
    public var id: String
    public var kind: HitKind
    /// Distance from the query point to the hit area, in points (0 inside).
    public var distance: Double
    public var customData: [String: JSONValue]
    /// Set for hits on clusters.
    public var cluster: ClusterHit?
}
