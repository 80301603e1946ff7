import CartoucheCamera
import CartoucheGeometry
import CartoucheTestSupport
import Foundation
import Testing

/// The globe camera checked against geometry worked out by hand (the
/// browser comparison is ``MapLibreGlobeInteropTests``).
struct GlobeProjectionTests {
    let viewport = ScreenSize(width: 800, height: 600)

    @Test func globenessFallsLinearlyFromZoom11To12() {
        #expect(GlobeTransition.globeness(zoom: 0) == 1)
        #expect(GlobeTransition.globeness(zoom: 11) == 1)
        #expect(GlobeTransition.globeness(zoom: 11.25) == 0.75)
        #expect(GlobeTransition.globeness(zoom: 12) == 0)
        #expect(GlobeTransition.globeness(zoom: 20) == 0)
        #expect(MapProjection.globe.drawsGlobe(atZoom: 11.999))
        #expect(!MapProjection.globe.drawsGlobe(atZoom: 12))
        #expect(!MapProjection.mercator.drawsGlobe(atZoom: 3))
        #expect(MapProjection.allowedTypes == ["mercator", "globe"])
    }

    @Test func fromZoom12TheGlobeIsMercatorBitForBit() throws {
        var random = SplitMix64(seed: 12)
        for _ in 0..<50 {
            let camera = Camera(center: Coordinate(latitude: random.double(in: -80...80), longitude: random.double(in: -180...180)),
                                zoom: random.double(in: 12...22), bearing: random.double(in: 0...360), pitch: random.double(in: 0...85))
            let globe = try Projection(camera: camera, viewport: viewport, projection: .globe)
            let mercator = try Projection(camera: camera, viewport: viewport)
            #expect(globe.globe == nil && globe.mapProjection == .globe)
            for _ in 0..<10 {
                let c = Coordinate(latitude: camera.center.latitude + random.double(in: -0.05...0.05),
                                   longitude: camera.center.longitude + random.double(in: -0.05...0.05))
                #expect(globe.project(c) == mercator.project(c))
                #expect(globe.projectDetailed(c) == mercator.projectDetailed(c))
            }
        }
    }

    @Test func theCentreLandsOnThePaddedCentreAndItsAntipodeIsHidden() throws {
        var random = SplitMix64(seed: 7)
        for _ in 0..<50 {
            let camera = Camera(
                center: Coordinate(latitude: random.double(in: -85...85), longitude: random.double(in: -180...180)),
                zoom: random.double(in: 0...11.9), bearing: random.double(in: 0...360), pitch: random.double(in: 0...85),
                padding: EdgeInsets(top: random.double(in: 0...100), left: random.double(in: 0...100),
                                    bottom: random.double(in: 0...100), right: random.double(in: 0...100)))
            let projection = try Projection(camera: camera, viewport: viewport, projection: .globe)
            let globe = try #require(projection.globe)
            let center = try #require(projection.project(camera.center))
            #expect(hypot(center.x - projection.centerPoint.x, center.y - projection.centerPoint.y) < 1e-6)
            let antipode = Coordinate(latitude: -camera.center.latitude, longitude: camera.center.longitude + 180)
            #expect(globe.isOccluded(antipode))
            #expect(projection.projectDetailed(antipode).visibility == .occluded)
            #expect(projection.project(antipode) == nil)
            #expect(globe.radius == WebMercator.worldSize(zoom: camera.zoom) / (2 * Double.pi) / cos(camera.center.latitude * Double.pi / 180))
        }
    }

