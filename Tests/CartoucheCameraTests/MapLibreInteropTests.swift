import CartoucheTestSupport
import CartoucheCamera
import CartoucheGeometry
import Foundation
import Testing

/// Compares ``Projection`` with MapLibre GL JS 5.3.0 running in a real
/// browser (scripts/interop/maplibre_oracle.py).
///
/// This test needs `scripts/setup` (chromium, `.venv-peers`, MapLibre GL JS)
/// and FAILS when they are missing. The only opt-out is the explicit
/// environment variable `CARTOUCHE_SKIP_BROWSER_TESTS=1` (for machines that
/// cannot run a browser); CI does not set it.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CARTOUCHE_SKIP_BROWSER_TESTS"] != "1",
                "CARTOUCHE_SKIP_BROWSER_TESTS=1 skips the MapLibre browser comparison"))
struct MapLibreInteropTests {
    /// Screen positions must agree to this many points.
    static let tolerance = 0.05

    /// One camera of the job with the coordinates and screen points sent for it.
    struct Sample {
        var camera: Camera
        var coordinates: [Coordinate]
        var screenPoints: [ScreenPoint]
    }

    /// Seeded cameras over bearing 0–360, pitch 0–60 (and one in five at
    /// 60–85), zoom 0–20 and random padding. Most coordinates are on screen (unproject a random screen
    /// point with our own code, then nudge it a few points); the rest are
    /// anywhere on Earth, far ahead of the camera (beyond the horizon cut) or
    /// behind it, to check we return nil/off-screen where MapLibre is off screen.
    static func makeSamples(viewport: ScreenSize, count: Int, random: inout SplitMix64) throws -> [Sample] {
        var samples: [Sample] = []
        for index in 0..<count {
            let nearAntimeridian = index % 10 == 0
            let longitude = nearAntimeridian
                ? (random.double(in: 0...1) < 0.5 ? -1 : 1) * random.double(in: 179.5...180)
                : random.double(in: -180...180)
            // One camera in ten looks at the world whole or near a pole, where
            // MapLibre constrains the camera.
            let constrainable = index % 10 == 5
            let camera = Camera(
                center: Coordinate(latitude: constrainable ? random.double(in: -85...85) : random.double(in: -70...70),
                                   longitude: longitude),
                zoom: nearAntimeridian ? random.double(in: 6...16)
                    : constrainable ? random.double(in: 0...2) : random.double(in: 0...20),
                // Every fifth camera is steeper than 60° so the horizon cut shows on screen.
                bearing: random.double(in: 0...360),
                pitch: index % 5 == 4 ? random.double(in: 60...85) : random.double(in: 0...60),
                padding: EdgeInsets(
                    top: random.double(in: 0...viewport.height / 4), left: random.double(in: 0...viewport.width / 4),
                    bottom: random.double(in: 0...viewport.height / 4), right: random.double(in: 0...viewport.width / 4)))
            let projection = try Projection(camera: camera, viewport: viewport)
            var coordinates: [Coordinate] = []
            let groundTop = max(projection.horizonY, 0) + 1
            for _ in 0..<10 {
                let screen = ScreenPoint(x: random.double(in: 0...viewport.width),
                                         y: random.double(in: min(groundTop, viewport.height)...viewport.height))
                guard let ground = projection.unproject(screen) else { continue }
                let nudge = projection.metersPerPointAtCenter / 111_320 * 3
                coordinates.append(Coordinate(
                    latitude: min(max(ground.latitude + random.double(in: -nudge...nudge), -85), 85),
                    longitude: ground.longitude + random.double(in: -nudge...nudge)))
            }
            // Anywhere on Earth: at zoom > 3 almost always off screen, often behind the camera.
            coordinates.append(Coordinate(latitude: random.double(in: -80...80), longitude: random.double(in: -180...180)))
            // Far ahead along the view direction (beyond the cut at high pitch) and far behind.
            let bearing = camera.bearing * Double.pi / 180
            for distance in [40.0, -40.0] {
                let degrees = distance * projection.metersPerPointAtCenter / 111_320 * viewport.height
                coordinates.append(Coordinate(
                    latitude: min(max(camera.center.latitude + degrees * cos(bearing), -85), 85),
                    longitude: camera.center.longitude + degrees * sin(bearing)))
            }
            var screenPoints = (0..<4).map { _ in
                ScreenPoint(x: random.double(in: 0...viewport.width), y: random.double(in: 0...viewport.height))
            }
            if projection.horizonY > 1 {  // sky is on screen: tap it too
                for _ in 0..<3 {
                    screenPoints.append(ScreenPoint(x: random.double(in: 0...viewport.width),
                                                    y: random.double(in: 0...projection.horizonY - 0.5)))
                }
            }
            samples.append(Sample(camera: camera, coordinates: coordinates, screenPoints: screenPoints))
        }
        return samples
    }

