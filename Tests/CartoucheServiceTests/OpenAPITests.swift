import CartoucheJSON
import CartoucheScene
import CartoucheTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheJobs
@testable import CartoucheService

/// A small JSON Schema checker for the subset `/openapi.json` uses: `$ref`,
/// `oneOf`, `anyOf`, `allOf`, `if`/`then`/`else`, `type`, `enum`, `const`,
/// `properties`, `required`, `additionalProperties` (false or a schema),
/// `items`, `prefixItems`, `minItems`.
/// Returns the problems found (empty when the value matches).
struct SchemaChecker {
    let components: [String: JSONValue]

    func check(_ value: JSONValue, against schema: JSONValue, at path: String) -> [String] {
        guard let s = schema.objectValue else { return ["\(path): schema is not an object"] }
        if let ref = s["$ref"]?.stringValue {
            let name = String(ref.dropFirst("#/components/schemas/".count))
            guard let target = components[name] else { return ["\(path): unresolved \(ref)"] }
            return check(value, against: target, at: path)
        }
        var problems: [String] = []
        if let alternatives = s["oneOf"]?.arrayValue {
            let matching = alternatives.filter { check(value, against: $0, at: path).isEmpty }
            if matching.count != 1 { problems.append("\(path): matches \(matching.count) of the oneOf alternatives") }
        }
        if let alternatives = s["anyOf"]?.arrayValue, !alternatives.contains(where: { check(value, against: $0, at: path).isEmpty }) {
            problems.append("\(path): matches none of the anyOf alternatives")
        }
        for part in s["allOf"]?.arrayValue ?? [] { problems += check(value, against: part, at: path) }
        // `Manager` keeps `cluster` off non-point managers with {"not": {"const": "point"}}.
        if let negated = s["not"], check(value, against: negated, at: path).isEmpty { problems.append("\(path): matches the not schema") }
        if let condition = s["if"] {
            let branch = check(value, against: condition, at: path).isEmpty ? s["then"] : s["else"]
            if let branch { problems += check(value, against: branch, at: path) }
        }
        if let constant = s["const"], constant != value { problems.append("\(path): is not \(constant)") }
        if let options = s["enum"]?.arrayValue, !options.contains(value) { problems.append("\(path): not in enum") }
        if let type = s["type"]?.stringValue, !Self.has(value, type: type) { problems.append("\(path): is not \(type)") }
        if case .number(let n) = value {
            if let min = s["minimum"]?.numberValue, n < min { problems.append("\(path): below the minimum \(min)") }
            if let max = s["maximum"]?.numberValue, n > max { problems.append("\(path): above the maximum \(max)") }
        }
        if case .object(let members) = value {
            let properties = s["properties"]?.objectValue ?? [:]
            for name in s["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where members[name] == nil {
                problems.append("\(path).\(name): required but missing")
            }
            let additional = s["additionalProperties"]
            for (name, member) in members {
                if let sub = properties[name] {
                    problems += check(member, against: sub, at: "\(path).\(name)")
                } else if additional == .bool(false) {
                    problems.append("\(path).\(name): not described")
                } else if let additional, additional.objectValue != nil {
                    problems += check(member, against: additional, at: "\(path).\(name)")
                }
            }
        }
        if case .array(let elements) = value {
            if let min = s["minItems"]?.numberValue, Double(elements.count) < min { problems.append("\(path): fewer than \(min) items") }
            let prefix = s["prefixItems"]?.arrayValue ?? []
            for (i, element) in elements.enumerated() {
                if i < prefix.count { problems += check(element, against: prefix[i], at: "\(path)[\(i)]") }
                else if let items = s["items"] { problems += check(element, against: items, at: "\(path)[\(i)]") }
            }
        }
        return problems
    }

    static func has(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("number", .number), ("null", .null): true
        case ("integer", .number(let n)): n.rounded() == n
        default: false
        }
    }
}

@Suite("/openapi.json")
struct OpenAPITests {
    static func document() throws -> [String: JSONValue] {
        try #require(try JSONParser().parse(OpenAPIDocument.json).objectValue)
    }

    /// The document a server with the bundled fonts serves.
    static func servedDocument() throws -> String {
        let registry = try Shared.engine.get().registry
        return OpenAPIDocument.json(fontNames: OpenAPIDocument.fontNames(of: registry), maxTextLength: testConfiguration().maxTextLength)
    }

