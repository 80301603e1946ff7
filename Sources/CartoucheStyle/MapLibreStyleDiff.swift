import CartoucheJSON

/// One call a MapLibre GL JS client makes to turn one style into another
/// without reloading it; each is named after the `Map` (or
/// `GeoJSONSource`) method that applies it.
public enum MapLibreStyleOperation: Hashable, Sendable {
    case removeLayer(id: String)
    case removeSource(id: String)
    case addSource(id: String, GeoJSONSource)
    /// `map.getSource(source).updateData(diff)`.
    case updateData(source: String, GeoJSONSourceDiff)
    /// `map.getSource(source).setData(collection)`: when the features cannot
    /// be matched by id, or removing and appending cannot give their order.
    case setData(source: String, features: [JSONValue])
    /// `map.setPaintProperty(layer, name, value)`; a null value resets it.
    case setPaintProperty(layer: String, name: String, value: JSONValue)
    case setLayoutProperty(layer: String, name: String, value: JSONValue)
    /// `map.setFilter(layer, filter)`; null removes the filter.
    case setFilter(layer: String, filter: JSONValue)
    /// `map.addLayer(layer, before)`; before nil puts it on top.
    case addLayer(StyleLayer, before: String?)
    case moveLayer(id: String, before: String?)
    /// `map.setGlyphs(url)` (null: none).
    case setGlyphs(String?)
    /// `map.setSprite(url)` (null: none).
    case setSprite(String?)
    /// `map.setProjection(projection)`; nil sets Mercator.
    case setProjection(StyleProjection?)

    /// `{"op": method name, …arguments by name}`.
    public var json: JSONValue {
        func optional(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        switch self {
        case .removeLayer(let id): return ["op": "removeLayer", "id": .string(id)]
        case .removeSource(let id): return ["op": "removeSource", "id": .string(id)]
        case .addSource(let id, let source): return ["op": "addSource", "id": .string(id), "source": source.json]
        case .updateData(let source, let diff): return ["op": "updateData", "source": .string(source), "diff": diff.json]
        case .setData(let source, let features):
            return ["op": "setData", "source": .string(source), "data": ["type": "FeatureCollection", "features": .array(features)]]
        case .setPaintProperty(let layer, let name, let value):
            return ["op": "setPaintProperty", "layer": .string(layer), "name": .string(name), "value": value]
        case .setLayoutProperty(let layer, let name, let value):
            return ["op": "setLayoutProperty", "layer": .string(layer), "name": .string(name), "value": value]
        case .setFilter(let layer, let filter): return ["op": "setFilter", "layer": .string(layer), "filter": filter]
        case .addLayer(let layer, let before): return ["op": "addLayer", "layer": layer.json, "before": optional(before)]
        case .moveLayer(let id, let before): return ["op": "moveLayer", "id": .string(id), "before": optional(before)]
        case .setGlyphs(let url): return ["op": "setGlyphs", "url": optional(url)]
        case .setSprite(let url): return ["op": "setSprite", "url": optional(url)]
        case .setProjection(let projection):
            return ["op": "setProjection", "projection": projection?.json ?? ["type": "mercator"]]
        }
    }
}

/// The calls that turn a MapLibre map showing one complete style into the
/// same map showing another: sources and layers added and removed, each
/// GeoJSON source's features as one `updateData` diff, paint, layout and
/// filter changes, layer moves, and the root's glyphs, sprite and
/// projection. The camera is left alone (the client's).
public struct MapLibreStyleDiff: Hashable, Sendable {
    /// In the order they must be applied.
    public var operations: [MapLibreStyleOperation]

    public init(operations: [MapLibreStyleOperation]) { self.operations = operations }

    /// The diff from `old` to `new`, from ``StylePatch/diff(from:to:baseLayerIds:)``
    /// on the two documents' sources and layers (every layer of a complete
    /// style is one of its own, so moves and insertions name only layers the
    /// map has), each source's feature operations merged into one
    /// `updateData` (features matched by their `id`).
    /// - Complexity: O(F + L²) for F features and L layers.
    public static func between(_ old: StyleDocument, _ new: StyleDocument) -> MapLibreStyleDiff {
        var operations: [MapLibreStyleOperation] = []
        if old.glyphs != new.glyphs { operations.append(.setGlyphs(new.glyphs)) }
        if old.sprite != new.sprite { operations.append(.setSprite(new.sprite)) }
        if old.projection != new.projection { operations.append(.setProjection(new.projection)) }
        let patch = StylePatch.diff(from: StyleFragment(sources: old.sources, layers: old.layers),
                                    to: StyleFragment(sources: new.sources, layers: new.layers))
        var pending: (source: String, diff: GeoJSONSourceDiff)?
        func flush() {
            if let (source, diff) = pending, !diff.isEmpty { operations.append(.updateData(source: source, diff)) }
            pending = nil
        }
        func edit(_ source: String, _ change: (inout GeoJSONSourceDiff) -> Void) {
            if pending?.source != source { flush(); pending = (source, GeoJSONSourceDiff()) }
            change(&pending!.diff)
        }
        for op in patch.operations {
            switch op {
            case .removeFeatures(let source, let ids): edit(source) { $0.remove += ids }
            case .addFeatures(let source, let features): edit(source) { $0.add += features }
            case .updateFeatures(let source, let features):
                let before = Dictionary((old.sources[source]?.features ?? []).compactMap { f in featureId(f).map { ($0, f) } },
                                        uniquingKeysWith: { a, _ in a })
                edit(source) { diff in
                    for f in features {
                        guard let id = featureId(f), let previous = before[id] else { continue }
                        diff.update.append(GeoJSONFeatureDiff(id: id, from: previous, to: f))
                    }
                }
            default:
                flush()
                if let converted = convert(op) { operations.append(converted) }
            }
        }
        flush()
        return MapLibreStyleDiff(operations: operations)
    }

    /// The operations that are not about features, one for one; images
    /// (which complete styles take from their sprite) have none.
    private static func convert(_ op: StylePatchOperation) -> MapLibreStyleOperation? {
        switch op {
        case .removeLayer(let id): .removeLayer(id: id)
        case .removeSource(let id): .removeSource(id: id)
        case .addSource(let id, let source): .addSource(id: id, source)
        case .setFeatures(let source, let features): .setData(source: source, features: features)
        case .setLayerProperty(let layer, .paint, let key, let value): .setPaintProperty(layer: layer, name: key, value: value)
        case .setLayerProperty(let layer, .layout, let key, let value): .setLayoutProperty(layer: layer, name: key, value: value)
        case .unsetLayerProperty(let layer, .paint, let key): .setPaintProperty(layer: layer, name: key, value: .null)
        case .unsetLayerProperty(let layer, .layout, let key): .setLayoutProperty(layer: layer, name: key, value: .null)
        case .setFilter(let layer, let filter): .setFilter(layer: layer, filter: filter ?? .null)
        case .addLayer(let layer, let before): .addLayer(layer, before: before)
        case .moveLayer(let id, let before): .moveLayer(id: id, before: before)
        case .addImage, .removeImage, .removeFeatures, .addFeatures, .updateFeatures: nil
        }
    }

    /// `{"operations": [...]}`.
    public var json: JSONValue { ["operations": .array(operations.map(\.json))] }
}
