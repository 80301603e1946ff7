import CartoucheGeometry
import CartoucheJSON
import CartoucheQuery
import Foundation
import Testing

@testable import CartoucheScene

@Suite("Scene queries: clusters")
struct SceneClusterQueryTests {
    /// 12 shops within a few hundred metres, one far away; icons 20×20.
    static func scene(zoom: Double) throws -> SceneDocument {
        var points: [String] = []
        for i in 0..<12 {
            let lng = 2.35 + Double(i % 4) * 0.001, lat = 48.85 + Double(i / 4) * 0.001
            points.append(#"{"id": "shop-\#(i)", "geometry": {"type": "Point", "coordinates": [\#(lng), \#(lat)]}, "properties": {"icon-image": "shop"}}"#)
        }
        points.append(#"{"id": "far", "geometry": {"type": "Point", "coordinates": [2.6, 48.85]}, "properties": {"icon-image": "shop"}}"#)
        let json = """
        {"version": 1, "viewport": {"width": 800, "height": 600},
         "camera": {"center": [2.45, 48.85], "zoom": \(zoom)},
         "images": {"shop": {"width": 20, "height": 20}},
         "managers": [{"id": "shops", "type": "point", "cluster": {"radius": 50, "maxZoom": 16},
                       "annotations": [\(points.joined(separator: ","))]}]}
        """
        return try SceneDocument(jsonBytes: Array(json.utf8))
    }

    @Test func aTapOnAClusterReturnsItAndNotItsPoints() throws {
        let doc = try Self.scene(zoom: 10)
        let index = try doc.queryIndex()
        let shop = try #require(index.projection.project(Coordinate(latitude: 48.851, longitude: 2.3515)))
        let hits = index.query(at: shop)
        #expect(hits.count == 1)
        let hit = try #require(hits.first)
        #expect(hit.kind == .cluster && hit.layerId == "shops-cluster-circle")
        let cluster = try #require(hit.cluster)
        #expect(cluster.pointCount == 12)
        #expect(cluster.expansionZoom > 10)
        #expect(cluster.leaves.count == SceneDocument.clusterLeafPage)
        // The rest of the leaves, by page.
        let rest = try doc.clusterLeaves(managerId: "shops", clusterId: cluster.clusterId, offset: SceneDocument.clusterLeafPage)
        #expect(Set(cluster.leaves + rest) == Set((0..<12).map { "shop-\($0)" }))
        // The far shop stays a single point, hit by its 20×20 icon.
        let far = try #require(index.projection.project(Coordinate(latitude: 48.85, longitude: 2.6)))
        let farHits = index.query(at: ScreenPoint(x: far.x + 9.5, y: far.y - 9.5))
        #expect(farHits.map(\.id) == ["far"] && farHits.first?.kind == .symbol)
        #expect(index.query(at: ScreenPoint(x: far.x + 10.5, y: far.y)).isEmpty)
    }

    @Test func pastTheClusterMaxZoomEveryPointIsItself() throws {
        let index = try Self.scene(zoom: 17.5).queryIndex()
        let shop = try #require(index.projection.project(Coordinate(latitude: 48.851, longitude: 2.351)))
        #expect(index.query(at: shop).map(\.id) == ["shop-5"])
    }
}
