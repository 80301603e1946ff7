import CartoucheCamera
import CartoucheGeometry
import CartoucheQuery
import CartoucheTestSupport
import Foundation
import Testing

@testable import CartoucheScene

/// Taps on the globe (`projection` `globe` below zoom 12), against a brute
/// force written here from the definitions: a tap meets the sphere where the
/// camera's `GlobeProjection.unproject` says (checked against MapLibre in the
/// camera tests); fills and lines are tested there in Web Mercator world
/// points (MapLibre's tile space: even–odd, half the drawn width); circles
/// on screen around their projected centre, scaled by the perspective;
/// nothing behind the globe is hit.
@Suite("Scene queries on the globe")
struct SceneGlobeQueryTests {
    let viewport = ScreenSize(width: 400, height: 300)

    struct Case {
        var projection: Projection
        var layers: [DrawnLayer]
        var taps: [ScreenPoint]
    }

    /// A seeded camera with a polygon (with a hole), lines and circles, some
    /// on the near side (built from screen points on the sphere), some anywhere.
    func randomCase(seed: UInt64) throws -> Case {
        var g = SplitMix64(seed: seed)
        let camera = Camera(center: Coordinate(latitude: g.uniform(-60, 60), longitude: g.uniform(-180, 180)), zoom: g.uniform(0, 11.9),
                            bearing: g.uniform(-180, 180), pitch: g.unit() < 0.3 ? 0 : g.uniform(0, 60))
        let projection = try Projection(camera: camera, viewport: viewport, projection: .globe)
        let globe = try #require(projection.globe)
        func onSphere() -> Coordinate {
            for _ in 0..<200 {
                if let c = globe.unproject(ScreenPoint(x: g.uniform(0, 400), y: g.uniform(0, 300))) { return c }
            }
            return camera.center
        }
        func anywhere() -> Coordinate { Coordinate(latitude: g.uniform(-80, 80), longitude: g.uniform(-180, 180)) }
        var layers: [DrawnLayer] = []
        // A quad around a near point, its hole in the middle (longitudes kept continuous).
        let c = onSphere()
        let s = g.uniform(0.2, 30) / pow(2, camera.zoom / 2)
        func quad(_ k: Double) -> [Coordinate] {
            let q = [(-1.0, -1.0), (1.0, -0.8), (0.9, 1.0), (-1.0, 0.9), (-1.0, -1.0)]
            return q.map { Coordinate(latitude: max(-84, min(84, c.latitude + $0.1 * s * k)), longitude: c.longitude + $0.0 * s * k) }
        }
        layers.append(DrawnLayer(id: "fills", features: [DrawnFeature(id: "f", shape: .fill([[quad(1), quad(0.35).reversed()]]))]))
        let lines = (0..<4).map { k in
            DrawnFeature(id: "l\(k)", shape: .line([(0..<3).map { _ in k < 3 ? onSphere() : anywhere() }],
                                                   width: g.uniform(2, 14), gapWidth: 0, offset: 0))
        }
        layers.append(DrawnLayer(id: "lines", features: lines))
        let circles = (0..<12).map { k in
            DrawnFeature(id: "c\(k)", shape: .circle(center: k < 6 ? onSphere() : anywhere(), radius: g.uniform(3, 20), strokeWidth: g.uniform(0, 3)))
        }
        layers.append(DrawnLayer(id: "circles", features: circles))
        var taps = (0..<150).map { _ in ScreenPoint(x: g.uniform(0, 400), y: g.uniform(0, 300)) }
        for f in circles + lines {
            let anchor: Coordinate
            switch f.shape {
            case .circle(let center, _, _): anchor = center
            case .line(let runs, _, _, _): anchor = runs[0][0]
            default: continue
            }
            if let p = projection.project(anchor) { taps.append(ScreenPoint(x: p.x + g.uniform(-12, 12), y: p.y + g.uniform(-12, 12))) }
        }
        return Case(projection: projection, layers: layers, taps: taps)
    }

