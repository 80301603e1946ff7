import CartoucheJSON

/// The layer types annotation styles use.
public enum StyleLayerType: String, Hashable, Sendable, CaseIterable {
    case background, fill, line, symbol, circle
    /// A Mapbox slot marker: layers with a matching `slot` render here.
    case slot
}

/// Whether a layer property lives under `layout` or `paint`.
public enum StylePropertyGroup: String, Hashable, Sendable { case layout, paint }

/// One style-spec v8 layer.
public struct StyleLayer: Hashable, Sendable {
    public var id: String
    public var type: StyleLayerType
    /// The source id; nil only for `background` and `slot` layers.
    public var source: String?
    /// The Mapbox slot the layer renders in, if any.
    public var slot: String?
    public var filter: JSONValue?
    public var layout: [String: JSONValue]
    public var paint: [String: JSONValue]
    public var minZoom: Double?
    public var maxZoom: Double?

    public init(
        id: String, type: StyleLayerType, source: String? = nil, slot: String? = nil,
        filter: JSONValue? = nil, layout: [String: JSONValue] = [:], paint: [String: JSONValue] = [:],
        minZoom: Double? = nil, maxZoom: Double? = nil
    ) {
        self.id = id
        self.type = type
        self.source = source
        self.slot = slot
        self.filter = filter
        self.layout = layout
        self.paint = paint
        self.minZoom = minZoom
        self.maxZoom = maxZoom
    }

    /// Sets a property in its group, or removes it when `value` is nil.
    public mutating func setProperty(_ key: String, in group: StylePropertyGroup, to value: JSONValue?) {
        switch group {
        case .layout: layout[key] = value
        case .paint: paint[key] = value
        }
    }

    /// The layer as style-spec JSON; empty `layout`/`paint` are omitted.
    public var json: JSONValue {
        var object: [String: JSONValue] = ["id": .string(id), "type": .string(type.rawValue)]
        if let source { object["source"] = .string(source) }
        if let slot { object["slot"] = .string(slot) }
        if let filter { object["filter"] = filter }
        if !layout.isEmpty { object["layout"] = .object(layout) }
        if !paint.isEmpty { object["paint"] = .object(paint) }
        if let minZoom { object["minzoom"] = .number(minZoom) }
        if let maxZoom { object["maxzoom"] = .number(maxZoom) }
        return .object(object)
    }
}
