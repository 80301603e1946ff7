import CartoucheGeometry
import CartoucheQuery
import CartoucheTestSupport
import CartoucheJSON
import CartoucheScene
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheJobs
@testable import CartoucheService

/// A query request body: `scene` is spliced in raw, the other members written as given.
func queryBody(scene: [UInt8], _ members: String) -> ByteBuffer {
    ByteBuffer(bytes: Array(#"{"scene":"#.utf8) + scene + Array(((members.isEmpty ? "" : ",") + members + "}").utf8))
}

/// The hits as the route must write them, built from `SceneHit` values with
/// `JSONValue` (not the route's writer), keys sorted by the JSON writer.
func expectedHitsJSON(_ hits: [SceneHit]) -> JSONValue {
    .array(hits.map { hit in
        var object: [String: JSONValue] = [
            "id": .string(hit.id), "kind": .string(hit.kind.rawValue), "layer": hit.layerId.map(JSONValue.string) ?? .null,
            "distance": .number(hit.distance),
        ]
        if !hit.customData.isEmpty { object["customData"] = .object(hit.customData) }
        if let c = hit.cluster {
            var cluster: [String: JSONValue] = [
                "clusterId": .number(Double(c.clusterId)), "pointCount": .number(Double(c.pointCount)),
                "expansionZoom": .number(Double(c.expansionZoom)), "leaves": .array(c.leaves.map(JSONValue.string)),
            ]
            if !c.properties.isEmpty { cluster["properties"] = .object(c.properties) }
            object["cluster"] = .object(cluster)
        }
        return .object(object)
    })
}

func post(_ client: some TestClientProtocol, _ uri: String, _ body: ByteBuffer) async throws -> TestResponse {
    try await client.execute(uri: uri, method: .post, headers: jsonHeaders, body: body)
}

@Suite("POST /v1/query")
struct QueryRouteTests {
    @Test("a tap at the centre of every shown callout hits that callout first; the body is the library's hits")
    func calloutCentres() async throws {
        let scene = try Shared.example("sf-stanford.scene.json")
        let document = try SceneDocument(jsonBytes: scene)
        let engine = try Shared.engine.get()
        let placed = try document.place(text: engine)
        let checked = try await makeApp(testConfiguration()).test(.router) { client in
            var checked = 0
            for (frame, result) in placed.frames.enumerated() {
                let index = try document.queryIndex(frame: frame, text: engine)
                for placement in result.result.placements {
                    guard let box = placement.frame else { continue }
                    let c = box.center
                    let response = try await post(client, "/v1/query", queryBody(scene: scene, #""frame":\#(frame),"at":[\#(c.x),\#(c.y)]"#))
                    #expect(response.status == .ok)
                    let expected: JSONValue = ["frame": .number(Double(frame)), "hits": expectedHitsJSON(index.query(at: c))]
                    #expect(response.body.bytes == (try expected.jsonBytes()))
                    let hits = try #require(try JSONParser().parse(response.body.bytes).objectValue?["hits"]?.arrayValue)
                    let ids = hits.compactMap { $0.objectValue?["id"]?.stringValue }
                    #expect(ids.contains(placement.id), "frame \(frame), \(placement.id)")
                    let own = hits.first { $0.objectValue?["id"]?.stringValue == placement.id }?.objectValue
                    #expect(own?["kind"] == "viewAnnotation")
                    #expect(own?["layer"] == .null)
                    #expect(own?["distance"] == 0)
                    checked += 1
                }
            }
            return checked
        }
        #expect(checked >= 4)  // the example shows callouts in both frames
    }

    @Test("taps: one hits array per tap, each equal to the single tap's answer")
    func batchTaps() async throws {
        let scene = try Shared.example("sf-stanford.scene.json")
        let document = try SceneDocument(jsonBytes: scene)
        let engine = try Shared.engine.get()
        let index = try document.queryIndex(frame: 0, text: engine)
        var rng = SplitMix64(seed: 11)
        let size = document.viewport
        let points = (0..<40).map { _ in ScreenPoint(x: (rng.unit() * size.width).rounded(), y: (rng.unit() * size.height).rounded()) }
        let members = #""radius":6,"taps":["# + points.map { "[\($0.x),\($0.y)]" }.joined(separator: ",") + "]"
        let expected: JSONValue = [
            "frame": 0,
            "taps": .array(points.map { ["at": [.number($0.x), .number($0.y)], "hits": expectedHitsJSON(index.query(at: $0, radius: 6))] }),
        ]
        try await makeApp(testConfiguration()).test(.router) { client in
            let response = try await post(client, "/v1/query", queryBody(scene: scene, members))
            #expect(response.status == .ok)
            #expect(response.body.bytes == (try expected.jsonBytes()))
        }
        // The seeded points must exercise both outcomes.
        #expect(points.contains { !index.query(at: $0, radius: 6).isEmpty })
        #expect(points.contains { index.query(at: $0, radius: 6).isEmpty })
    }

    @Test("a tap inside the Gulf polygon's hole misses with holes honoured and hits with maplibre")
    func polygonHole() async throws {
        let scene = try Shared.example("mapbox-docs.scene.json")
        // The hole spans longitudes -89.209…-88.616 and latitudes 25.086…25.721; its middle:
        let near = #""near":[-88.912,25.403]"#
        try await makeApp(testConfiguration()).test(.router) { client in
            let honoured = try await post(client, "/v1/query", queryBody(scene: scene, near))
            #expect(honoured.status == .ok)
            let missed = try JSONParser().parse(honoured.body.bytes).objectValue?["hits"]?.arrayValue ?? []
            #expect(!missed.contains { $0.objectValue?["id"] == "gulf-polygon" })

            let likeMapLibre = try await post(client, "/v1/query", queryBody(scene: scene, near + #","holes":"maplibre""#))
            #expect(likeMapLibre.status == .ok)
            let hits = try JSONParser().parse(likeMapLibre.body.bytes).objectValue?["hits"]?.arrayValue ?? []
            let gulf = try #require(hits.first { $0.objectValue?["id"] == "gulf-polygon" }?.objectValue)
            #expect(gulf["kind"] == "fill")
            #expect(gulf["layer"] == "gulf")
            #expect(gulf["customData"] == ["name": "Polygon with a hole (Mapbox docs)"])
            // Outside the hole, still inside the outer ring: a hit either way.
            let solid = try await post(client, "/v1/query", queryBody(scene: scene, #""near":[-89.5,24.8]"#))
            let solidHits = try JSONParser().parse(solid.body.bytes).objectValue?["hits"]?.arrayValue ?? []
            #expect(solidHits.contains { $0.objectValue?["id"] == "gulf-polygon" })
        }
    }

    @Test("a rect over the whole viewport meets every shown callout")
    func wholeViewportRect() async throws {
        let scene = try Shared.example("sf-stanford.scene.json")
        let document = try SceneDocument(jsonBytes: scene)
        let placed = try document.place(text: try Shared.engine.get())
        let shown = Set(placed.frames[0].result.drawOrder)
        try await makeApp(testConfiguration()).test(.router) { client in
            let w = document.viewport.width, h = document.viewport.height
            let response = try await post(client, "/v1/query", queryBody(scene: scene, #""rect":[0,0,\#(w),\#(h)]"#))
            #expect(response.status == .ok)
            let hits = try JSONParser().parse(response.body.bytes).objectValue?["hits"]?.arrayValue ?? []
            let ids = Set(hits.compactMap { $0.objectValue?["id"]?.stringValue })
            #expect(!shown.isEmpty)
            #expect(shown.isSubset(of: ids))
        }
    }

    @Test("bad requests are 422 problems at the member's path", arguments: [
        (#""at":[1,2],"rect":[0,0,1,1]"#, "rect", "both given"),
        (#""frame":0"#, "$", "give one of at, rect, near, taps"),
        (#""at":[1,2],"tap":[1,2]"#, "tap", "unknown member"),
        (#""at":[1,2],"frame":5"#, "frame", "is not the index of one of the scene's 2 cameras"),
        (#""at":[1,2],"frame":-1"#, "frame", "≥ 0"),
        (#""at":[1,2],"frame":0.5"#, "frame", "integer"),
        (#""at":[1,2,3]"#, "at", "expected 2 numbers"),
        (#""at":[1,"2"]"#, "at[1]", "number"),
        (#""rect":[5,0,1,1]"#, "rect", "minX must be ≤ maxX"),
        (#""rect":[0,0,1,1],"radius":3"#, "radius", "not to rect"),
        (#""at":[1,2],"radius":-1"#, "radius", "≥ 0"),
        (#""near":[0,95]"#, "near", "latitude"),
        (#""at":[1,2],"holes":"some""#, "holes", "maplibre"),
        (#""at":[1,2],"globeTaps":"sky""#, "globeTaps", #"expected "drawn" or "maplibre", found "sky""#),
        (#""at":[1,2],"globeTaps":true"#, "globeTaps", "string"),
        (#""at":[1,2],"leafLimit":-1"#, "leafLimit", "≥ 0"),
        (#""at":[1,2],"leafOffset":2.5"#, "leafOffset", "integer"),
    ])
    func badRequest(members: String, path: String, detail: String) async throws {
        let scene = try Shared.example("sf-stanford.scene.json")
        try await makeApp(testConfiguration()).test(.router) { client in
            let response = try await post(client, "/v1/query", queryBody(scene: scene, members))
            let problem = try ProblemBody(response, status: .unprocessableContent, slug: "invalid-value")
            #expect(problem.path == path)
            #expect(problem.detail.contains(detail), "\(problem.detail)")
        }
    }

    @Test("errors inside the scene carry paths under scene; limits apply to the scene")
    func sceneErrors() async throws {
        try await makeApp(testConfiguration { $0.maxAnnotations = 2 }).test(.router) { client in
            let wide = Array(#"{"version":1,"viewport":{"width":"wide","height":100},"camera":{"center":[0,0],"zoom":1}}"#.utf8)
            let typed = try await post(client, "/v1/query", queryBody(scene: wide, #""at":[1,2]"#))
            #expect(try ProblemBody(typed, status: .unprocessableContent, slug: "invalid-value").path == "scene.viewport.width")

            let many = try await post(client, "/v1/query", queryBody(scene: pointScene(count: 3, mode: "greedy"), #""at":[1,2]"#))
            #expect(try ProblemBody(many, status: .contentTooLarge, slug: "too-many-annotations").path == "scene.viewAnnotations")

            let missing = try await client.execute(uri: "/v1/query", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"at":[1,2]}"#))
            let noScene = try ProblemBody(missing, status: .unprocessableContent, slug: "invalid-value")
            #expect(noScene.path == "$")
            #expect(noScene.detail.contains(#"missing required member "scene""#))

            let broken = try await client.execute(uri: "/v1/query", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"scene":{"version":1,}"#))
            let problem = try ProblemBody(broken, status: .badRequest, slug: "invalid-json")
            #expect(problem.object["line"] == 1)
            #expect(problem.object["column"] == 22)  // the trailing comma

            let parameter = try await post(client, "/v1/query?frame=1", queryBody(scene: wide, #""at":[1,2]"#))
            #expect(try ProblemBody(parameter, status: .badRequest, slug: "invalid-parameter").object["parameter"] == "frame")

            let get = try await client.execute(uri: "/v1/query", method: .get)
            _ = try ProblemBody(get, status: .methodNotAllowed, slug: "method-not-allowed")
        }
        try await makeApp(testConfiguration { $0.maxBodyBytes = 50 }).test(.router) { client in
            let response = try await post(client, "/v1/query", queryBody(scene: try Shared.example("sf-stanford.scene.json"), #""at":[1,2]"#))
            _ = try ProblemBody(response, status: .contentTooLarge, slug: "body-too-large")
        }
    }

    @Test("answers and requests match the OpenAPI schemas")
    func schemas() async throws {
        let checker = try OpenAPITests.checker()
        let scene = try Shared.example("mapbox-docs.scene.json")
        for members in [#""at":[450,300],"radius":4,"frame":1,"holes":"maplibre","globeTaps":"maplibre""#, #""taps":[[450,300],[10,10]]"#, #""rect":[0,0,900,600]"#,
                        #""near":[-89.5,24.8]"#] {
            let request = try JSONParser().parse(queryBody(scene: scene, members).readableBytesView)
            #expect(checker.check(request, against: ["$ref": "#/components/schemas/QueryRequest"], at: "$") == [], "\(members)")
            _ = try QueryRequest(json: request)
            try await makeApp(testConfiguration()).test(.router) { client in
                let response = try await post(client, "/v1/query", queryBody(scene: scene, members))
                #expect(response.status == .ok)
                let answer = try JSONParser().parse(response.body.bytes)
                #expect(checker.check(answer, against: ["$ref": "#/components/schemas/QueryResponse"], at: "$") == [], "\(members)")
                if members.hasPrefix(#""rect""#) { #expect(answer.objectValue?["hits"]?.arrayValue?.isEmpty == false) }
            }
        }
        let rejected = try JSONParser().parse(queryBody(scene: scene, #""at":[1,2],"rect":[0,0,1,1]"#).readableBytesView)
        #expect(checker.check(rejected, against: ["$ref": "#/components/schemas/QueryRequest"], at: "$") != [])
    }

    @Test("cluster hits carry their aggregates and the leaf page asked for; both match the OpenAPI schemas")
    func clusterHits() async throws {
        let points = (0..<12).map { i in
            #"{"id": "s\#(i)", "geometry": {"type": "Point", "coordinates": [\#(2.35 + Double(i % 4) * 0.001), \#(48.85 + Double(i / 4) * 0.001)]}, "customData": {"n": \#(i)}}"#
        }
        let scene = Array("""
        {"version": 1, "viewport": {"width": 800, "height": 600}, "camera": {"center": [2.35, 48.85], "zoom": 10},
         "managers": [{"id": "shops", "type": "point", "cluster": {"clusterProperties": {"n": ["+", ["get", "n", ["get", "custom_data"]]]}},
                       "annotations": [\(points.joined(separator: ","))]}]}
        """.utf8)
        let checker = try OpenAPITests.checker()
        let members = #""rect":[0,0,800,600],"leafLimit":4,"leafOffset":10"#
        let request = try JSONParser().parse(queryBody(scene: scene, members).readableBytesView)
        #expect(checker.check(request, against: ["$ref": "#/components/schemas/QueryRequest"], at: "$") == [])
        try await makeApp(testConfiguration()).test(.router) { client in
            let response = try await post(client, "/v1/query", queryBody(scene: scene, members))
            #expect(response.status == .ok)
            let answer = try JSONParser().parse(response.body.bytes)
            #expect(checker.check(answer, against: ["$ref": "#/components/schemas/QueryResponse"], at: "$") == [])
            let cluster = answer.objectValue?["hits"]?.arrayValue?.first?.objectValue?["cluster"]?.objectValue
            #expect(cluster?["properties"] == ["n": 66])
            #expect(cluster?["leaves"]?.arrayValue?.count == 2, "12 leaves, offset 10: the last 2")
        }
    }
}