    /// The brute force: every feature under `tap`, top-most first.
    func expected(_ c: Case, _ tap: ScreenPoint) -> [String] {
        let globe = c.projection.globe!
        let world = c.projection.worldSize, center = c.projection.camera.center
        func mercator(_ x: Coordinate, nearLongitude: Double) -> (x: Double, y: Double) {
            let lng = x.longitude - 360 * ((x.longitude - nearLongitude) / 360).rounded()
            return ((lng + 180) / 360 * world, WebMercator.normalizedY(latitude: x.latitude) * world)
        }
        var hits: [String] = []
        let ground = globe.unproject(tap)
        for layer in c.layers {
            for f in layer.features {
                switch f.shape {
                case .fill(let polygons):
                    guard let ground else { continue }
                    let t = mercator(ground, nearLongitude: center.longitude)
                    var inside = false
                    for ring in polygons[0] {
                        let first = ring[0].longitude - 360 * ((ring[0].longitude - center.longitude) / 360).rounded()
                        let pts = ring.map { mercator(Coordinate(latitude: $0.latitude, longitude: $0.longitude - ring[0].longitude + first), nearLongitude: $0.longitude - ring[0].longitude + first) }
                        for i in pts.indices {
                            let a = pts[i], b = pts[(i + 1) % pts.count]
                            if (a.y > t.y) != (b.y > t.y), t.x < (b.x - a.x) * (t.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
                        }
                    }
                    if inside { hits.append("\(layer.id)/\(f.id)") }
                case .line(let runs, let width, _, _):
                    guard let ground else { continue }
                    let t = mercator(ground, nearLongitude: center.longitude)
                    let first = runs[0][0].longitude - 360 * ((runs[0][0].longitude - center.longitude) / 360).rounded()
                    let pts = runs[0].map { mercator(Coordinate(latitude: $0.latitude, longitude: $0.longitude - runs[0][0].longitude + first),
                                                     nearLongitude: $0.longitude - runs[0][0].longitude + first) }
                    let near = zip(pts, pts.dropFirst()).contains { a, b in
                        let dx = b.x - a.x, dy = b.y - a.y
                        let u = max(0, min(1, ((t.x - a.x) * dx + (t.y - a.y) * dy) / (dx * dx + dy * dy)))
                        return hypot(t.x - a.x - u * dx, t.y - a.y - u * dy) <= width / 2
                    }
                    if near { hits.append("\(layer.id)/\(f.id)") }
                case .circle(let centre, let radius, let stroke):
                    let d = c.projection.projectDetailed(centre)
                    guard let p = d.point, d.visibility != .occluded else { continue }
                    if hypot(tap.x - p.x, tap.y - p.y) <= (radius + stroke) * c.projection.cameraToCenterDistance / d.depth {
                        hits.append("\(layer.id)/\(f.id)")
                    }
                case .symbol: continue
                }
            }
        }
        // Top-most first: later layers, later features.
        return hits.reversed()
    }

    @Test(arguments: 0..<12)
    func tapsAgreeWithTheBruteForce(seed: Int) throws {
        let c = try randomCase(seed: 7100 + UInt64(seed))
        let index = SceneQueryIndex(layers: c.layers, projection: c.projection, holes: .honoured)
        var disagreements = 0
        for tap in c.taps {
            let ours = index.query(at: tap).map { "\($0.layerId ?? "")/\($0.id)" }
            let theirs = expected(c, tap)
            if ours != theirs {
                // Only borders may differ (the brute force and the index round
                // differently there): a quarter point away, the answers agree.
                disagreements += 1
                let wide = Set(index.query(at: tap, radius: 0.25).map { "\($0.layerId ?? "")/\($0.id)" })
                for f in Set(ours).symmetricDifference(theirs) { #expect(wide.contains(f), "seed \(seed) tap \(tap): \(f); ours \(ours), brute force \(theirs)") }
            }
        }
        #expect(disagreements <= 2, "seed \(seed): \(disagreements) of \(c.taps.count) taps differ")
    }

    @Test func nothingBehindTheGlobeIsHitAndTheSkyHitsNoGround() throws {
        let projection = try Projection(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 1), viewport: viewport, projection: .globe)
        let globe = try #require(projection.globe)
        // Antipodal circle: where its centre would land through the sphere is
        // the disc's middle; it must not be hit there or anywhere.
        let back = Coordinate(latitude: 0, longitude: 180), front = Coordinate(latitude: 0, longitude: 0)
        #expect(globe.isOccluded(back) && !globe.isOccluded(front))
        let layers = [
            DrawnLayer(id: "fills", features: [DrawnFeature(id: "all", shape: .fill([[[
                Coordinate(latitude: -60, longitude: -179), Coordinate(latitude: -60, longitude: 179),
                Coordinate(latitude: 60, longitude: 179), Coordinate(latitude: 60, longitude: -179), Coordinate(latitude: -60, longitude: -179),
            ]]]))]),
            DrawnLayer(id: "circles", features: [DrawnFeature(id: "back", shape: .circle(center: back, radius: 400, strokeWidth: 0)),
                                                 DrawnFeature(id: "front", shape: .circle(center: front, radius: 5, strokeWidth: 0))]),
        ]
        let index = SceneQueryIndex(layers: layers, projection: projection)
        for x in stride(from: 0.0, through: 400, by: 10) {
            for y in stride(from: 0.0, through: 300, by: 10) {
                let ids = index.query(at: ScreenPoint(x: x, y: y)).map(\.id)
                #expect(!ids.contains("back"))
                // The fill covers the sphere between ±60°: hit exactly where the tap meets it.
                let ground = globe.unproject(ScreenPoint(x: x, y: y))
                #expect(ids.contains("all") == (ground.map { abs($0.latitude) < 60 } ?? false), "(\(x), \(y))")
            }
        }
        #expect(index.query(at: try #require(projection.project(front))).map(\.id) == ["front", "all"])
        // Symbols: their boxes around the projected anchor; the hidden one nowhere.
        let near = Coordinate(latitude: 20, longitude: 30), box = ScreenRect(x: -10, y: -30, width: 20, height: 30)
        let symbols = SceneQueryIndex(layers: [DrawnLayer(id: "pins", features: [
            DrawnFeature(id: "near", shape: .symbol(anchor: near, boxes: [box])),
            DrawnFeature(id: "hidden", shape: .symbol(anchor: Coordinate(latitude: -20, longitude: 170), boxes: [ScreenRect(x: -500, y: -500, width: 1000, height: 1000)])),
        ])], projection: projection)
        let anchor = try #require(projection.project(near))
        #expect(symbols.query(at: ScreenPoint(x: anchor.x + 9.9, y: anchor.y - 29.9)).map(\.id) == ["near"])
        #expect(symbols.query(at: ScreenPoint(x: anchor.x + 10.1, y: anchor.y - 15)).isEmpty)
        #expect(symbols.query(in: ScreenRect(x: 0, y: 0, width: 400, height: 300)).map(\.id) == ["near"])
        // A rect over the whole viewport finds what is drawn, not what is hidden.
        #expect(Set(index.query(in: ScreenRect(x: 0, y: 0, width: 400, height: 300)).map(\.id)) == ["front", "all"])
    }
}
