import CartoucheGeometry
import CartoucheJSON

/// An annotation's geometry: a point, a line or a polygon's rings, in WGS 84
/// coordinates.
///
/// It is the one description of its geometry each annotation type gives
/// (``LayerAnnotation/geometry``); everything else about geometry is
/// derived from it here, once for all four types: the check
/// (``problem``), the GeoJSON bytes the streaming compile writes
/// (``write(to:)``) and the `JSONValue` tree `compile()` builds (``json``).
/// The bytes and the tree are two spellings of one object, held equal for
/// every shape by `SourceWriterTests`.
public enum AnnotationGeometry: Hashable, Sendable {
    case point(Coordinate)
    /// Two or more positions.
    case lineString([Coordinate])
    /// The outer ring first, then holes; each ring closed.
    case polygon([[Coordinate]])

    /// The GeoJSON `type`.
    public var typeName: String {
        switch self {
        case .point: "Point"
        case .lineString: "LineString"
        case .polygon: "Polygon"
        }
    }

    /// Why the geometry cannot be emitted, or nil: an invalid coordinate,
    /// a line of fewer than two positions, a polygon without rings or with a
    /// ring of fewer than four positions or not closed.
    public var problem: GeometryProblem? {
        switch self {
        case .point(let c):
            return invalidPointCoordinate(c)
        case .lineString(let coordinates):
            guard coordinates.count >= 2 else { return .tooFewLinePositions(coordinates.count) }
            return firstInvalidCoordinate(coordinates)
        case .polygon(let rings):
            guard !rings.isEmpty else { return .noRings }
            for (r, ring) in rings.enumerated() {
                guard ring.count >= 4 else { return .ringTooShort(ring: r, count: ring.count) }
                if let problem = firstInvalidCoordinate(ring) { return problem }
                guard ring.first == ring.last else { return .ringNotClosed(ring: r) }
            }
            return nil
        }
    }

    /// The GeoJSON geometry object as a tree: `{"coordinates": …, "type": …}`.
    public var json: JSONValue {
        // Plain dictionary literals: JSONValue's literal init de-duplicates keys, which costs per feature.
        let coordinates: JSONValue = switch self {
        case .point(let c): positionJSON(c)
        case .lineString(let positions): .array(positions.map(positionJSON))
        case .polygon(let rings): .array(rings.map { .array($0.map(positionJSON)) })
        }
        return .object(["type": .string(typeName), "coordinates": coordinates])
    }

    /// Appends the compact bytes of ``json`` (sorted keys, the writer's
    /// shortest round-trip numbers) to `buffer`: the streaming compile's
    /// feature buffer.
    /// - Throws: `JSONWriteError` for a non-finite coordinate (a checked
    ///   geometry has none: see ``problem``).
    @inline(__always)
    public func write(to buffer: inout JSONRawBuffer) throws(JSONWriteError) {
        switch self {
        case .point(let c):
            buffer.append(fragment: "{\"coordinates\":")
            try Self.write(c, to: &buffer)
            buffer.append(fragment: ",\"type\":\"Point\"}")
        case .lineString(let positions):
            buffer.append(fragment: "{\"coordinates\":")
            try Self.write(positions, to: &buffer)
            buffer.append(fragment: ",\"type\":\"LineString\"}")
        case .polygon(let rings):
            buffer.append(fragment: "{\"coordinates\":[")
            for index in rings.indices {
                if index > 0 { buffer.append(byte: UInt8(ascii: ",")) }
                try Self.write(rings[index], to: &buffer)
            }
            buffer.append(fragment: "],\"type\":\"Polygon\"}")
        }
    }

    /// `[lng,lat]`.
    @inline(__always)
    private static func write(_ c: Coordinate, to buffer: inout JSONRawBuffer) throws(JSONWriteError) {
        buffer.append(byte: UInt8(ascii: "["))
        try buffer.appendNumber(c.longitude)
        buffer.append(byte: UInt8(ascii: ","))
        try buffer.appendNumber(c.latitude)
        buffer.append(byte: UInt8(ascii: "]"))
    }

    /// `[[lng,lat],…]`.
    private static func write(_ positions: [Coordinate], to buffer: inout JSONRawBuffer) throws(JSONWriteError) {
        buffer.append(byte: UInt8(ascii: "["))
        for index in positions.indices {
            if index > 0 { buffer.append(byte: UInt8(ascii: ",")) }
            try write(positions[index], to: &buffer)
        }
        buffer.append(byte: UInt8(ascii: "]"))
    }
}

/// Style-spec `[longitude, latitude]`.
func positionJSON(_ c: Coordinate) -> JSONValue { .array([.number(c.longitude), .number(c.latitude)]) }

/// Latitude within [-90, 90] and both components finite.
func isValid(_ c: Coordinate) -> Bool {
    c.latitude.isFinite && c.longitude.isFinite && (-90...90).contains(c.latitude)
}

/// `firstInvalidCoordinate([c])` without the array (allocated once per
/// point in the streaming compile's loop).
func invalidPointCoordinate(_ c: Coordinate) -> GeometryProblem? {
    isValid(c) ? nil : .invalidCoordinate(index: 0, latitude: c.latitude, longitude: c.longitude)
}

func firstInvalidCoordinate(_ coordinates: [Coordinate]) -> GeometryProblem? {
    guard let i = coordinates.firstIndex(where: { !isValid($0) }) else { return nil }
    return .invalidCoordinate(index: i, latitude: coordinates[i].latitude, longitude: coordinates[i].longitude)
}
