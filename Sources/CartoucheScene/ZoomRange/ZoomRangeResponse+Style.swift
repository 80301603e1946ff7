import CartoucheAnnotations
import CartoucheGeometry
import CartoucheJSON
import CartouchePlacement
import CartoucheText

extension ZoomRangeResponse {
    /// The source id of a compiled zoom-range scene.
    public static let sourceId = "zoom-range-labels"

    /// The placed labels as a GeoJSON source and symbol layers renderers
    /// draw as is (`compile` of a zoom-range scene).
    ///
    /// Every shown annotation with text content becomes a Point feature with
    /// properties `id`, `text`, `minzoom` (the exact one), `maxzoom` (when
    /// its own ends the range early), `anchor`, `offsetX`/`offsetY` (points,
    /// +y up as in the scene) and `textOffset` (the same in ems of the text
    /// size, +y down, for `text-offset`, moved by where the measured text
    /// sits inside the box: `textInset(_:content:layout:)`), plus Tippecanoe's
    /// `"tippecanoe": {"minzoom": ⌈minzoom⌉}` (and `"maxzoom": ⌊maxzoom⌋ − 1`,
    /// since a tile of zoom N is drawn up to N + 1). Style filters see `zoom` only
    /// at integers, but a layer's `minzoom` may be fractional: one layer per
    /// `step` of minimum zoom (and per font, size and maxzoom), its `minzoom`
    /// the features' minimum zooms rounded *up* to the step (a later start
    /// only shortens a range, so it never creates a collision) and its
    /// `maxzoom` the features' own maxZoom rounded down. Layers overlap
    /// freely (`text-allow-overlap`, `text-ignore-placement`): collisions are
    /// already resolved. Text is the annotation's runs joined; the first
    /// run's font and size draw it.
    ///
    /// - Complexity: O(n log n) in the shown annotations.
    public func style(contents: [String: CalloutContent], step: Double = 0.25) -> (source: JSONValue, layers: [JSONValue]) {
        var features: [JSONValue] = []
        struct LayerKey: Hashable, Comparable {
            var minZoom: Double, maxZoom: Double?, font: [String], size: Double
            static func < (a: LayerKey, b: LayerKey) -> Bool {
                if a.minZoom != b.minZoom { return a.minZoom < b.minZoom }
                if a.maxZoom != b.maxZoom { return (a.maxZoom ?? .infinity) < (b.maxZoom ?? .infinity) }
                if a.size != b.size { return a.size < b.size }
                return a.font.lexicographicallyPrecedes(b.font)
            }
        }
        var keys = Set<LayerKey>()
        // Distinct text offsets, numbered: vector tiles (Tippecanoe) carry
        // no arrays, so each layer picks its features' offset by number.
        var offsets: [Pair: Int] = [:]
        var layerOffsets: [LayerKey: Set<Int>] = [:]
        for p in result.placements {
            guard let m = p.minZoom, let anchor = p.anchor, let content = contents[p.id], let first = content.runs.first,
                  case .geometry(.point(let point)) = annotations[p.itemIndex].annotatedFeature else { continue }
            let text = content.runs.map(\.text).joined()
            let inset = layouts[p.id].map { Self.textInset(anchor.anchor, content: content, layout: $0) } ?? (x: 0, y: 0)
            let hi = p.maxZoom.flatMap { $0 < zoomRange.max ? $0 : nil }
            // Rounded up to the step, never below the range: a later start keeps the answer valid.
            let layerMin = min(zoomRange.max, (m / step).rounded(.up) * step)
            let layerMax = hi.map { ($0 / step).rounded(.down) * step }
            if let layerMax, layerMax <= layerMin { continue }  // no whole step left to draw it in
            let key = LayerKey(minZoom: layerMin, maxZoom: layerMax, font: first.font, size: first.size)
            keys.insert(key)
            let textOffset = Pair(x: (anchor.offsetX + inset.x) / first.size, y: (-anchor.offsetY + inset.y) / first.size)
            let offsetIndex = offsets[textOffset] ?? offsets.count
            offsets[textOffset] = offsetIndex
            layerOffsets[key, default: []].insert(offsetIndex)
            var properties: [String: JSONValue] = [
                "id": .string(p.id), "text": .string(text), "minzoom": .number(m), "layer": .string(Self.layerId(key.minZoom, key.maxZoom, key.font, key.size)),
                "anchor": .string(anchor.anchor.rawValue), "offsetX": .number(anchor.offsetX), "offsetY": .number(anchor.offsetY),
                "textOffset": [.number(textOffset.x), .number(textOffset.y)], "offset": .number(Double(offsetIndex)),
            ]
            if let hi { properties["maxzoom"] = .number(hi) }
            if let width = content.maxTextWidth { properties["textMaxWidth"] = .number(width / first.size) }
            var tippecanoe: [String: JSONValue] = ["minzoom": .number(m.rounded(.up))]
            // A tile of zoom N is drawn over zooms [N, N + 1): the last tile must end by `hi`.
            if let hi { tippecanoe["maxzoom"] = .number(hi.rounded(.down) - 1) }
            features.append([
                "type": "Feature", "id": .string(p.id), "properties": .object(properties),
                "tippecanoe": .object(tippecanoe),
                "geometry": ["type": "Point", "coordinates": [.number(point.coordinate.longitude), .number(point.coordinate.latitude)]],
            ])
        }
        var table = [Pair](repeating: Pair(x: 0, y: 0), count: offsets.count)
        for (pair, index) in offsets { table[index] = pair }
        let layers: [JSONValue] = keys.sorted().map { key in
            let id = Self.layerId(key.minZoom, key.maxZoom, key.font, key.size)
            let used = (layerOffsets[key] ?? []).sorted()
            var offset: JSONValue = ["literal", [.number(table[used[0]].x), .number(table[used[0]].y)]]
            if used.count > 1 {
                offset = .array(["match", ["get", "offset"]] + used.flatMap { i -> [JSONValue] in
                    [.number(Double(i)), ["literal", [.number(table[i].x), .number(table[i].y)]]]
                } + [offset])
            }
            var layer: [String: JSONValue] = [
                "id": .string(id), "type": "symbol", "source": .string(Self.sourceId),
                "filter": ["==", ["get", "layer"], .string(id)],
                "layout": [
                    "text-field": ["get", "text"], "text-font": .array(key.font.map(JSONValue.string)), "text-size": .number(key.size),
                    "text-anchor": ["get", "anchor"], "text-offset": offset,
                    // Measured on one line unless the content wraps: MapLibre's default (10 ems) would wrap it.
                    "text-max-width": ["coalesce", ["get", "textMaxWidth"], .number(Self.unwrappedWidth)],
                    "text-allow-overlap": true, "text-ignore-placement": true,
                ],
            ]
            if key.minZoom > 0 { layer["minzoom"] = .number(key.minZoom) }
            if let hi = key.maxZoom { layer["maxzoom"] = .number(hi) }
            return .object(layer)
        }
        let source: JSONValue = ["type": "geojson", "data": ["type": "FeatureCollection", "features": .array(features)]]
        return (source, layers)
    }

