import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import CartoucheQuery
import CartoucheScene
import CartoucheTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

/// The playground (`GET /`) in headless Debian chromium: the real server on
/// a free local port (HummingbirdTesting's live mode), driven by
/// `scripts/interop/playground_check.py` through PyPI playwright. Expected
/// values come from the library in-process, not from the page or the service:
/// the fitted camera, where the "52 min" callout lands after the zoom change,
/// what a query finds there, and the decoding error of a bad scene; for the
/// camera gestures (drag, wheel, pinch), `CartoucheCamera`'s `Projection`
/// checks that the grabbed coordinate stays under the pointer, and the
/// library's placement and query for the camera the page reached check what
/// it drew and lists. The basemap is a file made here (a tiny "Test land"
/// square at the fitted centre, plus Natural Earth's countries when
/// `scripts/setup` installed them), checked where its first vertex is drawn.
///
/// Needs `scripts/setup`; fails with that advice when something is missing.
/// `CARTOUCHE_SKIP_BROWSER_TESTS=1` skips it deliberately.
/// `CARTOUCHE_WRITE_PLAYGROUND_PICTURE=1` also writes the README's picture,
/// `docs/images/playground.png`.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CARTOUCHE_SKIP_BROWSER_TESTS"] != "1",
                "CARTOUCHE_SKIP_BROWSER_TESTS=1 skips the playground browser test"))
struct PlaygroundBrowserTests {
    static let script = "scripts/interop/playground_check.py"
    static let pictureFile = "docs/images/playground.png"

    struct Expected {
        var zoom: Double
        var calloutID: String
        var calloutCentre: ScreenPoint
        var hitsAtCallout: [String]
        var emptyPoint: ScreenPoint
        /// Hit-testing for the zoomed camera, for taps the page reports.
        var index: SceneQueryIndex
        /// The fitted camera of the first picture.
        var fitted: Camera
    }

    /// The sf-stanford overview camera (a fit) as the page makes it explicit,
    /// moved to a zoom half a level closer, and what it shows.
    static func expected() throws -> Expected {
        let text = try Shared.engine.get()
        var scene = try SceneDocument(jsonBytes: try Shared.example("sf-stanford.scene.json"))
        var camera = try scene.place(text: text).frames[0].camera
        let fitted = camera
        // The slider moves in steps of 0.01.
        camera.zoom = ((camera.zoom + 0.5) * 100).rounded() / 100
        scene.cameras[0] = .camera(camera)
        let frame = try scene.place(text: text).frames[0]
        let shown = try #require(frame.result.placements.first { $0.id == "eta-route-101" && $0.isVisible },
                                 "the 52 min callout must be shown at zoom \(camera.zoom)")
        let box = try #require(shown.frame)
        let centre = ScreenPoint(x: box.minX + box.width / 2, y: box.minY + box.height / 2)
        let index = try scene.queryIndex(frame: 0, text: text)
        // An empty spot: the first point of a 25-point grid, away from the edges, where nothing is hit.
        var empty: ScreenPoint?
        search: for y in stride(from: 50.0, to: scene.viewport.height - 50, by: 25) {
            for x in stride(from: 50.0, to: scene.viewport.width - 50, by: 25) where index.query(at: ScreenPoint(x: x, y: y)).isEmpty {
                empty = ScreenPoint(x: x, y: y)
                break search
            }
        }
        return Expected(zoom: camera.zoom, calloutID: shown.id, calloutCentre: centre,
                        hitsAtCallout: index.query(at: centre).map(\.id), emptyPoint: try #require(empty), index: index, fitted: fitted)
    }

    /// Runs the script off Swift's cooperative threads: it blocks until the browser is done,
    /// while the server under test needs those threads to answer it.
    static func runScript(_ job: JSONValue, script: String = script) async throws -> [String: JSONValue] {
        let input = Data(try job.jsonBytes())
        let output = try await PythonOracle.runOffThePool(script: script, input: input)
        return try #require(try JSONParser().parse(output).objectValue)
    }

