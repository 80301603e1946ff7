import CartoucheAnnotations
import CartoucheGeometry
import CartoucheQuery
import CartoucheRender
import Foundation
import Testing

@testable import CartoucheScene

@Suite("Scene pictures: clusters")
struct SceneClusterDrawingTests {
    /// `count` shops scattered (seeded) over about 0.3° around Paris, one
    /// clustered point manager, icons 20×20.
    static func scene(zoom: Double, count: Int = 160, seed: UInt64 = 14) throws -> SceneDocument {
        var state = seed
        func next() -> Double {
            // SplitMix64: a fixed sequence for a fixed seed on every platform.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        var points: [String] = []
        for i in 0..<count {
            let lng = 2.2 + 0.3 * next(), lat = 48.75 + 0.2 * next()
            points.append(#"{"id": "shop-\#(i)", "geometry": {"type": "Point", "coordinates": [\#(lng), \#(lat)]}, "properties": {"icon-image": "shop"}}"#)
        }
        let json = """
        {"version": 1, "viewport": {"width": 800, "height": 600},
         "camera": {"center": [2.35, 48.85], "zoom": \(zoom)},
         "images": {"shop": {"width": 20, "height": 20}},
         "managers": [{"id": "shops", "type": "point",
                       "cluster": {"radius": 50, "maxZoom": 14, "circleColor": "#1a73e8", "textColor": "#ffffff"},
                       "annotations": [\(points.joined(separator: ","))]}]}
        """
        return try SceneDocument(jsonBytes: Array(json.utf8))
    }

    /// A cluster as the picture shows it: its circle's centre and its count.
    struct DrawnCluster: Hashable {
        var id: String
        var x: Double
        var y: Double
        var count: String
    }

    /// Reads the clusters out of the SVG: circles of `<g id="shops-cluster-circle">`
    /// and count texts of `<g id="shops-cluster-count">`, matched by data-id.
    static func clusters(inSVG svg: String) throws -> [DrawnCluster] {
        func group(_ id: String) throws -> Substring {
            let start = try #require(svg.range(of: "<g id=\"\(id)\">\n"))
            // Layer groups are siblings: the next one (or the end) closes this one.
            let end = svg.range(of: "\n<g id=\"", range: start.upperBound..<svg.endIndex)?.lowerBound ?? svg.endIndex
            return svg[start.upperBound..<end]
        }
        let circleLayer = try group("shops-cluster-circle"), countLayer = try group("shops-cluster-count")
        var counts: [String: String] = [:]
        for match in countLayer.matches(of: #/<g data-id="(cluster-\d+)">\n<text[^>]*>([^<]*)</text>/#) {
            counts[String(match.1)] = String(match.2)
        }
        var out: [DrawnCluster] = []
        for match in circleLayer.matches(of: #/<circle data-id="(cluster-\d+)" cx="([-0-9.e]+)" cy="([-0-9.e]+)"/#) {
            let id = String(match.1)
            out.append(DrawnCluster(id: id, x: try #require(Double(match.2)), y: try #require(Double(match.3)),
                                    count: try #require(counts[id], "no count for \(id)")))
        }
        #expect(counts.count == out.count, "every count has its circle")
        return out
    }

    @Test("the picture shows exactly the clusters the cluster index gives and a query hits, at every zoom",
          arguments: [7.0, 9.0, 10.5, 12.0, 13.0, 15.0])
    func pictureClustersAreQueryClusters(zoom: Double) throws {
        let doc = try Self.scene(zoom: zoom)
        let engine = try SceneDocumentTests.engine.get()
        let prepared = try PreparedScene(doc, text: engine)
        let svg = try SVGRenderer().render(try prepared.drawing())
        let drawn = try Self.clusters(inSVG: svg)

        // The index's clusters at this zoom, projected: the independent list.
        guard case .point(let manager) = doc.managers[0] else { Issue.record("not a point manager"); return }
        let index = try #require(try manager.clusters())
        let query = try prepared.queryIndex()
        let projection = query.projection
        var expected: [DrawnCluster] = []
        for case .cluster(let c) in index.index.items(atZoom: zoom) {
            let p = try #require(projection.project(c.coordinate))
            expected.append(DrawnCluster(id: "cluster-\(c.id)", x: p.x, y: p.y, count: "\(c.pointCount)"))
        }
        #expect(drawn.map(\.id) == expected.map(\.id))
        for (d, e) in zip(drawn, expected) {
            #expect(abs(d.x - e.x) < 0.01 && abs(d.y - e.y) < 0.01 && d.count == e.count, "\(d) vs \(e)")
        }
        if zoom > 14 { #expect(drawn.isEmpty) } else { #expect(!drawn.isEmpty) }

        // A tap on each drawn circle's centre returns that cluster first, with that count.
        for d in drawn where (0...800).contains(d.x) && (0...600).contains(d.y) {
            let hit = try #require(query.query(at: ScreenPoint(x: d.x, y: d.y)).first, "\(d.id) not hit")
            #expect(hit.kind == .cluster && hit.id == d.id && "\(hit.cluster?.pointCount ?? -1)" == d.count, "\(hit) vs \(d)")
        }
        // Every cluster a query over the whole viewport hits is drawn, and nothing else.
        let viewport = ScreenRect(x: 0, y: 0, width: 800, height: 600)
        let queried = Set(query.query(in: viewport).filter { $0.kind == .cluster }.map(\.id))
        let onScreen = Set(drawn.filter { d in
            // A circle reaching into the viewport is hit by the rectangle query.
            d.x > -18 && d.x < 818 && d.y > -18 && d.y < 618
        }.map(\.id))
        #expect(queried == onScreen)

        // Points inside clusters are not drawn as themselves; the others are.
        let singles = Set(query.query(in: viewport).filter { $0.kind == .symbol }.map(\.id))
        let shopsLayer = try #require(svg.range(of: "<g id=\"shops\">\n"))
        let circlesLayer = try #require(svg.range(of: "<g id=\"shops-cluster-circle\">"))
        let drawnShops = Set(svg[shopsLayer.upperBound..<circlesLayer.lowerBound]
            .matches(of: #/<g data-id="(shop-\d+)">/#).map { String($0.1) })
        #expect(singles.isSubset(of: drawnShops))
        #expect(drawnShops.count + index.index.items(atZoom: zoom).reduce(0) { n, item in
            if case .cluster(let c) = item { n + c.pointCount } else { n }
        } == 160)
    }

    @Test("the count text follows the layer's text-field: a token template and point_count_abbreviated")
    func countTextFollowsTextField() throws {
        let cluster = Cluster(id: 7, coordinate: Coordinate(latitude: 0, longitude: 0), pointCount: 1234, properties: ["sum": 9])
        #expect(ClusterCountText(["get", "point_count"]).text(of: cluster) == "1234")
        #expect(ClusterCountText(["get", "point_count_abbreviated"]).text(of: cluster) == "1.2k")
        #expect(ClusterCountText("{point_count} shops").text(of: cluster) == "1234 shops")
        #expect(ClusterCountText(["get", "sum"]).text(of: cluster) == "9")
    }
}
