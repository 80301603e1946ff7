import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

@Suite("HEAD on GET routes")
struct HeadRouteTests {
    @Test("HEAD answers the GET's status and headers with no body", arguments: ["/healthz", "/openapi.json", "/metrics"])
    func head(path: String) async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            let get = try await client.execute(uri: path, method: .get)
            let head = try await client.execute(uri: path, method: .head)
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            #expect(head.headers[.contentType] == get.headers[.contentType])
            if path != "/metrics" {  // the metrics change between the two requests
                #expect(head.headers[.contentLength] == "\(get.body.readableBytes)")
            }
        }
    }

    @Test("HEAD on a POST route is 405; a wrong method on a GET route lists GET and HEAD")
    func allow() async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            let head = try await client.execute(uri: "/v1/render", method: .head)
            #expect(head.status == .methodNotAllowed)
            #expect(head.headers[.allow] == "POST")
            let post = try await client.execute(uri: "/healthz", method: .post, headers: jsonHeaders, body: ByteBuffer(string: "{}"))
            #expect(post.status == .methodNotAllowed)
            #expect(post.headers[.allow] == "GET, HEAD")
        }
    }
}
