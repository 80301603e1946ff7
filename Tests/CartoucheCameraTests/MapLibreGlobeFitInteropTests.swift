import CartoucheTestSupport
import CartoucheCamera
import CartoucheGeometry
import Foundation
import Testing

/// `Camera.fitting(…, projection: .globe)` against MapLibre GL JS 5.3.0's
/// `map.cameraForBounds` on a map showing the globe
/// (scripts/interop/maplibre_globe_oracle.py, `fits`).
///
/// Like the other browser comparisons it FAILS when the prerequisites are
/// missing; `CARTOUCHE_SKIP_BROWSER_TESTS=1` is the only opt-out.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CARTOUCHE_SKIP_BROWSER_TESTS"] != "1",
                "CARTOUCHE_SKIP_BROWSER_TESTS=1 skips the MapLibre browser comparison"))
struct MapLibreGlobeFitInteropTests {
    /// Seeded boxes from a few metres to 150° wide (log-uniform), a fifth
    /// crossing the antimeridian, with random bearing and padding; one in
    /// eight is small enough that the fit lands at zoom 12 or more, where the
    /// map is Mercator again.
    static func makeFits(viewport: ScreenSize, count: Int, random: inout SplitMix64) -> [MapLibreOracle.Fit] {
        (0..<count).map { index in
            let west = index % 5 == 0 ? random.double(in: 150...179.9) : random.double(in: -180...170)
            let south = random.double(in: -80...70)
            let width = index % 8 == 3 ? random.double(in: 0.0005...0.005) : exp(random.double(in: log(0.05)...log(150)))
            let height = min(index % 8 == 3 ? random.double(in: 0.0005...0.005) : width * random.double(in: 0.2...1.5), 89 - south)
            return MapLibreOracle.Fit(
                bounds: [west, south, west + width, south + height],
                bearing: random.double(in: -180...180),
                padding: .init(top: random.double(in: 0...viewport.height / 5), left: random.double(in: 0...viewport.width / 5),
                               bottom: random.double(in: 0...viewport.height / 5), right: random.double(in: 0...viewport.width / 5)))
        }
    }

    @Test func globeFitsMatchMapLibre() async throws {
        let missing = MapLibreGlobeOracle.missingPrerequisites()
        try #require(missing.isEmpty, "run scripts/setup (or set CARTOUCHE_SKIP_BROWSER_TESTS=1); missing: \(missing.joined(separator: ", "))")
        var random = SplitMix64(seed: 0x6_10BE_F17)
        let viewports = [ScreenSize(width: 800, height: 600), ScreenSize(width: 375, height: 667)]
        let fits = viewports.map { Self.makeFits(viewport: $0, count: 60, random: &random) }
        let job = MapLibreGlobeOracle.Job(viewports: viewports.indices.map { v in
            MapLibreGlobeOracle.Viewport(width: viewports[v].width, height: viewports[v].height, cases: [], fits: fits[v])
        })
        let result = try await MapLibreGlobeOracle.run(job)
        try #require(result.viewports.count == viewports.count)

        var globeFits = 0, mercatorFits = 0, raised = 0, maxZoomError = 0.0, maxCenterError = 0.0
        for (v, viewport) in viewports.enumerated() {
            let answers = result.viewports[v].fits
            try #require(answers.count == fits[v].count)
            for (fit, answer) in zip(fits[v], answers) {
                let answer = try #require(answer, "MapLibre could not fit \(fit)")
                #expect(answer.globeRendering, "MapLibre fitted \(fit) with its Mercator helper")
                let bounds = CoordinateBounds(west: fit.bounds[0], south: fit.bounds[1], east: fit.bounds[2], north: fit.bounds[3])
                let padding = EdgeInsets(top: fit.padding.top, left: fit.padding.left, bottom: fit.padding.bottom, right: fit.padding.right)
                let ours = try Camera.fitting(bounds, viewport: viewport, padding: padding, bearing: fit.bearing, projection: .globe)
                let mercator = try Camera.fitting(bounds, viewport: viewport, padding: padding, bearing: fit.bearing)
                #expect(abs(WebMercator.wrapLongitude(ours.bearing - answer.bearing)) < 1e-9)
                guard answer.zoom < GlobeTransition.mercatorZoom else {
                    // A map at that zoom is Mercator: the scene's fit is the Mercator one.
                    #expect(ours == mercator, "\(fit): MapLibre's globe fit is at zoom \(answer.zoom)")
                    mercatorFits += 1
                    continue
                }
                guard answer.zoom >= 0 else {
                    // MapLibre leaves a negative zoom to the map's constraints; a scene camera's zoom is 0…25.5.
                    #expect(ours.zoom == 0, "\(fit): MapLibre zoom \(answer.zoom), ours \(ours.zoom)")
                    raised += 1
                    continue
                }
                globeFits += 1
                let zoomError = abs(ours.zoom - answer.zoom)
                let centerError = max(abs(WebMercator.wrapLongitude(ours.center.longitude - answer.center[0])),
                                      abs(ours.center.latitude - answer.center[1]))
                maxZoomError = max(maxZoomError, zoomError)
                maxCenterError = max(maxCenterError, centerError)
                #expect(zoomError < 1e-6, "zoom for \(fit): ours \(ours.zoom), MapLibre \(answer.zoom)")
                #expect(centerError < 1e-9, "centre for \(fit): ours \(ours.center), MapLibre \(answer.center)")
            }
        }
        print("""
            MapLibre GL JS 5.3.0 globe cameraForBounds: \(globeFits) globe fits compared, max zoom difference \
            \(maxZoomError), max centre difference \(maxCenterError)°; \(mercatorFits) fits at zoom ≥ 12 taken \
            as Mercator; \(raised) below zoom 0 raised to 0; oracle took \(result.seconds) s
            """)
        #expect(globeFits >= 90)
        #expect(mercatorFits >= 8)
    }
}
