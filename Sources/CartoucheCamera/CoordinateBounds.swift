import CartoucheGeometry

/// A latitude/longitude box. `east` may exceed 180 (and `west` be below -180)
/// so that a box crossing the antimeridian stays one contiguous range:
/// west 170, east 190 is the 20° band around lon 180.
public struct CoordinateBounds: Hashable, Sendable {
    public var west: Double
    public var south: Double
    public var east: Double
    public var north: Double

    /// Stores the edges as given; see ``validate(field:)``.
    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// Checks the edges are finite, latitudes within -90...90 with
    /// south ≤ north, and 0 ≤ east − west ≤ 360.
    public func validate(field: String = "bounds") throws(CameraError) {
        try checkRange(south, -90...90, field: "\(field).south")
        try checkRange(north, south...90, field: "\(field).north")
        guard west.isFinite else { throw .nonFinite(field: "\(field).west", value: west) }
        try checkRange(east, west...(west + 360), field: "\(field).east")
    }

    /// The smallest box holding every coordinate. Longitudes take the shortest
    /// way round: points at lon 179 and -179 give west 179, east 181 (2° wide),
    /// not 358° the long way.
    ///
    /// - Throws: ``CameraError/noCoordinates`` for an empty array, or a range
    ///   error naming `coordinates[i]` for a non-finite or out-of-range value.
    /// - Complexity: O(n log n) for the longitude sort.
    public static func enclosing(_ coordinates: [Coordinate]) throws(CameraError) -> CoordinateBounds {
        guard !coordinates.isEmpty else { throw .noCoordinates }
        var south = Double.infinity, north = -Double.infinity
        var longitudes: [Double] = []
        longitudes.reserveCapacity(coordinates.count)
        for (index, c) in coordinates.enumerated() {
            try checkRange(c.latitude, -90...90, field: "coordinates[\(index)].latitude")
            guard c.longitude.isFinite else {
                throw .nonFinite(field: "coordinates[\(index)].longitude", value: c.longitude)
            }
            south = min(south, c.latitude)
            north = max(north, c.latitude)
            longitudes.append(WebMercator.wrapLongitude(c.longitude))
        }
        longitudes.sort()
        // The box is the complement of the widest empty arc between
        // neighbouring longitudes (including the arc from the last back to the first).
        var widestGap = longitudes[0] + 360 - longitudes[longitudes.count - 1]
        var west = longitudes[0]
        for index in 1..<longitudes.count {
            let gap = longitudes[index] - longitudes[index - 1]
            if gap > widestGap {
                widestGap = gap
                west = longitudes[index]
            }
        }
        return CoordinateBounds(west: west, south: south, east: west + (360 - widestGap), north: north)
    }
}
