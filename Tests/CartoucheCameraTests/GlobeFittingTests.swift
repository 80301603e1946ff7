import CartoucheTestSupport
import CartoucheCamera
import CartoucheGeometry
import Foundation
import Testing

/// `Camera.fitting(…, projection: .globe)` without a browser (the comparison
/// with MapLibre is ``MapLibreGlobeFitInteropTests``).
@Suite struct GlobeFittingTests {
    static let viewport = ScreenSize(width: 800, height: 600)

    /// On a small box the sphere is nearly flat and its scale at the centre is
    /// Mercator's, so the globe fit agrees with the Mercator fit to within the
    /// change of Mercator's scale across the box (≈ width · tan(latitude)).
    @Test func smallBoxesFitAsUnderMercator() throws {
        var random = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let west = random.double(in: -180...179), south = random.double(in: -60...59)
            let size = random.double(in: 0.05...0.5)
            let bounds = CoordinateBounds(west: west, south: south, east: west + size, north: south + size * random.double(in: 0.3...1))
            let padding = EdgeInsets(top: random.double(in: 0...60), left: random.double(in: 0...80),
                                     bottom: random.double(in: 0...60), right: random.double(in: 0...80))
            let bearing = random.double(in: -180...180)
            let globe = try Camera.fitting(bounds, viewport: Self.viewport, padding: padding, bearing: bearing, projection: .globe)
            let mercator = try Camera.fitting(bounds, viewport: Self.viewport, padding: padding, bearing: bearing)
            let slope = size * Double.pi / 180 * tan(abs(south) * Double.pi / 180 + size * Double.pi / 180)
            #expect(abs(globe.zoom - mercator.zoom) < 0.01 + 2 * slope, "\(bounds): globe \(globe.zoom), Mercator \(mercator.zoom)")
            // Same centre: MapLibre keeps the Mercator fit's centre.
            #expect(globe.zoom >= GlobeTransition.mercatorZoom
                    || (abs(globe.center.latitude - mercator.center.latitude) < 1e-3
                        && abs(WebMercator.wrapLongitude(globe.center.longitude - mercator.center.longitude)) < 1e-3))
        }
    }

    /// Where the globe fit reaches zoom 12 the map is Mercator, and so is the fit.
    @Test func fitsAtZoomTwelveAndAboveAreMercator() throws {
        let box = CoordinateBounds(west: 2.30, south: 48.85, east: 2.31, north: 48.855)
        let globe = try Camera.fitting(box, viewport: Self.viewport, projection: .globe)
        let mercator = try Camera.fitting(box, viewport: Self.viewport)
        #expect(mercator.zoom > 12)
        #expect(globe == mercator)
    }

    /// A box of Europe at world zoom: on the sphere the far edges recede, so
    /// MapLibre's fit differs from the Mercator one; every corner is drawn,
    /// none behind the globe, and the box spans most of the padded rect.
    @Test func continentFitIsDrawnOnTheSphere() throws {
        let europe = CoordinateBounds(west: -25, south: 34, east: 45, north: 71)
        let padding = EdgeInsets(top: 30, left: 30, bottom: 30, right: 30)
        let camera = try Camera.fitting(europe, viewport: Self.viewport, padding: padding, projection: .globe)
        let mercator = try Camera.fitting(europe, viewport: Self.viewport, padding: padding)
        #expect(camera.zoom < GlobeTransition.mercatorZoom && abs(camera.zoom - mercator.zoom) > 0.05)
        #expect(camera.center == mercator.center)
        let projection = try Projection(camera: camera, viewport: Self.viewport, projection: .globe)
        let points = try [(71.0, -25.0), (71.0, 45.0), (34.0, -25.0), (34.0, 45.0)].map { latitude, longitude in
            try #require(projection.project(Coordinate(latitude: latitude, longitude: longitude)))
        }
        let minX = points.map(\.x).min()!, maxX = points.map(\.x).max()!
        let minY = points.map(\.y).min()!, maxY = points.map(\.y).max()!
        #expect(minX > 0 && maxX < Self.viewport.width && minY > 0 && maxY < Self.viewport.height)
        #expect(max(maxX - minX, maxY - minY) > 0.6 * (Self.viewport.height - 60))
    }

    /// A single point has nothing to fit: `maxZoom`, as under Mercator; a
    /// box too big for the viewport at any zoom is raised to zoom 0.
    @Test func zoomIsClampedIntoZeroToMaxZoom() throws {
        let point = Coordinate(latitude: 10, longitude: 20)
        let single = try Camera.fitting([point], viewport: Self.viewport, maxZoom: 5, projection: .globe)
        #expect(single.zoom == 5)
        #expect(abs(single.center.latitude - 10) < 1e-9 && abs(single.center.longitude - 20) < 1e-9)
        let world = CoordinateBounds(west: -180, south: -85, east: 180, north: 85)
        let tiny = ScreenSize(width: 100, height: 80)
        #expect(try Camera.fitting(world, viewport: tiny, projection: .globe).zoom == 0)
    }

    @Test func badInputNamesTheFieldUnderTheGlobeToo() {
        #expect(throws: CameraError.outOfRange(field: "pitch", value: 90, minimum: 0, maximum: 85)) {
            try Camera.fitting(CoordinateBounds(west: 0, south: 0, east: 1, north: 1), viewport: Self.viewport,
                               pitch: 90, projection: .globe)
        }
    }
}