    /// Seeded boxes (a fifth crossing the antimeridian, east > 180) with random
    /// bearing and padding, small enough that MapLibre's zoom stays in 0...22.
    static func makeFits(viewport: ScreenSize, count: Int, random: inout SplitMix64) -> [MapLibreOracle.Fit] {
        (0..<count).map { index in
            let west = index % 5 == 0 ? random.double(in: 170...179.9) : random.double(in: -180...170)
            let south = random.double(in: -75...70)
            return MapLibreOracle.Fit(
                bounds: [west, south, west + random.double(in: 0.001...9), south + random.double(in: 0.001...9)],
                bearing: random.double(in: -180...180),
                padding: .init(top: random.double(in: 0...viewport.height / 5), left: random.double(in: 0...viewport.width / 5),
                               bottom: random.double(in: 0...viewport.height / 5), right: random.double(in: 0...viewport.width / 5)))
        }
    }

    /// Boxes reaching past MapLibre's ±85.051129° (up to a pole), where
    /// MapLibre clamps the latitudes it fits.
    static func makePolarFits(viewport: ScreenSize, random: inout SplitMix64) -> [MapLibreOracle.Fit] {
        (0..<6).map { index in
            let west = random.double(in: -180...170), edge = random.double(in: 80...84)
            let far = random.double(in: 85.06...90)
            let (south, north) = index % 2 == 0 ? (edge, far) : (-far, -edge)
            return MapLibreOracle.Fit(
                bounds: [west, south, west + random.double(in: 1...40), north], bearing: random.double(in: -180...180),
                padding: .init(top: random.double(in: 0...viewport.height / 5), left: random.double(in: 0...viewport.width / 5),
                               bottom: random.double(in: 0...viewport.height / 5), right: random.double(in: 0...viewport.width / 5)))
        }
    }

    static func cameraJSON(_ camera: Camera) -> MapLibreOracle.CameraJSON {
        MapLibreOracle.CameraJSON(
            center: [camera.center.longitude, camera.center.latitude], zoom: camera.zoom,
            bearing: camera.bearing, pitch: camera.pitch,
            padding: .init(top: camera.padding.top, left: camera.padding.left,
                           bottom: camera.padding.bottom, right: camera.padding.right))
    }

