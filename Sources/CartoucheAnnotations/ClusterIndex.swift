import CartoucheGeometry
import CartoucheJSON
import CartoucheStyle

/// What the renderer draws for a clustered source at some zoom: a single
/// point, or a cluster standing for several.
public enum ClusterItem: Hashable, Sendable {
    /// Input point `index` (its position in the list given to the index).
    case point(index: Int, coordinate: Coordinate)
    case cluster(Cluster)
}

/// A cluster as the renderer exposes it (`cluster_id`, `point_count`, …).
public struct Cluster: Hashable, Sendable {
    /// The renderer's `cluster_id` for the same input.
    public var id: Int
    /// Weighted centre of its points.
    public var coordinate: Coordinate
    public var pointCount: Int
    /// Aggregates from `clusterProperties`.
    public var properties: [String: JSONValue]

    public init(id: Int, coordinate: Coordinate, pointCount: Int, properties: [String: JSONValue] = [:]) {
        self.id = id
        self.coordinate = coordinate
        self.pointCount = pointCount
        self.properties = properties
    }

    /// `point_count_abbreviated`: 1234 → "1.2k", 12345 → "12k".
    public var pointCountAbbreviated: String {
        if pointCount >= 10000 { return "\(Int((Double(pointCount) / 1000).rounded()))k" }
        if pointCount >= 1000 { return "\(formatJavaScriptNumberForCount((Double(pointCount) / 100).rounded() / 10))k" }
        return "\(pointCount)"
    }
}

/// Short decimal for counts like 1.2 (no trailing ".0").
private func formatJavaScriptNumberForCount(_ x: Double) -> String {
    x == x.rounded() ? "\(Int(x))" : "\(x)"
}

/// Point clustering with the semantics of the `supercluster` library that
/// Mapbox GL and MapLibre use for clustered GeoJSON sources, so placement and
/// hit-testing see the clusters the renderer shows: same grouping, same
/// cluster ids, expansion zooms and leaves.
///
/// Built once per point set: from `maxZoom + 1` (every point) down to zoom
/// 0, each level greedily merges, in order, every not-yet-merged item with
/// all unmerged items within `radius / (512 · 2^zoom)` of it (in unit Web
/// Mercator), when together they reach `minPoints`. The cluster sits at the
/// point-count-weighted mean of its members.
public struct ClusterIndex: Sendable {
    /// One zoom level's items in struct-of-arrays form.
    struct Level: Sendable {
        var xs: [Double] = [], ys: [Double] = []
        /// Point index for points, cluster id for clusters.
        var ids: [Int] = []
        var counts: [Int] = []
        /// Cluster id of the cluster that absorbed this item one level up, or -1.
        var parents: [Int] = []
        /// Aggregated properties of clusters (nil for points).
        var properties: [[String: JSONValue]?] = []
        var tree: ClusterKDTree?

        mutating func append(x: Double, y: Double, id: Int, count: Int, properties: [String: JSONValue]?) {
            xs.append(x); ys.append(y); ids.append(id); counts.append(count); parents.append(-1)
            self.properties.append(properties)
        }
    }

    public let radius: Double
    public let maxZoom: Int
    public let minPoints: Int
    private let pointCount: Int
    private let mapped: [[String: JSONValue]]
    private let aggregation: ClusterAggregation
    /// `levels[z]` for z in 0...maxZoom + 1.
    private var levels: [Level]

