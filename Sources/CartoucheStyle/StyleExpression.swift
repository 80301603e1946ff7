import CartoucheJSON

/// Builders for the few style-spec expressions Cartouche emits. Each returns
/// the expression as JSON, ready to be a layer property or filter.
public enum StyleExpression {
    /// `["get", key]`: a property of the feature.
    public static func get(_ key: String) -> JSONValue { [.string("get"), .string(key)] }

    /// `["get", key, object]`: a member of an object-valued expression.
    public static func get(_ key: String, from object: JSONValue) -> JSONValue {
        [.string("get"), .string(key), object]
    }

    /// `["has", key]`: true when the feature has the property.
    public static func has(_ key: String) -> JSONValue { [.string("has"), .string(key)] }

    /// `["!", expression]`.
    public static func not(_ expression: JSONValue) -> JSONValue { [.string("!"), expression] }

    /// `["coalesce", e1, e2, …]`: the first non-null value.
    public static func coalesce(_ expressions: [JSONValue]) -> JSONValue {
        .array([.string("coalesce")] + expressions)
    }

    /// A constant as an expression argument. Arrays and objects must be
    /// wrapped in `["literal", …]`, or the renderer reads them as expressions.
    public static func literal(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array, .object: [.string("literal"), value]
        default: value
        }
    }

    /// The feature property holding an annotation's own value of style
    /// property `key`: `"<container>.<key>"`, a flat member of the feature's
    /// properties. Flat, not nested as the Mapbox SDK nests them
    /// (`{"layerProperties": {key: …}}`): MapLibre GL JS hands a nested object
    /// to `queryRenderedFeatures` as a JSON string, so a lookup through it
    /// evaluates on the workers (drawing) but not on the main thread (hit
    /// testing), which warns and falls back to the default.
    public static func perFeatureKey(_ key: String, in container: String) -> String { container + "." + key }

    /// The data-driven form of an annotation property:
    /// `["coalesce", ["get", "<container>.<key>"], fallback]`. The per-feature
    /// value wins; `fallback` (the manager's value, the spec default, or a
    /// neutral value for properties without one) applies to features that
    /// don't set it. With no fallback (a property whose absence means
    /// something, as `icon-image`'s) the expression yields null there.
    public static func perFeature(_ key: String, in container: String, fallback: JSONValue?) -> JSONValue {
        let lookup = get(perFeatureKey(key, in: container))
        guard let fallback else { return coalesce([lookup]) }
        return coalesce([lookup, literal(fallback)])
    }

    /// ``perFeature(_:in:fallback:)`` with an expression as the fallback,
    /// kept as written (not a literal). A zoom curve cannot sit under that
    /// `coalesce` (the per-feature lookup is untyped, so the `coalesce` gets a
    /// run-time assertion and the curve is no longer top-level: MapLibre
    /// refuses it); the lookup goes into each of the curve's outputs instead,
    /// `["interpolate", c, ["zoom"], z0, ["coalesce", lookup, v0], …]`, which
    /// gives the feature's value at every zoom and the curve elsewhere.
    public static func perFeature(_ key: String, in container: String, fallbackExpression: JSONValue) -> JSONValue {
        let lookup = get(perFeatureKey(key, in: container))
        return withZoomCurveOutputs(fallbackExpression) { coalesce([lookup, $0]) } ?? coalesce([lookup, fallbackExpression])
    }

    /// `expression` with `transform` applied to each output of its zoom curve
    /// (top-level, or under a top-level `let` or `coalesce`); nil without one.
    static func withZoomCurveOutputs(_ expression: JSONValue, _ transform: (JSONValue) -> JSONValue) -> JSONValue? {
        guard case .array(var items) = expression, case .string(let op)? = items.first else { return nil }
        let zoom: JSONValue = [.string("zoom")]
        switch op {
        case "interpolate" where items.count > 2 && items[2] == zoom:
            for i in stride(from: 4, to: items.count, by: 2) { items[i] = transform(items[i]) }
        case "step" where items.count > 2 && items[1] == zoom:
            for i in stride(from: 2, to: items.count, by: 2) { items[i] = transform(items[i]) }
        case "let":
            guard let body = items.last.flatMap({ withZoomCurveOutputs($0, transform) }) else { return nil }
            items[items.count - 1] = body
        case "coalesce":
            guard let i = items.indices.dropFirst().first(where: { withZoomCurveOutputs(items[$0], transform) != nil }),
                  let curve = withZoomCurveOutputs(items[i], transform) else { return nil }
            items[i] = curve
        default:
            return nil
        }
        return .array(items)
    }
}
