import CartoucheCamera
import CartoucheGeometry
@testable import CartoucheQuery
import Foundation
import Testing

@testable import CartoucheScene

/// `globeTaps`: the drawn answers (default) against MapLibre's
/// `queryRenderedFeatures` ones (`.likeMapLibreQuery`), on a zoom-1 globe
/// seen from straight above (0°, 0°), 400 × 300 points. The browser
/// comparison (`MapLibreGlobeQueryAgreementTests`) checks the MapLibre mode
/// against MapLibre itself; here each of the two differences is built on
/// purpose.
@Suite("Taps on the globe: drawn or as MapLibre")
struct SceneGlobeTapRuleTests {
    let viewport = ScreenSize(width: 400, height: 300)

    func projection() throws -> Projection {
        try Projection(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 1), viewport: viewport, projection: .globe)
    }

    /// The first sky point right of the disc's middle (1 pt steps), and the
    /// last point on the sphere before it.
    func limb(_ globe: GlobeProjection) throws -> (sky: ScreenPoint, sphere: ScreenPoint) {
        var x = 200.0
        while globe.unproject(ScreenPoint(x: x + 1, y: 150)) != nil { x += 1 }
        try #require(x < 399, "the disc must end inside the viewport")
        return (ScreenPoint(x: x + 1, y: 150), ScreenPoint(x: x, y: 150))
    }

    @Test func onTheSphereMapLibresUnprojectIsOursAndInTheSkyItIsBesideTheTap() throws {
        let globe = try #require(try projection().globe)
        for x in stride(from: 0.0, through: 400, by: 25) {
            for y in stride(from: 0.0, through: 300, by: 25) {
                let p = ScreenPoint(x: x, y: y)
                let like = try #require(globe.unprojectLikeMapLibre(p))
                if let drawn = globe.unproject(p) {
                    // (MapLibre's acos loses digits near the central meridian: 1e-5°.)
                    #expect(abs(drawn.latitude - like.latitude) < 1e-5 && abs(drawn.longitude - like.longitude) < 1e-5, "\(p)")
                } else {
                    // The horizon point, pushed radially onto the sphere: just
                    // behind the horizon, drawn on the outline in the tap's direction.
                    #expect(globe.isOccluded(like))
                    let drawn = try #require(globe.projectThroughGlobe(like)).point
                    let tapAngle = atan2(y - 150, x - 200), drawnAngle = atan2(drawn.y - 150, drawn.x - 200)
                    #expect(abs(remainder(tapAngle - drawnAngle, 2 * .pi)) < 0.05, "\(p) → \(drawn)")
                    #expect(hypot(drawn.x - 200, drawn.y - 150) < hypot(x - 200, y - 150), "\(p) → \(drawn)")
                }
            }
        }
        #expect(globe.unprojectLikeMapLibre(ScreenPoint(x: .nan, y: 3)) == nil)
    }

    @Test func aSkyTapHitsTheFillAtTheHorizonOnlyLikeMapLibre() throws {
        let projection = try projection()
        let globe = try #require(projection.globe)
        let (sky, _) = try limb(globe)
        let horizon = try #require(globe.unprojectLikeMapLibre(sky))
        #expect(abs(horizon.latitude) < 1e-6 && horizon.longitude > 74 && horizon.longitude < 76, "\(horizon)")
        // A fill around the horizon point; a line through it, 4 pt wide.
        let ring = [(-10.0, -10.0), (10.0, -10.0), (10.0, 10.0), (-10.0, 10.0), (-10.0, -10.0)].map {
            Coordinate(latitude: horizon.latitude + $0.1, longitude: horizon.longitude + $0.0)
        }
        let line = [Coordinate(latitude: -20, longitude: horizon.longitude), Coordinate(latitude: 20, longitude: horizon.longitude)]
        let layers = [DrawnLayer(id: "fills", features: [DrawnFeature(id: "f", shape: .fill([[ring]]))]),
                      DrawnLayer(id: "lines", features: [DrawnFeature(id: "l", shape: .line([line], width: 4, gapWidth: 0, offset: 0))])]
        let drawn = SceneQueryIndex(layers: layers, projection: projection)
        let like = SceneQueryIndex(layers: layers, projection: projection, globeTaps: .likeMapLibreQuery)
        #expect(drawn.query(at: sky).isEmpty)
        #expect(like.query(at: sky).map(\.id) == ["l", "f"])
        // Farther out in the sky MapLibre's point moves on behind the horizon
        // (about 80°E here): still in the fill, 16 pt from the line in Mercator.
        #expect(like.query(at: ScreenPoint(x: 399, y: 150)).map(\.id) == ["f"])
        #expect(drawn.query(at: ScreenPoint(x: 399, y: 150)).isEmpty)
    }

    @Test func aCircleDrawnUnderTheTapButFarInMercatorIsMissedLikeMapLibre() throws {
        let projection = try projection()
        let globe = try #require(projection.globe)
        let (_, edge) = try limb(globe)
        // A circle 10 pt inside the outline; the tap 9 pt outwards from its centre.
        let centre = try #require(globe.unproject(ScreenPoint(x: edge.x - 10, y: 150)))
        let tap = ScreenPoint(x: edge.x - 1, y: 150)
        let tapGround = try #require(globe.unproject(tap))
        let world = projection.worldSize
        let apart = abs(tapGround.longitude - centre.longitude) / 360 * world
        try #require(apart > 20, "the circle must be beyond MapLibre's padding (20 pt) in Mercator: \(apart) pt")
        let layers = [DrawnLayer(id: "circles", features: [
            DrawnFeature(id: "far", shape: .circle(center: centre, radius: 20, strokeWidth: 0)),
            DrawnFeature(id: "under", shape: .circle(center: tapGround, radius: 3, strokeWidth: 0)),
        ])]
        let drawnHits = SceneQueryIndex(layers: layers, projection: projection).query(at: tap).map(\.id)
        let likeHits = SceneQueryIndex(layers: layers, projection: projection, globeTaps: .likeMapLibreQuery).query(at: tap).map(\.id)
        #expect(drawnHits == ["under", "far"])
        #expect(likeHits == ["under"])
    }

    @Test func aCircleHiddenBehindTheGlobeIsHitNearTheHorizonLikeMapLibre() throws {
        let projection = try projection()
        let globe = try #require(projection.globe)
        let (sky, _) = try limb(globe)
        // Just behind the horizon point MapLibre taps: within the padding in
        // Mercator, drawn by the globe's matrix next to the outline (its tile,
        // straddling the horizon, is one MapLibre loads).
        let horizon = try #require(globe.unprojectLikeMapLibre(sky))
        let behind = Coordinate(latitude: 0, longitude: horizon.longitude + 0.5)
        #expect(globe.isOccluded(behind))
        let layers = [DrawnLayer(id: "circles", features: [DrawnFeature(id: "behind", shape: .circle(center: behind, radius: 8, strokeWidth: 0))])]
        #expect(SceneQueryIndex(layers: layers, projection: projection).query(at: sky).isEmpty)
        #expect(SceneQueryIndex(layers: layers, projection: projection, globeTaps: .likeMapLibreQuery).query(at: sky).map(\.id) == ["behind"])
    }

    @Test func underMercatorTheRuleChangesNothing() throws {
        let projection = try Projection(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 13, pitch: 40),
                                        viewport: viewport, projection: .globe)
        #expect(projection.globe == nil)
        let c = Coordinate(latitude: 0.001, longitude: 0.002)
        let layers = [DrawnLayer(id: "circles", features: [DrawnFeature(id: "c", shape: .circle(center: c, radius: 10, strokeWidth: 2))]),
                      DrawnLayer(id: "lines", features: [DrawnFeature(id: "l", shape: .line([[Coordinate(latitude: -1, longitude: 0), Coordinate(latitude: 1, longitude: 0)]],
                                                                                                    width: 6, gapWidth: 0, offset: 0))])]
        let drawn = SceneQueryIndex(layers: layers, projection: projection)
        let like = SceneQueryIndex(layers: layers, projection: projection, globeTaps: .likeMapLibreQuery)
        var hits = 0
        for x in stride(from: 0.0, through: 400, by: 8) {
            for y in stride(from: 0.0, through: 300, by: 8) {
                let p = ScreenPoint(x: x, y: y)
                #expect(drawn.query(at: p) == like.query(at: p))
                hits += drawn.query(at: p).count
            }
        }
        #expect(hits > 0)
    }
}