    static func checker() throws -> SchemaChecker {
        SchemaChecker(components: try #require(try document()["components"]?.objectValue?["schemas"]?.objectValue))
    }

    @Test("it is OpenAPI 3.1 and served as JSON")
    func served() async throws {
        try await makeApp(testConfiguration()).test(.router) { client in
            try await client.execute(uri: "/openapi.json", method: .get) { response in
                #expect(response.status == .ok)
                let served = try JSONParser().parse(response.body.bytes)
                #expect(served.objectValue?["openapi"] == "3.1.0")
                #expect(served.objectValue?["info"]?.objectValue?["version"] == .string(CartoucheVersion.string))
                #expect(served == (try JSONParser().parse(Self.servedDocument())))
                let stack = served.objectValue?["components"]?.objectValue?["schemas"]?.objectValue?["FontStack"]?.objectValue
                #expect(stack?["contains"]?.objectValue?["enum"]?.arrayValue?.contains("Noto Sans Regular") == true)
            }
        }
    }

    @Test("openapi-spec-validator accepts it; every operation has an operationId and a summary; no fixed server")
    func validForGenerators() async throws {
        let python = PythonOracle.repositoryRoot.appendingPathComponent(".venv-peers/bin/python").path
        try #require(FileManager.default.isExecutableFile(atPath: python), "run scripts/setup: the .venv-peers venv is missing")
        let output = try await PythonOracle.runOffThePool(script: "scripts/oracles/openapi_check.py", input: Data(OpenAPIDocument.json.utf8))
        let report = try #require(try JSONParser().parse(Array(output)).objectValue)
        #expect(report["valid"] == true, "\(report["error"] ?? .null)")
        let served = try await PythonOracle.runOffThePool(script: "scripts/oracles/openapi_check.py", input: Data(try Self.servedDocument().utf8))
        let servedReport = try #require(try JSONParser().parse(Array(served)).objectValue)
        #expect(servedReport["valid"] == true, "\(servedReport["error"] ?? .null)")
        #expect(report["operations"]?.numberValue == Double(ServiceRoute.allCases.count))
        #expect(report["withoutOperationId"] == [])
        #expect(report["withoutSummary"] == [])
        #expect(report["servers"] == .null)
    }

    @Test("its paths are exactly the router's routes, with their methods")
    func pathsMatchRoutes() throws {
        let paths = try #require(try Self.document()["paths"]?.objectValue)
        var documented = Set<String>()
        for (path, item) in paths {
            for method in (item.objectValue ?? [:]).keys { documented.insert("\(method.uppercased()) \(path)") }
        }
        let routed = Set(ServiceRoute.allCases.map { "\($0.method.rawValue) \($0.path)" })
        #expect(documented == routed)
    }

    @Test("every member of every example scene is described, with the right types")
    func exampleScenesMatchSchema() throws {
        let folder = Shared.repositoryRoot.appendingPathComponent("Examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".scene.json") }.sorted()
        #expect(names.count >= 1)
        for name in names {
            let scene = try JSONParser().parse(try Shared.example(name))
            let problems = try Self.checker().check(scene, against: ["$ref": "#/components/schemas/Scene"], at: "$")
            #expect(problems == [], "\(name)")
        }
    }

    @Test("generated scenes (sizes, anchors, options) match the schema")
    func generatedSceneMatchesSchema() throws {
        let scene = try JSONParser().parse(pointScene(count: 5, mode: "optimise"))
        #expect(try Self.checker().check(scene, against: ["$ref": "#/components/schemas/Scene"], at: "$") == [])
    }

    @Test("a drive's members (a camera's puck and lineTrim, previous as a map or a pasted frame) match the schema")
    func motionMembersMatchSchema() throws {
        var scene = try #require(try JSONParser().parse(try Shared.example("sf-stanford.scene.json")).objectValue)
        scene["cameras"] = [["center": [-122.4, 37.7], "zoom": 16, "puck": ["coordinate": [-122.4, 37.7], "bearing": 170],
                             "lineTrim": ["routes": [0, 0.3], "eta-route-101": [0, 0.31]]],
                            ["fit": [:], "puck": ["coordinate": [-122.41, 37.71]]]]
        let frame = try JSONParser().parse(try SceneDocument(json: .object(scene)).place(text: try Shared.engine.get()).frames[1].jsonBytes())
        let compact: JSONValue = ["eta-route-101": ["anchor": "top-left", "anchorCoordinate": [-122.4, 37.7],
                                                    "frame": ["x": 300, "y": 120, "width": 82, "height": 40]],
                                  "price-parking-1": ["shown": false]]
        for previous: JSONValue in [compact, frame] {
            scene["previous"] = previous
            #expect(throws: Never.self) { try SceneDocument(json: .object(scene)) }
            #expect(try Self.checker().check(.object(scene), against: ["$ref": "#/components/schemas/Scene"], at: "$") == [])
        }
    }

    @Test("scenes the decoder rejects for unknown or missing members are rejected by the schema too", arguments: [
        #"{"version":1,"viewport":{"width":10,"height":10},"camera":{"center":[0,0],"zoom":1},"extra":1}"#,
        #"{"version":1,"viewport":{"width":10,"height":10}}"#,
        #"{"version":1,"viewport":{"width":10,"height":10},"camera":{"center":[0,0],"zoom":1},"cameras":[{"center":[0,0],"zoom":1}]}"#,
        #"{"version":1,"viewport":{"width":10,"height":10},"camera":{"center":[0,0]}}"#,
        #"{"version":1,"viewport":{"width":10,"height":10},"camera":{"center":[0,0],"zoom":1},"viewAnnotations":[{"id":"a","feature":{"type":"Point","coordinates":[0,0]}}]}"#,
        #"{"version":1,"viewport":{"width":10,"height":10},"camera":{"center":[0,0],"zoom":1},"options":{"mode":"best"}}"#,
        #"{"version":1,"viewport":{"width":10,"height":10},"camera":{"center":[0,0],"zoom":1,"trim":{}}}"#,
        #"{"version":1,"viewport":{"width":10,"height":10},"cameras":[{"fit":{},"puck":{"bearing":3}}]}"#,
    ])
    func rejectedByBoth(text: String) throws {
        #expect(throws: JSONInputError.self) { try SceneDocument(jsonBytes: Array(text.utf8)) }
        let value = try JSONParser().parse(text)
        #expect(try Self.checker().check(value, against: ["$ref": "#/components/schemas/Scene"], at: "$") != [])
    }

    @Test("the shape route's schema describes a full request")
    func shapeRequestSchema() throws {
        let request = try JSONParser().parse(#"{"text":"a","font":["Noto Sans Regular"],"size":16,"maxWidth":10,"lineHeight":1.2,"letterSpacing":0,"justify":"auto","anchor":"top-left","transform":"uppercase","glyphs":true}"#)
        #expect(try ShapeRequest(json: request).includeGlyphs)
        #expect(try Self.checker().check(request, against: ["$ref": "#/components/schemas/ShapeRequest"], at: "$") == [])
    }
}
