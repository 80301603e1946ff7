import CartoucheTestSupport
import CartoucheCamera
import CartoucheGeometry
import Foundation
import Testing

/// Hand-computed expectations: at pitch 0 the map is a plain scaled,
/// rotated Mercator image; pitched cases use the pinhole-camera geometry
/// (camera 1.5 × height from the centre, focal length = that distance).
@Suite struct ProjectionTests {
    let viewport = ScreenSize(width: 800, height: 600)

    func projection(_ camera: Camera, _ viewport: ScreenSize? = nil) throws -> Projection {
        try Projection(camera: camera, viewport: viewport ?? self.viewport)
    }

    func expectClose(_ a: ScreenPoint?, _ b: ScreenPoint, _ tolerance: Double = 1e-9,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        guard let a else {
            Issue.record("expected \(b), got nil", sourceLocation: sourceLocation)
            return
        }
        #expect(abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance, "\(a) vs \(b)",
                sourceLocation: sourceLocation)
    }

    @Test func zoomZeroShowsTheWholeWorldSquare() throws {
        let p = try projection(Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 0),
                               ScreenSize(width: 512, height: 512))
        expectClose(p.project(Coordinate(latitude: 0, longitude: 0)), ScreenPoint(x: 256, y: 256))
        expectClose(p.project(Coordinate(latitude: WebMercator.maxLatitude, longitude: -179.999_999)),
                    ScreenPoint(x: 0.000_001 / 360 * 512, y: 0), 1e-7)
        expectClose(p.project(Coordinate(latitude: -WebMercator.maxLatitude, longitude: 179.999_999)),
                    ScreenPoint(x: 512 - 0.000_001 / 360 * 512, y: 512), 1e-7)
        // Latitudes past the square are clamped onto its edge.
        expectClose(p.project(Coordinate(latitude: 90, longitude: 0)), ScreenPoint(x: 256, y: 0), 1e-7)
        #expect(p.cameraToCenterDistance == 768)
        #expect(p.worldSize == 512)
    }

    @Test func zoomOneKnownPoints() throws {
        let p = try projection(Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 1))
        // 1024-point world: 90° of longitude is 256 points.
        expectClose(p.project(Coordinate(latitude: 0, longitude: 90)), ScreenPoint(x: 656, y: 300))
        expectClose(p.project(Coordinate(latitude: 0, longitude: -90)), ScreenPoint(x: 144, y: 300))
        let y45 = 1024 * (0.5 - asinh(tan(Double.pi / 4)) / (2 * Double.pi)) - 512
        expectClose(p.project(Coordinate(latitude: 45, longitude: 0)), ScreenPoint(x: 400, y: 300 + y45))
        // Off screen but in front of the camera: still projected.
        let top = p.projectDetailed(Coordinate(latitude: 85, longitude: 0))
        #expect(top.visibility == .offScreen)
        #expect(top.depth == p.cameraToCenterDistance)
    }

    @Test func bearingNinetyPutsEastAtTheTop() throws {
        let p = try projection(Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 1, bearing: 90))
        expectClose(p.project(Coordinate(latitude: 0, longitude: 90)), ScreenPoint(x: 400, y: 44))
        expectClose(p.project(Coordinate(latitude: 0, longitude: -90)), ScreenPoint(x: 400, y: 556))
        // North is now on the left.
        let north = 1024 * asinh(tan(30 * Double.pi / 180)) / (2 * Double.pi)
        expectClose(p.project(Coordinate(latitude: 30, longitude: 0)), ScreenPoint(x: 400 - north, y: 300))
        // Bearing -90 (= 270) puts east at the bottom.
        let q = try projection(Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 1, bearing: 270))
        expectClose(q.project(Coordinate(latitude: 0, longitude: 90)), ScreenPoint(x: 400, y: 556))
    }

    @Test func paddingMovesTheCentrePoint() throws {
        let padding = EdgeInsets(top: 100, left: 200, bottom: 0, right: 0)
        let center = Coordinate(latitude: 10, longitude: 20)
        let p = try projection(Camera(center: center, zoom: 3, padding: padding))
        #expect(p.centerPoint == ScreenPoint(x: 500, y: 350))
        #expect(p.paddedRect == ScreenRect(minX: 200, minY: 100, maxX: 800, maxY: 600))
        expectClose(p.project(center), ScreenPoint(x: 500, y: 350))
        // 45° east at zoom 3 (4096-point world) is 512 points to the right.
        expectClose(p.project(Coordinate(latitude: 10, longitude: 65)), ScreenPoint(x: 1012, y: 350))
        #expect(p.projectDetailed(Coordinate(latitude: 10, longitude: 65)).visibility == .offScreen)
        // With pitch the centre still lands on the padded centre (the principal point moves too).
        var pitched = Camera(center: center, zoom: 3, bearing: 33, pitch: 50, padding: padding)
        expectClose(try projection(pitched).project(center), ScreenPoint(x: 500, y: 350), 1e-8)
        pitched.padding = .zero
        expectClose(try projection(pitched).project(center), ScreenPoint(x: 400, y: 300), 1e-8)
    }

    /// A point straight ahead (north, bearing 0) at ground distance d from the
    /// centre: the camera sits D·cosθ high and D·sinθ behind the centre, so
    /// the ray to the point is β = (90° − θ) − atan(D·cosθ / (D·sinθ + d))
    /// above the viewing axis and lands D·tanβ above the centre point.
    @Test(arguments: [10.0, 30, 45, 60, 75])
    func pitchForeshortensAheadAsAPinholeCamera(pitchDegrees: Double) throws {
        let center = Coordinate(latitude: 0, longitude: 0)
        let p = try projection(Camera(center: center, zoom: 4, pitch: pitchDegrees))
        let D = 900.0, theta = pitchDegrees * Double.pi / 180
        #expect(abs(p.cameraToCenterDistance - D) < 1e-12)
        for latitude in [-0.5, 0.3, 1.0, 2.5] {
            let d = -(WebMercator.normalizedY(latitude: latitude) - 0.5) * 512 * 16  // points north
            let beta = (Double.pi / 2 - theta) - atan(D * cos(theta) / (D * sin(theta) + d))
            expectClose(p.project(Coordinate(latitude: latitude, longitude: 0)),
                        ScreenPoint(x: 400, y: 300 - D * tan(beta)), 1e-8)
        }
        // Sideways offset at the centre's depth: D·(lateral)/depth with depth = D.
        let east = 512 * 16 / 360.0
        expectClose(p.project(Coordinate(latitude: 0, longitude: 1)), ScreenPoint(x: 400 + east, y: 300), 1e-8)
    }

    @Test func projectAndUnprojectAreInverseOnVisibleGround() throws {
        var random = SplitMix64(seed: 0xC0FFEE)
        var checked = 0
        for _ in 0..<300 {
            let size = ScreenSize(width: random.double(in: 200...1600), height: random.double(in: 200...1200))
            let camera = Camera(
                center: Coordinate(latitude: random.double(in: -80...80), longitude: random.double(in: -180...180)),
                zoom: random.double(in: 0...22), bearing: random.double(in: -360...360),
                pitch: random.double(in: 0...85),
                padding: EdgeInsets(top: random.double(in: 0...size.height / 3), left: random.double(in: 0...size.width / 3),
                                    bottom: random.double(in: 0...size.height / 3), right: random.double(in: 0...size.width / 3)))
            let p = try projection(camera, size)
            let ground = try #require(p.visibleGroundRect)
            for _ in 0..<10 {
                let screen = ScreenPoint(x: random.double(in: 0...size.width),
                                         y: random.double(in: min(ground.minY + 1e-6, size.height)...size.height))
                guard let coordinate = p.unproject(screen, wrappingLongitude: false) else {
                    Issue.record("unproject(\(screen)) is nil below horizonY \(p.horizonY)")
                    continue
                }
                guard abs(coordinate.latitude) < WebMercator.maxLatitude else { continue }  // off the square
                // Another world copy (low zoom, high pitch): project picks the nearest copy instead.
                guard abs(coordinate.longitude - camera.center.longitude) < 180 else { continue }
                let back = try #require(p.project(coordinate))
                // Screen → ground → screen loses only the rounding of the ground
                // point (10^10-point worlds at zoom 22 for far pitched points).
                #expect(hypot(back.x - screen.x, back.y - screen.y) < 1e-6, "\(camera) \(screen) → \(back)")
                // Ground → screen → ground is exact to 1e-9 degrees.
                let again = try #require(p.unproject(back, wrappingLongitude: false))
                #expect(abs(again.latitude - coordinate.latitude) < 1e-9)
                #expect(abs(again.longitude - coordinate.longitude) < 1e-9)
                let wrapped = try #require(p.unproject(back))
                #expect(wrapped.longitude > -180 && wrapped.longitude <= 180)
                #expect(abs(WebMercator.wrapLongitude(wrapped.longitude - coordinate.longitude)) < 1e-9)
                checked += 1
            }
        }
        #expect(checked > 2500)
    }

    @Test func horizonCutAtHighPitch() throws {
        let p = try projection(Camera(center: Coordinate(latitude: 40, longitude: -3), zoom: 14, bearing: 20, pitch: 85))
        // 900 · min(0.85 · tan 5°, tan 4.25°) above the centre; tan 4.25° is the smaller.
        let expected = 300 - 900 * tan(4.25 * Double.pi / 180)
        #expect(abs(p.horizonY - expected) < 1e-9)
        #expect(p.unproject(ScreenPoint(x: 400, y: expected - 0.01)) == nil)
        #expect(p.unproject(ScreenPoint(x: 10, y: 0)) == nil)
        #expect(p.unproject(ScreenPoint(x: 400, y: expected + 0.01)) != nil)
        #expect(p.visibleGroundPolygon == [
            ScreenPoint(x: 0, y: expected), ScreenPoint(x: 800, y: expected),
            ScreenPoint(x: 800, y: 600), ScreenPoint(x: 0, y: 600),
        ])
        // A point far ahead (bearing 20° → north-north-east) is beyond the cut.
        let far = Coordinate(latitude: 40 + 2 * cos(20 * Double.pi / 180), longitude: -3 + 2 * sin(20 * Double.pi / 180))
        #expect(p.project(far) == nil)
        #expect(p.projectDetailed(far).visibility == .beyondHorizon)
        let farPoint = try #require(p.projectDetailed(far).point)
        #expect(farPoint.y <= p.horizonY && farPoint.y > expected - 900 * tan(5 * Double.pi / 180))
        // A point far behind the camera has no screen position at all.
        let behind = p.projectDetailed(Coordinate(latitude: 40 - 2 * cos(20 * Double.pi / 180), longitude: -3 - 2 * sin(20 * Double.pi / 180)))
        #expect(behind.visibility == .behindCamera && behind.point == nil && behind.depth < 0)
        #expect(p.project(Coordinate(latitude: 39, longitude: -3.4)) == nil)
    }

    @Test func topDownViewSeesTheWholeViewport() throws {
        let p = try projection(Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 5))
        #expect(p.visibleGroundRect == ScreenRect(minX: 0, minY: 0, maxX: 800, maxY: 600))
        #expect(p.unproject(ScreenPoint(x: 0, y: 0)) != nil)
    }

    @Test func antimeridianUsesTheNearestWorldCopy() throws {
        let p = try projection(Camera(center: Coordinate(latitude: 0, longitude: -179.9), zoom: 10))
        let pointsPerDegree = 512 * 1024 / 360.0
        // 179.9 is 0.2° west of -179.9 across the antimeridian.
        expectClose(p.project(Coordinate(latitude: 0, longitude: 179.9)), ScreenPoint(x: 400 - 0.2 * pointsPerDegree, y: 300), 1e-7)
        expectClose(p.project(Coordinate(latitude: 0, longitude: -179.8)), ScreenPoint(x: 400 + 0.1 * pointsPerDegree, y: 300), 1e-7)
        expectClose(p.project(Coordinate(latitude: 0, longitude: 180.1 + 720)), ScreenPoint(x: 400, y: 300), 1e-7)
        let q = try projection(Camera(center: Coordinate(latitude: 0, longitude: 179.9), zoom: 10))
        expectClose(q.project(Coordinate(latitude: 0, longitude: -179.9)), ScreenPoint(x: 400 + 0.2 * pointsPerDegree, y: 300), 1e-7)
        // Unproject wraps back into (-180, 180].
        let west = try #require(q.unproject(ScreenPoint(x: 400 + 0.2 * pointsPerDegree, y: 300)))
        #expect(abs(west.longitude - -179.9) < 1e-9)
        // A point exactly opposite the centre goes east.
        let r = try projection(Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 0), ScreenSize(width: 512, height: 512))
        expectClose(r.project(Coordinate(latitude: 0, longitude: 180)), ScreenPoint(x: 512, y: 256))
        expectClose(r.project(Coordinate(latitude: 0, longitude: -180)), ScreenPoint(x: 512, y: 256))
    }

    @Test func nonFiniteInputGivesNilNotGarbage() throws {
        let p = try projection(Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 3, pitch: 40))
        #expect(p.project(Coordinate(latitude: .nan, longitude: 0)) == nil)
        #expect(p.project(Coordinate(latitude: 0, longitude: .infinity)) == nil)
        #expect(p.projectDetailed(Coordinate(latitude: .nan, longitude: 0)).point == nil)
        #expect(p.unproject(ScreenPoint(x: .nan, y: 300)) == nil)
        #expect(p.unproject(ScreenPoint(x: 300, y: .infinity)) == nil)
    }

    @Test func batchProjectionMatchesSingleProjection() throws {
        let p = try projection(Camera(center: Coordinate(latitude: 52.5, longitude: 13.4), zoom: 11, bearing: -40, pitch: 70))
        var random = SplitMix64(seed: 7)
        let coordinates = (0..<2000).map { _ in
            Coordinate(latitude: random.double(in: 52...53), longitude: random.double(in: 12.9...13.9))
        }
        let batch = p.project(coordinates)
        #expect(batch.count == coordinates.count)
        #expect(batch == coordinates.map { p.project($0) })
        #expect(batch.contains { $0 == nil } && batch.contains { $0 != nil })
        #expect(p.project([Coordinate]()).isEmpty)
    }

    /// The exposed MapLibre-style `pixelMatrix` (absolute world points) and
    /// the centre-relative hot path must agree.
    @Test func pixelMatrixAgreesWithProject() throws {
        let camera = Camera(center: Coordinate(latitude: -33.86, longitude: 151.2), zoom: 10, bearing: 123, pitch: 55,
                            padding: EdgeInsets(top: 10, left: 150, bottom: 60, right: 0))
        let p = try projection(camera)
        var random = SplitMix64(seed: 99)
        var compared = 0
        for _ in 0..<200 {
            let c = Coordinate(latitude: random.double(in: -34.3 ... -33.4), longitude: random.double(in: 150.7...151.7))
            let detailed = p.projectDetailed(c)
            let h = p.pixelMatrix.transform(WebMercator.normalizedX(longitude: c.longitude) * p.worldSize,
                                            WebMercator.normalizedY(latitude: c.latitude) * p.worldSize, 0, 1)
            #expect(abs(h.w - detailed.depth) < 1e-6)
            guard let point = detailed.point else { continue }
            #expect(abs(h.x / h.w - point.x) < 1e-6 && abs(h.y / h.w - point.y) < 1e-6)
            compared += 1
        }
        #expect(compared > 100)
        // The centre sits at the padded centre, at depth cameraToCenterDistance.
        let center = p.pixelMatrix.transform(WebMercator.normalizedX(longitude: 151.2) * p.worldSize,
                                             WebMercator.normalizedY(latitude: -33.86) * p.worldSize, 0, 1)
        #expect(abs(center.x / center.w - 475) < 1e-6 && abs(center.y / center.w - 275) < 1e-6)
        #expect(abs(center.w - 900) < 1e-6)
    }

    @Test func matrixOperationsFollowGLMatrix() throws {
        // translate then scale (post-multiplied): a point is scaled first, then moved.
        let m = Matrix4.identity.translated(10, 20, 30).scaled(2, 3, 4)
        let t = m.transform(1, 1, 1, 1)
        #expect(t.x == 12 && t.y == 23 && t.z == 34 && t.w == 1)
        // rotateZ(90°) turns +x into +y; rotateX(90°) turns +y into +z.
        let z = Matrix4.identity.rotatedZ(Double.pi / 2).transform(1, 0, 0, 1)
        #expect(abs(z.x) < 1e-15 && abs(z.y - 1) < 1e-15)
        let x = Matrix4.identity.rotatedX(Double.pi / 2).transform(0, 1, 0, 1)
        #expect(abs(x.y) < 1e-15 && abs(x.z - 1) < 1e-15)
        // Perspective: a point on the near plane maps to z = -1, on the far plane to +1.
        let perspective = Matrix4.perspective(fovY: Double.pi / 2, aspect: 2, near: 1, far: 100)
        let near = perspective.transform(0, 0, -1, 1), far = perspective.transform(0, 0, -100, 1)
        #expect(abs(near.z / near.w + 1) < 1e-12 && abs(far.z / far.w - 1) < 1e-12)
        #expect(abs(perspective[0, 0] - 0.5) < 1e-15 && abs(perspective[1, 1] - 1) < 1e-15 && perspective[3, 2] == -1)
        #expect(Matrix4(columnMajor: [1, 2, 3]) == nil)
        #expect((Matrix4.identity * m) == m)
    }

    @Test func metersPerPointAtCenter() throws {
        let p = try projection(Camera(center: Coordinate(latitude: 60, longitude: 0), zoom: 10))
        #expect(abs(p.metersPerPointAtCenter - 38.218_514_143) < 1e-8)
    }
}
