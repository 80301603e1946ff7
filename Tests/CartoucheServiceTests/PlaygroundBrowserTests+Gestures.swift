import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import CartoucheQuery
import CartoucheScene
import Foundation
import Testing

@testable import CartoucheService

/// The camera gestures and the basemap of ``PlaygroundBrowserTests``, checked
/// against `CartoucheCamera`'s projection and the library's placement.
extension PlaygroundBrowserTests {
    static let testLand = "Test land"
    static let viewport = ScreenSize(width: 800, height: 600)
    /// Screen points of agreement between the page's camera maths and the library's.
    static let tolerance = 0.5

    /// A basemap of a 0.001° "Test land" square whose first vertex is `centre`,
    /// after Natural Earth's countries when `scripts/setup` installed them (for the picture).
    static func writeBasemap(around centre: Coordinate) throws -> URL {
        var features: [JSONValue] = []
        var attribution = JSONValue.string("a test basemap")
        let installed = Shared.repositoryRoot.appendingPathComponent(PlaygroundBasemap.defaultPath)
        if let data = try? Data(contentsOf: installed), let collection = try JSONParser().parse(data).objectValue {
            features = collection["features"]?.arrayValue ?? []
            attribution = collection["attribution"] ?? attribution
        }
        let (x, y) = (centre.longitude, centre.latitude)
        let ring: [JSONValue] = [[.number(x), .number(y)], [.number(x + 0.001), .number(y)],
                                 [.number(x + 0.001), .number(y + 0.001)], [.number(x), .number(y)]]
        features.append(["type": "Feature", "properties": ["name": .string(testLand)],
                         "geometry": ["type": "Polygon", "coordinates": [.array(ring)]]])
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("cartouche-basemap-\(ProcessInfo.processInfo.processIdentifier).geojson")
        let collection = JSONValue.object(["type": "FeatureCollection", "attribution": attribution, "features": .array(features)])
        try Data(try collection.jsonBytes()).write(to: url)
        return url
    }

    /// The page's camera (`data-camera`, the `/v1/place` answer's) as a library camera.
    static func camera(_ json: JSONValue?) throws -> Camera {
        let object = try #require(json?.objectValue)
        let centre = try #require(object["center"]?.arrayValue?.compactMap { $0.numberValue })
        let padding = object["padding"]?.objectValue
        func inset(_ side: String) -> Double { padding?[side]?.numberValue ?? 0 }
        return Camera(center: Coordinate(latitude: centre[1], longitude: centre[0]), zoom: try #require(object["zoom"]?.numberValue),
                      bearing: object["bearing"]?.numberValue ?? 0, pitch: object["pitch"]?.numberValue ?? 0,
                      padding: EdgeInsets(top: inset("top"), left: inset("left"), bottom: inset("bottom"), right: inset("right")))
    }

    static func point(_ json: JSONValue?) throws -> ScreenPoint {
        let xy = try #require(json?.arrayValue?.compactMap { $0.numberValue })
        try #require(xy.count == 2)
        return ScreenPoint(x: xy[0], y: xy[1])
    }

    static func distance(_ a: ScreenPoint, _ b: ScreenPoint) -> Double { hypot(a.x - b.x, a.y - b.y) }

    /// The basemap is fetched and drawn: "Test land"'s first vertex where the library projects it.
    static func checkBasemap(_ result: [String: JSONValue], fitted: Camera) throws {
        let basemap = try #require(result["basemap"]?.objectValue)
        #expect(basemap["status"] == "ready")
        #expect(basemap["note"]?.stringValue?.hasPrefix("Basemap: ") == true, "\(basemap["note"] ?? .null)")
        #expect((basemap["paths"]?.numberValue ?? 0) >= 1)
        #expect(try camera(basemap["camera"]) == fitted)
        let drawn = try point(basemap["firstPoint"])
        let expected = try #require(try Projection(camera: fitted, viewport: viewport).project(fitted.center))
        #expect(distance(drawn, expected) < tolerance, "Test land drawn at \(drawn), the library projects it to \(expected)")
    }

    /// `before`'s coordinate at `from` is drawn at `to` by `after` (the gesture kept it under the pointer); returns the miss in points.
    @discardableResult
    static func expectKept(_ from: ScreenPoint, _ to: ScreenPoint, before: Camera, after: Camera, _ gesture: String) throws -> Double {
        let grabbed = try #require(try Projection(camera: before, viewport: viewport).unproject(from, wrappingLongitude: false))
        let now = try #require(try Projection(camera: after, viewport: viewport).project(grabbed))
        #expect(distance(now, to) < tolerance, "\(gesture): the grabbed \(grabbed) is drawn at \(now), the pointer is at \(to)")
        return distance(now, to)
    }

    /// One gesture: a new request was sent and answered, with its time shown; returns the cameras.
    static func moved(_ result: [String: JSONValue], _ gesture: String) throws -> (step: [String: JSONValue], before: Camera, after: Camera) {
        let step = try #require(result[gesture]?.objectValue, "\(gesture): \(result[gesture] ?? .null)")
        let before = try #require(step["before"]?.objectValue), after = try #require(step["after"]?.objectValue)
        #expect(after["status"] == "ready", "\(gesture)")
        #expect((after["places"]?.numberValue ?? 0) > (before["places"]?.numberValue ?? 0), "\(gesture): no new /v1/place request")
        #expect((after["renders"]?.numberValue ?? 0) > (before["renders"]?.numberValue ?? 0), "\(gesture): no new picture")
        #expect(after["transform"] == .null, "\(gesture): the settled picture is drawn for the camera, not moved by the preview")
        let timing = after["timing"]?.stringValue ?? ""
        #expect(timing.contains("place ") && timing.contains("(server "), "\(gesture): timing \(timing)")
        #expect((after["timingServer"]?.numberValue ?? 0) > 0)
        return (step, try camera(before["camera"]), try camera(after["camera"]))
    }

