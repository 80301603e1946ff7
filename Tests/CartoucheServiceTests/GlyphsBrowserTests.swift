import CartoucheJSON
import CartoucheTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

/// The glyph route end to end: the real server on a free local port compiles
/// a scene (`POST /v1/compile?glyphs=http://127.0.0.1:PORT/v1/glyphs/{fontstack}/{range}.pbf`)
/// with point annotations whose text is red and a clustered manager whose
/// count is blue, and MapLibre GL JS 5.3.0 in headless chromium
/// (`scripts/interop/maplibre_glyphs_oracle.py`) draws that style, fetching
/// its glyphs from the same server: every glyph request answers 200, the map
/// reports no error, and text-coloured pixels appear around each label's
/// coordinate and nowhere else.
///
/// Needs `scripts/setup`; `CARTOUCHE_SKIP_BROWSER_TESTS=1` skips it.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CARTOUCHE_SKIP_BROWSER_TESTS"] != "1",
                "CARTOUCHE_SKIP_BROWSER_TESTS=1 skips the MapLibre glyphs browser test"))
struct GlyphsBrowserTests {
    static let script = "scripts/interop/maplibre_glyphs_oracle.py"
    static let center = (lon: 2.35, lat: 48.85), zoom = 12.0

    /// About `dx`, `dy` px (y down) from the centre at zoom 12 (for laying out only; the oracle projects with MapLibre).
    static func at(_ dx: Double, _ dy: Double) -> JSONValue {
        let perPixel = 360 / (512 * pow(2, zoom))
        return [.number(center.lon + dx * perPixel), .number(center.lat - dy * perPixel * cos(center.lat * .pi / 180))]
    }

    static func point(_ id: String, _ coordinate: JSONValue, text: String? = nil) -> JSONValue {
        var annotation: [String: JSONValue] = ["id": .string(id), "geometry": ["type": "Point", "coordinates": coordinate]]
        if let text { annotation["properties"] = ["text-field": .string(text)] }
        return .object(annotation)
    }

    static var scene: JSONValue {
        let shops = [(-4.0, -3.0), (4, -3), (-4, 3), (4, 3)].enumerated().map { i, o in point("shop\(i)", at(o.0, 100 + o.1)) }
        return [
            "version": 1, "viewport": ["width": 640, "height": 480],
            "camera": ["center": [.number(center.lon), .number(center.lat)], "zoom": .number(zoom)],
            "managers": [
                // No text-font: the style spec's default stack, "Open Sans Regular,Arial Unicode MS Regular".
                ["id": "places", "type": "point", "properties": ["text-color": "#ff0000", "text-size": 20],
                 "annotations": [point("cafe", at(-150, -80), text: "Café 7"), point("omega", at(150, -80), text: "Ωmega")]],
                ["id": "shops", "type": "point", "properties": ["text-font": ["Noto Sans Bold"]],
                 "cluster": ["radius": 50, "circleRadius": 18, "circleColor": "#ffff00", "textColor": "#0000ff", "textSize": 16],
                 "annotations": .array(shops)],
            ],
        ]
    }

    @Test("MapLibre draws cluster counts and annotation text with the service's glyphs")
    func mapLibreDrawsLabels() async throws {
        let missing = PythonOracle.missingBrowserPrerequisites(script: Self.script)
        try #require(missing.isEmpty, "run scripts/setup; missing: \(missing.joined(separator: ", "))")
        let screenshot = FileManager.default.temporaryDirectory
            .appendingPathComponent("cartouche-glyphs-\(ProcessInfo.processInfo.processIdentifier).png")
        defer { if ProcessInfo.processInfo.environment["CARTOUCHE_KEEP_SCREENSHOTS"] != "1" { try? FileManager.default.removeItem(at: screenshot) } }
        let configuration = testConfiguration { $0.cors = CORSPolicy(allowedOrigins: ["*"]) }
        try await makeApp(configuration).test(.live) { client in
            let port = try #require(client.port)
            let template = "http://127.0.0.1:\(port)/v1/glyphs/{fontstack}/{range}.pbf"
            let query = try #require(template.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            let compiled = try await client.execute(uri: "/v1/compile?glyphs=\(query)", method: .post, headers: jsonHeaders,
                                                    body: ByteBuffer(bytes: try Self.scene.jsonBytes()))
            try #require(compiled.status == .ok, "\(String(buffer: compiled.body))")
            let style = try JSONParser().parse(compiled.body.bytes)
            #expect(style.objectValue?["glyphs"] == .string(template))

            let red: JSONValue = [255, 0, 0], blue: JSONValue = [0, 0, 255]
            let job: JSONValue = [
                "width": 640, "height": 480, "screenshot": .string(screenshot.path), "style": style,
                "camera": ["center": [.number(Self.center.lon), .number(Self.center.lat)], "zoom": .number(Self.zoom)],
                "labels": [["coordinate": Self.at(-150, -80), "color": red, "box": [70, 20]],
                           ["coordinate": Self.at(150, -80), "color": red, "box": [70, 20]],
                           ["coordinate": Self.at(0, 100), "color": blue, "box": [16, 14]]],
            ]
            let result = try await PlaygroundBrowserTests.runScript(job, script: Self.script)
            let counts = (result["labels"]?.arrayValue ?? []).map { $0.objectValue?["textPixels"]?.numberValue ?? 0 }
            print("MapLibre glyphs check: \(result["seconds"]?.numberValue ?? 0) s; text pixels per label \(counts), "
                  + "\(result["textPixelsOutside"]?.numberValue ?? -1) elsewhere; \(result["glyphRequests"]?.arrayValue?.count ?? 0) glyph requests")

            #expect(result["errors"] == [], "MapLibre reported errors")
            let requests = try #require(result["glyphRequests"]?.arrayValue).compactMap { $0.objectValue }
            let urls = requests.compactMap { $0["url"]?.stringValue }
            #expect(requests.allSatisfy { $0["status"] == 200 }, "glyph requests: \(requests)")
            let base = "http://127.0.0.1:\(port)/v1/glyphs/"
            #expect(urls.contains(base + "Open%20Sans%20Regular,Arial%20Unicode%20MS%20Regular/0-255.pbf"), "\(urls)")
            #expect(urls.contains(base + "Open%20Sans%20Regular,Arial%20Unicode%20MS%20Regular/768-1023.pbf"), "\(urls)")
            #expect(urls.contains(base + "Noto%20Sans%20Bold/0-255.pbf"), "\(urls)")

            let labels = try #require(result["labels"]?.arrayValue)
            try #require(labels.count == 3)
            for (name, label) in zip(["Café 7", "Ωmega", "cluster count 4"], labels) {
                let drawn = label.objectValue?["textPixels"]?.numberValue ?? 0
                #expect(drawn >= 25, "\(name): \(drawn) text-coloured pixels around its coordinate")
            }
            #expect(result["textPixelsOutside"] == 0, "text-coloured pixels away from every label")
        }
    }
}
