import CartoucheJSON

// Decoding of the coordinate-level pieces of GeoJSON: positions, line
// strings, linear rings, polygons and bounding boxes, with the validation
// rules listed at the top of GeoJSONDecoding.swift.

extension BoundingBox {
    /// Decodes `[west, south, east, north]` or
    /// `[west, south, minAltitude, east, north, maxAltitude]`.
    public init(json: JSONValue, path: JSONPath) throws(JSONDecodingError) {
        let elements = try json.decodeArray(at: path)
        guard elements.count == 4 || elements.count == 6 else {
            throw JSONDecodingError(
                path: path, reason: "a bbox has 4 or 6 numbers (2 × 2 or 2 × 3 dimensions), found \(elements.count)")
        }
        var numbers: [Double] = []
        numbers.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            numbers.append(try element.decodeNumber(at: path.appending(index: index)))
        }
        let dimensions = elements.count / 2
        let (west, south, east, north) = (numbers[0], numbers[1], numbers[dimensions], numbers[dimensions + 1])
        for (index, longitude) in [(0, west), (dimensions, east)] {
            if let problem = Coordinate.longitudeProblem(longitude) {
                throw JSONDecodingError(path: path.appending(index: index), reason: problem)
            }
        }
        for (index, latitude) in [(1, south), (dimensions + 1, north)] {
            if let problem = Coordinate.latitudeProblem(latitude) {
                throw JSONDecodingError(path: path.appending(index: index), reason: problem)
            }
        }
        guard south <= north else {
            throw JSONDecodingError(path: path, reason: "bbox south \(south) is greater than north \(north)")
        }
        var altitudeRange: ClosedRange<Double>?
        if dimensions == 3 {
            let (low, high) = (numbers[2], numbers[5])
            guard low <= high else {
                throw JSONDecodingError(
                    path: path, reason: "bbox minimum altitude \(low) is greater than maximum altitude \(high)")
            }
            altitudeRange = low...high
        }
        self.init(west: west, south: south, east: east, north: north, altitudeRange: altitudeRange)
    }
}

/// Decodes `[longitude, latitude]` or `[longitude, latitude, altitude]`.
func decodePosition(_ value: JSONValue, at path: JSONPath) throws(JSONDecodingError) -> Position {
    guard case .array(let numbers) = value else {
        throw JSONDecodingError(
            path: path, reason: "expected a position (an array of 2 or 3 numbers), found \(value.typeDescription)")
    }
    guard numbers.count >= 2 else {
        throw JSONDecodingError(
            path: path, reason: "a position needs 2 numbers (longitude, latitude), found \(numbers.count)")
    }
    guard numbers.count <= 3 else {
        throw JSONDecodingError(
            path: path,
            reason: "a position has at most 3 numbers (longitude, latitude, altitude), found \(numbers.count)")
    }
    // Child paths are built only when something is wrong: positions are the
    // bulk of any GeoJSON document, and a path costs an allocation.
    func number(_ index: Int) throws(JSONDecodingError) -> Double {
        if case .number(let number) = numbers[index], number.isFinite { return number }
        return try numbers[index].decodeNumber(at: path.appending(index: index))
    }
    let longitude = try number(0)
    if let problem = Coordinate.longitudeProblem(longitude) {
        throw JSONDecodingError(path: path.appending(index: 0), reason: problem)
    }
    let latitude = try number(1)
    if let problem = Coordinate.latitudeProblem(latitude) {
        throw JSONDecodingError(path: path.appending(index: 1), reason: problem)
    }
    let altitude = numbers.count == 3 ? try number(2) : nil
    return Position(latitude: latitude, longitude: longitude, altitude: altitude)
}

func decodePositions(_ value: JSONValue, at path: JSONPath) throws(JSONDecodingError) -> [Position] {
    try value.decodeArray(at: path, each: decodePosition)
}

func decodeLineString(_ value: JSONValue, at path: JSONPath) throws(JSONDecodingError) -> LineString {
    let positions = try decodePositions(value, at: path)
    guard positions.count >= 2 else {
        throw JSONDecodingError(path: path, reason: "a LineString needs at least 2 positions, found \(positions.count)")
    }
    return LineString(positions)
}

private func decodeLinearRing(_ value: JSONValue, at path: JSONPath) throws(JSONDecodingError) -> [Position] {
    let ring = try decodePositions(value, at: path)
    guard ring.count >= 4 else {
        throw JSONDecodingError(path: path, reason: "a linear ring needs at least 4 positions, found \(ring.count)")
    }
    // RFC 7946 §3.1.6: first and last positions contain identical values.
    guard let first = ring.first, let last = ring.last, first == last else {
        throw JSONDecodingError(
            path: path,
            reason: "a linear ring must be closed: last position \(ring[ring.count - 1]) differs from first \(ring[0])")
    }
    return ring
}

func decodePolygon(_ value: JSONValue, at path: JSONPath) throws(JSONDecodingError) -> Polygon {
    let rings = try value.decodeArray(at: path, each: decodeLinearRing)
    guard let outerRing = rings.first else {
        throw JSONDecodingError(path: path, reason: "a Polygon needs at least one linear ring (its outer ring)")
    }
    return Polygon(outerRing: outerRing, innerRings: Array(rings.dropFirst()))
}
