/// Reads the members of one JSON object by name, with paths in every error,
/// and at the end rejects members nobody asked for.
///
/// ```swift
/// var reader = try JSONObjectReader(value, at: path)
/// let name = try reader.requiredString("name")
/// let size = try reader.optionalNumber("size") ?? 12
/// try reader.rejectUnknownMembers()   // "callouts[2].colour: unknown member …"
/// ```
///
/// Optional reads treat an explicit `null` like an absent member. Every name
/// passed to a read counts as known, whether or not it was present, so the
/// unknown-member error can list what is allowed.
public struct JSONObjectReader: Sendable {
    /// Path of the object itself.
    public let path: JSONPath
    /// All members of the object, read or not.
    public let members: [String: JSONValue]
    /// Names asked for so far, in first-asked order.
    private var knownNames: [String] = []

    /// Starts reading `value`, which must be an object.
    public init(_ value: JSONValue, at path: JSONPath) throws(JSONDecodingError) {
        self.members = try value.decodeObject(at: path)
        self.path = path
        knownNames.reserveCapacity(members.count + 4)
    }

    public init(members: [String: JSONValue], at path: JSONPath) {
        self.members = members
        self.path = path
        knownNames.reserveCapacity(members.count + 4)
    }

    /// The path of member `name` of this object.
    public func path(of name: String) -> JSONPath { path.appending(key: name) }

    /// The raw member, or nil when absent; marks `name` as known.
    public mutating func value(_ name: String) -> JSONValue? {
        if !knownNames.contains(name) { knownNames.append(name) }
        return members[name]
    }

    /// The raw member; a missing member is an error at the object's path.
    public mutating func required(_ name: String) throws(JSONDecodingError) -> JSONValue {
        guard let member = value(name) else {
            throw JSONDecodingError(path: path, reason: "missing required member \(JSONWriter.quoted(name))")
        }
        return member
    }

    /// Decodes a required member with `decode(value, pathOfValue)`.
    public mutating func required<T>(
        _ name: String, _ decode: (JSONValue, JSONPath) throws(JSONDecodingError) -> T
    ) throws(JSONDecodingError) -> T {
        try decode(try required(name), path(of: name))
    }

    /// Decodes an optional member; nil when absent or `null`.
    public mutating func optional<T>(
        _ name: String, _ decode: (JSONValue, JSONPath) throws(JSONDecodingError) -> T
    ) throws(JSONDecodingError) -> T? {
        guard let member = value(name), !member.isNull else { return nil }
        return try decode(member, path(of: name))
    }

    public mutating func requiredString(_ name: String) throws(JSONDecodingError) -> String {
        try required(name) { value, path throws(JSONDecodingError) in try value.decodeString(at: path) }
    }

    public mutating func optionalString(_ name: String) throws(JSONDecodingError) -> String? {
        try optional(name) { value, path throws(JSONDecodingError) in try value.decodeString(at: path) }
    }

    public mutating func requiredNumber(_ name: String) throws(JSONDecodingError) -> Double {
        try required(name) { value, path throws(JSONDecodingError) in try value.decodeNumber(at: path) }
    }

    public mutating func optionalNumber(_ name: String) throws(JSONDecodingError) -> Double? {
        try optional(name) { value, path throws(JSONDecodingError) in try value.decodeNumber(at: path) }
    }

    public mutating func requiredInt(_ name: String) throws(JSONDecodingError) -> Int {
        try required(name) { value, path throws(JSONDecodingError) in try value.decodeInt(at: path) }
    }

    public mutating func optionalInt(_ name: String) throws(JSONDecodingError) -> Int? {
        try optional(name) { value, path throws(JSONDecodingError) in try value.decodeInt(at: path) }
    }

    public mutating func requiredBool(_ name: String) throws(JSONDecodingError) -> Bool {
        try required(name) { value, path throws(JSONDecodingError) in try value.decodeBool(at: path) }
    }

    public mutating func optionalBool(_ name: String) throws(JSONDecodingError) -> Bool? {
        try optional(name) { value, path throws(JSONDecodingError) in try value.decodeBool(at: path) }
    }

    public mutating func requiredArray(_ name: String) throws(JSONDecodingError) -> [JSONValue] {
        try required(name) { value, path throws(JSONDecodingError) in try value.decodeArray(at: path) }
    }

    public mutating func optionalArray(_ name: String) throws(JSONDecodingError) -> [JSONValue]? {
        try optional(name) { value, path throws(JSONDecodingError) in try value.decodeArray(at: path) }
    }

    public mutating func requiredObject(_ name: String) throws(JSONDecodingError) -> [String: JSONValue] {
        try required(name) { value, path throws(JSONDecodingError) in try value.decodeObject(at: path) }
    }

    public mutating func optionalObject(_ name: String) throws(JSONDecodingError) -> [String: JSONValue]? {
        try optional(name) { value, path throws(JSONDecodingError) in try value.decodeObject(at: path) }
    }

    /// A required string member naming a case of `T` (see ``JSONValue/decodeCase(_:at:)``).
    public mutating func requiredCase<T: RawRepresentable & CaseIterable>(
        _ name: String, as type: T.Type = T.self
    ) throws(JSONDecodingError) -> T where T.RawValue == String {
        try required(name) { value, path throws(JSONDecodingError) in try value.decodeCase(T.self, at: path) }
    }

    /// An optional string member naming a case of `T`; nil when absent or null.
    public mutating func optionalCase<T: RawRepresentable & CaseIterable>(
        _ name: String, as type: T.Type = T.self
    ) throws(JSONDecodingError) -> T? where T.RawValue == String {
        try optional(name) { value, path throws(JSONDecodingError) in try value.decodeCase(T.self, at: path) }
    }

    /// Members whose names were never passed to a read, e.g. to keep foreign
    /// members instead of rejecting them.
    public var unreadMembers: [String: JSONValue] {
        // Usually every member was read: answer without building a dictionary.
        guard members.keys.contains(where: { !knownNames.contains($0) }) else { return [:] }
        return members.filter { !knownNames.contains($0.key) }
    }

    /// Throws when the object has members no read asked for. The error points
    /// at the first unknown member (in UTF-8 order), names any others, and
    /// lists the members that are allowed.
    public func rejectUnknownMembers() throws(JSONDecodingError) {
        let unknown = members.keys.filter { !knownNames.contains($0) }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        guard let first = unknown.first else { return }
        var reason = "unknown member"
        if unknown.count > 1 {
            reason += " (also unknown: \(unknown.dropFirst().map(JSONWriter.quoted).joined(separator: ", ")))"
        }
        if knownNames.isEmpty {
            reason += "; this object takes no members"
        } else {
            reason += "; allowed members are \(knownNames.map(JSONWriter.quoted).joined(separator: ", "))"
        }
        throw JSONDecodingError(path: path(of: first), reason: reason)
    }
}
