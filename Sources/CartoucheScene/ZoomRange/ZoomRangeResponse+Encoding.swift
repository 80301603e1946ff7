import CartoucheGeometry
import CartoucheJSON
import CartouchePlacement

// The zoom-range answer as JSON, keys in sorted (UTF-8) order by hand like
// the per-camera answer, so CLI and HTTP write the same bytes.

extension ZoomRangeResponse: JSONWritable {
    public func write(to w: inout JSONWriter) throws(JSONWriteError) {
        w.beginObject()
        w.key("placements")
        w.beginArray()
        for p in result.placements { try writePlacement(p, to: &w) }
        w.endArray()
        w.key("stats")
        w.beginObject()
        w.key("coverage"); try w.write(result.coverage)
        w.key("finished"); w.write(result.finished)
        w.key("hidden"); w.write(result.placements.count - result.shownCount)
        w.key("improvements"); w.write(result.improvements)
        w.key("method"); w.write(result.method.rawValue)
        w.key("pairTests"); w.write(result.pairTests)
        w.key("shown"); w.write(result.shownCount)
        w.endObject()
        w.key("version")
        w.write(SceneDocument.currentVersion)
        SceneWarning.writeMember(warnings, to: &w)
        w.key("zoomRange")
        w.beginObject()
        w.key("max"); try w.write(zoomRange.max)
        w.key("min"); try w.write(zoomRange.min)
        if zoomRange.minZoomStep > 0 { w.key("minZoomStep"); try w.write(zoomRange.minZoomStep) }
        w.endObject()
        w.endObject()
    }

    /// One placement: shown ones with their anchor, point and minimum zoom
    /// (and `maxZoom` when the annotation's own ends the range early),
    /// hidden ones with why.
    private func writePlacement(_ p: ZoomRangePlacement, to w: inout JSONWriter) throws(JSONWriteError) {
        w.beginObject()
        if let anchor = p.anchor {
            w.key("anchor"); try anchor.writeJSON(to: &w)
            if case .geometry(.point(let point)) = annotations[p.itemIndex].annotatedFeature {
                w.key("anchorCoordinate")
                w.beginArray(); try w.write(point.coordinate.longitude); try w.write(point.coordinate.latitude); w.endArray()
            }
        }
        if let reason = p.hiddenReason { w.key("hiddenReason"); reason.writeJSON(to: &w) }
        w.key("id"); w.write(p.id)
        if let hi = p.maxZoom, hi < zoomRange.max { w.key("maxZoom"); try w.write(hi) }
        if let lo = p.minZoom { w.key("minZoom"); try w.write(lo) }
        w.key("visible"); w.write(p.isVisible)
        w.endObject()
    }
}
