import CartoucheJSON

extension StylePatchOperation {
    /// The operation as JSON: `{"op": name, …arguments}`, for sending to a
    /// client that applies it with the matching GL call.
    public var json: JSONValue {
        switch self {
        case .addImage(let image): ["op": "addImage", "image": image.json]
        case .removeImage(let name): ["op": "removeImage", "name": .string(name)]
        case .removeLayer(let id): ["op": "removeLayer", "id": .string(id)]
        case .removeSource(let id): ["op": "removeSource", "id": .string(id)]
        case .addSource(let id, let source): ["op": "addSource", "id": .string(id), "source": source.json]
        case .setFeatures(let source, let features):
            ["op": "setFeatures", "source": .string(source), "features": .array(features)]
        case .removeFeatures(let source, let ids):
            ["op": "removeFeatures", "source": .string(source), "ids": .array(ids.map(JSONValue.string))]
        case .updateFeatures(let source, let features):
            ["op": "updateFeatures", "source": .string(source), "features": .array(features)]
        case .addFeatures(let source, let features):
            ["op": "addFeatures", "source": .string(source), "features": .array(features)]
        case .setLayerProperty(let layer, let group, let key, let value):
            ["op": "setLayerProperty", "layer": .string(layer), "group": .string(group.rawValue), "key": .string(key), "value": value]
        case .unsetLayerProperty(let layer, let group, let key):
            ["op": "unsetLayerProperty", "layer": .string(layer), "group": .string(group.rawValue), "key": .string(key)]
        case .setFilter(let layer, let filter): ["op": "setFilter", "layer": .string(layer), "filter": filter ?? .null]
        case .addLayer(let layer, let before):
            ["op": "addLayer", "layer": layer.json, "before": before.map(JSONValue.string) ?? .null]
        case .moveLayer(let id, let before):
            ["op": "moveLayer", "id": .string(id), "before": before.map(JSONValue.string) ?? .null]
        }
    }
}

extension StylePatch {
    /// The operations as a JSON array, in application order.
    public var json: JSONValue { .array(operations.map(\.json)) }
}
