import CartoucheAnnotations
import CartoucheGeometry
import CartoucheJSON
import CartoucheStyle
import Foundation
import Testing

/// Compares ``ClusterIndex`` with MapLibre GL JS's own clustering, recorded
/// by `scripts/oracles/supercluster-fixture.js` in `Fixtures/supercluster.json`.
@Suite struct ClusterOracleTests {
    struct Recording: Decodable {
        struct Scenario: Decodable {
            struct Options: Decodable { var radius: Double; var maxZoom: Double; var minPoints: Int }
            struct Child: Decodable, Hashable { var cluster: Int?; var point: Int? }
            struct Item: Decodable {
                var point: Int?
                var cluster: Int?
                var count: Int?
                var abbreviated: String?
                var lng: Double?, lat: Double?
                var total: Double?, largest: Double?
                var expansionZoom: Int?
                var children: [Child]?
                var leaves: [Int]?
            }
            var name: String
            var options: Options
            var points: [[Double]]
            var zooms: [[Item]]
        }
        var scenarios: [Scenario]
    }

    static func recording() throws -> Recording {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/supercluster.json")
        return try JSONDecoder().decode(Recording.self, from: Data(contentsOf: url))
    }

    @Test func matchesMapLibre() throws {
        let recording = try Self.recording()
        #expect(recording.scenarios.count == 3)
        for scenario in recording.scenarios {
            var options = ClusterOptions(
                clusterRadius: scenario.options.radius, clusterMaxZoom: scenario.options.maxZoom,
                clusterMinPoints: scenario.options.minPoints)
            options.clusterProperties = [
                "total": ClusterProperty(reduce: .sum, map: ["get", "n"]),
                "largest": ClusterProperty(reduce: .max, map: ["get", "n"]),
            ]
            let coordinates = scenario.points.map { Coordinate(latitude: $0[1], longitude: $0[0]) }
            let properties: [[String: JSONValue]] = scenario.points.map { ["n": .number($0[2])] }
            let index = try ClusterIndex(coordinates: coordinates, pointProperties: properties, options: options)
            var clustersSeen = 0

            for (zoom, expected) in scenario.zooms.enumerated() {
                let context = "\(scenario.name) zoom \(zoom)"
                let actual = index.items(atZoom: Double(zoom))
                var actualPoints = Set<Int>()
                var actualClusters: [Int: Cluster] = [:]
                for item in actual {
                    switch item {
                    case .point(let i, _): actualPoints.insert(i)
                    case .cluster(let c): actualClusters[c.id] = c
                    }
                }
                #expect(actualPoints == Set(expected.compactMap(\.point)), "\(context): single points")
                #expect(Set(actualClusters.keys) == Set(expected.compactMap(\.cluster)), "\(context): cluster ids")
                for item in expected {
                    guard let id = item.cluster, let cluster = actualClusters[id] else { continue }
                    clustersSeen += 1
                    #expect(cluster.pointCount == item.count, "\(context) cluster \(id)")
                    #expect(cluster.pointCountAbbreviated == item.abbreviated, "\(context) cluster \(id)")
                    // Same summation order as the renderer; only libm's last bit may differ.
                    #expect(abs(cluster.coordinate.longitude - (item.lng ?? .nan)) < 1e-12, "\(context) cluster \(id)")
                    #expect(abs(cluster.coordinate.latitude - (item.lat ?? .nan)) < 1e-12, "\(context) cluster \(id)")
                    #expect(cluster.properties["total"]?.numberValue == item.total, "\(context) cluster \(id)")
                    #expect(cluster.properties["largest"]?.numberValue == item.largest, "\(context) cluster \(id)")
                    #expect(try index.expansionZoom(ofCluster: id) == item.expansionZoom, "\(context) cluster \(id)")
                    let children = try index.children(ofCluster: id).map { child -> Recording.Scenario.Child in
                        switch child {
                        case .point(let i, _): Recording.Scenario.Child(cluster: nil, point: i)
                        case .cluster(let c): Recording.Scenario.Child(cluster: c.id, point: nil)
                        }
                    }
                    // Same k-d tree layout as the renderer: same order, not just same sets.
                    #expect(children == item.children, "\(context) cluster \(id)")
                    let leaves = try index.leaves(ofCluster: id, limit: .max)
                    #expect(leaves == item.leaves, "\(context) cluster \(id)")
                    // Paging walks the same sequence.
                    if let all = item.leaves, all.count > 4 {
                        #expect(try index.leaves(ofCluster: id, limit: 3, offset: 2) == Array(all[2..<5]), "\(context) cluster \(id)")
                    }
                }
            }
            #expect(clustersSeen > 50, "\(scenario.name): the scenario must actually cluster")
        }
    }
}