    /// A text offset in ems.
    struct Pair: Hashable {
        var x: Double, y: Double
    }

    /// `text-max-width` (ems) of a label whose content does not wrap: wider
    /// than any text of allowed length.
    static let unwrappedWidth = 1_000_000.0

    /// How far the text block sits from where a renderer puts a text of its
    /// size for `anchor` at the box's anchored point, in points (y down):
    /// `text − align · (box − text)` on each axis, so the drawn text lands
    /// on the measured text frame inside the padding, and the renderer's
    /// own text box (plus its `text-padding`) stays inside the placed box.
    static func textInset(_ anchor: BoxAnchor, content: CalloutContent, layout: CalloutLayout) -> (x: Double, y: Double) {
        // Margins around the text block (the bubble sits a tail's length in
        // from the box's edges), from the content's own lengths.
        let tail = content.tailSize, text = layout.textFrame
        let left = tail + text.minX, right = tail + content.padding.right
        let top = tail + text.minY, bottom = tail + content.padding.bottom + (text.minY - content.padding.top)
        return (left - anchor.horizontalAlign * (left + right), top - anchor.verticalAlign * (top + bottom))
    }

    /// `zoom-range-labels-z<min>[-<max>]-<size>-<font>`: one id per layer key.
    static func layerId(_ lo: Double, _ hi: Double?, _ font: [String], _ size: Double) -> String {
        func number(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(x) }
        let range = hi.map { "z\(number(lo))-\(number($0))" } ?? "z\(number(lo))"
        return "\(sourceId)-\(range)-\(number(size))-\(font.joined(separator: ","))"
    }
}
