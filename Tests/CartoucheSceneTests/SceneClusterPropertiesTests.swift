import Cartouche
import CartoucheTestSupport
import Foundation
import Testing

/// A clustered point manager's `clusterProperties` and the paging of cluster
/// leaves, from the scene format to the query answer (the decoder, the
/// compiled source, the cluster index, `QueryJob`), and against MapLibre GL JS.
@Suite("Scene clusters: clusterProperties and leaf pages")
struct SceneClusterPropertiesTests {
    static let clusterProperties = #"""
    {"total": ["+", ["get", "price", ["get", "custom_data"]]],
     "total0": ["+", ["coalesce", ["get", "price", ["get", "custom_data"]], 0]],
     "max": [["max", ["accumulated"], ["get", "max"]], ["coalesce", ["get", "price", ["get", "custom_data"]], 0]],
     "min": ["min", ["coalesce", ["get", "price", ["get", "custom_data"]], 1000]],
     "product": ["*", ["get", "factor", ["get", "custom_data"]]],
     "cats": [["concat", ["accumulated"], ["get", "cats"]], ["get", "cat", ["get", "custom_data"]]],
     "anyOpen": ["any", ["get", "open", ["get", "custom_data"]]],
     "allOpen": ["all", ["get", "open", ["get", "custom_data"]]]}
    """#

    /// 300 seeded shops in a 8° × 5° box around (4, 46.5); every 17th has no
    /// price (so "total" is null wherever one is inside, as in MapLibre).
    static func sceneJSON(zoom: Double, cluster: String? = nil) -> String {
        var rng = SplitMix64(seed: 27)
        var points: [String] = []
        for i in 0..<300 {
            let lng = rng.double(in: 0...8), lat = rng.double(in: 44...49)
            let price = Int(rng.double(in: 1...100)), factor = (rng.double(in: 0.9...1.1) * 1000).rounded() / 1000
            let cat = ["a", "b", "c"][Int(rng.next() % 3)], open = rng.next() % 2 == 0
            let priceMember = i % 17 == 0 ? "" : #""price": \#(price), "#
            points.append(#"""
            {"id": "s\#(i)", "geometry": {"type": "Point", "coordinates": [\#(lng), \#(lat)]}, "properties": {"icon-image": "shop"},
             "customData": {\#(priceMember)"factor": \#(factor), "cat": "\#(cat)", "open": \#(open)}}
            """#)
        }
        return """
        {"version": 1, "viewport": {"width": 800, "height": 600},
         "camera": {"center": [4, 46.5], "zoom": \(zoom)},
         "images": {"shop": {"width": 12, "height": 12}},
         "managers": [{"id": "shops", "type": "point",
                       "cluster": \(cluster ?? #"{"radius": 50, "clusterProperties": \#(clusterProperties)}"#),
                       "annotations": [\(points.joined(separator: ",\n"))]}]}
        """
    }

    static func decodingError(_ cluster: String) -> String? {
        do { _ = try SceneDocument(jsonBytes: Array(sceneJSON(zoom: 3, cluster: cluster).utf8)); return nil } catch { return "\(error)" }
    }

    @Test func badClusterPropertiesAreErrorsAtTheirPath() {
        let base = "managers[0].cluster.clusterProperties"
        #expect(Self.decodingError(#"{"clusterProperties": [1]}"#) == "managers[0].cluster.clusterProperties: expected an object, found an array")
        #expect(Self.decodingError(#"{"clusterProperties": {"sum": ["+"]}}"#)
            == #"\#(base).sum: expected [operator, map expression] (e.g. ["+", ["get", "price"]]) or [reduce expression, map expression], found an array of 1 elements"#)
        #expect(Self.decodingError(#"{"clusterProperties": {"sum": [3, ["get", "n"]]}}"#)
            == "\(base).sum[0]: expected an operator name or a reduce expression, found a number")
        #expect(Self.decodingError(#"{"clusterProperties": {"sum": ["+", ["zoom"]]}}"#)
            == #"\#(base).sum[1]: "zoom" and "feature-state" expressions are not supported with cluster properties"#)
        #expect(Self.decodingError(#"{"clusterProperties": {"max": [["max", ["accumulated"], ["get", "max", 5]], 1]}}"#)
            == "\(base).max[0][2][2]: expected object but found number instead")
        #expect(Self.decodingError(#"{"clusterProperties": {"s": ["sum", 1]}}"#)?.hasPrefix(#"\#(base).s[0]: "sum" cannot fold two values"#) == true)
        #expect(Self.decodingError(#"{"clusterProperties": {"n": ["+", ["get", "n"]]}}"#) == nil)
    }

    @Test func theCompiledSourceCarriesTheClusterPropertiesAsWritten() throws {
        let doc = try SceneDocument(jsonBytes: Array(Self.sceneJSON(zoom: 3).utf8))
        let source = try #require(try doc.compile().fragment.json.objectValue?["sources"]?.objectValue?["shops"]?.objectValue)
        #expect(source["clusterProperties"] == (try JSONParser().parse(Array(Self.clusterProperties.utf8))))
    }

    /// The query answer's cluster hits: `{"clusterId", "leaves", "properties", …}` per cluster id.
    static func clusterHits(zoom: Double, page: (limit: Int, offset: Int)?) throws -> [Int: [String: JSONValue]] {
        var request = try JSONParser().parse(Array(sceneJSON(zoom: zoom).utf8))
        var members: [String: JSONValue] = ["scene": request, "rect": [0, 0, 800, 600]]
        if let page { members["leafLimit"] = .number(Double(page.limit)); members["leafOffset"] = .number(Double(page.offset)) }
        request = .object(members)
        let body = try QueryJob.runWithWarnings(json: request, limits: .unlimited, text: nil).get().body
        let hits = try #require(try JSONParser().parse(body).objectValue?["hits"]?.arrayValue)
        var byId: [Int: [String: JSONValue]] = [:]
        for hit in hits {
            guard let cluster = hit.objectValue?["cluster"]?.objectValue, let id = cluster["clusterId"]?.numberValue else { continue }
            byId[Int(id)] = cluster
        }
        return byId
    }

    @Test func leavesArePagedByLimitAndOffset() throws {
        let first = try Self.clusterHits(zoom: 4, page: nil)
        #expect(first.count > 5)
        let all = try Self.clusterHits(zoom: 4, page: (1000, 0))
        for (id, cluster) in first {
            let every = try #require(all[id]?["leaves"]?.arrayValue)
            #expect(every.count == Int(cluster["pointCount"]?.numberValue ?? 0))
            #expect(cluster["leaves"]?.arrayValue == Array(every.prefix(10)), "default page: limit 10, offset 0")
        }
        let paged = try Self.clusterHits(zoom: 4, page: (3, 2))
        for (id, cluster) in paged {
            let every = try #require(all[id]?["leaves"]?.arrayValue)
            #expect(cluster["leaves"]?.arrayValue == Array(every.dropFirst(2).prefix(3)))
        }
        // Every aggregate of a cluster equals a brute-force fold of its leaves where
        // the fold does not depend on the order (sums of integers, max, min, any, all).
        let doc = try SceneDocument(jsonBytes: Array(Self.sceneJSON(zoom: 4).utf8))
        guard case .point(let manager)? = doc.managers.first else { Issue.record("no point manager"); return }
        let data = Dictionary(uniqueKeysWithValues: manager.annotations.map { ($0.id, $0.customData) })
        for (id, cluster) in all {
            let leaves = (cluster["leaves"]?.arrayValue ?? []).compactMap(\.stringValue).compactMap { data[$0] }
            let prices = leaves.map { $0["price"]?.numberValue }
            let properties = try #require(cluster["properties"]?.objectValue, "cluster \(id)")
            #expect(properties["total"] == (prices.contains(nil) ? .null : .number(prices.compactMap { $0 }.reduce(0, +))), "cluster \(id)")
            #expect(properties["total0"] == .number(prices.map { $0 ?? 0 }.reduce(0, +)), "cluster \(id)")
            #expect(properties["max"] == .number(prices.map { $0 ?? 0 }.max() ?? 0), "cluster \(id)")
            #expect(properties["min"] == .number(prices.map { $0 ?? 1000 }.min() ?? 0), "cluster \(id)")
            #expect(properties["anyOpen"] == .bool(leaves.contains { $0["open"] == true }), "cluster \(id)")
            #expect(properties["allOpen"] == .bool(leaves.allSatisfy { $0["open"] == true }), "cluster \(id)")
            #expect(properties["cats"]?.stringValue?.count == leaves.count, "cluster \(id)")
        }
    }

    @Test func badLeafPagesAreErrorsAtTheirMember() throws {
        let scene = try JSONParser().parse(Array(Self.sceneJSON(zoom: 4).utf8))
        for (member, value) in [("leafLimit", JSONValue.number(-1)), ("leafOffset", .number(1.5)), ("leafLimit", .string("10"))] {
            var members: [String: JSONValue] = ["scene": scene, "at": [400, 300]]
            members[member] = value
            let request = JSONValue.object(members)
            let result = QueryJob.runWithWarnings(json: request, limits: .unlimited, text: nil)
            guard case .failure(let problem) = result else { Issue.record("\(member) \(value) was accepted"); continue }
            #expect(problem.path == member, "\(problem)")
        }
    }

    /// The clusters MapLibre GL JS 5.3 draws for the compiled style, their
    /// aggregates and their leaves paged by `getClusterLeaves(id, limit,
    /// offset)`, equal ours at three zooms.
    @Test(QueryOracle.enabled) func equalMapLibre() async throws {
        let missing = PythonOracle.missingBrowserPrerequisites(script: "scripts/interop/maplibre_cluster_oracle.py")
        try #require(missing.isEmpty, "missing \(missing.joined(separator: ", ")). Run scripts/setup (or set CARTOUCHE_SKIP_BROWSER_TESTS=1 to skip deliberately).")
        let doc = try SceneDocument(jsonBytes: Array(Self.sceneJSON(zoom: 3).utf8))
        let fragment = try #require(try doc.compile().fragment.json.objectValue)
        let circle = try #require(fragment["layers"]?.arrayValue?.first { $0.objectValue?["id"] == "shops-cluster-circle" })
        let pages: [(Int, Int)] = [(10, 0), (3, 2), (5, 7), (1000, 0)]
        let zooms: [Double] = [3, 4, 5]
        let job: JSONValue = [
            "width": 800, "height": 600, "source": "shops", "layer": "shops-cluster-circle",
            "style": ["version": 8, "sources": fragment["sources"] ?? [:], "layers": [circle]],
            "cameras": .array(zooms.map { ["center": [4, 46.5], "zoom": .number($0)] }),
            "pages": .array(pages.map { [.number(Double($0.0)), .number(Double($0.1))] }),
        ]
        let output = try await PythonOracle.runOffThePool(script: "scripts/interop/maplibre_cluster_oracle.py", input: Data(try job.jsonBytes()))
        let answer = try #require(try JSONParser().parse([UInt8](output)).objectValue)
        #expect(answer["errors"]?.arrayValue == [], "style errors: \(String(describing: answer["errors"]))")
        let cameras = try #require(answer["cameras"]?.arrayValue)
        var compared = 0
        for (zoom, camera) in zip(zooms, cameras) {
            let theirs = try #require(camera.objectValue?["clusters"]?.arrayValue)
            let ours = try pages.map { try Self.clusterHits(zoom: zoom, page: $0) }
            #expect(Set(ours[0].keys).count == theirs.count, "zoom \(zoom): cluster count")
            for cluster in theirs {
                var properties = try #require(cluster.objectValue?["properties"]?.objectValue)
                let id = try #require(properties["cluster_id"]?.numberValue)
                let mine = try #require(ours[0][Int(id)], "zoom \(zoom): MapLibre's cluster \(id) is not one of ours")
                #expect(properties["point_count"] == mine["pointCount"], "zoom \(zoom) cluster \(id)")
                for key in ["cluster", "cluster_id", "point_count", "point_count_abbreviated"] { properties[key] = nil }
                // queryRenderedFeatures drops null properties (vector-tile encoding).
                let aggregates = (mine["properties"]?.objectValue ?? [:]).filter { !$0.value.isNull }
                #expect(aggregates == properties, "zoom \(zoom) cluster \(id): ours \(aggregates), MapLibre \(properties)")
                let theirPages = try #require(cluster.objectValue?["pages"]?.arrayValue)
                for (k, page) in theirPages.enumerated() {
                    #expect(ours[k][Int(id)]?["leaves"] == page, "zoom \(zoom) cluster \(id) page \(pages[k])")
                }
                compared += 1
            }
        }
        #expect(compared > 20, "the scene must cluster at these zooms")
        #expect(answer["warnings"]?.arrayValue?.filter { !($0.stringValue ?? "").contains("Expected value to be of type number") } == [],
                "console: \(String(describing: answer["warnings"]))")
    }
}
