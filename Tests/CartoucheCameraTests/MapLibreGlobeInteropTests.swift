import CartoucheTestSupport
import CartoucheCamera
import CartoucheGeometry
import Foundation
import Testing

/// Compares ``Projection`` with ``MapProjection/globe`` against MapLibre GL JS
/// 5.3.0 with `projection: {type: "globe"}` in a real browser
/// (scripts/interop/maplibre_globe_oracle.py): `map.project` positions,
/// `transform.isLocationOccluded`, the globe-to-Mercator switch and the
/// camera constraints.
///
/// Like ``MapLibreInteropTests`` it FAILS when the browser prerequisites are
/// missing; `CARTOUCHE_SKIP_BROWSER_TESTS=1` is the only opt-out.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CARTOUCHE_SKIP_BROWSER_TESTS"] != "1",
                "CARTOUCHE_SKIP_BROWSER_TESTS=1 skips the MapLibre browser comparison"))
struct MapLibreGlobeInteropTests {
    static let tolerance = 0.05

    /// Seeded cameras: zoom 0–11 mostly, one in six across the 11–12
    /// transition, one in six at 12–13 (Mercator again) with exact 11 and 12
    /// among them; bearing 0–360; pitch 0–60, one in five 60–85 (MapLibre's
    /// maximum, 85 itself included); padding; some centres past ±85.05° or
    /// beyond ±180° longitude, which MapLibre constrains.
    static func makeCameras(viewport: ScreenSize, count: Int, random: inout SplitMix64) -> [Camera] {
        (0..<count).map { index in
            let zoom: Double = switch index % 6 {
            case 0: index % 4 == 0 ? 11 : random.double(in: 11...12)
            case 1: index % 4 == 1 ? 12 : random.double(in: 12...13)
            default: random.double(in: 0...11)
            }
            let pitch = index % 5 == 4 ? (index % 3 == 0 ? 85 : random.double(in: 60...85)) : random.double(in: 0...60)
            let latitude = index % 10 == 3 ? (index % 20 == 3 ? 1 : -1) * random.double(in: 84...90) : random.double(in: -80...80)
            let longitude = index % 10 == 7 ? random.double(in: 180...540) : random.double(in: -180...180)
            return Camera(
                center: Coordinate(latitude: latitude, longitude: longitude), zoom: zoom,
                bearing: random.double(in: 0...360), pitch: pitch,
                padding: EdgeInsets(
                    top: random.double(in: 0...viewport.height / 4), left: random.double(in: 0...viewport.width / 4),
                    bottom: random.double(in: 0...viewport.height / 4), right: random.double(in: 0...viewport.width / 4)))
        }
    }

    /// Twelve coordinates around the centre (within about a viewport of it),
    /// eight anywhere on Earth (poles included) and the centre itself.
    static func makeCoordinates(around camera: Camera, viewport: ScreenSize, random: inout SplitMix64) -> [Coordinate] {
        let span = min(180, 360 / WebMercator.worldSize(zoom: camera.zoom) * max(viewport.width, viewport.height))
        var coordinates = [camera.center]
        for _ in 0..<12 {
            coordinates.append(Coordinate(
                latitude: min(max(camera.center.latitude + random.double(in: -span...span), -90), 90),
                longitude: camera.center.longitude + random.double(in: -span...span)))
        }
        for _ in 0..<8 {
            coordinates.append(Coordinate(latitude: random.double(in: -90...90), longitude: random.double(in: -180...180)))
        }
        return coordinates
    }

    /// What the comparison saw.
    struct Tally {
        var compared = 0, occlusionAgreed = 0, occlusionDisagreed = 0, occluded = 0, behindCamera = 0, farOffScreen = 0
        var notDrawnByMercator = 0, unprojected = 0, sky = 0, behindCameraTaps = 0, maxUnprojectError = 0.0
        var globeCameras = 0, mercatorCameras = 0, transitionCameras = 0
        var errors: [Double] = []
        var mercatorModelErrors: [Double] = []
        var maxConstraintError = 0.0, constrained = 0
    }

