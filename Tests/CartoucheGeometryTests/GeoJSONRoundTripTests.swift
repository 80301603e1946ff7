import CartoucheTestSupport
import CartoucheJSON
import Testing

@testable import CartoucheGeometry

/// Decodes `input`, checks the compact encoding equals `golden` exactly, and
/// that the golden text decodes to the same value and re-encodes identically.
@discardableResult
func expectRoundTrip(
    _ input: String, golden: String, sourceLocation: SourceLocation = #_sourceLocation
) throws -> GeoJSONObject {
    let decoded = try GeoJSONObject(jsonBytes: Array(input.utf8))
    let encoded = try decoded.jsonString()
    #expect(encoded == golden, sourceLocation: sourceLocation)
    let again = try GeoJSONObject(jsonBytes: Array(golden.utf8))
    #expect(again == decoded, sourceLocation: sourceLocation)
    #expect(try again.jsonString() == golden, sourceLocation: sourceLocation)
    return decoded
}

@Suite struct GeoJSONRoundTripTests {
    @Test func point2DAnd3D() throws {
        let flat = try expectRoundTrip(
            #"{"type": "Point", "coordinates": [-122.4194, 37.7749]}"#,
            golden: #"{"coordinates":[-122.4194,37.7749],"type":"Point"}"#)
        #expect(flat == .geometry(.point(Point(Position(latitude: 37.7749, longitude: -122.4194)))))
        let raised = try expectRoundTrip(
            #"{"coordinates": [1.5, -2.0, 100.25], "type": "Point"}"#,
            golden: #"{"coordinates":[1.5,-2,100.25],"type":"Point"}"#)
        #expect(raised == .geometry(.point(Point(Position(latitude: -2, longitude: 1.5, altitude: 100.25)))))
    }

    @Test func multiPointIncludingEmpty() throws {
        try expectRoundTrip(
            #"{"type":"MultiPoint","coordinates":[[0,0],[1e-7,-0.5]]}"#,
            golden: #"{"coordinates":[[0,0],[1e-7,-0.5]],"type":"MultiPoint"}"#)
        let empty = try expectRoundTrip(
            #"{"type":"MultiPoint","coordinates":[]}"#, golden: #"{"coordinates":[],"type":"MultiPoint"}"#)
        #expect(empty == .geometry(.multiPoint(MultiPoint([]))))
    }

    @Test func lineStringAcrossTheAntimeridian() throws {
        let line = try expectRoundTrip(
            #"{"type":"LineString","coordinates":[[170,10],[190,12.5],[-179.5,-3]]}"#,
            golden: #"{"coordinates":[[170,10],[190,12.5],[-179.5,-3]],"type":"LineString"}"#)
        #expect(line == .geometry(.lineString(LineString([
            Position(latitude: 10, longitude: 170), Position(latitude: 12.5, longitude: 190),
            Position(latitude: -3, longitude: -179.5),
        ]))))
    }

