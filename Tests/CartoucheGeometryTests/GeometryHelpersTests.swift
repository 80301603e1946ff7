import CartoucheJSON
import Testing

@testable import CartoucheGeometry

@Suite struct GeometryHelpersTests {
    func mapboxPolygon() throws -> Polygon {
        let decoded = try Geometry(jsonBytes: Array(GeoJSONRoundTripTests.mapboxPolygonJSON.utf8))
        guard case .polygon(let polygon) = decoded else { throw JSONDecodingError(path: .root, reason: "not a polygon") }
        return polygon
    }

    @Test func boundingBoxOfThePolygonIsItsOuterRingExtent() throws {
        let polygon = try mapboxPolygon()
        let box = try #require(Geometry.polygon(polygon).boundingBox)
        #expect(box == BoundingBox(west: -89.857177734375, south: 24.51713945052515, east: -87.967529296875, north: 26.244156283890756))
        #expect(box.altitudeRange == nil)
    }

    @Test func boundingBoxAltitudeOnlyWhenEveryPositionHasOne() throws {
        let withAltitudes = Geometry.lineString(LineString([
            Position(latitude: 1, longitude: 2, altitude: 30), Position(latitude: -4, longitude: 7, altitude: -5),
        ]))
        #expect(withAltitudes.boundingBox == BoundingBox(west: 2, south: -4, east: 7, north: 1, altitudeRange: -5...30))
        let mixed = Geometry.multiPoint(MultiPoint([
            Position(latitude: 1, longitude: 2, altitude: 30), Position(latitude: -4, longitude: 7),
        ]))
        #expect(mixed.boundingBox == BoundingBox(west: 2, south: -4, east: 7, north: 1))
        #expect(Geometry.geometryCollection(GeometryCollection([])).boundingBox == nil)
        #expect(Geometry.multiPoint(MultiPoint([])).boundingBox == nil)
    }

