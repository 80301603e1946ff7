import CartoucheScene
import CartoucheJSON
import CartoucheJobs
import CartoucheService
import Foundation
import HTTPTypes
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
                let answer = try await client.send(hostile.request, to: route, wrap: hostile.wrapsForQuery)
                try Self.check(answer, against: hostile.expected, route: route, wrap: hostile.wrapsForQuery)
            }
        }
    }

    /// Holds an answer to the case's expectation.
    static func check(_ answer: Answer, against expected: Expected, route: CorpusRoute, wrap: Bool) throws {
        switch expected {
        case .problem(let problem):
            try problem.on(route, wrap: wrap).check(answer, route: route)
        case .accepted(let check):
            #expect(answer.status == 200, "\(route.uri): \(String(decoding: answer.body.prefix(400), as: UTF8.self))")
            guard answer.status == 200 else { return }
            switch route {
            case .place:
                #expect(answer.contentType == "application/json")
                try check(try answer.json())
            case .render:
                // SVG numbers must be finite whatever the scene's extremes.
                #expect(answer.contentType?.hasPrefix("image/svg+xml") == true)
                let svg = String(decoding: answer.body, as: UTF8.self)
                #expect(svg.contains("<svg") && !svg.contains(/[^A-Za-z](-?inf|nan)[^A-Za-z]/))
            case .compile, .query, .shape:
                #expect(answer.contentType == "application/json")
                _ = try answer.json()
            }
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
                    let answer = try await client.send(hostile.request, to: route, wrap: hostile.wrapsForQuery)
                    #expect(answer.status < 500 || answer.status == 503, "\(hostile.testDescription) on \(route.uri): \(answer.status)")
                }
            }
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == #"{"status":"ok","version":"\#(CartoucheVersion.string)"}"#)
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

    @Test("duplicate annotation ids in a manager: the first is kept and compiling says so in its warning headers")
    func duplicateAnnotationIdsWarn() async throws {
        let scene = SceneJSON.scene(members: #""managers":[\#(SceneJSON.circleManager(id: "m", annotationIds: ["c1", "c1"]))]"#)
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/v1/compile?output=fragment", method: .post, headers: [.contentType: "application/json"],
                                     body: ByteBuffer(string: scene)) { response in
                #expect(response.status == .ok)
                let countField = try #require(HTTPField.Name("Cartouche-Warning-Count"))
                let warningsField = try #require(HTTPField.Name("Cartouche-Warnings"))
                #expect(response.headers[countField] == "1")
                let warnings = response.headers[warningsField] ?? ""
                #expect(warnings.contains(#"annotation id \"c1\" at index 1 repeats index 0; the first is kept"#), "\(warnings)")
                // One feature in the source: the second c1 is dropped.
                let fragment = try JSONParser().parse(response.body.bytes)
                let features = fragment.objectValue?["sources"]?.objectValue?["m"]?.objectValue?["data"]?.objectValue?["features"]?.arrayValue
                #expect(features?.count == 1)
            }
        }
    }
}
