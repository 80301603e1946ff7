import CartoucheJSON

/// MapLibre GL JS 5's `GeoJSONFeatureDiff`: what changes in one feature,
/// found by id (the source's `promoteId`, `"id"` in compiled sources).
public struct GeoJSONFeatureDiff: Hashable, Sendable {
    /// One `{"key", "value"}` of `addOrUpdateProperties`.
    public struct PropertyValue: Hashable, Sendable {
        public var key: String
        public var value: JSONValue
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public var id: String
    /// The new geometry, nil when it did not change.
    public var newGeometry: JSONValue?
    /// Property keys the feature no longer has, sorted.
    public var removeProperties: [String]
    /// Properties added or changed, sorted by key.
    public var addOrUpdateProperties: [PropertyValue]

    public init(id: String, newGeometry: JSONValue? = nil, removeProperties: [String] = [], addOrUpdateProperties: [PropertyValue] = []) {
        self.id = id
        self.newGeometry = newGeometry
        self.removeProperties = removeProperties
        self.addOrUpdateProperties = addOrUpdateProperties
    }

    /// The change from `old` to `new` (two GeoJSON features with the same id).
    /// - Complexity: O(properties).
    public init(id: String, from old: JSONValue, to new: JSONValue) {
        let before = old.objectValue ?? [:], after = new.objectValue ?? [:]
        let oldProperties = before["properties"]?.objectValue ?? [:], newProperties = after["properties"]?.objectValue ?? [:]
        // Spelled out: JSONValue takes a nil literal, which would be a null geometry.
        let geometry: JSONValue? = before["geometry"] == after["geometry"] ? Optional.none : after["geometry"] ?? .null
        self.init(
            id: id,
            newGeometry: geometry,
            removeProperties: oldProperties.keys.filter { newProperties[$0] == nil }.sorted(),
            addOrUpdateProperties: newProperties.keys.sorted().compactMap { key in
                oldProperties[key] == newProperties[key] ? nil : PropertyValue(key: key, value: newProperties[key] ?? .null)
            })
    }

    /// `{"id", "newGeometry"?, "removeProperties"?, "addOrUpdateProperties"?}`.
    public var json: JSONValue {
        var object: [String: JSONValue] = ["id": .string(id)]
        if let newGeometry { object["newGeometry"] = newGeometry }
        if !removeProperties.isEmpty { object["removeProperties"] = .array(removeProperties.map(JSONValue.string)) }
        if !addOrUpdateProperties.isEmpty {
            object["addOrUpdateProperties"] = .array(addOrUpdateProperties.map { ["key": .string($0.key), "value": $0.value] })
        }
        return .object(object)
    }
}

/// MapLibre GL JS 5's `GeoJSONSourceDiff`, the argument of
/// `GeoJSONSource.updateData`: applied as remove, then add (appended, in
/// order), then update (in place).
public struct GeoJSONSourceDiff: Hashable, Sendable {
    /// Ids of the features removed.
    public var remove: [String]
    /// Whole features added, in order.
    public var add: [JSONValue]
    public var update: [GeoJSONFeatureDiff]

    public init(remove: [String] = [], add: [JSONValue] = [], update: [GeoJSONFeatureDiff] = []) {
        self.remove = remove
        self.add = add
        self.update = update
    }

    public var isEmpty: Bool { remove.isEmpty && add.isEmpty && update.isEmpty }

    /// `{"remove"?, "add"?, "update"?}`: only the non-empty members.
    public var json: JSONValue {
        var object: [String: JSONValue] = [:]
        if !remove.isEmpty { object["remove"] = .array(remove.map(JSONValue.string)) }
        if !add.isEmpty { object["add"] = .array(add) }
        if !update.isEmpty { object["update"] = .array(update.map(\.json)) }
        return .object(object)
    }
}
