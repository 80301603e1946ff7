import CartoucheJSON
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Self-intersecting polygons are legal (RFC 7946 only says SHOULD NOT) and
/// are hit-tested with the even-odd rule, as MapLibre's
/// `queryRenderedFeatures` does. A pentagram tells the rules apart: its
/// centre is wound twice, so non-zero would fill it and even-odd does not.
@Suite("Self-intersecting polygons through /v1/query")
struct SelfIntersectionTests {
    /// A pentagram of radius 1° around (0, 0), drawn in one ring: every second
    /// vertex of a regular pentagon, starting at the top.
    static var pentagram: String {
        let points = (0...5).map { k -> String in
            let angle = (90 + 144 * Double(k % 5)) * Double.pi / 180
            // Rounded so the ring closes exactly.
            let lon = (cos(angle) * 1e6).rounded() / 1e6, lat = (sin(angle) * 1e6).rounded() / 1e6
            return "[\(lon),\(lat)]"
        }
        return "[[" + points.joined(separator: ",") + "]]"
    }

    static var scene: String {
        SceneJSON.scene(camera: #"{"center":[0,0],"zoom":6}"#, callouts: [], members: #""managers":[{"id":"zones","type":"polygon","annotations":[{"id":"star","geometry":{"type":"Polygon","coordinates":\#(pentagram)}}]}]"#)
    }

    /// The ids hit by a tap at (x, y) of the 400×300 viewport.
    static func hits(at x: Double, _ y: Double, client: some TestClientProtocol) async throws -> [String] {
        let body = #"{"at":[\#(x),\#(y)],"scene":\#(scene)}"#
        return try await client.execute(uri: "/v1/query", method: .post, headers: [.contentType: "application/json"],
                                        body: ByteBuffer(string: body)) { response in
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            let answer = try JSONParser().parse(response.body.bytes)
            return (answer.objectValue?["hits"]?.arrayValue ?? []).compactMap { $0.objectValue?["id"]?.stringValue }
        }
    }

    @Test("a pentagram's doubly wound centre is a hole; its points are filled")
    func pentagramIsEvenOdd() async throws {
        // At zoom 6 one degree is 512 · 2^6 / 360 ≈ 91.0 points; near the
        // equator Mercator is that scale in y too.
        let degree = 512 * 64 / 360.0
        try await makeApp(testConfiguration()).test(.router) { client in
            let centre = try await Self.hits(at: 200, 150, client: client)
            #expect(centre == [])
            // The top point, 0.8° up (the inner pentagon's radius is 0.38°).
            let tip = try await Self.hits(at: 200, 150 - 0.8 * degree, client: client)
            #expect(tip == ["star"])
            // Outside the star altogether, between two points at radius 0.8°.
            let between = try await Self.hits(at: 200 + 0.8 * degree * cos(54 * Double.pi / 180),
                                              150 - 0.8 * degree * sin(54 * Double.pi / 180), client: client)
            #expect(between == [])
        }
    }
}