    @Test func projectAndUnprojectMatchMapLibre() async throws {
        let missing = MapLibreOracle.missingPrerequisites()
        guard missing.isEmpty else {
            Issue.record("""
                MapLibre interop test cannot run: missing \(missing.joined(separator: ", ")). \
                Run scripts/setup in the repository root (or set CARTOUCHE_SKIP_BROWSER_TESTS=1 to skip deliberately).
                """)
            return
        }
        var random = SplitMix64(seed: 0x5EED_CA3E)
        let viewports = [ScreenSize(width: 800, height: 600), ScreenSize(width: 375, height: 667)]
        let samples = try viewports.map { try Self.makeSamples(viewport: $0, count: 50, random: &random) }
        var polar = SplitMix64(seed: 0x9013)
        let fits = viewports.map { Self.makeFits(viewport: $0, count: 40, random: &random) + Self.makePolarFits(viewport: $0, random: &polar) }
        let job = MapLibreOracle.Job(viewports: viewports.indices.map { index in
            MapLibreOracle.Viewport(
                width: viewports[index].width, height: viewports[index].height,
                cases: samples[index].map {
                    MapLibreOracle.Case(camera: Self.cameraJSON($0.camera),
                                        project: $0.coordinates.map { [$0.longitude, $0.latitude] },
                                        unproject: $0.screenPoints.map { [$0.x, $0.y] })
                },
                fits: fits[index])
        })
        let result = try await MapLibreOracle.run(job)
        try #require(result.viewports.count == viewports.count)

        var tally = Tally()
        var maxClipPlaneError = 0.0, maxConstraintError = 0.0
        for (viewportIndex, viewport) in viewports.enumerated() {
            let answer = result.viewports[viewportIndex]
            #expect(answer.canvas == [viewport.width, viewport.height])
            try #require(answer.cases.count == samples[viewportIndex].count)
            for (sample, mapLibre) in zip(samples[viewportIndex], answer.cases) {
                // Compare against the camera MapLibre really has (it constrains low zooms),
                // after checking we predict that constraint.
                let actual = mapLibre.actual
                let predicted = sample.camera.constrainedLikeMapLibre(in: viewport)
                let centerGap = hypot(
                    WebMercator.wrapLongitude(predicted.center.longitude - actual.center[0]) / 360,
                    WebMercator.normalizedY(latitude: predicted.center.latitude)
                        - WebMercator.normalizedY(latitude: actual.center[1])) * WebMercator.worldSize(zoom: actual.zoom)
                maxConstraintError = max(maxConstraintError, centerGap)
                #expect(abs(predicted.zoom - actual.zoom) < 1e-9 && centerGap < 1e-6,
                        "constraint of \(sample.camera): ours \(predicted), MapLibre \(actual)")
                let camera = Camera(
                    center: Coordinate(latitude: actual.center[1], longitude: actual.center[0]), zoom: actual.zoom,
                    bearing: actual.bearing, pitch: actual.pitch,
                    padding: EdgeInsets(top: actual.padding.top, left: actual.padding.left,
                                        bottom: actual.padding.bottom, right: actual.padding.right))
                let projection = try Projection(camera: camera, viewport: viewport)
                let screen = ScreenRect(minX: 0, minY: 0, maxX: viewport.width, maxY: viewport.height)
                if let nearZ = mapLibre.nearZ, let farZ = mapLibre.farZ {
                    maxClipPlaneError = max(maxClipPlaneError, abs(projection.nearZ / nearZ - 1), abs(projection.farZ / farZ - 1))
                } else {
                    Issue.record("MapLibre did not report its clip planes for \(camera)")
                }

                Self.compareProjections(sample, mapLibre, projection, screen: screen, tally: &tally)
                Self.compareUnprojections(sample, mapLibre, projection, tally: &tally)
            }
        }
        let (fitted, maxFitZoomError, maxFitCenterError) = try Self.compareFits(viewports, fits, result)
        print("""
            MapLibre GL JS 5.3.0 cameraForBounds: \(fitted) fits compared, max zoom difference \(maxFitZoomError), \
            max centre difference \(maxFitCenterError) px
            """)
        print("""
            MapLibre GL JS 5.3.0 interop: \(tally.projected) tally.projected points compared, max error \
            \(tally.maxProjectError) px; \(tally.invisibleAgreed) agreed not visible; \(tally.unprojected) tally.unprojected points \
            compared (\(tally.otherCopy) of them in another world copy), max error \(tally.maxUnprojectError) px; \(tally.aboveHorizon) above the horizon cut, \(tally.offSquare) off the \
            Mercator square; near/far planes within a relative \(maxClipPlaneError); \(result.constrained) of \(samples.joined().count) cameras constrained by MapLibre (predicted to \
            \(maxConstraintError) px); \
            oracle took \(result.seconds) s
            """)
        #expect(tally.projected >= 300)
        #expect(tally.invisibleAgreed >= 50)
        #expect(tally.unprojected >= 200)
        #expect(tally.aboveHorizon >= 5)
        #expect(maxClipPlaneError < 1e-9, "near/far planes differ from MapLibre's by a factor \(maxClipPlaneError)")
    }

    /// What the comparison saw, for the summary and the minimum counts.
    struct Tally {
        var projected = 0, invisibleAgreed = 0, unprojected = 0, otherCopy = 0, aboveHorizon = 0, offSquare = 0
        var maxProjectError = 0.0, maxUnprojectError = 0.0
    }

    /// `project` of each sample coordinate against MapLibre's `map.project`.
    static func compareProjections(
        _ sample: Sample, _ mapLibre: MapLibreOracle.CaseResult, _ projection: Projection, screen: ScreenRect, tally: inout Tally
    ) {
        let camera = projection.camera, viewport = projection.viewport
        for (coordinate, point) in zip(sample.coordinates, mapLibre.project) {
            let ours = projection.projectDetailed(coordinate)
            var theirs: ScreenPoint?
            if point.count == 2, let x = point[0], let y = point[1] { theirs = ScreenPoint(x: x, y: y) }
            // MapLibre's point counts as visible when on screen and below
            // the horizon cut; behind-camera points always land above it.
            let theirsVisible = theirs.map { screen.contains($0) && $0.y > projection.horizonY } ?? false
            guard ours.visibility == .onScreen || theirsVisible else {
                tally.invisibleAgreed += 1
                continue
            }
            guard let mine = ours.point, ours.isOnVisibleGround, let theirs else {
                Issue.record("\(coordinate) with \(camera) in \(viewport): ours \(ours), MapLibre \(String(describing: theirs))")
                continue
            }
            let error = hypot(mine.x - theirs.x, mine.y - theirs.y)
            tally.maxProjectError = max(tally.maxProjectError, error)
            tally.projected += 1
            #expect(error <= Self.tolerance, "\(coordinate) with \(camera) in \(viewport): ours \(mine), MapLibre \(theirs)")
        }
    }

    /// `unproject` of each sample screen point against MapLibre's `map.unproject`.
    static func compareUnprojections(
        _ sample: Sample, _ mapLibre: MapLibreOracle.CaseResult, _ projection: Projection, tally: inout Tally
    ) {
        let camera = projection.camera
        for (point, location) in zip(sample.screenPoints, mapLibre.unproject) {
            guard let ours = projection.unproject(point, wrappingLongitude: false) else {
                // Nil exactly above the horizon cut, where MapLibre draws no
                // ground: its answer is either past the cut or behind the camera
                // (unless it is in another world copy, which `project` never picks).
                #expect(point.y <= projection.horizonY)
                if location.count == 2, let longitude = location[0], let latitude = location[1],
                   abs(latitude) < WebMercator.maxLatitude, abs(longitude - camera.center.longitude) < 180 {
                    let theirs = projection.projectDetailed(Coordinate(latitude: latitude, longitude: longitude))
                    #expect(!theirs.isOnVisibleGround, "MapLibre unprojects sky point \(point) to visible ground")
                }
                tally.aboveHorizon += 1
                continue
            }
            guard location.count == 2, let longitude = location[0], let latitude = location[1] else {
                Issue.record("MapLibre could not unproject \(point) with \(camera); ours \(ours)")
                continue
            }
            guard abs(latitude) < WebMercator.maxLatitude, abs(ours.latitude) < WebMercator.maxLatitude else {
                // Past the Mercator square: both must say so.
                #expect(abs(latitude) >= WebMercator.maxLatitude - 1e-6 && abs(ours.latitude) >= WebMercator.maxLatitude - 1e-6)
                tally.offSquare += 1
                continue
            }
            #expect(abs(ours.longitude - longitude) < 1e-6, "same world copy as MapLibre")
            let theirs = Coordinate(latitude: latitude, longitude: longitude)
            guard abs(longitude - camera.center.longitude) < 180 else {
                // Another world copy (low zoom): `project` would pick the copy
                // nearest the centre, so compare as ground distance in world
                // points at this zoom (1 world point = 1 screen point top-down).
                let dx = (ours.longitude - longitude) / 360
                let dy = WebMercator.normalizedY(latitude: ours.latitude) - WebMercator.normalizedY(latitude: latitude)
                let error = hypot(dx, dy) * projection.worldSize
                tally.maxUnprojectError = max(tally.maxUnprojectError, error)
                tally.otherCopy += 1
                #expect(error <= Self.tolerance, "unproject \(point) with \(camera): ours \(ours), MapLibre \(theirs)")
                continue
            }
            // Express the disagreement in screen points: where does MapLibre's
            // answer land on our screen, relative to the tapped point?
            guard let back = projection.project(theirs) else {
                Issue.record("MapLibre unprojects \(point) to \(theirs), which we do not draw; ours \(ours)")
                continue
            }
            let error = hypot(back.x - point.x, back.y - point.y)
            tally.maxUnprojectError = max(tally.maxUnprojectError, error)
            tally.unprojected += 1
            #expect(error <= Self.tolerance, "unproject \(point) with \(camera): ours \(ours), MapLibre \(theirs)")
        }
    }

    /// `Camera.fitting` against `map.cameraForBounds`: same zoom, and centres
    /// within 0.05 points of each other at that zoom.
    static func compareFits(
        _ viewports: [ScreenSize], _ fits: [[MapLibreOracle.Fit]], _ result: MapLibreOracle.Result
    ) throws -> (count: Int, zoomError: Double, centerError: Double) {
        var count = 0, zoomError = 0.0, centerError = 0.0
        for (index, viewport) in viewports.enumerated() {
            let answers = result.viewports[index].fits
            try #require(answers.count == fits[index].count)
            for (fit, answer) in zip(fits[index], answers) {
                guard let answer else {
                    Issue.record("MapLibre could not fit \(fit)")
                    continue
                }
                let bounds = CoordinateBounds(west: fit.bounds[0], south: fit.bounds[1], east: fit.bounds[2], north: fit.bounds[3])
                let padding = EdgeInsets(top: fit.padding.top, left: fit.padding.left, bottom: fit.padding.bottom, right: fit.padding.right)
                let ours = try Camera.fitting(bounds, viewport: viewport, padding: padding, bearing: fit.bearing)
                let worldSize = WebMercator.worldSize(zoom: ours.zoom)
                var dx = (ours.center.longitude - answer.center[0]) / 360
                dx -= dx.rounded()  // MapLibre may answer in another world copy
                let dy = WebMercator.normalizedY(latitude: ours.center.latitude) - WebMercator.normalizedY(latitude: answer.center[1])
                let distance = hypot(dx, dy) * worldSize
                zoomError = max(zoomError, abs(ours.zoom - answer.zoom))
                centerError = max(centerError, distance)
                count += 1
                #expect(abs(ours.zoom - answer.zoom) < 1e-9, "zoom for \(fit): ours \(ours.zoom), MapLibre \(answer.zoom)")
                #expect(distance <= tolerance, "centre for \(fit): ours \(ours.center), MapLibre \(answer.center)")
                #expect(abs(WebMercator.wrapLongitude(ours.bearing - answer.bearing)) < 1e-9)
            }
        }
        #expect(count >= 70)
        return (count, zoomError, centerError)
    }
}
