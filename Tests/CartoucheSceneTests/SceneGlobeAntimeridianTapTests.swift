import CartoucheCamera
import CartoucheGeometry
@testable import CartoucheQuery
import Foundation
import Testing

@testable import CartoucheScene

/// Taps on the globe near the antimeridian, seen from 170°E (zoom 1, 640 ×
/// 480 points): what is drawn is hit in every world copy, and
/// `.likeMapLibreQuery` finds nothing in MapLibre's tiles across the
/// antimeridian (their wrap moves the tap a world away). The browser
/// comparison (`MapLibreGlobeQueryAgreementTests`, seeds 9300 and 9310)
/// checks both against MapLibre; here each is built on purpose.
@Suite("Taps on the globe across the antimeridian")
struct SceneGlobeAntimeridianTapTests {
    let viewport = ScreenSize(width: 640, height: 480)

    func projection(longitude: Double = 170, zoom: Double = 1, pitch: Double = 0) throws -> Projection {
        try Projection(camera: Camera(center: Coordinate(latitude: 0, longitude: longitude), zoom: zoom, pitch: pitch),
                       viewport: viewport, projection: .globe)
    }

    func ids(_ index: SceneQueryIndex, _ c: Coordinate) throws -> [String] {
        let p = try #require(index.projection.project(c), "\(c) must be on the near side")
        return index.query(at: p).map(\.id)
    }

    @Test func aLineReachingOverHalfTheWorldIsHitWhereItIsDrawn() throws {
        let projection = try projection()
        // GeoJSON draws it from 150°W eastwards through 0° to 170°E: 320° of
        // longitude, its first vertex a world west of the centre's copy.
        let line = DrawnFeature(id: "long", shape: .line([[Coordinate(latitude: 0, longitude: -150), Coordinate(latitude: 0, longitude: 170)]],
                                                        width: 6, gapWidth: 0, offset: 0))
        let layers = [DrawnLayer(id: "lines", features: [line])]
        for rule in [SceneQueryIndex.GlobeTapRule.drawn, .likeMapLibreQuery] {
            let index = SceneQueryIndex(layers: layers, projection: projection, globeTaps: rule)
            #expect(try ids(index, Coordinate(latitude: 0, longitude: 145)) == ["long"], "\(rule)")
            // Between 170°E and 150°W the line is not drawn.
            #expect(try ids(index, Coordinate(latitude: 0, longitude: 178)).isEmpty, "\(rule)")
        }
        // A rect query meets it there too.
        let p = try #require(projection.project(Coordinate(latitude: 0, longitude: 145)))
        let index = SceneQueryIndex(layers: layers, projection: projection)
        #expect(index.query(in: ScreenRect(x: p.x - 5, y: p.y - 5, width: 10, height: 10)).map(\.id) == ["long"])
    }

    @Test func acrossTheAntimeridianMapLibreFindsNoFill() throws {
        let projection = try projection()
        let square = [(-172.0, -3.0), (-165, -3), (-165, 3), (-172, 3), (-172, -3)].map { Coordinate(latitude: $0.1, longitude: $0.0) }
        let near = square.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude - 20) }
        let layers = [DrawnLayer(id: "fills", features: [DrawnFeature(id: "across", shape: .fill([[square]])),
                                                         DrawnFeature(id: "near", shape: .fill([[near]]))])]
        let drawn = SceneQueryIndex(layers: layers, projection: projection)
        let like = SceneQueryIndex(layers: layers, projection: projection, globeTaps: .likeMapLibreQuery)
        let across = Coordinate(latitude: 0, longitude: -168), here = Coordinate(latitude: 0, longitude: 172)
        #expect(try ids(drawn, across) == ["across"])
        #expect(try ids(like, across).isEmpty)
        #expect(try ids(drawn, here) == ["near"])
        #expect(try ids(like, here) == ["near"])
    }

    @Test func mapLibreTilesWrapTowardsTheCentre() throws {
        let tiles = MapLibreGlobeTiles(projection: try projection())
        // Zoom 1: tiles of 180°; seen from 170°E the western one is nearer a world east.
        #expect(tiles.tile(containing: ScreenPoint(x: 0.2, y: 0.5)) == MapLibreGlobeTiles.Tile(z: 1, x: 0, y: 1))
        #expect(tiles.wrap(of: MapLibreGlobeTiles.Tile(z: 1, x: 0, y: 1)) == 1)
        #expect(tiles.wrap(of: MapLibreGlobeTiles.Tile(z: 1, x: 1, y: 1)) == 0)
        let west = MapLibreGlobeTiles(projection: try projection(longitude: -170))
        #expect(west.wrap(of: MapLibreGlobeTiles.Tile(z: 1, x: 1, y: 0)) == -1)
    }

    @Test func fromZoom5TileZoomsFollowTheDistanceFromTheCamera() throws {
        let center = ScreenPoint(x: 0.5, y: 0.5)
        // Up to zoom 4, floor(zoom) everywhere.
        #expect(MapLibreGlobeTiles(projection: try projection(longitude: 0, zoom: 4.97)).tile(containing: center).z == 4)
        // From zoom 5, under the camera: zoom + log2(1 / cos(fov/2)) (+0.075), so 5.97 → 6.
        #expect(MapLibreGlobeTiles(projection: try projection(longitude: 0, zoom: 5.97)).tile(containing: center).z == 6)
        #expect(MapLibreGlobeTiles(projection: try projection(longitude: 0, zoom: 5.9)).tile(containing: center).z == 5)
        // Pitched 60°: a level finer under the camera (its ground point is
        // tan 60° · 720 pt below the centre on screen, about 623 world points
        // south at zoom 6.5), coarser far ahead.
        let pitched = MapLibreGlobeTiles(projection: try projection(longitude: 0, zoom: 6.5, pitch: 60))
        #expect(pitched.tile(containing: ScreenPoint(x: 0.5, y: 0.5 + 623 / (512 * pow(2, 6.5)))).z == 7)
        #expect(pitched.tile(containing: ScreenPoint(x: 0.5, y: 0.45)).z == 5)
    }
}
