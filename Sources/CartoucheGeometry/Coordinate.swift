/// A geographic location in WGS 84 degrees.
///
/// This is the one coordinate type every Cartouche module shares. It does not
/// validate on construction (hot paths build millions of them); decoders and
/// public entry points that accept user input call ``validated(path:)``.
public struct Coordinate: Hashable, Sendable {
    /// Degrees north of the equator, in [-90, 90] when valid.
    public var latitude: Double
    /// Degrees east of Greenwich. Any finite value is accepted; renderers wrap it.
    public var longitude: Double

    @inlinable
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

extension Coordinate: CustomStringConvertible {
    public var description: String { "(\(latitude), \(longitude))" }
}
