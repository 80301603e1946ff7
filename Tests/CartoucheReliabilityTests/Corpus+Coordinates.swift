import CartoucheJSON
import Testing

/// Coordinates, cameras and viewports at and beyond their limits.
extension HostileCorpus {
    /// A scene with callout "a" on a point at (lon, lat), the camera centred at `center`.
    static func pointScene(_ lon: Double, _ lat: Double, center: (Double, Double) = (0, 0), zoom: Double = 4) -> String {
        SceneJSON.scene(camera: #"{"center":[\#(center.0),\#(center.1)],"zoom":\#(zoom)}"#,
                        callouts: [SceneJSON.callout(feature: SceneJSON.point(lon, lat))])
    }

    /// Callout "a" (40×20, anchor centre) on the camera's centre of a 400×300 viewport.
    static func expectCentred(_ answer: JSONValue) throws {
        let f = try PlaceAnswer.expectShown(answer)
        #expect(f.x == 180 && f.y == 140 && f.width == 40 && f.height == 20)
    }

    static let coordinateCases: [HostileCase] = [
        // Web Mercator stops at ±85.051129°: a pole is drawn on the world's edge,
        // as MapLibre does, so a camera on the pole sees a callout on the pole.
        HostileCase(name: "callout and camera at latitude 90", family: .coordinates,
                    request: HostileRequest(pointScene(0, 90, center: (0, 90))), expected: .accepted(expectCentred)),
        HostileCase(name: "callout and camera at latitude -90", family: .coordinates,
                    request: HostileRequest(pointScene(0, -90, center: (0, -90))), expected: .accepted(expectCentred)),
        HostileCase(name: "callout at latitude 90 seen from the equator", family: .coordinates,
                    request: HostileRequest(pointScene(0, 90)),
                    expected: .accepted { try PlaceAnswer.expectHidden($0, reason: "offscreen") }),
        HostileCase(name: "latitude 90.5", family: .coordinates, request: HostileRequest(pointScene(0, 90.5)),
                    expected: .invalid("viewAnnotations[0].feature.coordinates[1]", "latitude 90.5 is outside [-90, 90]")),
        HostileCase(name: "latitude -1e300", family: .coordinates, request: HostileRequest(pointScene(0, -1e300)),
                    expected: .invalid("viewAnnotations[0].feature.coordinates[1]", "is outside [-90, 90]")),
        // Longitudes wrap: 540 is 180 one and a half turns on.
        HostileCase(name: "longitude 540 under a camera at 180", family: .coordinates,
                    request: HostileRequest(pointScene(540, 0, center: (180, 0))), expected: .accepted(expectCentred)),
        HostileCase(name: "longitude -540 under a camera at -180", family: .coordinates,
                    request: HostileRequest(pointScene(-540, 0, center: (-180, 0))), expected: .accepted(expectCentred)),
        HostileCase(name: "longitude -720", family: .coordinates, request: HostileRequest(pointScene(-720, 0)),
                    expected: .invalid("viewAnnotations[0].feature.coordinates[0]", "longitude -720.0 is outside [-540, 540]")),
        HostileCase(name: "longitude 1e300", family: .coordinates, request: HostileRequest(pointScene(1e300, 0)),
                    expected: .invalid("viewAnnotations[0].feature.coordinates[0]", "is outside [-540, 540]")),
        HostileCase(name: "camera longitude 1000", family: .coordinates,
                    request: HostileRequest(pointScene(0, 0, center: (1000, 0))),
                    expected: .invalid("camera.center", "longitude 1000.0 is outside [-540, 540]")),
        // 1e-400 underflows to 0, as in every IEEE parser: a legal longitude.
        HostileCase(name: "1e-400 underflows to 0", family: .coordinates,
                    request: HostileRequest(SceneJSON.scene(callouts: [SceneJSON.callout(feature: #"{"type":"Point","coordinates":[1e-400,-1e-400]}"#)])),
                    expected: .accepted(expectCentred)),
    ]

    static func cameraScene(_ camera: String) -> String { SceneJSON.scene(camera: camera) }

    static let cameraCases: [HostileCase] = [
        HostileCase(name: "zoom 30", family: .camera, request: HostileRequest(cameraScene(#"{"center":[0,0],"zoom":30}"#)),
                    expected: .invalid("camera.zoom", "must be within 0.0...25.5, got 30.0")),
        HostileCase(name: "zoom -1", family: .camera, request: HostileRequest(cameraScene(#"{"center":[0,0],"zoom":-1}"#)),
                    expected: .invalid("camera.zoom", "must be within 0.0...25.5, got -1.0")),
        // Legal, but past a callout's default maxZoom of 22 (as in Mapbox).
        HostileCase(name: "zoom 25.5, the maximum", family: .camera,
                    request: HostileRequest(cameraScene(#"{"center":[0,0],"zoom":25.5}"#)),
                    expected: .accepted { try PlaceAnswer.expectHidden($0, reason: "zoom") }),
        HostileCase(name: "pitch 89", family: .camera,
                    request: HostileRequest(cameraScene(#"{"center":[0,0],"zoom":4,"pitch":89}"#)),
                    expected: .invalid("camera.pitch", "must be within 0.0...85.0, got 89.0")),
        HostileCase(name: "pitch 85, the maximum", family: .camera,
                    request: HostileRequest(cameraScene(#"{"center":[0,0],"zoom":4,"pitch":85}"#)), expected: .accepted(expectCentred)),
        HostileCase(name: "pitch -1", family: .camera,
                    request: HostileRequest(cameraScene(#"{"center":[0,0],"zoom":4,"pitch":-1}"#)),
                    expected: .invalid("camera.pitch", "must be within 0.0...85.0, got -1.0")),
        HostileCase(name: "bearing 1e300 wraps", family: .camera,
                    request: HostileRequest(cameraScene(#"{"center":[0,0],"zoom":4,"bearing":1e300}"#)),
                    expected: .accepted { answer in
                        try expectCentred(answer)
                        let bearing = try #require(try PlaceAnswer.camera(answer)["bearing"]?.numberValue)
                        #expect(bearing > -180 && bearing <= 180)
                    }),
        HostileCase(name: "padding wider than the viewport", family: .camera,
                    request: HostileRequest(cameraScene(#"{"center":[0,0],"zoom":4,"padding":{"left":300,"right":200}}"#)),
                    expected: .invalid("camera.padding", "adds up to 500.0 points, more than the viewport's 400.0")),
        HostileCase(name: "negative padding", family: .camera,
                    request: HostileRequest(cameraScene(#"{"center":[0,0],"zoom":4,"padding":{"left":-5}}"#)),
                    expected: .invalid("camera.padding.left", "must be ≥ 0, got -5.0")),
        HostileCase(name: "the second of two cameras at zoom 99", family: .camera,
                    request: HostileRequest(SceneJSON.scene(camera: "null").replacingOccurrences(
                        of: #""camera":null"#, with: #""cameras":[{"center":[0,0],"zoom":4},{"center":[0,0],"zoom":99}]"#)),
                    expected: .invalid("cameras[1].zoom", "must be within 0.0...25.5, got 99.0")),
        HostileCase(name: "no cameras", family: .camera,
                    request: HostileRequest(SceneJSON.scene(camera: "null").replacingOccurrences(of: #""camera":null"#, with: #""cameras":[]"#)),
                    expected: .invalid("cameras", "must list at least one camera")),
        HostileCase(name: "both camera and cameras", family: .camera,
                    request: HostileRequest(SceneJSON.scene(members: #""cameras":[{"center":[0,0],"zoom":4}]"#)),
                    expected: .invalid("cameras", #"give either "camera" or "cameras", not both"#)),
        HostileCase(name: "fitting a camera to nothing", family: .camera,
                    request: HostileRequest(SceneJSON.scene(camera: #"{"fit":{}}"#, callouts: [])),
                    expected: .invalid("camera.fit", "nothing to fit the camera to")),
        HostileCase(name: "fitting with maxZoom 30", family: .camera,
                    request: HostileRequest(SceneJSON.scene(camera: #"{"fit":{"maxZoom":30}}"#)),
                    expected: .invalid("camera.fit.maxZoom", "must be within 0.0...25.5, got 30.0")),
        HostileCase(name: "fitting with pitch 89", family: .camera,
                    request: HostileRequest(SceneJSON.scene(camera: #"{"fit":{"pitch":89}}"#)),
                    expected: .invalid("camera.fit.pitch", "must be within 0.0...85.0, got 89.0")),
    ]

    static let viewportCases: [HostileCase] = [
        HostileCase(name: "zero viewport", family: .viewport, request: HostileRequest(SceneJSON.scene(viewport: #"{"width":0,"height":0}"#)),
                    expected: .invalid("viewport", "width and height must be greater than 0")),
        HostileCase(name: "negative viewport", family: .viewport,
                    request: HostileRequest(SceneJSON.scene(viewport: #"{"width":-400,"height":300}"#)),
                    expected: .invalid("viewport.width", "must be ≥ 0, got -400.0")),
        HostileCase(name: "viewport of 10^9 points", family: .viewport,
                    request: HostileRequest(SceneJSON.scene(viewport: #"{"width":1e9,"height":1e9}"#)),
                    expected: .invalid("viewport", "width and height must be at most 16384")),
        HostileCase(name: "viewport of 16384 points, the maximum", family: .viewport,
                    request: HostileRequest(SceneJSON.scene(viewport: #"{"width":16384,"height":16384}"#)),
                    expected: .accepted { answer in
                        let f = try PlaceAnswer.expectShown(answer)
                        #expect(f.x == 8192 - 20 && f.y == 8192 - 10)
                    }),
        // Legal; a 40×20 callout cannot fit in the (padded) viewport.
        HostileCase(name: "half-point viewport", family: .viewport,
                    request: HostileRequest(SceneJSON.scene(viewport: #"{"width":0.5,"height":0.5}"#)),
                    expected: .accepted { try PlaceAnswer.expectHidden($0, reason: "padding") }),
    ]
}