    @Test func globeProjectionMatchesMapLibre() async throws {
        guard MapLibreGlobeOracle.prerequisitesPresent(for: "MapLibre globe interop test") else { return }
        var random = SplitMix64(seed: 0x6_10BE)
        let viewports = [ScreenSize(width: 800, height: 600), ScreenSize(width: 375, height: 667)]
        let cameras = viewports.map { Self.makeCameras(viewport: $0, count: 60, random: &random) }
        let coordinates = zip(viewports, cameras).map { viewport, list in
            list.map { Self.makeCoordinates(around: $0, viewport: viewport, random: &random) }
        }
        // The padded centre's neighbourhood and random pixels (sky around a small globe included).
        let taps = zip(viewports, cameras).map { viewport, list in
            list.map { _ in
                (0..<5).map { _ in ScreenPoint(x: random.double(in: 0...viewport.width), y: random.double(in: 0...viewport.height)) }
            }
        }
        let job = MapLibreGlobeOracle.job(viewports: viewports, cameras: cameras, project: coordinates, unproject: taps)
        let result = try await MapLibreGlobeOracle.run(job)
        #expect(result.projection == "globe")
        try #require(result.viewports.count == viewports.count)

        var tally = Tally()
        for (v, viewport) in viewports.enumerated() {
            let answer = result.viewports[v]
            #expect(answer.canvas == [viewport.width, viewport.height])
            try #require(answer.cases.count == cameras[v].count)
            for (c, mapLibre) in answer.cases.enumerated() {
                let actual = try Self.checkConstraint(cameras[v][c], mapLibre, viewport: viewport, tally: &tally)
                let projection = try Projection(camera: actual, viewport: viewport, projection: .globe)
                #expect((projection.globe != nil) == mapLibre.globeRendering, "globe switch at zoom \(actual.zoom)")
                #expect(abs(GlobeTransition.globeness(zoom: actual.zoom) - mapLibre.globeness) < 1e-9,
                        "globeness at zoom \(actual.zoom): ours \(GlobeTransition.globeness(zoom: actual.zoom)), MapLibre \(mapLibre.globeness)")
                if projection.globe == nil { tally.mercatorCameras += 1 } else { tally.globeCameras += 1 }
                if mapLibre.globeness > 0 && mapLibre.globeness < 1 { tally.transitionCameras += 1 }
                let mercator = try Projection(camera: actual, viewport: viewport)
                try Self.compare(coordinates[v][c], mapLibre, projection, mercator, tally: &tally)
                if let globe = projection.globe { try Self.compareUnprojections(taps[v][c], mapLibre, globe, tally: &tally) }
            }
        }
        let errors = tally.errors.sorted(), model = tally.mercatorModelErrors.sorted()
        func quantile(_ sorted: [Double], _ q: Double) -> Double { sorted.isEmpty ? .nan : sorted[Int(Double(sorted.count - 1) * q)] }
        print("""
            MapLibre GL JS 5.3.0 globe interop: \(tally.globeCameras) globe cameras (\(tally.transitionCameras) in the \
            11–12 transition), \(tally.mercatorCameras) Mercator (zoom ≥ 12); \(tally.compared) positions compared, \
            max error \(errors.last ?? .nan) px, median \(quantile(errors, 0.5)) px; occlusion agreed on \
            \(tally.occlusionAgreed) of \(tally.occlusionAgreed + tally.occlusionDisagreed) coordinates (\(tally.occluded) \
            occluded); \(tally.behindCamera) unoccluded but behind the camera, \(tally.farOffScreen) far off screen and \
            \(tally.notDrawnByMercator) off Mercator's drawn ground not compared; \(tally.constrained) cameras constrained by MapLibre, predicted to \(tally.maxConstraintError); \
            the Mercator model is off MapLibre's on-screen globe positions by a median \(quantile(model, 0.5)) px, \
            90th percentile \(quantile(model, 0.9)) px (\(model.count) points); unproject: \(tally.unprojected) taps on \
            the globe, max error \(tally.maxUnprojectError) px, \(tally.sky) off the globe (\(tally.behindCameraTaps) of them on \
            MapLibre's sphere behind the camera); oracle took \(result.seconds) s
            """)
        #expect(tally.occlusionDisagreed == 0)
        #expect(tally.compared >= 1000)
        #expect(tally.occluded >= 300)
        #expect(tally.transitionCameras >= 10)
        #expect(tally.mercatorCameras >= 10)
        #expect((errors.last ?? .infinity) <= Self.tolerance)
        #expect(tally.unprojected >= 200 && tally.sky >= 20)
    }

    /// `GlobeProjection.unproject` against `map.unproject`: nil exactly where
    /// the ray misses the sphere (`isPointOnMapSurface` false); elsewhere
    /// MapLibre's answer projects back onto the tapped pixel.
    static func compareUnprojections(
        _ taps: [ScreenPoint], _ mapLibre: MapLibreGlobeOracle.CaseResult, _ globe: GlobeProjection, tally: inout Tally
    ) throws {
        try #require(mapLibre.unproject.count == taps.count && mapLibre.onSurface.count == taps.count)
        for (index, tap) in taps.enumerated() {
            let ours = globe.unproject(tap)
            let answer = mapLibre.unproject[index]
            guard answer.count == 2, let longitude = answer[0], let latitude = answer[1] else {
                Issue.record("MapLibre could not unproject \(tap); ours \(String(describing: ours))")
                continue
            }
            guard let ours else {
                // MapLibre's isPointOnMapSurface tests the line, not the ray: a line
                // meeting the sphere behind the camera counts, and its unproject
                // answers that point behind the camera, which is not drawn.
                if mapLibre.onSurface[index] {
                    #expect(globe.project(Coordinate(latitude: latitude, longitude: longitude)) == nil,
                            "tap \(tap): MapLibre unprojects to a drawn point, ours nil")
                    tally.behindCameraTaps += 1
                }
                tally.sky += 1
                continue
            }
            #expect(mapLibre.onSurface[index], "tap \(tap): ours \(ours), MapLibre off the globe")
            guard let back = globe.project(Coordinate(latitude: latitude, longitude: longitude)) else {
                Issue.record("MapLibre unprojects \(tap) to (\(latitude), \(longitude)), which we hide; ours \(ours)")
                continue
            }
            let error = hypot(back.x - tap.x, back.y - tap.y)
            tally.maxUnprojectError = max(tally.maxUnprojectError, error)
            tally.unprojected += 1
            #expect(error <= tolerance, "unproject \(tap): ours \(ours), MapLibre (\(latitude), \(longitude))")
        }
    }

    /// Checks ``Camera/constrainedLikeMapLibre(in:maxZoom:projection:)``
    /// against the camera MapLibre reports and returns the latter.
    static func checkConstraint(
        _ requested: Camera, _ mapLibre: MapLibreGlobeOracle.CaseResult, viewport: ScreenSize, tally: inout Tally
    ) throws -> Camera {
        let a = mapLibre.actual
        let actual = Camera(
            center: Coordinate(latitude: a.center[1], longitude: a.center[0]), zoom: a.zoom, bearing: a.bearing, pitch: a.pitch,
            padding: EdgeInsets(top: a.padding.top, left: a.padding.left, bottom: a.padding.bottom, right: a.padding.right))
        let predicted = requested.constrainedLikeMapLibre(in: viewport, projection: .globe)
        let gap = max(abs(WebMercator.wrapLongitude(predicted.center.longitude - actual.center.longitude)),
                      abs(predicted.center.latitude - actual.center.latitude), abs(predicted.zoom - actual.zoom))
        tally.maxConstraintError = max(tally.maxConstraintError, gap)
        if abs(requested.center.latitude - actual.center.latitude) > 1e-9 || abs(requested.zoom - actual.zoom) > 1e-9 {
            tally.constrained += 1
        }
        #expect(gap < 1e-9, "constraint of \(requested): ours \(predicted), MapLibre \(actual)")
        #expect(abs(WebMercator.wrapLongitude(actual.bearing - requested.bearing)) < 1e-9)
        if mapLibre.globeRendering { #expect(abs(actual.center.longitude) <= 180, "the globe wraps the centre") }
        return actual
    }

    /// Occlusion and `map.project` of every coordinate of one camera.
    static func compare(
        _ coordinates: [Coordinate], _ mapLibre: MapLibreGlobeOracle.CaseResult, _ projection: Projection,
        _ mercator: Projection, tally: inout Tally
    ) throws {
        try #require(mapLibre.project.count == coordinates.count && mapLibre.occluded.count == coordinates.count)
        let viewport = projection.viewport
        let near = ScreenRect(minX: -viewport.width, minY: -viewport.height, maxX: 2 * viewport.width, maxY: 2 * viewport.height)
        let screen = ScreenRect(minX: 0, minY: 0, maxX: viewport.width, maxY: viewport.height)
        for (index, coordinate) in coordinates.enumerated() {
            let ours = projection.projectDetailed(coordinate)
            let occluded = mapLibre.occluded[index]
            if (ours.visibility == .occluded) == occluded {
                tally.occlusionAgreed += 1
            } else {
                tally.occlusionDisagreed += 1
                Issue.record("occlusion of \(coordinate) with \(projection.camera): ours \(ours.visibility), MapLibre \(occluded)")
            }
            if occluded { tally.occluded += 1; continue }
            guard let mine = ours.point, ours.depth > 0 else { tally.behindCamera += 1; continue }
            // Mercator cameras (zoom ≥ 12): only the drawn ground is compared, as in
            // MapLibreInteropTests (our Mercator clamps latitudes to the square and
            // hides what lies past the horizon cut, where MapLibre draws no ground).
            if projection.globe == nil,
               !ours.isOnVisibleGround || abs(coordinate.latitude) > WebMercator.maxLatitude {
                tally.notDrawnByMercator += 1
                continue
            }
            let point = mapLibre.project[index]
            guard point.count == 2, let x = point[0], let y = point[1] else {
                Issue.record("MapLibre gave no position for \(coordinate) with \(projection.camera); ours \(mine)")
                continue
            }
            let theirs = ScreenPoint(x: x, y: y)
            guard near.contains(theirs) || near.contains(mine) else { tally.farOffScreen += 1; continue }
            let error = hypot(mine.x - theirs.x, mine.y - theirs.y)
            tally.errors.append(error)
            tally.compared += 1
            #expect(error <= tolerance, "\(coordinate) with \(projection.camera) in \(viewport): ours \(mine), MapLibre \(theirs)")
            if projection.globe != nil, screen.contains(theirs), let flat = mercator.project(coordinate) {
                tally.mercatorModelErrors.append(hypot(flat.x - theirs.x, flat.y - theirs.y))
            }
        }
    }
}