    /// Builds the index.
    /// - Parameters:
    ///   - coordinates: the points, in source order.
    ///   - pointProperties: each point's feature properties, for the map
    ///     expressions of `options.clusterProperties` (may be empty when
    ///     there are none).
    ///   - options: radius, zoom range, minimum points and cluster properties.
    /// - Complexity: O(z · n log n) for z zoom levels.
    public init(coordinates: [Coordinate], pointProperties: [[String: JSONValue]] = [], options: ClusterOptions) throws(ClusterIndexError) {
        guard options.clusterMaxZoom.isFinite, (0...24).contains(options.clusterMaxZoom) else {
            throw .invalidOption("clusterMaxZoom", .outOfRange(options.clusterMaxZoom, allowed: "in [0, 24]"))
        }
        if let problem = NumericRange.nonNegative.problem(options.clusterRadius) { throw .invalidOption("clusterRadius", problem) }
        guard options.clusterMinPoints >= 1 else {
            throw .invalidOption("clusterMinPoints", .outOfRange(Double(options.clusterMinPoints), allowed: ">= 1"))
        }
        if let bad = coordinates.firstIndex(where: { !isValid($0) }) { throw .invalidCoordinate(index: bad) }
        let aggregation = try ClusterAggregation(options.clusterProperties)

        radius = options.clusterRadius
        maxZoom = Int(options.clusterMaxZoom.rounded(.down))
        minPoints = options.clusterMinPoints
        pointCount = coordinates.count
        self.aggregation = aggregation
        mapped = aggregation.isEmpty ? [] : coordinates.indices.map { i in
            aggregation.map(i < pointProperties.count ? pointProperties[i] : [:])
        }

        var top = Level()
        for (i, c) in coordinates.enumerated() {
            // supercluster rounds projected points to 32-bit floats.
            top.append(
                x: Double(Float(WebMercatorUnit.x(longitude: c.longitude))),
                y: Double(Float(WebMercatorUnit.y(latitude: c.latitude))), id: i, count: 1, properties: nil)
        }
        levels = Array(repeating: Level(), count: maxZoom + 2)
        levels[maxZoom + 1] = top
        for z in stride(from: maxZoom, through: 0, by: -1) {
            levels[z + 1].tree = ClusterKDTree(xs: levels[z + 1].xs, ys: levels[z + 1].ys)
            levels[z] = clusterLevel(z)
        }
        levels[0].tree = ClusterKDTree(xs: levels[0].xs, ys: levels[0].ys)
    }

    /// Query radius when building zoom `z`, in unit Web Mercator.
    private func searchRadius(zoom z: Int) -> Double { radius / (512 * Double(1 << z)) }

    private func mappedProperties(level: Level, index: Int) -> [String: JSONValue] {
        level.properties[index] ?? mapped[level.ids[index]]
    }

    /// Builds level `z` from level `z + 1` (whose tree must exist).
    private mutating func clusterLevel(_ z: Int) -> Level {
        var source = levels[z + 1]
        let r = searchRadius(zoom: z)
        var merged = [Bool](repeating: false, count: source.xs.count)
        var next = Level()
        var neighbors: [Int] = []
        for i in source.xs.indices where !merged[i] {
            merged[i] = true
            neighbors.removeAll(keepingCapacity: true)
            source.tree?.forEach(within: r, of: source.xs[i], source.ys[i]) { j in
                if !merged[j] { neighbors.append(j) }
            }
            let ownCount = source.counts[i]
            let total = neighbors.reduce(ownCount) { $0 + source.counts[$1] }
            if total > ownCount && total >= minPoints {
                // Same id scheme as supercluster: level index, origin zoom and
                // the number of points make ids unique and decodable.
                let id = (i << 5) + (z + 1) + pointCount
                var wx = source.xs[i] * Double(ownCount), wy = source.ys[i] * Double(ownCount)
                // supercluster: a copy of the first item's mapped properties,
                // then each neighbour folded in, in the tree's order.
                var aggregate: [String: JSONValue]? = aggregation.isEmpty ? nil : mappedProperties(level: source, index: i)
                for j in neighbors {
                    merged[j] = true
                    let n = Double(source.counts[j])
                    wx += source.xs[j] * n
                    wy += source.ys[j] * n
                    source.parents[j] = id
                    if var folded = aggregate {
                        aggregation.reduce(&folded, with: mappedProperties(level: source, index: j))
                        aggregate = folded
                    }
                }
                source.parents[i] = id
                next.append(x: wx / Double(total), y: wy / Double(total), id: id, count: total, properties: aggregate ?? [:])
            } else {
                next.append(x: source.xs[i], y: source.ys[i], id: source.ids[i], count: ownCount, properties: source.properties[i])
                if total > 1 {
                    // Too few to cluster: the neighbours stay single too.
                    for j in neighbors {
                        merged[j] = true
                        next.append(x: source.xs[j], y: source.ys[j], id: source.ids[j], count: source.counts[j], properties: source.properties[j])
                    }
                }
            }
        }
        levels[z + 1] = source
        return next
    }

    private func item(_ level: Level, _ i: Int) -> ClusterItem {
        let coordinate = Coordinate(
            latitude: WebMercatorUnit.latitude(y: level.ys[i]), longitude: WebMercatorUnit.longitude(x: level.xs[i]))
        guard level.counts[i] > 1 || level.properties[i] != nil else {
            return .point(index: level.ids[i], coordinate: coordinate)
        }
        return .cluster(Cluster(id: level.ids[i], coordinate: coordinate, pointCount: level.counts[i], properties: level.properties[i] ?? [:]))
    }

    /// Everything drawn at `zoom` (floored; above `maxZoom` every point).
    /// - Complexity: O(items at that zoom).
    public func items(atZoom zoom: Double) -> [ClusterItem] {
        let level = levels[levelIndex(zoom)]
        return level.xs.indices.map { item(level, $0) }
    }

