import CartoucheTestSupport
import CartoucheJSON
import Foundation
import Testing

/// Fonts and text, layer positions, size limits, budgets and HTTP framing.
extension HostileCorpus {
    /// Routes that measure callout text (compiling only writes the managers' layers).
    static let measuringRoutes: [CorpusRoute] = [.place, .query, .render]

    static let textCases: [HostileCase] = [
        HostileCase(name: "unknown font stack", family: .text,
                    request: HostileRequest(SceneJSON.scene(callouts: [SceneJSON.textCallout(text: "Hi", font: #"["Comic Sans MS","Papyrus"]"#)])),
                    routes: measuringRoutes,
                    expected: .invalid("viewAnnotations[0].content.runs[0].font", "Noto Sans")),
        // The path is built where the run fails, not guessed from the font
        // stack: both runs name the same unknown family, the second is blamed
        // only when the first is fine.
        HostileCase(name: "second run with an unknown font, after a good run", family: .text,
                    request: HostileRequest(SceneJSON.scene(callouts: [
                        #"{"id":"a","feature":\#(SceneJSON.point(0, 0)),"content":{"runs":[{"text":"Hi","font":["Noto Sans Regular"],"size":12},{"text":"there","font":["Wingdings"],"size":12}]}}"#,
                    ])),
                    routes: measuringRoutes,
                    expected: .invalid("viewAnnotations[0].content.runs[1].font", "Wingdings")),
        HostileCase(name: "negative callout padding", family: .text,
                    request: HostileRequest(SceneJSON.scene(callouts: [
                        #"{"id":"a","feature":\#(SceneJSON.point(0, 0)),"content":{"runs":[{"text":"Hi","font":["Noto Sans Regular"],"size":12}],"padding":{"top":-3}}}"#,
                    ])),
                    routes: measuringRoutes,
                    expected: .invalid("viewAnnotations[0].content.padding.top", "-3")),
        HostileCase(name: "empty font stack", family: .text,
                    request: HostileRequest(SceneJSON.scene(callouts: [SceneJSON.textCallout(text: "Hi", font: "[]")])),
                    expected: .invalid("viewAnnotations[0].content.runs[0].font", "at least one family")),
        HostileCase(name: "font size 1e300", family: .text,
                    request: HostileRequest(SceneJSON.scene(callouts: [SceneJSON.textCallout(text: "Hi", size: "1e300")])),
                    routes: measuringRoutes,
                    expected: .invalid("viewAnnotations[0].content.runs[0].size", "must be a finite number greater than 0 and at most 10000.0")),
        HostileCase(name: "emoji, ZWJ sequence, right-to-left and combining marks", family: .text,
                    request: HostileRequest(SceneJSON.scene(callouts: [SceneJSON.textCallout(text: "👩‍👩‍👧 שלום a\u{0301}\u{0308}\u{202E}x")])),
                    expected: .accepted { try PlaceAnswer.expectShown($0) }),
        HostileCase(name: "NUL and other escaped controls in a text", family: .text,
                    request: HostileRequest(SceneJSON.scene(callouts: [SceneJSON.textCallout(text: #"a\u0000b\u0007c"#)])),
                    expected: .accepted { try PlaceAnswer.expectShown($0) }),
        HostileCase(name: "shape: unknown font", family: .text, request: HostileRequest(SceneJSON.shape(text: "Hi", members: #","font":["Wingdings"]"#)),
                    routes: [.shape], expected: .invalid("font", "Noto Sans")),
        HostileCase(name: "shape: negative size", family: .text, request: HostileRequest(SceneJSON.shape(text: "Hi", members: #","size":-1"#)),
                    routes: [.shape], expected: .invalid("size", "-1")),
    ]

    static func managersScene(_ managers: [String]) -> String {
        SceneJSON.scene(members: #""managers":[\#(managers.joined(separator: ","))]"#)
    }

    static let layerCases: [HostileCase] = [
        HostileCase(name: "two managers above each other", family: .layers,
                    request: HostileRequest(managersScene([SceneJSON.circleManager(id: "a", position: #"{"above":"b"}"#),
                                                           SceneJSON.circleManager(id: "b", position: #"{"above":"a"}"#)])),
                    expected: .invalid("managers", #"managers "a", "b" are positioned relative to each other in a cycle"#)),
        HostileCase(name: "a manager above itself", family: .layers,
                    request: HostileRequest(managersScene([SceneJSON.circleManager(id: "a", position: #"{"above":"a"}"#)])),
                    expected: .invalid("managers[0].layerPosition", #""a""#)),
        HostileCase(name: "a manager below a layer that does not exist", family: .layers,
                    request: HostileRequest(managersScene([SceneJSON.circleManager(id: "a", position: #"{"below":"roads"}"#)])),
                    expected: .invalid("managers[0].layerPosition", "roads")),
        HostileCase(name: "a manager at layer index 99 of 1", family: .layers,
                    request: HostileRequest(managersScene([SceneJSON.circleManager(id: "a"), SceneJSON.circleManager(id: "b", position: #"{"at":99}"#)])),
                    expected: .invalid("managers[1].layerPosition", "99")),
        HostileCase(name: "layer position given two ways", family: .layers,
                    request: HostileRequest(managersScene([SceneJSON.circleManager(id: "a", position: #"{"above":"x","at":1}"#)])),
                    expected: .invalid("managers[0].layerPosition", #"give exactly one of "above", "below", "at""#)),
        HostileCase(name: "a Mapbox-only property under the portable target", family: .layers,
                    request: HostileRequest(managersScene([SceneJSON.polylineManager(properties: #"{"line-trim-offset":[0,0.5]}"#)])),
                    expected: .invalid("managers[0].properties.line-trim-offset",
                                       #"line-trim-offset: a Mapbox-only property; allow it with "options": {"target": "mapbox"}"#)),
        HostileCase(name: "a slot under the portable target", family: .layers,
                    request: HostileRequest(managersScene([SceneJSON.polylineManager(slot: "middle")])),
                    expected: .invalid("managers[0].slot", #"slot "middle" is Mapbox-only"#)),
        HostileCase(name: "a slot the basemap does not have", family: .layers,
                    request: HostileRequest(SceneJSON.scene(members: #""options":{"target":"mapbox"},"managers":[\#(SceneJSON.polylineManager(slot: "overlay"))]"#)),
                    expected: .invalid("managers[0].slot", #"slot "overlay" is not one of the basemap's slots"#)),
        HostileCase(name: "a basemap layer named twice", family: .layers,
                    request: HostileRequest(SceneJSON.scene(members: #""basemap":{"layers":["water","water"]}"#)),
                    expected: .invalid("basemap.layers[1]", "named twice")),
    ]

    /// `scalars` copies of "a": a 10 MB string is 10^7 of them.
    static func longText(_ scalars: Int) -> String { String(repeating: "a", count: scalars) }

    static let limitCases: [HostileCase] = [
        HostileCase(name: "10 MB text at the default 8 MiB body limit", family: .limits,
                    request: HostileRequest(bytes: { Array(SceneJSON.scene(callouts: [SceneJSON.textCallout(text: longText(10_000_000))]).utf8) }),
                    routes: CorpusRoute.sceneRoutes + [.shape],
                    expected: .problem(413, "body-too-large", path: nil, detail: "larger than the limit of 8388608 bytes")),
        HostileCase(name: "10 MB text with the body limit raised to 16 MiB", family: .limits,
                    request: HostileRequest(bytes: { Array(SceneJSON.scene(callouts: [SceneJSON.textCallout(text: longText(10_000_000))]).utf8) }),
                    configure: { $0.maxBodyBytes = 16 << 20 },
                    expected: .problem(422, "text-too-long", path: "viewAnnotations[0].content.runs[0].text",
                                       detail: "10000000 Unicode scalars, more than the limit of 5000")),
        HostileCase(name: "shape: 5001-scalar text", family: .limits, request: HostileRequest(SceneJSON.shape(text: longText(5_001))),
                    routes: [.shape], expected: .problem(422, "text-too-long", path: "text", detail: "5001 Unicode scalars, more than the limit of 5000")),
        HostileCase(name: "a 1,000,000-vertex line at the default body limit", family: .limits,
                    request: HostileRequest(bytes: { Array(featureScene(SceneJSON.geometry("LineString", zigzag(vertices: 1_000_000))).utf8) }),
                    expected: .problem(413, "body-too-large", path: nil, detail: "larger than the limit of 8388608 bytes")),
        HostileCase(name: "one callout over the annotation limit", family: .limits,
                    request: HostileRequest(SceneJSON.scene(callouts: (0..<4).map { SceneJSON.callout(id: "c\($0)") })),
                    configure: { $0.maxAnnotations = 3 },
                    expected: .problem(413, "too-many-annotations", path: "viewAnnotations", detail: "4 view annotations, more than the limit of 3")),
        // Reading and decoding 5,000 callouts takes far longer than 1 ms, so the
        // budget is spent before the solver starts, whatever the machine.
        HostileCase(name: "a heavy scene with a 1 ms budget", family: .limits,
                    request: HostileRequest(bytes: { heavyScene(count: 5_000) }),
                    configure: { $0.requestTimeout = .milliseconds(1) },
                    expected: .problem(503, "time-budget-exceeded", path: nil, detail: "time budget of 1 ms")),
    ]

    /// `count` 60×30 callouts scattered over a 1000×800 viewport, optimise mode.
    static func heavyScene(count: Int, seed: UInt64 = 7) -> [UInt8] {
        var rng = SplitMix64(seed: seed)
        var text = #"{"version":1,"viewport":{"width":1000,"height":800},"camera":{"center":[0,0],"zoom":10},"options":{"mode":"optimise"},"viewAnnotations":["#
        for i in 0..<count {
            let lon = (rng.unit() - 0.5) * 0.6, lat = (rng.unit() - 0.5) * 0.45
            if i > 0 { text += "," }
            text += #"{"id":"p\#(i)","feature":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"size":{"width":60,"height":30},"variableAnchors":["top","bottom","left","right"]}"#
        }
        return Array((text + "]}").utf8)
    }

    static let httpCases: [HostileCase] = [
        HostileCase(name: "GET on a POST route", family: .http, request: HostileRequest(SceneJSON.scene(), method: .get),
                    routes: CorpusRoute.sceneRoutes + [.shape], expected: .problem(405, "method-not-allowed", path: nil, detail: "use POST")),
        HostileCase(name: "text/plain body", family: .http, request: HostileRequest(SceneJSON.scene(), contentType: "text/plain"),
                    routes: CorpusRoute.sceneRoutes + [.shape], expected: .problem(415, "unsupported-media-type", path: nil, detail: #"got "text/plain""#)),
        HostileCase(name: "no Content-Type", family: .http, request: HostileRequest(SceneJSON.scene(), contentType: nil),
                    routes: CorpusRoute.sceneRoutes + [.shape], expected: .problem(415, "unsupported-media-type", path: nil, detail: "got no Content-Type")),
        HostileCase(name: "application/geo+json is JSON", family: .http,
                    request: HostileRequest(SceneJSON.scene(), contentType: "application/geo+json; charset=utf-8"),
                    expected: .accepted(expectCentred)),
    ]
}