/// The two numbers MapLibre's circle search on the globe is built from.
@Suite("MapLibre's circle query padding on the globe")
struct MapLibreGlobeCirclePaddingTests {
    @Test func theMaxPitchScaleFactorIsTheMercatorCornersDepthOverTheCentres() throws {
        let viewport = ScreenSize(width: 640, height: 480)
        for (zoom, pitch) in [(0.1, 0.0), (5.0, 30.0), (0.07, 58.5), (10.7, 55.8)] {
            let projection = try Projection(camera: Camera(center: Coordinate(latitude: 20, longitude: 30), zoom: zoom, pitch: pitch),
                                            viewport: viewport, projection: .globe)
            // A flat ground seen from the camera: the top edge's ray is pitch + half the
            // field of view (36.87°) from the nadir; its depth along the view axis
            // over the centre's is cos(pitch)·cos(half fov) / cos(pitch + half fov).
            let half = Projection.fieldOfView / 2, p = pitch * .pi / 180
            let expected = cos(p) * cos(half) / cos(p + half)
            #expect(abs(MapLibreGlobeCircles.maxPitchScaleFactor(projection) - expected) < 1e-9, "zoom \(zoom) pitch \(pitch)")
        }
    }

    @Test func eachCircleIsSearchedWithItsOwnTilesLargestRadiusAndStroke() throws {
        // Zoom 2.5: tiles of zoom 2, 90° of longitude wide, with buffers of a
        // quarter tile (22.5°). a and b are in the tile of 0…90°E; b, 20° from
        // its edge, is also in the buffer of the next tile, c's; d is far away.
        let features = [
            DrawnFeature(id: "a", shape: .circle(center: Coordinate(latitude: 10, longitude: 40), radius: 5, strokeWidth: 1)),
            DrawnFeature(id: "b", shape: .circle(center: Coordinate(latitude: 10, longitude: 70), radius: 20, strokeWidth: 0)),
            DrawnFeature(id: "c", shape: .circle(center: Coordinate(latitude: 10, longitude: 130), radius: 3, strokeWidth: 4)),
            DrawnFeature(id: "d", shape: .circle(center: Coordinate(latitude: 10, longitude: -100), radius: 2, strokeWidth: 0)),
            DrawnFeature(id: "l", shape: .line([[Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 1, longitude: 1)]], width: 50, gapWidth: 0, offset: 0)),
        ]
        let projection = try Projection(camera: Camera(center: Coordinate(latitude: 0, longitude: 120), zoom: 2.5), viewport: ScreenSize(width: 640, height: 480),
                                        projection: .globe)
        let tiles = MapLibreGlobeTiles(projection: projection)
        let found = MapLibreGlobeCircles.queryPaddings(of: DrawnLayer(id: "circles", features: features), tiles: tiles)
        let paddings = found.map(\.padding)
        // a: its tile holds a and b (20 + 1); b: the same tile; c: its tile
        // (90…180°E) holds c and, in the buffer, b (70°E is within 22.5° of 90°E): 20 + 4;
        // d: alone (2 + 0); the line: 0.
        #expect(paddings == [21, 21, 24, 2, 0])
        // Seen from 120°E, the tile of 180…90°W is nearer a world east (wrap 1).
        #expect(found.map(\.wrap) == [0, 0, 0, 1, 0])
    }
}
