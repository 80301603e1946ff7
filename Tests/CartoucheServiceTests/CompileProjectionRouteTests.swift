import CartoucheAnnotations
import CartoucheJSON
import CartoucheScene
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

/// `POST /v1/compile` writes the scene's projection into the style's root,
/// in the target's spelling, and the answer matches the documented schema.
@Suite("POST /v1/compile: the projection")
struct CompileProjectionRouteTests {
    @Test("world-globe: {\"type\": \"globe\"} by default, {\"name\": \"globe\"} with target=mapbox; the library's bytes; the schema holds")
    func globeSpellings() async throws {
        let body = try Shared.example("world-globe.scene.json")
        let document = try SceneDocument(jsonBytes: body)
        let checker = try OpenAPITests.checker()
        try await makeApp(testConfiguration()).test(.router) { client in
            for (query, target, expected) in [("", nil, ["type": "globe"] as JSONValue), ("?target=mapbox", .mapbox, ["name": "globe"])] as [(String, StyleTarget?, JSONValue)] {
                let response = try await post(client, "/v1/compile" + query, ByteBuffer(bytes: body))
                #expect(response.status == .ok)
                #expect(response.body.bytes == (try document.styleDocument(target: target).json.jsonBytes()), "\(query)")
                let answer = try JSONParser().parse(response.body.bytes)
                #expect(answer.objectValue?["projection"] == expected, "\(query)")
                #expect(checker.check(answer, against: ["$ref": "#/components/schemas/StyleDocument"], at: "$") == [], "\(query)")
            }
        }
    }

    @Test("the schema refuses a projection spelled neither way")
    func schemaRefusesOtherSpellings() throws {
        let checker = try OpenAPITests.checker()
        for projection: JSONValue in [["type": "mercator"], ["name": "globe", "type": "globe"], ["kind": "globe"]] {
            let style: JSONValue = ["version": 8, "sources": [:], "layers": [], "projection": projection]
            #expect(checker.check(style, against: ["$ref": "#/components/schemas/StyleDocument"], at: "$") != [], "\(projection)")
        }
    }
}