    /// Looking straight down from distance d (in radii) the horizon is the
    /// circle at angle acos(1/d) from the centre: just inside is visible,
    /// just outside hidden.
    @Test func theHorizonIsTheTangentCircle() throws {
        for zoom in [0.0, 2.5, 6, 10] {
            let camera = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: zoom)
            let projection = try Projection(camera: camera, viewport: viewport, projection: .globe)
            let globe = try #require(projection.globe)
            let distance = 1 + projection.cameraToCenterDistance / globe.radius
            #expect(abs(globe.cameraDistance - distance) < 1e-12)
            let horizon = acos(1 / distance) * 180 / Double.pi
            for bearing in stride(from: 0.0, to: 360, by: 45) {
                let b = bearing * Double.pi / 180
                // Along a great circle from (0, 0): latitude asin(sin θ cos b), longitude atan2(sin b sin θ, cos θ).
                func at(_ angle: Double) -> Coordinate {
                    let t = angle * Double.pi / 180
                    return Coordinate(latitude: asin(sin(t) * cos(b)) * 180 / Double.pi,
                                      longitude: atan2(sin(b) * sin(t), cos(t)) * 180 / Double.pi)
                }
                #expect(!globe.isOccluded(at(horizon - 1e-6)), "zoom \(zoom) bearing \(bearing)")
                #expect(globe.isOccluded(at(horizon + 1e-6)), "zoom \(zoom) bearing \(bearing)")
            }
        }
    }

    /// The globe's radius makes the scale at the centre Mercator's at that
    /// latitude: a point a few points away lands where Mercator puts it.
    @Test func nearTheCentreTheGlobeMatchesMercatorScale() throws {
        var random = SplitMix64(seed: 3)
        for _ in 0..<30 {
            let camera = Camera(center: Coordinate(latitude: random.double(in: -70...70), longitude: random.double(in: -180...180)),
                                zoom: random.double(in: 4...11), bearing: random.double(in: 0...360), pitch: random.double(in: 0...60))
            let globe = try Projection(camera: camera, viewport: viewport, projection: .globe)
            let mercator = try Projection(camera: camera, viewport: viewport)
            let step = 3 * 360 / WebMercator.worldSize(zoom: camera.zoom)  // about 3 points
            let c = Coordinate(latitude: camera.center.latitude + step / 2, longitude: camera.center.longitude + step)
            let a = try #require(globe.project(c)), b = try #require(mercator.project(c))
            #expect(hypot(a.x - b.x, a.y - b.y) < 0.01, "\(camera)")
        }
    }

    @Test func mapLibreGlobeConstraintsClampLatitudeAndWrapLongitudeOnly() {
        let low = Camera(center: Coordinate(latitude: 89, longitude: 190), zoom: 0, bearing: 10, pitch: 30)
            .constrainedLikeMapLibre(in: viewport, projection: .globe)
        #expect(low.center.latitude == 85.051129)
        #expect(abs(low.center.longitude - -170) < 1e-12)
        #expect(low.zoom == 0 && low.bearing == 10 && low.pitch == 30)
        // Mercator would raise zoom 0 so the world fills the 600-point height.
        let flat = Camera(center: Coordinate(latitude: 10, longitude: 5), zoom: 0)
        #expect(flat.constrainedLikeMapLibre(in: viewport, projection: .globe).zoom == 0)
        #expect(flat.constrainedLikeMapLibre(in: viewport).zoom > 0)
        // From zoom 12 the globe is Mercator, constraints included.
        let polar = Camera(center: Coordinate(latitude: 85.05, longitude: 5), zoom: 12.5)
        #expect(polar.constrainedLikeMapLibre(in: viewport, projection: .globe) == polar.constrainedLikeMapLibre(in: viewport))
        #expect(Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 24)
            .constrainedLikeMapLibre(in: viewport, projection: .globe).zoom == 22)
    }
}

extension GlobeProjectionTests {
    /// unproject inverts project on the visible hemisphere and is nil in the sky.
    @Test func unprojectInvertsProject() throws {
        var random = SplitMix64(seed: 99)
        var checked = 0
        for _ in 0..<40 {
            let camera = Camera(center: Coordinate(latitude: random.double(in: -80...80), longitude: random.double(in: -180...180)),
                                zoom: random.double(in: 0...11.9), bearing: random.double(in: 0...360), pitch: random.double(in: 0...85))
            let globe = try #require(try Projection(camera: camera, viewport: viewport, projection: .globe).globe)
            let middle = try #require(globe.project(camera.center))
            let center = try #require(globe.unproject(middle))
            #expect(abs(center.latitude - camera.center.latitude) < 1e-7)
            for _ in 0..<10 {
                let tap = ScreenPoint(x: random.double(in: 0...viewport.width), y: random.double(in: 0...viewport.height))
                guard let ground = globe.unproject(tap) else { continue }
                let back = try #require(globe.project(ground))
                #expect(hypot(back.x - tap.x, back.y - tap.y) < 1e-6, "\(camera) tap \(tap)")
                checked += 1
            }
        }
        #expect(checked >= 200)
        // Zoom 0 from straight above: the corners of the viewport are sky.
        let whole = try #require(try Projection(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 0),
                                                viewport: viewport, projection: .globe).globe)
        #expect(whole.unproject(ScreenPoint(x: 0, y: 0)) == nil)
    }
}
