import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import CartouchePlacement

// Results as JSON. Keys are written in sorted (UTF-8) order by hand, so the
// output is byte-for-byte deterministic without building a tree.

extension PlaceResponse: JSONWritable {
    public func write(to w: inout JSONWriter) throws(JSONWriteError) {
        w.beginObject()
        w.key("frames")
        w.beginArray()
        for frame in frames { try frame.write(to: &w) }
        w.endArray()
        w.key("version")
        w.write(SceneDocument.currentVersion)
        SceneWarning.writeMember(warnings, to: &w)
        w.endObject()
    }
}

extension PlaceResponse.Frame: JSONWritable {
    public func write(to w: inout JSONWriter) throws(JSONWriteError) {
        w.beginObject()
        w.key("camera")
        try camera.writeJSON(to: &w)
        w.key("drawOrder")
        w.beginArray()
        for id in result.drawOrder { w.write(id) }
        w.endArray()
        w.key("placements")
        w.beginArray()
        for p in result.placements { try p.write(to: &w) }
        w.endArray()
        if !result.rejected.isEmpty {
            w.key("rejected")
            w.beginArray()
            for c in result.rejected {
                w.beginObject()
                w.key("anchor"); try c.anchor.writeJSON(to: &w)
                w.key("frame"); try c.frame.writeJSON(to: &w)
                w.key("id"); w.write(result.placements[c.itemIndex].id)
                w.key("reason"); c.reason.writeJSON(to: &w)
                w.endObject()
            }
            w.endArray()
        }
        w.key("stats")
        w.beginObject()
        if let anchorChanges { w.key("anchorChanges"); w.write(anchorChanges) }
        w.key("candidateTests"); w.write(result.candidateTests)
        let optimise = result.method == .optimise
        if optimise { w.key("exactTiers"); w.write(result.exactTiers) }
        w.key("finished"); w.write(result.finished)
        w.key("method"); w.write(result.method.rawValue)
        w.key("placed"); w.write(result.drawOrder.count)
        if optimise { w.key("searchedComponents"); w.write(result.searchedComponents) }
        w.endObject()
        w.endObject()
    }
}

extension ViewAnnotationPlacement: JSONWritable {
    public func write(to w: inout JSONWriter) throws(JSONWriteError) {
        w.beginObject()
        if let anchor { w.key("anchor"); try anchor.writeJSON(to: &w) }
        if let c = anchorCoordinate {
            w.key("anchorCoordinate")
            w.beginArray(); try w.write(c.longitude); try w.write(c.latitude); w.endArray()
        }
        if let frame { w.key("frame"); try frame.writeJSON(to: &w) }
        if let hiddenReason { w.key("hiddenReason"); hiddenReason.writeJSON(to: &w) }
        w.key("id"); w.write(id)
        w.key("visible"); w.write(isVisible)
        if let zIndex { w.key("zIndex"); w.write(zIndex) }
        w.endObject()
    }
}

extension AnchorConfig {
    func writeJSON(to w: inout JSONWriter) throws(JSONWriteError) {
        w.beginObject()
        w.key("anchor"); w.write(anchor.rawValue)
        w.key("offsetX"); try w.write(offsetX)
        w.key("offsetY"); try w.write(offsetY)
        w.endObject()
    }
}

extension ScreenRect {
    /// The one JSON form of a screen rect in every answer (place frames,
    /// shaped bounds): `{"height", "width", "x", "y"}`, x and y its top-left
    /// corner, in points.
    public func writeJSON(to w: inout JSONWriter) throws(JSONWriteError) {
        w.beginObject()
        w.key("height"); try w.write(height)
        w.key("width"); try w.write(width)
        w.key("x"); try w.write(minX)
        w.key("y"); try w.write(minY)
        w.endObject()
    }
}

extension HiddenReason {
    func writeJSON(to w: inout JSONWriter) {
        w.beginObject()
        w.key("code"); w.write(code)
        switch self {
        case .collision(let other): w.key("with"); w.write(other)
        case .avoidLayer(let layer): w.key("with"); w.write(layer)
        default: break
        }
        w.endObject()
    }
}

extension Camera {
    func writeJSON(to w: inout JSONWriter) throws(JSONWriteError) {
        w.beginObject()
        w.key("bearing"); try w.write(bearing)
        w.key("center"); w.beginArray(); try w.write(center.longitude); try w.write(center.latitude); w.endArray()
        w.key("padding")
        w.beginObject()
        w.key("bottom"); try w.write(padding.bottom)
        w.key("left"); try w.write(padding.left)
        w.key("right"); try w.write(padding.right)
        w.key("top"); try w.write(padding.top)
        w.endObject()
        w.key("pitch"); try w.write(pitch)
        w.key("zoom"); try w.write(zoom)
        w.endObject()
    }
}
