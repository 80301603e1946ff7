// Walking the positions of a geometry without building intermediate arrays,
// and the bounding boxes later modules need for camera fitting and culling.

extension Geometry {
    /// Calls `body` with every position in document order: rings outer first,
    /// collections depth first. Closing positions of rings are visited too
    /// (they are positions of the ring).
    ///
    /// - Complexity: O(n) in the number of positions; allocates nothing.
    public func forEachPosition<E: Error>(_ body: (Position) throws(E) -> Void) throws(E) {
        switch self {
        case .point(let point):
            try body(point.position)
        case .multiPoint(let multiPoint):
            for position in multiPoint.positions { try body(position) }
        case .lineString(let lineString):
            for position in lineString.positions { try body(position) }
        case .multiLineString(let multiLineString):
            for lineString in multiLineString.lineStrings {
                for position in lineString.positions { try body(position) }
            }
        case .polygon(let polygon):
            try polygon.forEachPosition(body)
        case .multiPolygon(let multiPolygon):
            for polygon in multiPolygon.polygons { try polygon.forEachPosition(body) }
        case .geometryCollection(let collection):
            for geometry in collection.geometries { try geometry.forEachPosition(body) }
        }
    }

    /// The number of positions ``forEachPosition(_:)`` visits.
    public var positionCount: Int {
        var count = 0
        forEachPosition { _ in count += 1 }
        return count
    }

    /// The smallest box containing every position, or nil when the geometry
    /// has none (an empty Multi* or GeometryCollection).
    ///
    /// West/east are the plain minimum/maximum longitudes: this does not look
    /// for a tighter box across the antimeridian, so `west <= east` always.
    /// The altitude range is present only when every position has an altitude.
    ///
    /// - Complexity: O(n) in the number of positions.
    public var boundingBox: BoundingBox? {
        var accumulator = BoundingBoxAccumulator()
        forEachPosition { accumulator.add($0) }
        return accumulator.box
    }
}

extension Polygon {
    /// Calls `body` with every position, outer ring first, then each hole.
    public func forEachPosition<E: Error>(_ body: (Position) throws(E) -> Void) throws(E) {
        for position in outerRing { try body(position) }
        for ring in innerRings {
            for position in ring { try body(position) }
        }
    }
}

extension FeatureCollection {
    /// The box around every feature's geometry (features without geometry are
    /// skipped); nil when there are no positions at all. Same rules as
    /// ``Geometry/boundingBox``.
    public var computedBoundingBox: BoundingBox? {
        var accumulator = BoundingBoxAccumulator()
        for feature in features {
            feature.geometry?.forEachPosition { accumulator.add($0) }
        }
        return accumulator.box
    }
}

/// Running minimum/maximum of positions.
private struct BoundingBoxAccumulator {
    private var west = Double.infinity
    private var south = Double.infinity
    private var east = -Double.infinity
    private var north = -Double.infinity
    private var lowestAltitude = Double.infinity
    private var highestAltitude = -Double.infinity
    private var count = 0
    private var allHaveAltitude = true

    mutating func add(_ position: Position) {
        count += 1
        west = min(west, position.longitude)
        east = max(east, position.longitude)
        south = min(south, position.latitude)
        north = max(north, position.latitude)
        if let altitude = position.altitude {
            lowestAltitude = min(lowestAltitude, altitude)
            highestAltitude = max(highestAltitude, altitude)
        } else {
            allHaveAltitude = false
        }
    }

    var box: BoundingBox? {
        guard count > 0 else { return nil }
        // min/max ignore NaN, so guard the range bounds before building it.
        let altitudeRange = allHaveAltitude && lowestAltitude <= highestAltitude
            ? lowestAltitude...highestAltitude : nil
        return BoundingBox(west: west, south: south, east: east, north: north, altitudeRange: altitudeRange)
    }
}
