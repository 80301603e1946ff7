import CartoucheJSON
import CartoucheStyle

/// Clustering of a point manager's source, with the look of the two layers
/// that draw clusters (a circle and a count label). Defaults as in Mapbox.
public struct ClusterOptions: Hashable, Sendable {
    /// Cluster radius in pixels of a 512-pixel tile (default 50).
    public var clusterRadius: Double
    /// Highest zoom that clusters (default 14); above it every point shows.
    public var clusterMaxZoom: Double
    /// Fewest points that make a cluster (default 2).
    public var clusterMinPoints: Int
    /// Aggregates computed per cluster, e.g. `["sum": [+, ["get", "n"]]]`.
    public var clusterProperties: [String: ClusterProperty]
    /// Radius of the cluster circle (default 18).
    public var circleRadius: Pixels
    public var circleColor: StyleColor
    /// Count label color (default white).
    public var textColor: StyleColor
    public var textSize: Pixels
    /// Count label text (default `["get", "point_count"]`).
    public var textField: JSONValue

    public init(
        clusterRadius: Double = 50, clusterMaxZoom: Double = 14, clusterMinPoints: Int = 2,
        clusterProperties: [String: ClusterProperty] = [:], circleRadius: Pixels = 18,
        circleColor: StyleColor = .black, textColor: StyleColor = .white, textSize: Pixels = 12,
        textField: JSONValue = ["get", "point_count"]
    ) {
        self.clusterRadius = clusterRadius
        self.clusterMaxZoom = clusterMaxZoom
        self.clusterMinPoints = clusterMinPoints
        self.clusterProperties = clusterProperties
        self.circleRadius = circleRadius
        self.circleColor = circleColor
        self.textColor = textColor
        self.textSize = textSize
        self.textField = textField
    }

    /// The first invalid option as (name, problem).
    var firstProblem: (String, StyleValueError)? {
        if let p = NumericRange.nonNegative.problem(clusterRadius) { return ("clusterRadius", p) }
        if !clusterMaxZoom.isFinite || !(0...24).contains(clusterMaxZoom) {
            return ("clusterMaxZoom", .outOfRange(clusterMaxZoom, allowed: "in [0, 24]"))
        }
        if clusterMinPoints < 1 { return ("clusterMinPoints", .outOfRange(Double(clusterMinPoints), allowed: ">= 1")) }
        if let p = NumericRange.nonNegative.problem(circleRadius.value) { return ("circleRadius", p) }
        if let p = NumericRange.nonNegative.problem(textSize.value) { return ("textSize", p) }
        return nil
    }

    var sourceClustering: SourceClustering {
        SourceClustering(radius: clusterRadius, maxZoom: clusterMaxZoom, minPoints: clusterMinPoints, properties: clusterProperties)
    }
}
