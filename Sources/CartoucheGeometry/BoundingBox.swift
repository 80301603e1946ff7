/// A GeoJSON `bbox` (RFC 7946 §5): the west, south, east and north edges in
/// degrees, plus an altitude range for 3-D boxes.
///
/// `west > east` is allowed and means the box crosses the antimeridian
/// (RFC 7946 §5.2). The decoder requires `south <= north`, latitudes in
/// [-90, 90], longitudes within ±``Coordinate/longitudeLimit`` and, for 3-D
/// boxes, a minimum altitude not above the maximum.
public struct BoundingBox: Hashable, Sendable {
    public var west: Double
    public var south: Double
    public var east: Double
    public var north: Double
    /// Lowest and highest altitude, for a 3-D box (6 numbers in JSON).
    public var altitudeRange: ClosedRange<Double>?

    @inlinable
    public init(west: Double, south: Double, east: Double, north: Double, altitudeRange: ClosedRange<Double>? = nil) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
        self.altitudeRange = altitudeRange
    }

    @inlinable public var southwest: Coordinate { Coordinate(latitude: south, longitude: west) }
    @inlinable public var northeast: Coordinate { Coordinate(latitude: north, longitude: east) }

    /// True when the box wraps across ±180° (west edge east of the east edge).
    @inlinable public var crossesAntimeridian: Bool { west > east }
}
