import CartoucheJSON
import Testing

/// Wrong types, unknown and missing members, out-of-range numbers, and ids.
extension HostileCorpus {
    static func calloutScene(_ members: String) -> String {
        SceneJSON.scene(callouts: [SceneJSON.callout(members: members)])
    }

    static let typeCases: [HostileCase] = [
        HostileCase(name: "top-level array", family: .types, request: HostileRequest("[]"),
                    expected: .invalid("$", "expected an object, found an array")),
        HostileCase(name: "top-level null", family: .types, request: HostileRequest("null"), routes: CorpusRoute.sceneRoutes + [.shape],
                    expected: .invalid("$", "expected an object, found null")),
        HostileCase(name: "version as a string", family: .types,
                    request: HostileRequest(SceneJSON.scene().replacingOccurrences(of: #""version":1"#, with: #""version":"1""#)),
                    expected: .invalid("version", "expected a number, found a string")),
        HostileCase(name: "version 2", family: .types,
                    request: HostileRequest(SceneJSON.scene().replacingOccurrences(of: #""version":1"#, with: #""version":2"#)),
                    expected: .invalid("version", "unsupported version 2")),
        HostileCase(name: "version 1.5", family: .types,
                    request: HostileRequest(SceneJSON.scene().replacingOccurrences(of: #""version":1"#, with: #""version":1.5"#)),
                    expected: .invalid("version", "expected an integer, found 1.5")),
        HostileCase(name: "missing version", family: .types,
                    request: HostileRequest(SceneJSON.scene().replacingOccurrences(of: #""version":1,"#, with: "")),
                    expected: .invalid("$", #"missing required member "version""#)),
        HostileCase(name: "viewAnnotations as an object", family: .types,
                    request: HostileRequest(SceneJSON.scene(callouts: []) .dropLast() + #","viewAnnotations":{"a":1}}"#),
                    expected: .invalid("viewAnnotations", "expected an array, found an object")),
        HostileCase(name: "numeric id", family: .types,
                    request: HostileRequest(SceneJSON.scene(callouts: [#"{"id":7,"feature":{"type":"Point","coordinates":[0,0]},"size":{"width":4,"height":4}}"#])),
                    expected: .invalid("viewAnnotations[0].id", "expected a string, found a number")),
        HostileCase(name: "zoom as a boolean", family: .types, request: HostileRequest(cameraScene(#"{"center":[0,0],"zoom":true}"#)),
                    expected: .invalid("camera.zoom", "expected a number, found a boolean")),
        HostileCase(name: "misspelt top-level member", family: .types,
                    request: HostileRequest(SceneJSON.scene(members: #""viewAnotations":[]"#)),
                    expected: .invalid("viewAnotations", "unknown member")),
        HostileCase(name: "unknown member in a size", family: .types,
                    request: HostileRequest(SceneJSON.scene(callouts: [SceneJSON.callout(size: #"{"width":4,"height":4,"depth":4}"#)])),
                    expected: .invalid("viewAnnotations[0].size.depth", "unknown member")),
        // An optional member given as null counts as absent.
        HostileCase(name: "size null", family: .types,
                    request: HostileRequest(SceneJSON.scene(callouts: [SceneJSON.callout(size: "null")])),
                    expected: .invalid("viewAnnotations[0]", #"give exactly one of "size" and "content""#)),
        HostileCase(name: "priority 1.5", family: .types, request: HostileRequest(calloutScene(#","priority":1.5"#)),
                    expected: .invalid("viewAnnotations[0].priority", "expected an integer, found 1.5")),
        HostileCase(name: "priority 1e300", family: .types, request: HostileRequest(calloutScene(#","priority":1e300"#)),
                    expected: .invalid("viewAnnotations[0].priority", "expected an integer")),
        HostileCase(name: "no anchors", family: .types, request: HostileRequest(calloutScene(#","variableAnchors":[]"#)),
                    expected: .invalid("viewAnnotations[0].variableAnchors", "must list at least one anchor")),
        HostileCase(name: "unknown anchor name", family: .types, request: HostileRequest(calloutScene(#","variableAnchors":["middle"]"#)),
                    expected: .invalid("viewAnnotations[0].variableAnchors[0]", #"unknown value "middle""#)),
        HostileCase(name: "both size and content", family: .types,
                    request: HostileRequest(calloutScene(#","content":{"runs":[{"text":"x"}]}"#)),
                    expected: .invalid("viewAnnotations[0]", #"give exactly one of "size" and "content""#)),
        HostileCase(name: "minZoom above maxZoom", family: .types, request: HostileRequest(calloutScene(#","minZoom":12,"maxZoom":3"#)),
                    expected: .invalid("viewAnnotations[0].minZoom", "minZoom 12.0 is above maxZoom 3.0")),
        HostileCase(name: "reversed lineTrim", family: .types, request: HostileRequest(calloutScene(#","lineTrim":[0.8,0.2]"#)),
                    expected: .invalid("viewAnnotations[0].lineTrim", "0 ≤ start ≤ end ≤ 1")),
        HostileCase(name: "unknown placement mode", family: .types,
                    request: HostileRequest(SceneJSON.scene(members: #""options":{"mode":"fastest"}"#)),
                    expected: .invalid("options.mode", #"unknown value "fastest""#)),
        HostileCase(name: "negative callout width", family: .types,
                    request: HostileRequest(SceneJSON.scene(callouts: [SceneJSON.callout(size: #"{"width":-40,"height":20}"#)])),
                    expected: .invalid("viewAnnotations[0].size.width", "must be ≥ 0, got -40.0")),
        // Finite but absurd screen numbers are legal: placed by the same rules,
        // never a crash, an overflow or a non-finite number in the answer.
        HostileCase(name: "callout 1e308 points wide", family: .types,
                    request: HostileRequest(SceneJSON.scene(callouts: [SceneJSON.callout(size: #"{"width":1e308,"height":1e308}"#)])),
                    expected: .accepted { try PlaceAnswer.expectHidden($0, reason: "padding") }),
        HostileCase(name: "anchor offset 1e308", family: .types,
                    request: HostileRequest(calloutScene(#","variableAnchors":[{"anchor":"top","offsetX":1e308,"offsetY":-1e308}]"#)),
                    expected: .accepted { try PlaceAnswer.expectHidden($0, reason: "padding") }),
        // x + width = 7e307: the region covers the viewport without overflowing.
        HostileCase(name: "avoid region 1.7e308 wide", family: .types,
                    request: HostileRequest(SceneJSON.scene(members: #""avoidRegions":[{"x":-1e308,"y":-1e308,"width":1.7e308,"height":1.7e308}]"#)),
                    expected: .accepted { try PlaceAnswer.expectHidden($0, reason: "avoidRegion") }),
        HostileCase(name: "culling margin 1e308", family: .types,
                    request: HostileRequest(SceneJSON.scene(members: #""options":{"cullingMargin":1e308}"#)),
                    expected: .accepted(expectCentred)),
    ]

    static let identityCases: [HostileCase] = [
        HostileCase(name: "duplicate callout ids", family: .identity,
                    request: HostileRequest(SceneJSON.scene(callouts: [SceneJSON.callout(), SceneJSON.callout(feature: SceneJSON.point(1, 1))])),
                    expected: .invalid("viewAnnotations[1].id", #""a" is used by an earlier view annotation"#)),
        HostileCase(name: "duplicate manager ids", family: .identity,
                    request: HostileRequest(SceneJSON.scene(members: #""managers":[\#(SceneJSON.circleManager(id: "m")),\#(SceneJSON.circleManager(id: "m"))]"#)),
                    expected: .invalid("managers[1].id", #""m" is used by an earlier manager"#)),
        // Within a manager the first of two equal annotation ids wins (as in the
        // Mapbox SDK), and compiling reports a warning; placing is unaffected.
        HostileCase(name: "duplicate annotation ids in a manager", family: .identity,
                    request: HostileRequest(SceneJSON.scene(
                        callouts: [#"{"id":"a","feature":{"layerId":"m","featureId":"c1"},"size":{"width":40,"height":20}}"#],
                        members: #""managers":[\#(SceneJSON.circleManager(id: "m", annotationIds: ["c1", "c1"]))]"#)),
                    expected: .accepted(expectCentred)),
        HostileCase(name: "callout bound to a layer that does not exist", family: .identity,
                    request: HostileRequest(SceneJSON.scene(callouts: [#"{"id":"a","feature":{"layerId":"nowhere"},"size":{"width":40,"height":20}}"#])),
                    expected: .accepted { try PlaceAnswer.expectHidden($0, reason: "featureNotFound") }),
        HostileCase(name: "avoidLayers naming no polyline manager", family: .identity,
                    request: HostileRequest(SceneJSON.scene(members: #""avoidLayers":["m"],"managers":[\#(SceneJSON.circleManager(id: "m"))]"#)),
                    expected: .invalid("avoidLayers[0]", #""m" is not the id of a polyline manager"#)),
        // Any string is an id, the empty one included (results carry it back).
        HostileCase(name: "empty id", family: .identity,
                    request: HostileRequest(SceneJSON.scene(callouts: [SceneJSON.callout(id: "")])),
                    expected: .accepted { try PlaceAnswer.expectShown($0, id: "") }),
    ]
}
