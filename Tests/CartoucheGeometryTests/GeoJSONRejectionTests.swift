import CartoucheJSON
import Testing

@testable import CartoucheGeometry

@Suite struct GeoJSONRejectionTests {
    /// Asserts decoding `json` fails with exactly `expected` ("path: reason").
    private func expectRejected(
        _ json: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            let value = try GeoJSONObject(jsonBytes: Array(json.utf8))
            Issue.record("accepted: \(value)", sourceLocation: sourceLocation)
        } catch .decoding(let error) {
            #expect(error.description == expected, sourceLocation: sourceLocation)
        } catch {
            Issue.record("expected a decoding error, got \(error)", sourceLocation: sourceLocation)
        }
    }

    private func point(_ coordinates: String) -> String {
        #"{"type":"Point","coordinates":"# + coordinates + "}"
    }

    @Test func latitudeOutOfRangeDeepInACollection() throws {
        let good = #"{"type":"Feature","geometry":null,"properties":null}"#
        let bad = #"{"type":"Feature","properties":null,"geometry":{"type":"MultiLineString","coordinates":[[[0,0],[1,1]],[[0,0],[1,1],[2,95]]]}}"#
        let json = #"{"type":"FeatureCollection","features":["# + [good, good, good, bad].joined(separator: ",") + "]}"
        expectRejected(json, "features[3].geometry.coordinates[1][2][1]: latitude 95.0 is outside [-90, 90]")
        // The same error through the path-aware decoder directly.
        let value = try JSONParser().parse(json)
        #expect(throws: JSONDecodingError(
            path: JSONPath(components: [.key("features"), .index(3), .key("geometry"), .key("coordinates"), .index(1), .index(2), .index(1)]),
            reason: "latitude 95.0 is outside [-90, 90]")
        ) {
            try FeatureCollection(json: value)
        }
    }

    @Test func badPositions() {
        expectRejected(point("[0, -90.5]"), "coordinates[1]: latitude -90.5 is outside [-90, 90]")
        expectRejected(point("[600, 0]"), "coordinates[0]: longitude 600.0 is outside [-540, 540]")
        expectRejected(point("[-540.001, 0]"), "coordinates[0]: longitude -540.001 is outside [-540, 540]")
        expectRejected(point("[1]"), "coordinates: a position needs 2 numbers (longitude, latitude), found 1")
        expectRejected(point("[]"), "coordinates: a position needs 2 numbers (longitude, latitude), found 0")
        expectRejected(
            point("[1, 2, 3, 4]"), "coordinates: a position has at most 3 numbers (longitude, latitude, altitude), found 4")
        expectRejected(point(#"[0, "1"]"#), "coordinates[1]: expected a number, found a string")
        expectRejected(point("[0, 1, null]"), "coordinates[2]: expected a number, found null")
        expectRejected(point(#""0,1""#), "coordinates: expected a position (an array of 2 or 3 numbers), found a string")
        expectRejected(
            #"{"type":"MultiPoint","coordinates":[[0,0],{}]}"#,
            "coordinates[1]: expected a position (an array of 2 or 3 numbers), found an object")
    }

    @Test func extremesThatAreAllowed() throws {
        for coordinates in ["[540, 90]", "[-540, -90]", "[0, 0, -1e300]"] {
            #expect(throws: Never.self) { try GeoJSONObject(jsonBytes: Array(point(coordinates).utf8)) }
        }
    }

    @Test func nonFiniteNumbersAreRejected() {
        // The parser refuses them in text…
        do {
            _ = try GeoJSONObject(jsonBytes: Array(point("[1e999, 0]").utf8))
            Issue.record("accepted 1e999")
        } catch {
            #expect(error == .syntax(JSONParseError(kind: .numberOutOfRange, offset: 31, line: 1, column: 32)))
        }
        // …and the decoder refuses them in values built in code.
        let value: JSONValue = ["type": "Point", "coordinates": [.number(.nan), 0]]
        #expect(throws: JSONDecodingError(path: JSONPath(components: [.key("coordinates"), .index(0)]), reason: "expected a finite number, found nan")) {
            try Geometry(json: value)
        }
        let infiniteLatitude: JSONValue = ["type": "Point", "coordinates": [0, .number(.infinity)]]
        #expect(throws: JSONDecodingError(path: JSONPath(components: [.key("coordinates"), .index(1)]), reason: "expected a finite number, found inf")) {
            try Geometry(json: infiniteLatitude)
        }
    }

    @Test func lineStringsAndRings() {
        expectRejected(
            #"{"type":"LineString","coordinates":[[0,0]]}"#, "coordinates: a LineString needs at least 2 positions, found 1")
        expectRejected(
            #"{"type":"MultiLineString","coordinates":[[[0,0],[1,1]],[]]}"#,
            "coordinates[1]: a LineString needs at least 2 positions, found 0")
        expectRejected(
            #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1]]]}"#,
            "coordinates[0]: a linear ring must be closed: last position [0.0, 1.0] differs from first [0.0, 0.0]")
        expectRejected(
            #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0,5]]]}"#,
            "coordinates[0]: a linear ring must be closed: last position [0.0, 0.0, 5.0] differs from first [0.0, 0.0]")
        expectRejected(
            #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]],[[0,0],[1,0],[0,0]]]}"#,
            "coordinates[1]: a linear ring needs at least 4 positions, found 3")
        expectRejected(
            #"{"type":"Polygon","coordinates":[]}"#, "coordinates: a Polygon needs at least one linear ring (its outer ring)")
        expectRejected(
            #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]],[[[0,0],[1,0],[1,1]]]]}"#,
            "coordinates[1][0]: a linear ring needs at least 4 positions, found 3")
        expectRejected(
            #"{"type":"Polygon","coordinates":[[0,0]]}"#,
            "coordinates[0][0]: expected a position (an array of 2 or 3 numbers), found a number")
        expectRejected(#"{"type":"Polygon","coordinates":[0]}"#, "coordinates[0]: expected an array, found a number")
    }

    @Test func typesAndRequiredMembers() {
        expectRejected(
            #"{"type":"Circle","coordinates":[0,0]}"#,
            #"type: unknown GeoJSON type "Circle"; expected one of Feature, FeatureCollection, Point, MultiPoint, LineString, MultiLineString, Polygon, MultiPolygon, GeometryCollection"#)
        expectRejected(
            #"{"type":"featureCollection","features":[]}"#,
            #"type: unknown GeoJSON type "featureCollection"; expected one of Feature, FeatureCollection, Point, MultiPoint, LineString, MultiLineString, Polygon, MultiPolygon, GeometryCollection"#)
        // Where only a geometry may appear, the message lists only geometry types.
        expectRejected(
            #"{"type":"Feature","properties":null,"geometry":{"type":"point","coordinates":[0,0]}}"#,
            #"geometry.type: unknown geometry type "point"; expected one of Point, MultiPoint, LineString, MultiLineString, Polygon, MultiPolygon, GeometryCollection"#)
        expectRejected(
            #"{"type":"Feature","properties":null,"geometry":{"type":"FeatureCollection","features":[]}}"#,
            "geometry.type: expected a geometry, found a FeatureCollection")
        expectRejected(#"{"coordinates":[0,0]}"#, #"$: missing required member "type""#)
        expectRejected(#"{"type":7}"#, "type: expected a string, found a number")
        expectRejected(#"[1]"#, "$: expected an object, found an array")
        expectRejected(#"{"type":"Point"}"#, #"$: missing required member "coordinates""#)
        expectRejected(#"{"type":"GeometryCollection","coordinates":[]}"#, #"$: missing required member "geometries""#)
        expectRejected(#"{"type":"FeatureCollection"}"#, #"$: missing required member "features""#)
        expectRejected(#"{"type":"FeatureCollection","features":{}}"#, "features: expected an array, found an object")
        expectRejected(
            #"{"type":"FeatureCollection","features":[{"type":"Point","coordinates":[0,0]}]}"#,
            #"features[0].type: expected a Feature, found type "Point""#)
        expectRejected(
            #"{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[0,0]},{"type":"GeometryCollection","geometries":[{"type":"LineString","coordinates":[[0,0],[0,-91]]}]}]}"#,
            "geometries[1].geometries[0].coordinates[1][1]: latitude -91.0 is outside [-90, 90]")
        expectRejected(
            #"{"type":"GeometryCollection","geometries":[{"type":"Feature","geometry":null,"properties":null}]}"#,
            "geometries[0].type: expected a geometry, found a Feature")
    }

    @Test func geometryCollectionNestingIsCapped() throws {
        func nested(_ levels: Int) -> String {
            String(repeating: #"{"type":"GeometryCollection","geometries":["#, count: levels)
                + String(repeating: "]}", count: levels)
        }
        let limit = Geometry.maximumCollectionNesting
        let deepest = try Geometry(jsonBytes: Array(nested(limit).utf8))
        let encoded = String(repeating: #"{"geometries":["#, count: limit)
            + String(repeating: #"],"type":"GeometryCollection"}"#, count: limit)
        #expect(try deepest.jsonString() == encoded)
        let path = (0..<limit).map { _ in "geometries[0]" }.joined(separator: ".")
        expectRejected(nested(limit + 1), "\(path): GeometryCollections nested deeper than \(limit) levels")
    }

    @Test func featureMembers() {
        expectRejected(#"{"type":"Feature","properties":null}"#, #"$: missing required member "geometry""#)
        expectRejected(#"{"type":"Feature","geometry":null}"#, #"$: missing required member "properties""#)
        expectRejected(#"{"type":"Feature","geometry":null,"properties":[]}"#, "properties: expected an object, found an array")
        expectRejected(#"{"type":"Feature","geometry":5,"properties":null}"#, "geometry: expected an object, found a number")
        expectRejected(
            #"{"type":"Feature","id":true,"geometry":null,"properties":null}"#,
            "id: a feature id must be a string or a number, found a boolean")
        expectRejected(
            #"{"type":"Feature","id":[1],"geometry":null,"properties":null}"#,
            "id: a feature id must be a string or a number, found an array")
    }

    @Test func geometryObjectsRejectMembersTheyCannotKeep() {
        expectRejected(
            #"{"type":"Point","coordinates":[0,0],"name":"x"}"#,
            #"name: unknown member; allowed members are "type", "coordinates" (geometry objects keep no foreign members or bbox; put them on the Feature)"#)
        expectRejected(
            #"{"type":"GeometryCollection","geometries":[],"bbox":[0,0,1,1],"coordinates":[]}"#,
            #"bbox: unknown member (also unknown: "coordinates"); allowed members are "type", "geometries" (geometry objects keep no foreign members or bbox; put them on the Feature)"#)
    }

    @Test func boundingBoxes() {
        func collection(bbox: String) -> String { #"{"type":"FeatureCollection","features":[],"bbox":"# + bbox + "}" }
        expectRejected(collection(bbox: "[0,0,1,1,2]"), "bbox: a bbox has 4 or 6 numbers (2 × 2 or 2 × 3 dimensions), found 5")
        expectRejected(collection(bbox: "[0,0,1]"), "bbox: a bbox has 4 or 6 numbers (2 × 2 or 2 × 3 dimensions), found 3")
        expectRejected(collection(bbox: "[0,10,1,5]"), "bbox: bbox south 10.0 is greater than north 5.0")
        expectRejected(collection(bbox: "[0,0,1,91]"), "bbox[3]: latitude 91.0 is outside [-90, 90]")
        expectRejected(collection(bbox: "[0,-95,0,1,5,0]"), "bbox[1]: latitude -95.0 is outside [-90, 90]")
        expectRejected(collection(bbox: "[0,0,1000,1]"), "bbox[2]: longitude 1000.0 is outside [-540, 540]")
        expectRejected(collection(bbox: "[0,0,9,1,1,3]"), "bbox: bbox minimum altitude 9.0 is greater than maximum altitude 3.0")
        expectRejected(collection(bbox: #"[0,0,"1",1]"#), "bbox[2]: expected a number, found a string")
        expectRejected(collection(bbox: "{}"), "bbox: expected an array, found an object")
    }

    @Test func syntaxErrorsKeepTheirPosition() {
        do {
            _ = try FeatureCollection(jsonBytes: Array("{\"type\":\"FeatureCollection\",\n\"features\":[,]}".utf8))
            Issue.record("accepted")
        } catch {
            #expect(error == .syntax(JSONParseError(kind: .unexpectedCharacter(UInt8(ascii: ",")), offset: 41, line: 2, column: 13)))
            #expect(error.description == "JSON parse error at line 2, column 13 (byte 41): unexpected character ',' (0x2C)")
        }
    }
}
