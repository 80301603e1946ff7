import CartoucheJSON

/// One change to a style fragment, in the vocabulary of GL renderers
/// (`addSource`, `updateData`, `setLayoutProperty`, `moveLayer`, …).
public enum StylePatchOperation: Hashable, Sendable {
    case addImage(StyleImage)
    case removeLayer(String)
    case removeSource(String)
    case addSource(id: String, GeoJSONSource)
    /// Replace all features (when order changed beyond appends).
    case setFeatures(source: String, [JSONValue])
    /// Remove features by id.
    case removeFeatures(source: String, ids: [String])
    /// Replace features in place, matched by id.
    case updateFeatures(source: String, [JSONValue])
    /// Append features.
    case addFeatures(source: String, [JSONValue])
    case setLayerProperty(layer: String, group: StylePropertyGroup, key: String, value: JSONValue)
    case unsetLayerProperty(layer: String, group: StylePropertyGroup, key: String)
    case setFilter(layer: String, JSONValue?)
    /// Add a layer directly below `before` (nil: on top).
    case addLayer(StyleLayer, before: String?)
    /// Move a layer directly below `before` (nil: on top).
    case moveLayer(String, before: String?)
    case removeImage(String)
}

/// Why a patch does not fit the fragment it is applied to.
public enum StylePatchError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownSource(String)
    case unknownLayer(String)
    case unknownFeature(source: String, id: String)
    case duplicateId(String)

    public var description: String {
        switch self {
        case .unknownSource(let id): "patch refers to source \"\(id)\", which the style lacks"
        case .unknownLayer(let id): "patch refers to layer \"\(id)\", which the style lacks"
        case .unknownFeature(let source, let id): "patch refers to feature \"\(id)\" of source \"\(source)\", which is missing"
        case .duplicateId(let id): "patch adds \"\(id)\", which already exists"
        }
    }
}

/// A minimal, atomic change from one fragment to another: apply all of
/// its operations together, in order, so features and the layer
/// properties that read them never disagree on screen.
///
/// Operation order is what a GL renderer needs: images first, removed
/// layers before removed sources, sources before features, layer
/// properties, then added and moved layers, unused images last.
public struct StylePatch: Hashable, Sendable {
    public var operations: [StylePatchOperation]
    public init(operations: [StylePatchOperation] = []) { self.operations = operations }
    public var isEmpty: Bool { operations.isEmpty }
}

/// Feature ids are strings in Cartouche output; features without one are
/// matched by position, which never happens for compiled annotations.
func featureId(_ feature: JSONValue) -> String? { feature.objectValue?["id"]?.stringValue }
