import CartoucheAnnotations
import CartoucheJSON
import CartoucheScene
import CartoucheStyle
import CartoucheText

/// The document as a server serves it: the hand-written text of
/// ``OpenAPIDocument`` with what only the running server knows filled in,
/// and the decoders' rule for `null` applied to every request schema.
extension OpenAPIDocument {
    /// The document a server with these fonts and this text length limit
    /// serves.
    ///
    /// - `FontStack` requires at least one of `fontNames` (`contains`), as the
    ///   text engine does; with no names it takes any strings.
    /// - `Text` gets `maxLength: maxTextLength` (JSON Schema counts Unicode
    ///   code points, as the limit does).
    /// - `Manager` lists, per manager type, the style-spec keys its
    ///   `properties` take and those its annotations' `properties` take.
    /// - Every optional member of an object schema a request body reaches
    ///   also accepts `null`: the decoders read a `null` member as an absent
    ///   one (`JSONObjectReader`).
    public static func json(fontNames: [String], maxTextLength: Int? = nil) -> String {
        let parsed: JSONValue
        do { parsed = try JSONParser().parse(template) } catch {
            preconditionFailure("OpenAPIDocument's text is not JSON: \(error)")  // a test parses it on every run
        }
        guard case .object(var document) = parsed, case .object(var components)? = document["components"],
              case .object(var schemas)? = components["schemas"] else {
            preconditionFailure("OpenAPIDocument's text has no components.schemas")
        }
        addingDiff(to: &document, schemas: &schemas)
        if case .object(var info)? = document["info"] {
            info["version"] = .string(CartoucheVersion.string)
            document["info"] = .object(info)
        }
        if case .object(var color)? = schemas["Color"], case .array(var forms)? = color["anyOf"], forms.count == 2 {
            forms[1] = ["enum": .array(StyleColor.names.map(JSONValue.string))]
            color["anyOf"] = .array(forms)
            schemas["Color"] = .object(color)
        }
        if !fontNames.isEmpty, case .object(var stack)? = schemas["FontStack"] {
            stack["contains"] = ["enum": .array(fontNames.map(JSONValue.string))]
            schemas["FontStack"] = .object(stack)
        }
        if let maxTextLength, case .object(var text)? = schemas["Text"] {
            text["maxLength"] = .number(Double(maxTextLength))
            schemas["Text"] = .object(text)
        }
        if case .object(var manager)? = schemas["Manager"] {
            manager["allOf"] = .array((manager["allOf"]?.arrayValue ?? []) + managerPropertyRules)
            schemas["Manager"] = .object(manager)
        }
        for name in reachableFromRequests(document: document, schemas: schemas) {
            if let schema = schemas[name] { schemas[name] = nullableOptionalMembers(schema) }
        }
        components["schemas"] = .object(schemas)
        document["components"] = .object(components)
        do { return try JSONValue.object(document).jsonString(style: .pretty) } catch {
            preconditionFailure("OpenAPIDocument holds a non-finite number: \(error)")
        }
    }

    /// The names a `text-font` stack may use with `registry`: its faces'
    /// names, then the aliases that resolve to one of them.
    public static func fontNames(of registry: FontRegistry) -> [String] {
        registry.familyNames + FontRegistry.aliases.keys.sorted().filter { registry.face(named: $0) != nil }
    }

    /// Per manager type, the style-spec keys of the manager's `properties`
    /// (its data-driven fallbacks and layer-only properties) and of its
    /// annotations' `properties` (data-driven only), from the descriptor
    /// tables the decoders use.
    static var managerPropertyRules: [JSONValue] {
        func rule<K: AnnotationKind>(_ type: String, _ kind: K.Type) -> JSONValue {
            let dataDriven = K.Annotation.Properties.descriptors.map(\.key)
            let all = (dataDriven + K.LayerProperties.descriptors.map(\.key)).sorted()
            func names(_ keys: [String]) -> JSONValue { ["propertyNames": ["enum": .array(keys.sorted().map(JSONValue.string))]] }
            return [
                "if": ["required": ["type"], "properties": ["type": ["const": .string(type)]]],
                "then": ["properties": [
                    "properties": names(all),
                    "annotations": ["items": ["properties": ["properties": names(dataDriven)]]],
                ]],
            ]
        }
        return [
            rule("point", PointAnnotationKind.self), rule("circle", CircleAnnotationKind.self),
            rule("polyline", PolylineAnnotationKind.self), rule("polygon", PolygonAnnotationKind.self),
        ]
    }

    /// The component schemas a request body reaches through `$ref`s.
    static func reachableFromRequests(document: [String: JSONValue], schemas: [String: JSONValue]) -> [String] {
        var found: [String] = []
        var pending: [JSONValue] = []
        for (_, item) in document["paths"]?.objectValue ?? [:] {
            for (_, operation) in item.objectValue ?? [:] {
                if let body = operation.objectValue?["requestBody"] { pending.append(body) }
            }
        }
        while let value = pending.popLast() {
            switch value {
            case .object(let members):
                if let ref = members["$ref"]?.stringValue, ref.hasPrefix("#/components/schemas/") {
                    let name = String(ref.dropFirst("#/components/schemas/".count))
                    if !found.contains(name), let schema = schemas[name] {
                        found.append(name)
                        pending.append(schema)
                    }
                }
                pending.append(contentsOf: members.values)
            case .array(let elements):
                pending.append(contentsOf: elements)
            default:
                break
            }
        }
        return found.sorted()
    }

    /// `schema` with every optional member of every `"type": "object"`
    /// schema inside it made to accept `null` too. Subschemas are walked
    /// (not `$ref`s: each component is rewritten once, on its own).
    static func nullableOptionalMembers(_ schema: JSONValue) -> JSONValue {
        switch schema {
        case .array(let elements):
            return .array(elements.map(nullableOptionalMembers))
        case .object(var members):
            for (key, value) in members { members[key] = nullableOptionalMembers(value) }
            guard members["type"] == "object", case .object(var properties)? = members["properties"] else { return .object(members) }
            let required = Set(members["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            for (name, property) in properties where !required.contains(name) {
                properties[name] = acceptingNull(property)
            }
            members["properties"] = .object(properties)
            return .object(members)
        default:
            return schema
        }
    }

    /// `property` or `null`; its description and default stay outside.
    static func acceptingNull(_ property: JSONValue) -> JSONValue {
        guard case .object(var inner) = property else { return property }
        // Already says what null does ("type": "null"), or takes anything.
        if inner["type"] == "null" || inner.keys.allSatisfy({ ["description", "default"].contains($0) }) { return property }
        var outer: [String: JSONValue] = [:]
        for key in ["description", "default"] {
            if let value = inner.removeValue(forKey: key) { outer[key] = value }
        }
        outer["anyOf"] = [.object(inner), ["type": "null"]]
        return .object(outer)
    }
}
