/// One GeoJSON position: a ``Coordinate`` plus an optional altitude.
///
/// GeoJSON writes positions as `[longitude, latitude]` or
/// `[longitude, latitude, altitude]` (RFC 7946 §3.1.1). The coordinate keeps
/// Cartouche's usual latitude/longitude naming; the altitude (metres above
/// the WGS 84 ellipsoid) is `nil` when the position had only two numbers, so
/// a decode–encode round trip reproduces the input's dimension exactly.
/// Positions with more than three numbers are rejected by the decoder (the
/// RFC says they SHOULD NOT be used, and keeping them would need a type no
/// consumer understands).
public struct Position: Hashable, Sendable {
    public var coordinate: Coordinate
    /// Metres above the ellipsoid, or nil for a 2-D position.
    public var altitude: Double?

    @inlinable
    public init(_ coordinate: Coordinate, altitude: Double? = nil) {
        self.coordinate = coordinate
        self.altitude = altitude
    }

    @inlinable
    public init(latitude: Double, longitude: Double, altitude: Double? = nil) {
        self.coordinate = Coordinate(latitude: latitude, longitude: longitude)
        self.altitude = altitude
    }

    @inlinable public var latitude: Double { coordinate.latitude }
    @inlinable public var longitude: Double { coordinate.longitude }
}

extension Position: CustomStringConvertible {
    /// GeoJSON order: `[longitude, latitude]` or `[longitude, latitude, altitude]`.
    public var description: String {
        if let altitude { return "[\(longitude), \(latitude), \(altitude)]" }
        return "[\(longitude), \(latitude)]"
    }
}
