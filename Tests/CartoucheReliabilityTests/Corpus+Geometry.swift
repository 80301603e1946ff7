import CartoucheJSON
import Testing

/// Empty, degenerate, self-intersecting and very long geometries.
extension HostileCorpus {
    static func featureScene(_ feature: String) -> String {
        SceneJSON.scene(callouts: [SceneJSON.callout(feature: feature)])
    }

    /// A zigzag line of `vertices` positions around (0, 0), as JSON text:
    /// alternating (-0.5, 0) and (0.5, 0.001), written without a per-vertex loop.
    static func zigzag(vertices: Int) -> String {
        "[" + String(repeating: "[-0.5,0],[0.5,0.001],", count: vertices / 2).dropLast() + "]"
    }

    /// Where decoding stops in 40 nested collections: the 33rd level.
    static let nestedCollectionPath = "viewAnnotations[0].feature" + String(repeating: ".geometries[0]", count: 32)

    static let bowtie = "[[[-1,-1],[1,1],[1,-1],[-1,1],[-1,-1]]]"

    static let geometryCases: [HostileCase] = [
        HostileCase(name: "a FeatureCollection where a geometry belongs", family: .geometry,
                    request: HostileRequest(featureScene(#"{"type":"FeatureCollection","features":[]}"#)),
                    expected: .invalid("viewAnnotations[0].feature.type", "FeatureCollection")),
        HostileCase(name: "unknown geometry type", family: .geometry,
                    request: HostileRequest(featureScene(SceneJSON.geometry("Circle", "[0,0]"))),
                    expected: .invalid("viewAnnotations[0].feature.type", "Circle")),
        HostileCase(name: "empty LineString", family: .geometry,
                    request: HostileRequest(featureScene(SceneJSON.geometry("LineString", "[]"))),
                    expected: .invalid("viewAnnotations[0].feature.coordinates", "at least 2 positions")),
        HostileCase(name: "one-position LineString", family: .geometry,
                    request: HostileRequest(featureScene(SceneJSON.geometry("LineString", "[[0,0]]"))),
                    expected: .invalid("viewAnnotations[0].feature.coordinates", "at least 2 positions")),
        // Two equal positions: a line of length zero sits on its one point.
        HostileCase(name: "zero-length LineString", family: .geometry,
                    request: HostileRequest(featureScene(SceneJSON.geometry("LineString", "[[0,0],[0,0]]"))),
                    expected: .accepted(expectCentred)),
        HostileCase(name: "unclosed polygon ring", family: .geometry,
                    request: HostileRequest(featureScene(SceneJSON.geometry("Polygon", "[[[0,0],[1,0],[1,1],[0,1]]]"))),
                    expected: .invalid("viewAnnotations[0].feature.coordinates[0]", "closed")),
        HostileCase(name: "polygon ring of three positions", family: .geometry,
                    request: HostileRequest(featureScene(SceneJSON.geometry("Polygon", "[[[0,0],[1,0],[0,0]]]"))),
                    expected: .invalid("viewAnnotations[0].feature.coordinates[0]", "at least 4")),
        HostileCase(name: "polygon without rings", family: .geometry,
                    request: HostileRequest(featureScene(SceneJSON.geometry("Polygon", "[]"))),
                    expected: .invalid("viewAnnotations[0].feature.coordinates", "ring")),
        // Self-intersection is legal GeoJSON (RFC 7946 only says SHOULD NOT):
        // accepted; the callout goes to a point inside one of the two lobes
        // the even-odd rule fills (|lat| < |lon|), not to the crossing at (0, 0).
        HostileCase(name: "self-intersecting (bowtie) polygon", family: .geometry,
                    request: HostileRequest(featureScene(SceneJSON.geometry("Polygon", bowtie))),
                    expected: .accepted { answer in
                        try PlaceAnswer.expectShown(answer)
                        let at = try #require(try PlaceAnswer.placement(answer)["anchorCoordinate"]?.arrayValue?.compactMap(\.numberValue))
                        #expect(at.count == 2 && abs(at[1]) < abs(at[0]) && abs(at[0]) < 1, "\(at)")
                    }),
        HostileCase(name: "empty MultiPoint", family: .geometry,
                    request: HostileRequest(featureScene(SceneJSON.geometry("MultiPoint", "[]"))),
                    expected: .accepted { try PlaceAnswer.expectHidden($0, reason: "featureNotFound") }),
        HostileCase(name: "empty GeometryCollection", family: .geometry,
                    request: HostileRequest(featureScene(#"{"type":"GeometryCollection","geometries":[]}"#)),
                    expected: .accepted { try PlaceAnswer.expectHidden($0, reason: "featureNotFound") }),
        HostileCase(name: "GeometryCollections nested 40 deep", family: .geometry,
                    request: HostileRequest(featureScene(
                        String(repeating: #"{"type":"GeometryCollection","geometries":["#, count: 40) + SceneJSON.point(0, 0)
                            + String(repeating: "]}", count: 40))),
                    expected: .invalid(nestedCollectionPath, "GeometryCollections nested deeper than 32 levels")),
        HostileCase(name: "position with an altitude", family: .geometry,
                    request: HostileRequest(featureScene(#"{"type":"Point","coordinates":[0,0,1200]}"#)),
                    expected: .accepted(expectCentred)),
        HostileCase(name: "position with one number", family: .geometry,
                    request: HostileRequest(featureScene(#"{"type":"Point","coordinates":[0]}"#)),
                    expected: .invalid("viewAnnotations[0].feature.coordinates", "a position needs 2 numbers (longitude, latitude), found 1")),
        HostileCase(name: "position of strings", family: .geometry,
                    request: HostileRequest(featureScene(#"{"type":"Point","coordinates":["0","0"]}"#)),
                    expected: .invalid("viewAnnotations[0].feature.coordinates[0]", "expected a number, found a string")),
        // 10^5 vertices (2 MB of JSON) bound to a callout: placed, well within the budget.
        HostileCase(name: "callout on a 100,000-vertex line", family: .geometry,
                    request: HostileRequest(featureScene(SceneJSON.geometry("LineString", zigzag(vertices: 100_000)))),
                    expected: .accepted { try PlaceAnswer.expectShown($0) }),
        HostileCase(name: "100,000-vertex polyline annotation with a callout bound to it", family: .geometry,
                    request: HostileRequest(SceneJSON.scene(
                        callouts: [#"{"id":"a","feature":{"layerId":"routes"},"size":{"width":40,"height":20}}"#],
                        members: #""managers":[\#(SceneJSON.polylineManager(line: zigzag(vertices: 100_000)))]"#)),
                    expected: .accepted { try PlaceAnswer.expectShown($0) }),
    ]
}