    /// What is drawn at `zoom` inside a longitude/latitude box, like the
    /// renderer's `getClusters(bbox, zoom)`: `west > east` crosses the
    /// antimeridian, a span of 360° or more covers every longitude.
    /// - Complexity: O(√n + k) for k items in the box.
    public func items(atZoom zoom: Double, west: Double, south: Double, east: Double, north: Double) -> [ClusterItem] {
        guard [west, south, east, north].allSatisfy(\.isFinite) else { return [] }
        func wrap(_ lng: Double) -> Double {
            ((lng + 180).truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) - 180
        }
        // Longitude ranges to scan; an east edge of exactly 180 stays 180.
        var ranges = [(wrap(west), east == 180 ? 180 : wrap(east))]
        if east - west >= 360 {
            ranges = [(-180, 180)]
        } else if ranges[0].0 > ranges[0].1 {
            ranges = [(ranges[0].0, 180), (-180, ranges[0].1)]
        }
        let level = levels[levelIndex(zoom)]
        let top = WebMercatorUnit.y(latitude: Swift.min(Swift.max(north, -90), 90))
        let bottom = WebMercatorUnit.y(latitude: Swift.min(Swift.max(south, -90), 90))
        var result: [ClusterItem] = []
        for (minLng, maxLng) in ranges {
            level.tree?.forEach(
                inBox: WebMercatorUnit.x(longitude: minLng), top, WebMercatorUnit.x(longitude: maxLng), bottom
            ) { result.append(item(level, $0)) }
        }
        return result
    }

    /// The level drawn at `zoom`: floored, clamped to 0...maxZoom + 1.
    private func levelIndex(_ zoom: Double) -> Int {
        // Clamp before converting: NaN or infinite zooms must not trap.
        let clamped = zoom.isNaN ? 0 : Swift.min(Swift.max(zoom, 0), Double(maxZoom + 1))
        return Int(clamped.rounded(.down))
    }

    private func origin(of clusterId: Int) throws(ClusterIndexError) -> (zoom: Int, index: Int) {
        let offset = clusterId - pointCount
        guard offset >= 0 else { throw .unknownCluster(clusterId) }
        let zoom = offset % 32, index = offset >> 5
        guard zoom >= 1, zoom <= maxZoom + 1, index < levels[zoom].xs.count else { throw .unknownCluster(clusterId) }
        return (zoom, index)
    }

    /// The items one zoom level below the cluster that it merged.
    public func children(ofCluster clusterId: Int) throws(ClusterIndexError) -> [ClusterItem] {
        let (zoom, index) = try origin(of: clusterId)
        let level = levels[zoom]
        var result: [ClusterItem] = []
        level.tree?.forEach(within: searchRadius(zoom: zoom - 1), of: level.xs[index], level.ys[index]) { j in
            if level.parents[j] == clusterId { result.append(item(level, j)) }
        }
        guard !result.isEmpty else { throw .unknownCluster(clusterId) }
        return result
    }

    /// The zoom at which the cluster breaks apart into more than one item.
    public func expansionZoom(ofCluster clusterId: Int) throws(ClusterIndexError) -> Int {
        var id = clusterId
        var zoom = try origin(of: clusterId).zoom - 1
        while zoom <= maxZoom {
            let children = try self.children(ofCluster: id)
            zoom += 1
            guard children.count == 1, case .cluster(let only) = children[0] else { break }
            id = only.id
        }
        return zoom
    }

    /// The input point indices under a cluster, depth-first, a page at a time.
    public func leaves(ofCluster clusterId: Int, limit: Int = 10, offset: Int = 0) throws(ClusterIndexError) -> [Int] {
        var result: [Int] = []
        var skipped = 0
        try appendLeaves(clusterId, limit: Swift.max(limit, 0), offset: Swift.max(offset, 0), skipped: &skipped, into: &result)
        return result
    }

    private func appendLeaves(_ clusterId: Int, limit: Int, offset: Int, skipped: inout Int, into result: inout [Int]) throws(ClusterIndexError) {
        for child in try children(ofCluster: clusterId) {
            if result.count >= limit { return }
            switch child {
            case .cluster(let c):
                if skipped + c.pointCount <= offset {
                    skipped += c.pointCount  // skip the whole cluster
                } else {
                    try appendLeaves(c.id, limit: limit, offset: offset, skipped: &skipped, into: &result)
                }
            case .point(let index, _):
                if skipped < offset { skipped += 1 } else { result.append(index) }
            }
        }
    }
}
