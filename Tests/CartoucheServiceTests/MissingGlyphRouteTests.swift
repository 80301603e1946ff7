import CartoucheJSON
import CartoucheTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

@Suite("Missing-glyph warnings over HTTP")
struct MissingGlyphRouteTests {
    static let sceneWithMissingGlyphs = MissingGlyphScene.json

    static let countField = HTTPField.Name("Cartouche-Warning-Count") ?? .via
    static let warningsField = HTTPField.Name("Cartouche-Warnings") ?? .via

    /// The header's messages, parsed back from its ASCII JSON.
    static func headerWarnings(_ response: TestResponse) throws -> [String] {
        let value = try #require(response.headers[warningsField])
        return try #require(try JSONParser().parse(Array(value.utf8)).arrayValue).compactMap(\.stringValue)
    }

    @Test("place, query and render answer 200 and name the annotations and code points in headers (and place/query bodies)")
    func everySceneRouteWarns() async throws {
        let scene = Self.sceneWithMissingGlyphs
        let query = #"{"at": [200, 150], "scene": \#(scene)}"#
        try await makeApp(testConfiguration()).test(.router) { client in
            for (uri, body) in [("/v1/place", scene), ("/v1/query", query), ("/v1/render", scene)] {
                try await client.execute(uri: uri, method: .post, headers: jsonHeaders, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == .ok, "\(uri)")
                    #expect(response.headers[Self.countField] == "2", "\(uri)")
                    let messages = try Self.headerWarnings(response)
                    #expect(messages == [
                        #"view annotation "c1": no font has a glyph for U+E000; measured and drawn as .notdef boxes"#,
                        #"point annotation "bkk" of manager "pins": no font has a glyph for U+E001; measured and drawn as .notdef boxes"#,
                    ], "\(uri)")
                    guard uri != "/v1/render" else {
                        #expect(String(buffer: response.body).contains("<svg"))
                        return
                    }
                    let json = try JSONParser().parse(response.body.bytes)
                    let warnings = try #require(json.objectValue?["warnings"]?.arrayValue, "\(uri)")
                    #expect(warnings.compactMap { $0.objectValue?["message"]?.stringValue } == messages)
                    #expect(warnings.compactMap { $0.objectValue?["codePoints"] } == [["U+E000"], ["U+E001"]])
                }
            }
            // Compile: the style draws the point labels, not the callouts.
            try await client.execute(uri: "/v1/compile?output=fragment", method: .post, headers: jsonHeaders, body: ByteBuffer(string: scene)) { response in
                #expect(response.status == .ok)
                #expect(response.headers[Self.countField] == "1")
                let messages = try Self.headerWarnings(response)
                #expect(messages.count == 1 && messages.first?.hasPrefix(#"point annotation "bkk" of manager "pins""#) == true)
            }
        }
    }

    @Test("a scene whose text is all covered says 0 and carries no warnings")
    func cleanSceneSaysZero() async throws {
        let clean = Self.sceneWithMissingGlyphs.replacingOccurrences(of: #" \uE001"#, with: "")
            .replacingOccurrences(of: #" \uE000\uE000"#, with: "")
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/v1/place", method: .post, headers: jsonHeaders, body: ByteBuffer(string: clean)) { response in
                #expect(response.status == .ok)
                #expect(response.headers[Self.countField] == "0")
                #expect(response.headers[Self.warningsField] == nil)
                let json = try JSONParser().parse(response.body.bytes)
                #expect(json.objectValue?["warnings"] == nil)
            }
        }
    }
}
