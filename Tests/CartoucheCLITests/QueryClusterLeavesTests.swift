import ArgumentParser
import CartoucheJSON
import CartoucheScene
import Foundation
import Testing

@testable import CartoucheCommands

/// `cartouche query --leaf-limit N --leaf-offset N`: cluster hits page their
/// annotation ids as `getClusterLeaves(clusterId, limit, offset)`.
@Suite struct QueryClusterLeavesTests {
    /// 12 shops close together (one cluster at zoom 10) and their aggregate.
    static let scene: String = {
        let points = (0..<12).map { i in
            #"{"id": "shop-\#(i)", "geometry": {"type": "Point", "coordinates": [\#(2.35 + Double(i % 4) * 0.001), \#(48.85 + Double(i / 4) * 0.001)]}, "customData": {"n": \#(i)}}"#
        }
        return """
        {"version": 1, "viewport": {"width": 800, "height": 600}, "camera": {"center": [2.35, 48.85], "zoom": 10},
         "managers": [{"id": "shops", "type": "point",
                       "cluster": {"radius": 50, "maxZoom": 16, "clusterProperties": {"n": ["+", ["get", "n", ["get", "custom_data"]]]}},
                       "annotations": [\(points.joined(separator: ","))]}]}
        """
    }()

    @Test func leafFlagsPageTheClusterHit() throws {
        let path = temporaryPath("clusters.scene.json"), out = temporaryPath("clusters.json")
        defer { for p in [path, out] { try? FileManager.default.removeItem(atPath: p) } }
        try Data(Self.scene.utf8).write(to: URL(fileURLWithPath: path))
        let document = try SceneDocument(jsonBytes: Array(Self.scene.utf8))
        func cluster(_ flags: [String]) throws -> [String: JSONValue] {
            #expect(exitStatus(try QueryCommand.parse([path, "--rect", "0,0,800,600", "-o", out] + flags)) == 0)
            let hits = try JSONParser().parse(try readBytes(out)).objectValue?["hits"]?.arrayValue ?? []
            let clusters = hits.compactMap { $0.objectValue?["cluster"]?.objectValue }
            return try #require(clusters.first)
        }
        let first = try cluster([])
        let id = Int(try #require(first["clusterId"]?.numberValue))
        #expect(first["pointCount"] == 12)
        #expect(first["properties"] == ["n": .number(Double((0..<12).reduce(0, +)))])
        let expectedFirst = try document.clusterLeaves(managerId: "shops", clusterId: id, limit: 10, offset: 0)
        #expect(first["leaves"] == .array(expectedFirst.map(JSONValue.string)))
        let paged = try cluster(["--leaf-limit", "3", "--leaf-offset", "9"])
        let all = try document.clusterLeaves(managerId: "shops", clusterId: id, limit: 100, offset: 0)
        #expect(all.count == 12)
        #expect(paged["leaves"] == .array(all[9..<12].map(JSONValue.string)))
        #expect(try cluster(["--leaf-limit", "0"])["leaves"] == [])
    }

    @Test func negativeLeafFlagsAreUsageErrors() {
        #expect(QueryCommand.exitCode(for: parseError { try QueryCommand.parse([exampleScene, "--at", "1,2", "--leaf-limit", "-1"]) })
                == .validationFailure)
        #expect(QueryCommand.exitCode(for: parseError { try QueryCommand.parse([exampleScene, "--at", "1,2", "--leaf-offset", "-3"]) })
                == .validationFailure)
    }
}