    static func checkGestures(_ result: [String: JSONValue]) throws {
        // Drag: the grabbed coordinate follows the pointer; at pitch 0 the centre moves by the drag, exactly.
        let drag = try moved(result, "drag")
        let (from, to) = (try point(drag.step["from"]), try point(drag.step["to"]))
        let dragMiss = try expectKept(from, to, before: drag.before, after: drag.after, "drag")
        #expect(drag.before.pitch == 0 && drag.after.zoom == drag.before.zoom && drag.after.bearing == drag.before.bearing)
        let projection = try Projection(camera: drag.before, viewport: viewport)
        let centre = try #require(projection.unproject(
            ScreenPoint(x: projection.centerPoint.x - (to.x - from.x), y: projection.centerPoint.y - (to.y - from.y))))
        let centreNow = try #require(projection.project(drag.after.center))
        let wanted = try #require(projection.project(centre))
        #expect(distance(centreNow, wanted) < tolerance, "the centre moved to \(drag.after.center), the drag asks for \(centre)")
        // A drag is not a click: no query (a new picture only resets the hits).
        #expect(drag.step["before"]?.objectValue?["queries"] == drag.step["after"]?.objectValue?["queries"])
        #expect(drag.step["tapText"] == "Click the map to list what is there, top-most first.")
        try checkPlacement(drag.step, camera: drag.after)

        // Wheel: 250 px up is half a zoom level in, about the cursor.
        let wheel = try moved(result, "wheel")
        #expect(abs(wheel.after.zoom - (wheel.before.zoom + 0.5)) < 1e-9, "wheel zoom \(wheel.before.zoom) → \(wheel.after.zoom)")
        let at = try point(wheel.step["at"])
        let wheelMiss = try expectKept(at, at, before: wheel.before, after: wheel.after, "wheel")

        // Pinch: fingers 80 → 120 px apart zoom in by log2(120 / 80), about their midpoint.
        let pinch = try moved(result, "pinch")
        #expect(abs(pinch.after.zoom - (pinch.before.zoom + log2(120.0 / 80))) < 1e-9, "pinch zoom \(pinch.before.zoom) → \(pinch.after.zoom)")
        let mid = try point(pinch.step["at"])
        let pinchMiss = try expectKept(mid, mid, before: pinch.before, after: pinch.after, "pinch")
        print("playground gestures: the grabbed coordinate misses the pointer by \(dragMiss) (drag), \(wheelMiss) (wheel), "
              + "\(pinchMiss) (pinch) points; zoom \(drag.before.zoom) → \(pinch.after.zoom)")

        // The second camera (pitch 49°, bearing 168.8°, padding): the drag still keeps the grabbed coordinate under the pointer.
        let pitched = try moved(result, "pitchedDrag")
        #expect(pitched.before.pitch == 49 && pitched.before.bearing == 168.8)
        #expect(pitched.after.pitch == 49 && pitched.after.bearing == 168.8 && pitched.after.zoom == pitched.before.zoom)
        let pitchedMiss = try expectKept(try point(pitched.step["from"]), try point(pitched.step["to"]),
                                         before: pitched.before, after: pitched.after, "pitched drag")
        // The basemap is clipped to the ground the library draws: below the horizon cut (0 when that is above the picture).
        let horizon = try Projection(camera: pitched.after, viewport: viewport).horizonY
        #expect(abs((Double(pitched.step["basemapClip"]?.stringValue ?? "") ?? -1) - max(horizon, 0)) < 1e-6)
        print("playground gestures: pitched drag misses by \(pitchedMiss) points")

        // A click at a drawn callout lists it first, with the library's hits for that camera.
        let click = try #require(result["calloutClick"]?.objectValue)
        let id = try #require(click["id"]?.stringValue)
        let hits = click["hits"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue } ?? []
        #expect(hits.first == id, "clicked \(id), listed \(hits)")
        var scene = try SceneDocument(jsonBytes: try Shared.example("sf-stanford.scene.json"))
        scene.cameras[0] = .camera(try camera(click["camera"]))
        let index = try scene.queryIndex(frame: 0, text: try Shared.engine.get())
        #expect(hits == index.query(at: try point(click["tap"])).map(\.id))
    }

    /// The callouts drawn after the drag are the ones the library shows for that camera, and they moved.
    static func checkPlacement(_ step: [String: JSONValue], camera: Camera) throws {
        var scene = try SceneDocument(jsonBytes: try Shared.example("sf-stanford.scene.json"))
        scene.cameras[0] = .camera(camera)
        let placed = try scene.place(text: try Shared.engine.get()).frames[0].result.placements
        let drawnBefore = try #require(step["before"]?.objectValue?["callouts"]?.objectValue)
        let drawnAfter = try #require(step["after"]?.objectValue?["callouts"]?.objectValue)
        #expect(Set(drawnAfter.keys) == Set(placed.filter(\.isVisible).map(\.id)), "drawn \(drawnAfter.keys.sorted())")
        let common = Set(drawnBefore.keys).intersection(drawnAfter.keys)
        #expect(!common.isEmpty)
        for id in common {
            #expect(drawnBefore[id] != drawnAfter[id], "\(id) did not move")
        }
    }
}
