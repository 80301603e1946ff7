import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import CartoucheScene
import CartoucheTestSupport
import CartoucheText
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

/// The playground with a style of the user's (`/?style=URL`, MapLibre GL JS
/// served from `.cache/maplibre`) and its projection switch, in headless
/// chromium (`scripts/interop/playground_style_check.py`). The style — a
/// background and a GeoJSON fill around the sf-stanford scene — is served
/// by the script from a second local port, another origin as a user's style
/// would be. Checked: the style drawn with no script error or CSP violation;
/// MapLibre's camera equal to the page's (centre within 1e-6°, zoom within
/// 1e-9) and the same screen points, first and after a drag and a wheel, with
/// the placement still updating; the globe switch followed by MapLibre at
/// once, and the globe scene placed and drawn on the sphere, a drag on it
/// moving the camera as MapLibre's globe pan does; the page's globe camera model against
/// `CartoucheCamera`'s `GlobeProjection` (project, unproject, a wheel zoom
/// about the cursor), its pan step against MapLibre's (`MapLibreGlobePan`)
/// and against MapLibre's own globe in the page;
/// and a server without MapLibre GL JS saying so and keeping Natural Earth.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CARTOUCHE_SKIP_BROWSER_TESTS"] != "1",
                "CARTOUCHE_SKIP_BROWSER_TESTS=1 skips the playground browser tests"))
struct PlaygroundStyleBrowserTests {
    static let script = "scripts/interop/playground_style_check.py"
    static let viewport = ScreenSize(width: 800, height: 600)
    static let fill = (63.0, 163.0, 77.0)
    /// A globe camera for the camera-model checks: turned, pitched and padded.
    static let globeCamera = Camera(center: Coordinate(latitude: 37.6, longitude: -122.2), zoom: 3.3, bearing: 20, pitch: 30,
                                    padding: EdgeInsets(top: 10, left: 40, bottom: 0, right: 0))
    /// Visible, near the edge, and hidden behind the globe (60°E, 20°S) from `globeCamera`.
    static let globeProbes = [Coordinate(latitude: 37.6, longitude: -122.2), Coordinate(latitude: 40, longitude: -100),
                              Coordinate(latitude: 10, longitude: -150), Coordinate(latitude: 62, longitude: -60),
                              Coordinate(latitude: -20, longitude: 60)]

    static func style(around centre: Coordinate) -> (style: JSONValue, land: JSONValue) {
        let (x, y) = (centre.longitude, centre.latitude)
        let ring: [JSONValue] = [[.number(x - 1), .number(y - 1)], [.number(x + 1), .number(y - 1)],
                                 [.number(x + 1), .number(y + 1)], [.number(x - 1), .number(y + 1)], [.number(x - 1), .number(y - 1)]]
        let land: JSONValue = ["type": "FeatureCollection", "features": [
            ["type": "Feature", "properties": [:], "geometry": ["type": "Polygon", "coordinates": [.array(ring)]]]]]
        let style: JSONValue = [
            "version": 8, "name": "Test style",
            "sources": ["land": ["type": "geojson", "data": "{origin}/land.geojson", "attribution": "Test land, made by the test"]],
            "layers": [["id": "water", "type": "background", "paint": ["background-color": "#cfe3f5"]],
                       ["id": "land", "type": "fill", "source": "land", "paint": ["fill-color": "#3fa34d"]]],
        ]
        return (style, land)
    }

    static func coordinates(_ list: [Coordinate]) -> JSONValue {
        .array(list.map { [.number($0.longitude), .number($0.latitude)] })
    }

