import CartoucheJSON
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

/// The scene's `projection` over HTTP: a bad type is a 422 at
/// `projection.type`; globe cameras below zoom 12 are answered on the sphere.
@Suite("projection over HTTP")
struct ProjectionRouteTests {
    static func scene(zoom: Double, type: String) -> String {
        #"{"version":1,"viewport":{"width":200,"height":100},"camera":{"center":[0,0],"zoom":\#(zoom)},"projection":{"type":"\#(type)"},"viewAnnotations":[{"id":"a","feature":{"type":"Point","coordinates":[0,0]},"size":{"width":20,"height":10}},{"id":"b","feature":{"type":"Point","coordinates":[180,0]},"size":{"width":20,"height":10}}]}"#
    }

    @Test("an unknown projection type is a 422 at projection.type listing the allowed ones")
    func unknownType() async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            for route in ["/v1/place", "/v1/compile", "/v1/render"] {
                let response = try await post(client, route, ByteBuffer(string: Self.scene(zoom: 3, type: "equirectangular")))
                let problem = try ProblemBody(response, status: .unprocessableContent, slug: "invalid-value")
                #expect(problem.path == "projection.type", "\(route)")
                #expect(problem.detail.contains("\"mercator\"") && problem.detail.contains("\"globe\""), "\(problem.detail)")
            }
        }
    }

    @Test("placing (horizon for what it hides), querying and drawing the globe below zoom 12 answer 200 on the sphere; compile and zoom 12 answer")
    func globeAnsweredBelowZoom12() async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            let low = Self.scene(zoom: 3, type: "globe")
            let placed = try await post(client, "/v1/place", ByteBuffer(string: low))
            #expect(placed.status == .ok)
            let body = String(buffer: placed.body)
            #expect(body.contains(#"{"hiddenReason":{"code":"horizon"},"id":"b","visible":false}"#), "\(body)")
            #expect(body.contains(#""drawOrder":["a"]"#))
            for (route, body) in [("/v1/render", low),
                                  ("/v1/query", #"{"scene":\#(low),"at":[100,45]}"#)] {
                let response = try await post(client, route, ByteBuffer(string: body))
                #expect(response.status == .ok, "\(route): \(String(buffer: response.body))")
                let text = String(buffer: response.body)
                if route == "/v1/render" { #expect(text.contains("<g id=\"globe\">")) }
                if route == "/v1/query" { #expect(text.contains(#""id":"a""#), "\(text)") }
            }
            #expect(try await post(client, "/v1/compile", ByteBuffer(string: low)).status == .ok)
            let high = try await post(client, "/v1/place", ByteBuffer(string: Self.scene(zoom: 12, type: "globe")))
            let mercator = try await post(client, "/v1/place", ByteBuffer(string: Self.scene(zoom: 12, type: "mercator")))
            #expect(high.status == .ok && high.body == mercator.body)
        }
    }
}