    @Test("the page draws sf-stanford, re-renders on zoom, lists hits on clicks and shows problems")
    func playground() async throws {
        let missing = PythonOracle.missingBrowserPrerequisites(script: Self.script)
        try #require(missing.isEmpty, "run scripts/setup; missing: \(missing.joined(separator: ", "))")
        let expected = try Self.expected()
        let invalidScene = #"{"version":1,"viewport":{"width":400,"height":300},"camera":{"center":[0,0],"zoom":99}}"#
        let decodingError: JSONDecodingError
        do {
            _ = try SceneDocument(jsonBytes: Array(invalidScene.utf8))
            Issue.record("the invalid scene decoded")
            return
        } catch .decoding(let error) {
            decodingError = error
        }
        let screenshot = FileManager.default.temporaryDirectory
            .appendingPathComponent("cartouche-playground-\(ProcessInfo.processInfo.processIdentifier).png")
        defer { try? FileManager.default.removeItem(at: screenshot) }
        let writePicture = ProcessInfo.processInfo.environment["CARTOUCHE_WRITE_PLAYGROUND_PICTURE"] == "1"
        let examples = Shared.repositoryRoot.appendingPathComponent("Examples").path
        let basemap = try Self.writeBasemap(around: expected.fitted.center)
        defer { try? FileManager.default.removeItem(at: basemap) }

        try await makeApp(testConfiguration { $0.examplesDirectory = examples; $0.basemapFile = basemap.path }).test(.live) { client in
            let port = try #require(client.port)
            var job: JSONValue = [
                "url": .string("http://127.0.0.1:\(port)/"), "width": 1280, "height": 800,
                "screenshot": .string(screenshot.path), "zoom": .number(expected.zoom),
                "clicks": [[.number(expected.calloutCentre.x), .number(expected.calloutCentre.y)],
                           [.number(expected.emptyPoint.x), .number(expected.emptyPoint.y)]],
                "upload": .string(Shared.repositoryRoot.appendingPathComponent("Examples/mapbox-docs.scene.json").path),
                "notJSON": "{oops", "invalidScene": .string(invalidScene),
                "basemapName": .string(Self.testLand), "drag": ["from": [400, 300], "by": [-120, 70]],
                "wheel": ["at": [260, 200], "deltaY": -250], "pinch": ["at": [500, 330], "from": 80, "to": 120],
                "pitchedDrag": ["from": [400, 420], "by": [90, -60]],
            ]
            if writePicture, case .object(var members) = job {
                members["picture"] = .string(Shared.repositoryRoot.appendingPathComponent(Self.pictureFile).path)
                job = .object(members)
            }
            let result = try await Self.runScript(job)
            print("playground browser check: \(result["seconds"]?.numberValue ?? 0) s in chromium; screenshot \(screenshot.path), "
                  + "\(result["screenshot"]?.objectValue?["nonBackgroundPixels"]?.numberValue ?? 0) drawn pixels in the map")

            #expect(result["consoleErrors"] == [], "no script errors or CSP violations")

            // Loaded: the sf-stanford example, both ETA callouts drawn.
            let initial = try #require(result["initial"]?.objectValue)
            #expect(initial["status"] == "ready")
            #expect(initial["example"] == "sf-stanford")
            #expect(initial["viewBox"] == "0 0 800 600")
            let texts = initial["texts"]?.arrayValue?.compactMap { $0.stringValue } ?? []
            #expect(texts.contains("52 min") && texts.contains("55 min"), "SVG texts: \(texts)")

            // The screenshot is not blank: the map area (about 690×520 px on this page) holds routes,
            // callouts and text, about 22,000 pixels unlike its background; an empty map has none.
            let shot = try #require(result["screenshot"]?.objectValue)
            let drawn = try #require(shot["nonBackgroundPixels"]?.numberValue)
            #expect(drawn > 10_000, "only \(drawn) non-background pixels in \(screenshot.path)")

            // The zoom slider re-renders: a new picture, and the summary reports the zoom set.
            let after = try #require(result["afterZoom"]?.objectValue)
            #expect(after["status"] == "ready")
            #expect(after["svgChanged"] == true)
            #expect(after["sliderValue"]?.numberValue == expected.zoom)
            #expect(after["summaryZoom"]?.numberValue == expected.zoom)

            let clicks = try #require(result["clicks"]?.arrayValue?.compactMap { $0.objectValue })
            try #require(clicks.count == 2)
            // The callout's centre, through the SVG's CTM to the page and back: the same viewport point…
            let tap = try #require(clicks[0]["tap"]?.arrayValue?.compactMap { $0.numberValue })
            #expect(tap.count == 2 && abs(tap[0] - expected.calloutCentre.x) < 1 && abs(tap[1] - expected.calloutCentre.y) < 1,
                    "tapped \(tap), aimed at \(expected.calloutCentre)")
            // …lists that callout first, and the same hits as the library.
            let hits = clicks[0]["hits"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue } ?? []
            #expect(hits.first == expected.calloutID)
            #expect(hits == expected.hitsAtCallout)
            #expect(clicks[0]["hits"]?.arrayValue?.first?.objectValue?["layer"] == .null)
            // Empty map: no hits.
            #expect(clicks[1]["hits"] == [], "at \(expected.emptyPoint)")
            #expect(clicks[1]["status"] == "ready")

            // The keyboard: ArrowRight on the focused picture queries 10 px right of the last tap.
            let lastTap = try #require(clicks[1]["tap"]?.arrayValue?.compactMap { $0.numberValue })
            let keyboard = try #require(result["keyboard"]?.objectValue)
            let keyTap = try #require(keyboard["tap"]?.arrayValue?.compactMap { $0.numberValue })
            try #require(lastTap.count == 2 && keyTap.count == 2)
            #expect(keyTap == [lastTap[0] + 10, lastTap[1]])
            let keyHits = keyboard["hits"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue } ?? []
            #expect(keyHits == expected.index.query(at: ScreenPoint(x: keyTap[0], y: keyTap[1])).map(\.id))

            try Self.checkBasemap(result, fitted: expected.fitted)
            try Self.checkGestures(result)
            try Self.checkUploadAndErrors(result, decodingError: decodingError)

            if writePicture {
                let bytes = try #require(result["picture"]?.objectValue?["bytes"]?.numberValue)
                #expect(bytes < 200_000, "\(Self.pictureFile) is \(bytes) bytes")
            }
        }
    }

    /// The upload replaces the example; text that is not JSON and a refused
    /// scene are shown as problems with the picture kept.
    static func checkUploadAndErrors(_ result: [String: JSONValue], decodingError: JSONDecodingError) throws {
        // An uploaded scene file replaces the example: the mapbox-docs viewport (900×600), its callout drawn.
        let upload = try #require(result["upload"]?.objectValue)
        #expect(upload["status"] == "ready")
        #expect(upload["viewBox"] == "0 0 900 600")
        #expect(upload["example"] == "", "the picker no longer claims an example")
        let uploadedTexts = Set(upload["texts"]?.arrayValue?.compactMap { $0.stringValue } ?? [])
        let docs = try SceneDocument(jsonBytes: try Shared.example("mapbox-docs.scene.json"))
        let shownThere = Set(try docs.place(text: try Shared.engine.get()).frames[0].result.drawOrder)
        for (id, title) in [("gulf-label", "Gulf zone"), ("corridor-label", "3 h 45 min")] {
            #expect(uploadedTexts.contains(title) == shownThere.contains(id), "\(title): \(uploadedTexts.sorted())")
        }
        #expect(!shownThere.isEmpty)

        // Pasted text that is not JSON, and a scene the service refuses: both shown, the picture kept.
        let notJSON = try #require(result["notJSON"]?.objectValue)
        #expect(notJSON["status"] == "error")
        #expect(notJSON["title"] == "Not JSON")
        let invalid = try #require(result["invalidScene"]?.objectValue)
        #expect(invalid["status"] == "error")
        #expect(invalid["detail"]?.stringValue == decodingError.description)
        #expect(invalid["path"]?.stringValue == decodingError.path.description)
        #expect(invalid["pictureShown"] == true)
    }
}
