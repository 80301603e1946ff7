import CartoucheTestSupport
import CartoucheCamera
import CartoucheGeometry
import Foundation
import Testing

@Suite struct CameraFittingTests {
    /// 90° of longitude is 128 points at zoom 0; ±10° of latitude is only
    /// ~57 points, so a 512-wide viewport fits it at exactly zoom 2.
    @Test func handComputedZoomAndCentre() throws {
        let camera = try Camera.fitting(
            [Coordinate(latitude: -10, longitude: -45), Coordinate(latitude: 10, longitude: 45)],
            viewport: ScreenSize(width: 512, height: 512))
        #expect(abs(camera.zoom - 2) < 1e-12)
        #expect(abs(camera.center.latitude) < 1e-9 && abs(camera.center.longitude) < 1e-9)
        #expect(camera.bearing == 0 && camera.pitch == 0 && camera.padding == .zero)
    }

    /// Fit random boxes, then project the corners with the fitted camera: all
    /// inside the padded rect, and at least one touching an edge of it.
    @Test func fittedCornersTouchThePaddedRect() throws {
        var random = SplitMix64(seed: 42)
        for _ in 0..<300 {
            let viewport = ScreenSize(width: random.double(in: 200...1400), height: random.double(in: 200...1000))
            let padding = EdgeInsets(top: random.double(in: 0...60), left: random.double(in: 0...80),
                                     bottom: random.double(in: 0...60), right: random.double(in: 0...80))
            let west = random.double(in: -180...170), south = random.double(in: -70...60)
            let bounds = CoordinateBounds(west: west, south: south, east: west + random.double(in: 0.0001...60),
                                          north: south + random.double(in: 0.0001...20))
            let bearing = random.double(in: -180...180)
            let camera = try Camera.fitting(bounds, viewport: viewport, padding: padding, bearing: bearing, maxZoom: 25.5)
            let projection = try Projection(camera: camera, viewport: viewport)
            let rect = padding.paddedRect(in: viewport)
            var slack = Double.infinity
            for (latitude, longitude) in [(bounds.north, bounds.west), (bounds.north, bounds.east),
                                          (bounds.south, bounds.east), (bounds.south, bounds.west)] {
                let point = try #require(projection.project(Coordinate(latitude: latitude, longitude: longitude)))
                #expect(point.x >= rect.minX - 1e-6 && point.x <= rect.maxX + 1e-6
                        && point.y >= rect.minY - 1e-6 && point.y <= rect.maxY + 1e-6,
                        "corner \(point) outside \(rect)")
                slack = min(slack, point.x - rect.minX, rect.maxX - point.x, point.y - rect.minY, rect.maxY - point.y)
            }
            #expect(abs(slack) < 1e-6, "no corner touches the padded rect (closest \(slack))")
        }
    }

    @Test func singlePointGetsMaxZoom() throws {
        let point = Coordinate(latitude: 51.5, longitude: -0.12)
        let camera = try Camera.fitting([point, point], viewport: ScreenSize(width: 400, height: 300), maxZoom: 17)
        #expect(camera.zoom == 17)
        #expect(abs(camera.center.latitude - 51.5) < 1e-9 && abs(camera.center.longitude - -0.12) < 1e-9)
    }

    @Test func emptyInputIsATypedError() {
        #expect(throws: CameraError.noCoordinates) {
            try Camera.fitting([], viewport: ScreenSize(width: 400, height: 300))
        }
    }

    @Test func badInputNamesTheField() {
        let viewport = ScreenSize(width: 400, height: 300)
        #expect(throws: CameraError.outOfRange(field: "coordinates[1].latitude", value: 100, minimum: -90, maximum: 90)) {
            try Camera.fitting([Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 100, longitude: 0)], viewport: viewport)
        }
        #expect(throws: CameraError.outOfRange(field: "maxZoom", value: 30, minimum: 0, maximum: 25.5)) {
            try Camera.fitting([Coordinate(latitude: 0, longitude: 0)], viewport: viewport, maxZoom: 30)
        }
        #expect(throws: CameraError.paddingExceedsViewport(axis: "x (padding.left + padding.right)", insets: 500, extent: 400)) {
            try Camera.fitting([Coordinate(latitude: 0, longitude: 0)], viewport: viewport, padding: EdgeInsets(all: 250))
        }
        #expect(throws: CameraError.outOfRange(field: "bounds.north", value: -5, minimum: 0, maximum: 90)) {
            try Camera.fitting(CoordinateBounds(west: 0, south: 0, east: 1, north: -5), viewport: viewport)
        }
    }

    @Test func antimeridianCrossingSetTakesTheShortWay() throws {
        let coordinates = [Coordinate(latitude: 10, longitude: 179), Coordinate(latitude: -10, longitude: -179),
                           Coordinate(latitude: 0, longitude: 179.5)]
        let bounds = try CoordinateBounds.enclosing(coordinates)
        #expect(bounds == CoordinateBounds(west: 179, south: -10, east: 181, north: 10))
        let viewport = ScreenSize(width: 800, height: 600)
        let camera = try Camera.fitting(coordinates, viewport: viewport)
        #expect(abs(abs(camera.center.longitude) - 180) < 1e-9)
        // Height-limited: 20° of latitude around the equator fills 600 points.
        let height = (WebMercator.normalizedY(latitude: -10) - WebMercator.normalizedY(latitude: 10)) * 512
        #expect(abs(camera.zoom - log2(600 / height)) < 1e-9)
        let projection = try Projection(camera: camera, viewport: viewport)
        for coordinate in coordinates {
            let point = try #require(projection.project(coordinate))
            #expect(point.x > 0 && point.x < 800 && point.y >= -1e-6 && point.y <= 600 + 1e-6)
        }
    }

    @Test func longitudeSpanPicksTheWidestGap() throws {
        let bounds = try CoordinateBounds.enclosing([
            Coordinate(latitude: 0, longitude: -170), Coordinate(latitude: 0, longitude: -10),
            Coordinate(latitude: 0, longitude: 100),
        ])
        // Gaps: 160 (-170→-10), 110 (-10→100), 90 (100→190). The widest is dropped.
        #expect(bounds.west == -10 && bounds.east == 190)
    }

    /// MapLibre's cameraForBoxAndBearing ignores pitch when choosing the zoom;
    /// so do we. The pitch is only carried into the result.
    @Test func pitchDoesNotChangeTheFittedZoom() throws {
        let coordinates = [Coordinate(latitude: 40, longitude: -75), Coordinate(latitude: 41, longitude: -73)]
        let viewport = ScreenSize(width: 640, height: 480)
        let flat = try Camera.fitting(coordinates, viewport: viewport, padding: EdgeInsets(all: 20), bearing: 15)
        let tilted = try Camera.fitting(coordinates, viewport: viewport, padding: EdgeInsets(all: 20), bearing: 15, pitch: 50)
        #expect(tilted.zoom == flat.zoom && tilted.center == flat.center)
        #expect(tilted.pitch == 50 && tilted.bearing == 15)
    }

    @Test func tooLargeBoundsStopAtZoomZero() throws {
        let camera = try Camera.fitting(CoordinateBounds(west: -180, south: -80, east: 180, north: 80),
                                        viewport: ScreenSize(width: 100, height: 100))
        #expect(camera.zoom == 0)
    }
}