    @Test func forEachPositionVisitsInDocumentOrder() throws {
        let collection = Geometry.geometryCollection(GeometryCollection([
            .point(Point(Position(latitude: 0, longitude: 1))),
            .multiLineString(MultiLineString([
                LineString([Position(latitude: 0, longitude: 2), Position(latitude: 0, longitude: 3)]),
            ])),
            .multiPolygon(MultiPolygon([try mapboxPolygon()])),
        ]))
        var longitudes: [Double] = []
        collection.forEachPosition { longitudes.append($0.longitude) }
        #expect(longitudes.count == 13)
        #expect(longitudes.prefix(4) == [1, 2, 3, -89.857177734375])
        #expect(longitudes.last == -89.20898437499999)
        #expect(collection.positionCount == 13)

        // Early exit through a typed error.
        struct Stop: Error {}
        var visited = 0
        #expect(throws: Stop.self) {
            try collection.forEachPosition { (_: Position) throws(Stop) in
                visited += 1
                if visited == 2 { throw Stop() }
            }
        }
        #expect(visited == 2)
    }

    @Test func featureCollectionBoundingBoxSkipsNullGeometry() {
        let collection = FeatureCollection(features: [
            Feature(geometry: nil),
            Feature(geometry: .point(Point(Position(latitude: 10, longitude: 20)))),
            Feature(geometry: .point(Point(Position(latitude: -10, longitude: 170)))),
        ])
        #expect(collection.computedBoundingBox == BoundingBox(west: 20, south: -10, east: 170, north: 10))
        #expect(FeatureCollection(features: [Feature(geometry: nil)]).computedBoundingBox == nil)
    }

    @Test func signedAreaAndOrientationOfTheMapboxPolygon() throws {
        let polygon = try mapboxPolygon()
        // The outer ring is an axis-aligned rectangle traversed east, north,
        // west, south: counterclockwise, area = width × height.
        let width = 89.857177734375 - 87.967529296875
        let height = 26.244156283890756 - 24.51713945052515
        #expect(abs(Polygon.signedArea(ofRing: polygon.outerRing) - width * height) < 1e-12)
        #expect(RingOrientation(ring: polygon.outerRing) == .counterclockwise)
        // The docs' hole is wound the same way, so the polygon does not follow
        // the right-hand rule until it is rewound.
        #expect(RingOrientation(ring: polygon.innerRings[0]) == .counterclockwise)
        #expect(!polygon.followsRightHandRule)
        let rewound = polygon.rewoundToRightHandRule()
        #expect(rewound.followsRightHandRule)
        #expect(rewound.outerRing == polygon.outerRing)
        #expect(rewound.innerRings[0] == polygon.innerRings[0].reversed())
        let holeWidth = 89.20898437499999 - 88.61572265625
        let holeHeight = 25.720735134412106 - 25.085598897064752
        #expect(abs(Polygon.signedArea(ofRing: rewound.innerRings[0]) + holeWidth * holeHeight) < 1e-12)
    }

    @Test func signedAreaOfSmallShapes() {
        // Right triangle with legs 4 and 3, clockwise: area -6; open and closed rings agree.
        let clockwise = [
            Position(latitude: 0, longitude: 0), Position(latitude: 3, longitude: 0), Position(latitude: 0, longitude: 4),
        ]
        #expect(Polygon.signedArea(ofRing: clockwise) == -6)
        #expect(Polygon.signedArea(ofRing: clockwise + [clockwise[0]]) == -6)
        #expect(RingOrientation(ring: clockwise) == .clockwise)
        // Far from the origin (large longitudes) the result stays exact.
        let shifted = clockwise.map { Position(latitude: $0.latitude + 60, longitude: $0.longitude + 500) }
        #expect(Polygon.signedArea(ofRing: shifted) == -6)
        let collinear = [
            Position(latitude: 0, longitude: 0), Position(latitude: 1, longitude: 1),
            Position(latitude: 2, longitude: 2), Position(latitude: 0, longitude: 0),
        ]
        #expect(RingOrientation(ring: collinear) == .degenerate)
        #expect(Polygon.signedArea(ofRing: Array(clockwise.prefix(2))) == 0)
    }

    @Test func coordinateValidation() {
        let path = JSONPath(components: [.key("anchor")])
        #expect(throws: Never.self) { try Coordinate(latitude: 90, longitude: -540).validated(path: path) }
        #expect(throws: JSONDecodingError(path: path, reason: "latitude 95.0 is outside [-90, 90]")) {
            try Coordinate(latitude: 95, longitude: 0).validated(path: path)
        }
        #expect(throws: JSONDecodingError(path: path, reason: "longitude must be a finite number, found nan")) {
            try Coordinate(latitude: 0, longitude: .nan).validated(path: path)
        }
        #expect(throws: JSONDecodingError(path: path, reason: "latitude must be a finite number, found -inf")) {
            try Coordinate(latitude: -.infinity, longitude: 0).validated(path: path)
        }
    }
}

@Suite struct GeometryConvenienceTests {
    @Test func buildsFromCoordinates() throws {
        let a = Coordinate(latitude: 1, longitude: 2)
        let b = Coordinate(latitude: 3, longitude: 4)
        #expect(LineString(coordinates: [a, b]).positions == [Position(latitude: 1, longitude: 2), Position(latitude: 3, longitude: 4)])
        #expect(MultiPoint(coordinates: [b]).positions == [Position(latitude: 3, longitude: 4)])
        let square = [a, Coordinate(latitude: 1, longitude: 4), b, a]
        let polygon = Polygon(outerRingCoordinates: square, innerRingCoordinates: [square.reversed()])
        #expect(polygon.outerRing.map(\.coordinate) == square)
        #expect(polygon.innerRings.map { $0.map(\.coordinate) } == [square.reversed()])
        #expect(polygon.rings.count == 2)
        #expect(Point(a).coordinate == a)
        #expect(FeatureIdentifier.string("a\"1").description == #""a\"1""#)
        #expect(FeatureIdentifier.number(42).description == "42")
        #expect(FeatureIdentifier.number(0.5).description == "0.5")
        #expect(try Geometry.polygon(polygon).jsonString() == #"{"coordinates":[[[2,1],[4,1],[4,3],[2,1]],[[2,1],[4,3],[4,1],[2,1]]],"type":"Polygon"}"#)
    }
}
