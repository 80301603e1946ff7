import CartoucheJSON
import Testing

@testable import CartoucheGeometry

@Suite struct GeoJSONEncodingTests {
    @Test func nonFiniteCoordinatesThrowWithTheirPath() {
        let collection = FeatureCollection(features: [
            Feature(geometry: .point(Point(Position(latitude: 1, longitude: 2)))),
            Feature(geometry: .polygon(Polygon(
                outerRing: [Position(latitude: 0, longitude: 0)],
                innerRings: [[Position(latitude: 0, longitude: 0), Position(latitude: .nan, longitude: 0)]]))),
        ])
        do {
            _ = try collection.jsonBytes()
            Issue.record("NaN was written")
        } catch {
            #expect(error.description == "features[1].geometry.coordinates[1][1][1]: cannot write non-finite number nan as JSON")
        }
        let feature = Feature(
            geometry: .geometryCollection(GeometryCollection([
                .lineString(LineString([Position(latitude: 0, longitude: 0), Position(latitude: 0, longitude: 0, altitude: .infinity)])),
            ])),
            properties: ["ok": 1])
        #expect(throws: JSONWriteError.nonFiniteNumber(.infinity, path: JSONPath(components: [
            .key("geometry"), .key("geometries"), .index(0), .key("coordinates"), .index(1), .index(2),
        ]))) {
            try feature.jsonBytes()
        }
        #expect(throws: JSONWriteError.nonFiniteNumber(-.infinity, path: JSONPath(components: [.key("properties"), .key("bad")]))) {
            try Feature(geometry: nil, properties: ["bad": .number(-.infinity)]).jsonBytes()
        }
        #expect(throws: JSONWriteError.nonFiniteNumber(.infinity, path: JSONPath(components: [.key("bbox"), .index(2)]))) {
            try Feature(geometry: nil, bbox: BoundingBox(west: 0, south: 0, east: .infinity, north: 0)).jsonBytes()
        }
    }

    @Test func foreignMembersCannotShadowStandardOnes() throws {
        #expect(throws: JSONWriteError.duplicateKey("type", path: .root)) {
            try Feature(geometry: nil, foreignMembers: ["type": "Oops"]).jsonBytes()
        }
        #expect(throws: JSONWriteError.duplicateKey("properties", path: JSONPath(components: [.key("features"), .index(0)]))) {
            try FeatureCollection(features: [Feature(geometry: nil, foreignMembers: ["properties": [:]])]).jsonBytes()
        }
        #expect(throws: JSONWriteError.duplicateKey("features", path: .root)) {
            try FeatureCollection(features: [], foreignMembers: ["features": []]).jsonBytes()
        }
        // Names that only look similar are fine and sort by bytes among the standard members.
        let feature = Feature(geometry: nil, foreignMembers: ["Type": 1, "ids": 2, "zz": 3])
        #expect(try feature.jsonString() == #"{"Type":1,"geometry":null,"ids":2,"properties":null,"type":"Feature","zz":3}"#)
    }

    @Test func manyPointFeaturesEncodeAndDecode() throws {
        // A scaled-down version of the 1,000,000-point benchmark: checks the
        // exact bytes of the first feature and the full decode.
        let features = (0..<10_000).map { index in
            Feature(
                geometry: .point(Point(Position(latitude: Double(index % 180) - 89.5, longitude: Double(index) / 128 - 50))),
                id: .number(Double(index)))
        }
        let bytes = try FeatureCollection(features: features).jsonBytes()
        let text = String(decoding: bytes, as: UTF8.self)
        // Compare short slices so a failure prints something readable.
        let head = #"{"features":[{"geometry":{"coordinates":[-50,-89.5],"type":"Point"},"id":0,"properties":null,"type":"Feature"},{"geometry":{"coordinates":[-49.9921875,-88.5],"type":"Point"},"id":1,"#
        let tail = #"{"geometry":{"coordinates":[28.1171875,9.5],"type":"Point"},"id":9999,"properties":null,"type":"Feature"}],"type":"FeatureCollection"}"#
        #expect(String(text.prefix(head.count)) == head)
        #expect(String(text.suffix(tail.count)) == tail)
        let decoded = try FeatureCollection(jsonBytes: bytes)
        #expect(decoded.features == features)
    }
}
