/// Small scene documents as JSON text, for building hostile variants of a
/// good scene one member at a time. Defaults: a 400×300 viewport, a camera
/// at (0, 0) zoom 4, one 40×20 callout "a" on a point at (0, 0).
enum SceneJSON {
    static let viewport = #"{"width":400,"height":300}"#
    static let camera = #"{"center":[0,0],"zoom":4}"#

    /// A scene: `members` are extra top-level members, written as `"name":value,…`.
    static func scene(
        viewport: String = viewport, camera: String = camera, callouts: [String] = [callout()], members: String = ""
    ) -> String {
        var parts = [#""version":1"#, #""viewport":\#(viewport)"#, #""camera":\#(camera)"#]
        if !callouts.isEmpty { parts.append(#""viewAnnotations":[\#(callouts.joined(separator: ","))]"#) }
        if !members.isEmpty { parts.append(members) }
        return "{" + parts.joined(separator: ",") + "}"
    }

    /// A view annotation with a fixed size; `members` adds or replaces nothing,
    /// it is appended as is (`,"priority":2`).
    static func callout(
        id: String = "a", feature: String = point(0, 0), size: String = #"{"width":40,"height":20}"#, members: String = ""
    ) -> String {
        #"{"id":"\#(id)","feature":\#(feature),"size":\#(size)\#(members)}"#
    }

    /// A view annotation sized from one text run.
    static func textCallout(id: String = "a", text: String, font: String = #"["Noto Sans Regular"]"#, size: String = "12") -> String {
        #"{"id":"\#(id)","feature":\#(point(0, 0)),"content":{"runs":[{"text":"\#(text)","font":\#(font),"size":\#(size)}]}}"#
    }

    static func point(_ longitude: Double, _ latitude: Double) -> String {
        #"{"type":"Point","coordinates":[\#(longitude),\#(latitude)]}"#
    }

    static func geometry(_ type: String, _ coordinates: String) -> String {
        #"{"type":"\#(type)","coordinates":\#(coordinates)}"#
    }

    /// A polyline manager with one line, as a `"managers":[…]` member.
    static func polylineManager(
        id: String = "routes", line: String = "[[-1,0],[1,0]]", position: String? = nil, slot: String? = nil, properties: String? = nil
    ) -> String {
        let pos = position.map { #","layerPosition":\#($0)"# } ?? ""
        let extra = (slot.map { #","slot":"\#($0)""# } ?? "") + (properties.map { #","properties":\#($0)"# } ?? "")
        return #"{"id":"\#(id)","type":"polyline"\#(pos)\#(extra),"annotations":[{"id":"\#(id)-1","geometry":{"type":"LineString","coordinates":\#(line)}}]}"#
    }

    /// A circle manager with one circle at (0, 0).
    static func circleManager(id: String, position: String? = nil, annotationIds: [String] = ["c1"]) -> String {
        let pos = position.map { #","layerPosition":\#($0)"# } ?? ""
        let annotations = annotationIds.map { #"{"id":"\#($0)","geometry":{"type":"Point","coordinates":[0,0]}}"# }
        return #"{"id":"\#(id)","type":"circle"\#(pos),"annotations":[\#(annotations.joined(separator: ","))]}"#
    }

    /// A `/v1/shape` body.
    static func shape(text: String, members: String = "") -> String {
        #"{"text":"\#(text)"\#(members)}"#
    }
}
