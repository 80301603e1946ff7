import CartoucheCamera
import CartoucheGeometry
import Foundation
import Testing

@Suite struct CameraValidationTests {
    let viewport = ScreenSize(width: 800, height: 600)
    let good = Camera(center: Coordinate(latitude: 48.85, longitude: 2.35), zoom: 12, bearing: 30, pitch: 45)

    @Test func validCameraPasses() throws {
        try good.validate(for: viewport)
        _ = try Projection(camera: good, viewport: viewport)
    }

    @Test(arguments: [(270.0, -90.0), (-180, 180), (180, 180), (540, 180), (-450, -90), (359, -1), (0, 0)])
    func bearingIsNormalised(input: Double, expected: Double) {
        var camera = good
        camera.bearing = input
        #expect(abs(camera.bearing - expected) < 1e-12)
        #expect(abs(Camera(center: good.center, zoom: 1, bearing: input).bearing - expected) < 1e-12)
    }

    @Test func rejectsEachBadField() {
        func error(_ edit: (inout Camera) -> Void, viewport: ScreenSize? = nil) -> CameraError? {
            var camera = good
            edit(&camera)
            do {
                try camera.validate(for: viewport ?? self.viewport)
                return nil
            } catch {
                return error
            }
        }
        #expect(error { $0.zoom = .nan }?.description == "camera.zoom must be a finite number, got nan")
        #expect(error { $0.zoom = 26 } == .outOfRange(field: "camera.zoom", value: 26, minimum: 0, maximum: 25.5))
        #expect(error { $0.zoom = -1 } == .outOfRange(field: "camera.zoom", value: -1, minimum: 0, maximum: 25.5))
        #expect(error { $0.pitch = 85.5 } == .outOfRange(field: "camera.pitch", value: 85.5, minimum: 0, maximum: 85))
        #expect(error { $0.bearing = .infinity } == .nonFinite(field: "camera.bearing", value: .infinity))
        #expect(error { $0.center.latitude = 91 } == .outOfRange(field: "camera.center.latitude", value: 91, minimum: -90, maximum: 90))
        #expect(error { $0.center.longitude = -.infinity } == .nonFinite(field: "camera.center.longitude", value: -.infinity))
        #expect(error { $0.padding.left = -1 }?.description == "camera.padding.left must not be negative, got -1.0")
        #expect(error { $0.padding.bottom = .nan }?.description == "camera.padding.bottom must be a finite number, got nan")
        #expect(error { $0.padding = EdgeInsets(left: 500, right: 301) } == .paddingExceedsViewport(
            axis: "x (camera.padding.left + camera.padding.right)", insets: 801, extent: 800))
        #expect(error { $0.padding = EdgeInsets(top: 600, bottom: 0.5) } == .paddingExceedsViewport(
            axis: "y (camera.padding.top + camera.padding.bottom)", insets: 600.5, extent: 600))
        #expect(error({ _ in }, viewport: ScreenSize(width: 0, height: 10))
            == .nonPositiveViewport(field: "viewport.width", value: 0))
        #expect(error({ _ in }, viewport: ScreenSize(width: 10, height: .nan))?.description
            == "viewport.height must be a finite number, got nan")
    }

    @Test func projectionRefusesInvalidCamera() {
        var camera = good
        camera.pitch = 90
        #expect(throws: CameraError.outOfRange(field: "camera.pitch", value: 90, minimum: 0, maximum: 85)) {
            try Projection(camera: camera, viewport: viewport)
        }
    }

    @Test func paddingMayFillTheViewportExactly() throws {
        var camera = good
        camera.padding = EdgeInsets(top: 300, left: 800, bottom: 300, right: 0)
        let projection = try Projection(camera: camera, viewport: viewport)
        #expect(projection.centerPoint == ScreenPoint(x: 800, y: 300))
    }

    /// MapLibre raises the zoom until the world is as tall as the viewport,
    /// and keeps the world square covering the viewport vertically.
    @Test func constrainsLikeMapLibre() {
        let viewport = ScreenSize(width: 800, height: 600)
        let whole = Camera(center: Coordinate(latitude: 30, longitude: 190), zoom: 0, bearing: 10, pitch: 20)
            .constrainedLikeMapLibre(in: viewport)
        #expect(abs(whole.zoom - log2(600.0 / 512)) < 1e-6)
        #expect(abs(whole.center.latitude) < 1e-9 && abs(whole.center.longitude - -170) < 1e-9)
        #expect(whole.bearing == 10 && whole.pitch == 20)

        // Near the pole at zoom 2 (2048-point world) the top edge of the world
        // lands on the top of the viewport: the centre is 300 points below it.
        let polar = Camera(center: Coordinate(latitude: 80, longitude: 5), zoom: 2).constrainedLikeMapLibre(in: viewport)
        let expected = atan(sinh(Double.pi * (1 - 2 * 300 / 2048.0))) * 180 / Double.pi
        #expect(polar.zoom == 2 && abs(polar.center.latitude - expected) < 1e-5 && polar.center.longitude == 5)
        let south = Camera(center: Coordinate(latitude: -80, longitude: 5), zoom: 2).constrainedLikeMapLibre(in: viewport)
        #expect(abs(south.center.latitude + expected) < 1e-5)

        let deep = Camera(center: Coordinate(latitude: 10, longitude: 20), zoom: 25)
        #expect(deep.constrainedLikeMapLibre(in: viewport).zoom == 22)
        #expect(deep.constrainedLikeMapLibre(in: viewport, maxZoom: 25.5) == deep)
    }
}
