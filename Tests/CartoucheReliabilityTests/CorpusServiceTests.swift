import CartoucheJSON
import CartoucheService
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("Bad-input corpus through the HTTP service")
struct CorpusServiceTests {
    @Test("the corpus is large and covers every family of issue #8")
    func coverage() {
        #expect(HostileCorpus.all.count >= 60)
        let names = HostileCorpus.all.map(\.testDescription)
        #expect(Set(names).count == names.count, "case names are unique")
        for family in HostileCase.Family.allCases {
            #expect(HostileCorpus.all.contains { $0.family == family }, "no case for \(family)")
        }
    }

    @Test("each case gets its exact answer on every route it applies to", arguments: HostileCorpus.all)
    func answers(_ hostile: HostileCase) async throws {
        let config = testConfiguration { c in hostile.configure?(&c) }
        try await makeApp(config).test(.router) { client in
            for route in hostile.routes {
                let answer = try await client.send(hostile.request, to: route)
                try Self.check(answer, against: hostile.expected, route: route)
            }
        }
    }

    /// Holds an answer to the case's expectation.
    static func check(_ answer: Answer, against expected: Expected, route: CorpusRoute) throws {
        switch expected {
        case .problem(let problem):
            try problem.check(answer, route: route)
        case .accepted(let check):
            #expect(answer.status == 200, "\(route.uri): \(String(decoding: answer.body.prefix(400), as: UTF8.self))")
            guard answer.status == 200 else { return }
            #expect(answer.contentType == "application/json")
            if route == .place { try check(try answer.json()) }
        }
    }

    @Test("after the whole corpus on one server, it still answers /healthz and places a good scene byte-identically")
    func keepsServing() async throws {
        let good = try #require(try Shared.examples().first { $0.name == "sf-stanford.scene.json" }).bytes
        let goodRequest = HostileRequest(bytes: { good })
        // One server with the default settings for everything the corpus sends
        // without special settings.
        try await makeApp(testConfiguration()).test(.router) { client in
            let before = try await client.send(goodRequest, to: .place)
            #expect(before.status == 200)
            for hostile in HostileCorpus.all where hostile.configure == nil {
                for route in hostile.routes {
                    let answer = try await client.send(hostile.request, to: route)
                    #expect(answer.status < 500 || answer.status == 503, "\(hostile.testDescription) on \(route.uri): \(answer.status)")
                }
            }
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == #"{"status":"ok"}"#)
            }
            let after = try await client.send(goodRequest, to: .place)
            #expect(after.status == 200)
            #expect(after.body == before.body)
            // Nothing the corpus sent was an internal error.
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(!String(buffer: response.body).contains(#"status="500""#))
            }
        }
    }
}