    @Test("a user's style drawn by MapLibre GL JS on the playground's camera; the projection switch and the globe's camera model")
    func styleAndGlobe() async throws {
        let missing = PythonOracle.missingBrowserPrerequisites(script: Self.script)
        try #require(missing.isEmpty, "run scripts/setup; missing: \(missing.joined(separator: ", "))")
        let mapLibre = Shared.repositoryRoot.appendingPathComponent(PlaygroundMapLibre.defaultDirectory).path
        try #require(PlaygroundMapLibre.isInstalled(in: mapLibre), "run scripts/setup: \(mapLibre) lacks MapLibre GL JS")
        let text = try Shared.engine.get()
        let scene = try SceneDocument(jsonBytes: try Shared.example("sf-stanford.scene.json"))
        let fitted = try scene.place(text: text).frames[0].camera
        // The library places the page's scene under the globe (its fitted camera made explicit), as the page will ask.
        var onGlobe = scene
        onGlobe.projection = .globe
        onGlobe.cameras[0] = .camera(fitted)
        _ = try onGlobe.place(text: text)
        let (style, land) = Self.style(around: fitted.center)
        let examples = Shared.repositoryRoot.appendingPathComponent("Examples").path
        let basemap = try PlaygroundBrowserTests.writeBasemap(around: fitted.center)
        defer { try? FileManager.default.removeItem(at: basemap) }

        let withMapLibre = testConfiguration { $0.examplesDirectory = examples; $0.basemapFile = basemap.path; $0.mapLibreDirectory = mapLibre }
        let without = testConfiguration { $0.examplesDirectory = examples; $0.basemapFile = basemap.path }
        try await makeApp(without).test(.live) { bare in
            try await makeApp(withMapLibre).test(.live) { client in
                let (port, barePort) = (try #require(client.port), try #require(bare.port))
                let job: JSONValue = [
                    "url": .string("http://127.0.0.1:\(port)/"), "width": 1280, "height": 800, "style": style, "land": land,
                    "fill": [.number(Self.fill.0), .number(Self.fill.1), .number(Self.fill.2)],
                    "drag": ["from": [400, 300], "by": [-120, 70]], "wheel": ["at": [260, 200], "deltaY": -250],
                    "probes": Self.coordinates([fitted.center, Coordinate(latitude: fitted.center.latitude + 0.05, longitude: fitted.center.longitude - 0.07)]),
                    "globe": ["camera": ["center": [-122.2, 37.6], "zoom": 3.3, "bearing": 20, "pitch": 30,
                                         "padding": ["top": 10, "left": 40, "bottom": 0, "right": 0]],
                              "probes": Self.coordinates(Self.globeProbes), "grab": [480, 340], "to": [380, 290],
                              "wheelAt": [300, 220], "zoomBy": 0.7],
                    "globeDrag": ["from": [400, 300], "by": [-100, 60]],
                    "noMapLibreURL": .string("http://127.0.0.1:\(barePort)/?style=http%3A%2F%2F127.0.0.1%3A9%2Fstyle.json"),
                ]
                let result = try await PlaygroundBrowserTests.runScript(job, script: Self.script)
                print("playground style check: \(result["seconds"]?.numberValue ?? 0) s in chromium; style note: "
                      + "\(result["styleNote"]?.objectValue?["text"]?.stringValue ?? "none")")
                try Self.checkStyle(result)
                try Self.checkSwitch(result)
                try Self.checkGlobeMath(result)
                // Use style: the page reloaded with ?style= (percent-encoded), the scene as edited kept, the style drawn again.
                let reload = try #require(result["reload"]?.objectValue)
                let styleURL = try #require(result["styleURL"]?.stringValue)
                let reloaded = try #require(URLComponents(string: reload["url"]?.stringValue ?? ""))
                #expect(reloaded.path == "/" && reloaded.queryItems == [URLQueryItem(name: "style", value: styleURL)], "\(reloaded)")
                #expect(reload["after"] == reload["before"] && reload["after"]?.objectValue?["example"] == "sf-stanford")
                #expect(reload["styleNote"] == "ready")
                let bareNote = try #require(result["noMapLibre"]?.objectValue)
                #expect(bareNote["status"] == "absent")
                #expect(bareNote["text"]?.stringValue?.hasPrefix("MapLibre GL JS not installed: run scripts/setup") == true, "\(bareNote)")
                #expect(bareNote["basemap"] == "ready" && (bareNote["basemapPaths"]?.numberValue ?? 0) >= 1, "Natural Earth stays: \(bareNote)")
            }
        }
    }

    /// Drawn with no error; MapLibre on the page's camera (centre 1e-6°, zoom 1e-9, the same screen points) before and after the gestures.
    static func checkStyle(_ result: [String: JSONValue]) throws {
        #expect(result["consoleErrors"] == [], "no script errors or CSP violations")
        let note = try #require(result["styleNote"]?.objectValue)
        #expect(note["status"] == "ready", "\(note)")
        let noteText = note["text"]?.stringValue ?? ""
        #expect(noteText.contains("“Test style”") && noteText.contains("MapLibre GL JS 5.3.0") && noteText.contains("Test land, made by the test"),
                "\(noteText)")
        #expect(note["constrained"] != "true")
        #expect(result["styleMapShown"] == true)
        let requests = Set(result["styleRequests"]?.arrayValue?.compactMap { $0.stringValue } ?? [])
        #expect(requests == ["/style.json", "/land.geojson"], "the style and its source were fetched from their origin")
        // The land colour covers most of the map (the callouts are drawn over part of it).
        let fill = try #require(result["fillPixels"]?.numberValue), pixels = try #require(result["mapPixels"]?.numberValue)
        #expect(fill > 0.5 * pixels, "\(fill) of \(pixels) pixels in the style's land colour")

        let cameras = try #require(result["cameras"]?.objectValue)
        for step in ["initial", "drag", "wheel"] {
            let pair = try #require(cameras[step]?.objectValue, "\(step)")
            let page = try PlaygroundBrowserTests.camera(pair["page"]), mapLibre = try PlaygroundBrowserTests.camera(pair["maplibre"])
            #expect(abs(page.center.latitude - mapLibre.center.latitude) <= 1e-6
                    && abs(page.center.longitude - mapLibre.center.longitude) <= 1e-6, "\(step): \(page.center) vs \(mapLibre.center)")
            #expect(abs(page.zoom - mapLibre.zoom) <= 1e-9, "\(step): zoom \(page.zoom) vs \(mapLibre.zoom)")
            #expect(abs(page.bearing - mapLibre.bearing) <= 1e-9 && abs(page.pitch - mapLibre.pitch) <= 1e-9 && page.padding == mapLibre.padding)
            for row in pair["projected"]?.arrayValue ?? [] {
                let xy = try #require(row.arrayValue?.compactMap { $0.numberValue })
                #expect(hypot(xy[0] - xy[2], xy[1] - xy[3]) <= 1e-6, "\(step): the page draws at \(xy[0...1]), MapLibre at \(xy[2...3])")
            }
        }
        // The gestures still re-place: new requests answered, the camera moved, the callouts with it.
        for gesture in ["drag", "wheel"] {
            let move = try #require(result[gesture]?.objectValue)
            let before = try #require(move["before"]?.objectValue), after = try #require(move["after"]?.objectValue)
            #expect((after["places"]?.numberValue ?? 0) > (before["places"]?.numberValue ?? 0), "\(gesture)")
            #expect(after["status"] == "ready" && after["camera"] != before["camera"] && after["callouts"] != before["callouts"], "\(gesture)")
        }
    }

    /// MapLibre follows the switch at once; the service's answer to the globe scene is what the page shows.
    static func checkSwitch(_ result: [String: JSONValue]) throws {
        let change = try #require(result["switch"]?.objectValue)
        #expect(change["immediate"] == "globe")
        let after = try #require(change["after"]?.objectValue)
        #expect(after["status"] == "ready" && after["projection"] == "globe" && after["maplibre"] == "globe", "\(after)")
        let drag = try #require(result["globeDrag"]?.objectValue)
        let before = try PlaygroundBrowserTests.camera(drag["liveBefore"])
        let now = try PlaygroundBrowserTests.camera(result["cameras"]?.objectValue?["globeDrag"]?.objectValue?["page"])
        let from = try PlaygroundBrowserTests.point(drag["from"]), to = try PlaygroundBrowserTests.point(drag["to"])
        // MapLibre's globe pan, step by step: the latitude moves linearly (the zoom change keeps the degrees per
        // pixel) and the zoom follows cos(latitude) exactly; the longitude's speed follows the latitude, so the
        // whole drag as one step is only near it.
        let expected = MapLibreGlobePan.step(
            .init(longitude: before.center.longitude, latitude: before.center.latitude, zoom: before.zoom, bearing: before.bearing),
            dx: to.x - from.x, dy: to.y - from.y)
        #expect(abs(now.center.latitude - expected.latitude) <= 1e-6 && abs(now.zoom - expected.zoom) <= 1e-6,
                "a globe drag: \(before) → \(now), MapLibre's \(expected)")
        let turned = now.center.longitude - before.center.longitude, expectedTurn = expected.longitude - before.center.longitude
        #expect(abs(turned - expectedTurn) <= 0.05 * abs(expectedTurn) + 1e-9, "a globe drag turned \(turned)°, MapLibre's one step \(expectedTurn)°")
    }

    /// The page's globe model is `GlobeProjection`: projections within 1e-6 px, a drag and a wheel keep their coordinate.
    /// And MapLibre's own globe in the page (`map.project`, `isLocationOccluded`) draws the probes where the page does.
    static func checkGlobeMath(_ result: [String: JSONValue]) throws {
        let mapLibre = try #require(result["maplibreGlobe"]?.arrayValue?.compactMap { $0.objectValue })
        try #require(mapLibre.count == globeProbes.count)
        for (probe, row) in zip(globeProbes, mapLibre) {
            #expect(row["occluded"]?.boolValue == (row["page"] == .null), "\(probe): \(row)")
            if row["page"] != .null {
                let page = try PlaygroundBrowserTests.point(row["page"]), drawn = try PlaygroundBrowserTests.point(row["maplibre"])
                #expect(PlaygroundBrowserTests.distance(page, drawn) <= 1e-6, "\(probe): page \(page), MapLibre \(drawn)")
            }
        }
        let math = try #require(result["globeMath"]?.objectValue)
        let globe = try #require(try Projection(camera: globeCamera, viewport: viewport, projection: .globe).globe)
        let projected = math["project"]?.arrayValue ?? []
        let unprojected = math["unproject"]?.arrayValue ?? []
        try #require(projected.count == globeProbes.count && unprojected.count == globeProbes.count)
        for (i, probe) in globeProbes.enumerated() {
            let expected = globe.project(probe)
            if let expected {
                let page = try PlaygroundBrowserTests.point(projected[i])
                #expect(PlaygroundBrowserTests.distance(page, expected) <= 1e-6, "\(probe): page \(page), library \(expected)")
                let back = try #require(unprojected[i].arrayValue?.compactMap { $0.numberValue })
                #expect(abs(back[0] - probe.longitude) <= 1e-9 && abs(back[1] - probe.latitude) <= 1e-9, "\(probe) came back as \(back)")
            } else {
                #expect(projected[i] == .null, "\(probe) is hidden by the globe, the page draws it at \(projected[i])")
            }
        }
        #expect(globeProbes.contains { globe.project($0) == nil } && globeProbes.filter { globe.project($0) != nil }.count >= 3)

        // A drag step from (480, 340) to (380, 290): MapLibre's globe pan, its size kept (zoom by log2 of the cosines' ratio).
        let grabbed = try #require(globe.unproject(ScreenPoint(x: 480, y: 340)))
        let pageGrabbed = try #require(math["grabbed"]?.arrayValue?.compactMap { $0.numberValue })
        #expect(abs(pageGrabbed[0] - grabbed.longitude) <= 1e-9 && abs(pageGrabbed[1] - grabbed.latitude) <= 1e-9)
        let pan = try PlaygroundBrowserTests.camera(math["pan"])
        let expected = MapLibreGlobePan.step(
            .init(longitude: globeCamera.center.longitude, latitude: globeCamera.center.latitude, zoom: globeCamera.zoom,
                  bearing: globeCamera.bearing), dx: -100, dy: -50)
        #expect(abs(pan.center.longitude - expected.longitude) <= 1e-9 && abs(pan.center.latitude - expected.latitude) <= 1e-9
                && abs(pan.zoom - expected.zoom) <= 1e-9, "pan \(pan), MapLibre's \(expected)")
        let sizeKept = globeCamera.zoom + log2(cos(pan.center.latitude * .pi / 180) / cos(globeCamera.center.latitude * .pi / 180))
        #expect(abs(pan.zoom - sizeKept) <= 1e-12 && pan.center != globeCamera.center)
        #expect(pan.bearing == globeCamera.bearing && pan.pitch == globeCamera.pitch)

        // A wheel at (300, 220), 0.7 levels in: the coordinate there stays there.
        let wheeled = try #require(globe.unproject(ScreenPoint(x: 300, y: 220)))
        let zoomed = try PlaygroundBrowserTests.camera(math["zoom"])
        #expect(abs(zoomed.zoom - (globeCamera.zoom + 0.7)) <= 1e-12)
        let kept = try #require(try Projection(camera: zoomed, viewport: viewport, projection: .globe).globe?.project(wheeled))
        #expect(PlaygroundBrowserTests.distance(kept, ScreenPoint(x: 300, y: 220)) <= 1e-6, "the coordinate under the wheel is drawn at \(kept)")
    }
}