    @Test func multiLineString() throws {
        try expectRoundTrip(
            #"{"type":"MultiLineString","coordinates":[[[0,0],[1,1]],[[2,2,5],[3,3,6],[4,4,7]]]}"#,
            golden: #"{"coordinates":[[[0,0],[1,1]],[[2,2,5],[3,3,6],[4,4,7]]],"type":"MultiLineString"}"#)
    }

    /// The polygon with a hole from the Mapbox Maps SDK docs (PolygonAnnotation example).
    static let mapboxPolygonJSON = """
        {"type":"Polygon","coordinates":[\
        [[-89.857177734375,24.51713945052515],[-87.967529296875,24.51713945052515],\
        [-87.967529296875,26.244156283890756],[-89.857177734375,26.244156283890756],\
        [-89.857177734375,24.51713945052515]],\
        [[-89.20898437499999,25.085598897064752],[-88.61572265625,25.085598897064752],\
        [-88.61572265625,25.720735134412106],[-89.20898437499999,25.720735134412106],\
        [-89.20898437499999,25.085598897064752]]]}
        """

    @Test func polygonWithHoleFromTheMapboxDocs() throws {
        let golden = """
            {"coordinates":[\
            [[-89.857177734375,24.51713945052515],[-87.967529296875,24.51713945052515],\
            [-87.967529296875,26.244156283890756],[-89.857177734375,26.244156283890756],\
            [-89.857177734375,24.51713945052515]],\
            [[-89.20898437499999,25.085598897064752],[-88.61572265625,25.085598897064752],\
            [-88.61572265625,25.720735134412106],[-89.20898437499999,25.720735134412106],\
            [-89.20898437499999,25.085598897064752]]],"type":"Polygon"}
            """
        let decoded = try expectRoundTrip(Self.mapboxPolygonJSON, golden: golden)
        guard case .geometry(.polygon(let polygon)) = decoded else {
            Issue.record("not a polygon: \(decoded)")
            return
        }
        #expect(polygon.outerRing.count == 5)
        #expect(polygon.innerRings.count == 1)
        #expect(polygon.outerRing[2] == Position(latitude: 26.244156283890756, longitude: -87.967529296875))
        #expect(polygon.innerRings[0][1] == Position(latitude: 25.085598897064752, longitude: -88.61572265625))
    }

    @Test func multiPolygon() throws {
        try expectRoundTrip(
            #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]],[[[5,5],[6,5],[6,6],[5,5]],[[5.1,5.1],[5.2,5.2],[5.3,5.1],[5.1,5.1]]]]}"#,
            golden: #"{"coordinates":[[[[0,0],[1,0],[1,1],[0,0]]],[[[5,5],[6,5],[6,6],[5,5]],[[5.1,5.1],[5.2,5.2],[5.3,5.1],[5.1,5.1]]]],"type":"MultiPolygon"}"#)
    }

    @Test func nestedGeometryCollections() throws {
        let decoded = try expectRoundTrip(
            #"{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[1,2]},{"type":"GeometryCollection","geometries":[]},{"type":"LineString","coordinates":[[0,0],[0,1]]}]}"#,
            golden: #"{"geometries":[{"coordinates":[1,2],"type":"Point"},{"geometries":[],"type":"GeometryCollection"},{"coordinates":[[0,0],[0,1]],"type":"LineString"}],"type":"GeometryCollection"}"#)
        #expect(decoded == .geometry(.geometryCollection(GeometryCollection([
            .point(Point(Position(latitude: 2, longitude: 1))),
            .geometryCollection(GeometryCollection([])),
            .lineString(LineString([Position(latitude: 0, longitude: 0), Position(latitude: 1, longitude: 0)])),
        ]))))
    }

    @Test func featureWithNumericIdBboxAndForeignMembers() throws {
        let decoded = try expectRoundTrip(
            #"{"type":"Feature","id":42,"geometry":{"type":"Point","coordinates":[2.35,48.85]},"properties":{"name":"Paris","pop":2.1e6,"tags":["a",null]},"bbox":[2.35,48.85,2.35,48.85],"title":"x","_z":true}"#,
            golden: #"{"_z":true,"bbox":[2.35,48.85,2.35,48.85],"geometry":{"coordinates":[2.35,48.85],"type":"Point"},"id":42,"properties":{"name":"Paris","pop":2100000,"tags":["a",null]},"title":"x","type":"Feature"}"#)
        let expected = Feature(
            geometry: .point(Point(Position(latitude: 48.85, longitude: 2.35))), id: 42,
            properties: ["name": "Paris", "pop": 2_100_000, "tags": ["a", nil]],
            bbox: BoundingBox(west: 2.35, south: 48.85, east: 2.35, north: 48.85),
            foreignMembers: ["title": "x", "_z": true])
        #expect(decoded == .feature(expected))
    }

    @Test func featureWithStringIdNullGeometryAndNullProperties() throws {
        let decoded = try expectRoundTrip(
            #"{"properties":null,"geometry":null,"id":"a-1","type":"Feature"}"#,
            golden: #"{"geometry":null,"id":"a-1","properties":null,"type":"Feature"}"#)
        #expect(decoded == .feature(Feature(geometry: nil, id: "a-1")))
        try expectRoundTrip(
            #"{"type":"Feature","id":-0.5,"geometry":null,"properties":{}}"#,
            golden: #"{"geometry":null,"id":-0.5,"properties":{},"type":"Feature"}"#)
    }

    @Test func featureCollectionWith3DBboxAndForeignMembers() throws {
        let decoded = try expectRoundTrip(
            #"{"type":"FeatureCollection","crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:OGC:1.3:CRS84"}},"bbox":[-10,-5,0,10,5,100],"features":[{"type":"Feature","geometry":null,"properties":{}},{"type":"Feature","geometry":{"type":"Point","coordinates":[10,5,100]},"properties":{"k":"v"}}]}"#,
            golden: #"{"bbox":[-10,-5,0,10,5,100],"crs":{"properties":{"name":"urn:ogc:def:crs:OGC:1.3:CRS84"},"type":"name"},"features":[{"geometry":null,"properties":{},"type":"Feature"},{"geometry":{"coordinates":[10,5,100],"type":"Point"},"properties":{"k":"v"},"type":"Feature"}],"type":"FeatureCollection"}"#)
        guard case .featureCollection(let collection) = decoded else {
            Issue.record("not a collection")
            return
        }
        #expect(collection.bbox == BoundingBox(west: -10, south: -5, east: 10, north: 5, altitudeRange: 0...100))
        #expect(collection.foreignMembers.keys.sorted() == ["crs"])
        #expect(collection.features.count == 2)
        // A box crossing the antimeridian (west > east) is legal.
        let crossing = try FeatureCollection(jsonBytes: Array(#"{"type":"FeatureCollection","features":[],"bbox":[170,-10,-170,10]}"#.utf8))
        #expect(crossing.bbox?.crossesAntimeridian == true)
        #expect(try crossing.jsonString() == #"{"bbox":[170,-10,-170,10],"features":[],"type":"FeatureCollection"}"#)
    }

    @Test func typedEntryPointsDecodeTheirOwnKind() throws {
        let point = try Geometry(jsonBytes: Array(#"{"type":"Point","coordinates":[0,1]}"#.utf8))
        #expect(point == .point(Point(Position(latitude: 1, longitude: 0))))
        let feature = try Feature(jsonBytes: Array(#"{"type":"Feature","geometry":null,"properties":null}"#.utf8))
        #expect(feature == Feature(geometry: nil))
    }

    @Test func prettyEncodingGolden() throws {
        let feature = Feature(
            geometry: .lineString(LineString([Position(latitude: 0, longitude: 0), Position(latitude: 1, longitude: 2)])),
            id: "x", properties: ["a": 1])
        let pretty = """
            {
              "geometry": {
                "coordinates": [
                  [
                    0,
                    0
                  ],
                  [
                    2,
                    1
                  ]
                ],
                "type": "LineString"
              },
              "id": "x",
              "properties": {
                "a": 1
              },
              "type": "Feature"
            }
            """
        #expect(try feature.jsonString(style: .pretty) == pretty)
        #expect(try Feature(jsonBytes: Array(pretty.utf8)) == feature)
    }

    @Test func seededRandomCollectionsRoundTrip() throws {
        var random = SplitMix64(seed: 7946)
        func position() -> Position {
            Position(
                latitude: Double.random(in: -90...90, using: &random),
                longitude: Double.random(in: -540...540, using: &random),
                altitude: Bool.random(using: &random) ? Double.random(in: -100...9000, using: &random) : nil)
        }
        func ring() -> [Position] {
            var positions = (0..<Int.random(in: 3...8, using: &random)).map { _ in position() }
            positions.append(positions[0])
            return positions
        }
        func geometry(depth: Int) -> Geometry {
            switch Int.random(in: 0..<(depth > 1 ? 6 : 7), using: &random) {
            case 0: return .point(Point(position()))
            case 1: return .multiPoint(MultiPoint((0..<Int.random(in: 0...4, using: &random)).map { _ in position() }))
            case 2: return .lineString(LineString((0..<Int.random(in: 2...6, using: &random)).map { _ in position() }))
            case 3:
                return .multiLineString(MultiLineString((0..<Int.random(in: 0...3, using: &random)).map { _ in
                    LineString((0..<Int.random(in: 2...4, using: &random)).map { _ in position() })
                }))
            case 4: return .polygon(Polygon(outerRing: ring(), innerRings: (0..<Int.random(in: 0...2, using: &random)).map { _ in ring() }))
            case 5: return .multiPolygon(MultiPolygon((0..<Int.random(in: 0...2, using: &random)).map { _ in Polygon(outerRing: ring()) }))
            default: return .geometryCollection(GeometryCollection((0..<Int.random(in: 0...3, using: &random)).map { _ in geometry(depth: depth + 1) }))
            }
        }
        var features: [Feature] = []
        for index in 0..<2_000 {
            let id: FeatureIdentifier? = switch index % 3 {
            case 0: .string("f\(index)")
            case 1: .number(Double(index) / 4)
            default: nil
            }
            features.append(Feature(
                geometry: index % 17 == 0 ? nil : geometry(depth: 0), id: id,
                properties: index % 5 == 0 ? nil : ["i": .number(Double(index)), "s": .string("ü\(index)")],
                foreignMembers: index % 11 == 0 ? ["extra": [1, 2]] : [:]))
        }
        let collection = FeatureCollection(features: features)
        let bytes = try collection.jsonBytes()
        let decoded = try FeatureCollection(jsonBytes: bytes)
        #expect(decoded == collection)
        #expect(try decoded.jsonBytes() == bytes)
    }
}
