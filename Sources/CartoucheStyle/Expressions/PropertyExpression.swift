import CartoucheJSON

/// What a style-spec property allows in an expression: the spec's
/// `expression` block (`interpolated`, `parameters`) and the value type.
public struct ExpressionRules: Hashable, Sendable {
    /// The type the expression must produce.
    public var type: ExpressionType
    /// Whether a zoom curve may be an `interpolate` (`"interpolated": true`);
    /// `step` is always allowed.
    public var interpolatable: Bool
    /// Whether the value may vary per feature (`"parameters"` holds `"feature"`).
    public var featureDependent: Bool
    /// Whether `feature-state` may be read (data-driven paint properties).
    public var featureState: Bool

    public init(type: ExpressionType, interpolatable: Bool, featureDependent: Bool, featureState: Bool) {
        self.type = type
        self.interpolatable = interpolatable
        self.featureDependent = featureDependent
        self.featureState = featureState
    }
}

/// A property value given as a style-spec expression: kept verbatim for the
/// compiled style, parsed and type-checked for evaluation by Cartouche.
public struct PropertyExpression: Hashable, Sendable {
    /// The expression exactly as written; compile output emits this.
    public let json: JSONValue
    public let parsed: ParsedExpression
    /// No `["zoom"]` anywhere.
    public let isZoomConstant: Bool
    /// Reads nothing of the feature (`get`/`has` of the feature, `properties`,
    /// `id`, `geometry-type`, `feature-state`), as MapLibre's `isFeatureConstant`.
    public let isFeatureConstant: Bool
    /// No `feature-state`.
    public let isStateConstant: Bool

    /// Parses `json` for a property with `rules`, applying the spec's rules
    /// beyond types: `zoom` only as the input of a top-level `interpolate` or
    /// `step` (possibly inside a top-level `let` or `coalesce`), `interpolate`
    /// only on interpolatable properties, data only where the property is
    /// data-driven, `feature-state` only on data-driven paint properties.
    /// - Throws: ``ExpressionParseError`` with the path inside the expression
    ///   (empty for the rules about the whole expression).
    /// - Complexity: O(size of the expression).
    public init(parsing json: JSONValue, rules: ExpressionRules) throws(ExpressionParseError) {
        let parsed = try StyleExpression.parse(json, expecting: rules.type)
        var uses = ExpressionUses()
        uses.collect(parsed)
        if uses.feature && !rules.featureDependent {
            throw ExpressionParseError(path: "", reason: uses.state && !uses.featureData
                ? "\"feature-state\" cannot be used with this property (only data-driven paint properties read feature state)"
                : "this property takes one value per layer, so its expression cannot read the feature (get, has, properties, id, geometry-type, feature-state); only zoom")
        }
        if uses.state && !rules.featureState {
            throw ExpressionParseError(path: "", reason: "\"feature-state\" data expressions are not supported with layout properties")
        }
        if uses.zoom {
            switch try ZoomCurve.find(in: parsed) {
            case nil:
                throw ExpressionParseError(path: "", reason: ZoomCurve.topLevelOnly)
            case .interpolate? where !rules.interpolatable:
                throw ExpressionParseError(path: "", reason: "\"interpolate\" expressions cannot be used with this property; use \"step\"")
            default:
                break
            }
        }
        self.json = json
        self.parsed = parsed
        isZoomConstant = !uses.zoom
        isFeatureConstant = !uses.feature
        isStateConstant = !uses.state
    }

    /// Whether `json` is meant as an expression for a property whose values
    /// have `type`, as MapLibre's `isExpression` decides: an array whose
    /// first element is an operator name. For properties that are not arrays
    /// any array is taken as an expression, so a misspelt operator is
    /// reported as one rather than as "expected a color"; for arrays of
    /// strings (`text-font`) only a known operator makes one.
    public static func isExpression(_ json: JSONValue, for type: ExpressionType) -> Bool {
        guard case .array(let items) = json else { return false }
        guard case .array(let item, _) = type else { return true }
        guard case .string(let first)? = items.first else { return false }
        return item != .string || StyleExpression.operatorNames.contains(first)
    }
}

/// Which inputs an expression reads.
struct ExpressionUses {
    var zoom = false
    /// Any feature input, `feature-state` included (MapLibre's `isFeatureConstant`).
    var feature = false
    /// A feature input other than `feature-state`.
    var featureData = false
    var state = false
    /// A `var` (its binding may read anything).
    var variable = false
    /// `["accumulated"]` (a cluster property's value folded so far).
    var accumulated = false

    mutating func collect(_ e: ParsedExpression) {
        if case .variable = e { variable = true }
        if case .call(let op, let args, _) = e {
            switch op {
            case "zoom": zoom = true
            case "accumulated": accumulated = true
            case "feature-state": state = true; feature = true
            // One argument reads the feature; a second names the object to read
            // (itself feature-dependent only if it reads the feature, found below).
            case "get" where args.count == 1, "has" where args.count == 1: feature = true; featureData = true
            case "properties", "id", "geometry-type": feature = true; featureData = true
            default: break
            }
        }
        for child in e.children { collect(child) }
    }
}

/// MapLibre's `findZoomCurve`: the one `interpolate` or `step` whose input is
/// `["zoom"]`, found at the top level or through top-level `let` and `coalesce`.
enum ZoomCurve {
    case interpolate, step

    static let topLevelOnly = "\"zoom\" expression may only be used as input to a top-level \"step\" or \"interpolate\" expression"

    /// - Returns: nil when zoom is used elsewhere than as such a curve's input.
    static func find(in e: ParsedExpression) throws(ExpressionParseError) -> ZoomCurve? {
        var found: (curve: ZoomCurve, node: ParsedExpression)?
        func search(_ e: ParsedExpression) throws(ExpressionParseError) -> (curve: ZoomCurve, node: ParsedExpression)? {
            var result: (curve: ZoomCurve, node: ParsedExpression)?
            switch e {
            case .letIn(_, let body): result = try search(body)
            case .call("coalesce", let args, _):
                for arg in args { if let r = try search(arg) { result = r; break } }
            case .interpolate(_, .call("zoom", _, _), _, _): result = (.interpolate, e)
            case .step(.call("zoom", _, _), _, _, _): result = (.step, e)
            default: break
            }
            for child in e.children {
                let childResult = try search(child)
                if result == nil, childResult != nil {
                    throw ExpressionParseError(path: "", reason: topLevelOnly)
                }
                if let r = result, let c = childResult, r.node != c.node {
                    throw ExpressionParseError(path: "", reason: "only one zoom-based \"step\" or \"interpolate\" subexpression may be used in an expression")
                }
            }
            return result
        }
        found = try search(e)
        return found?.curve
    }
}

extension ParsedExpression {
    /// Direct subexpressions.
    var children: [ParsedExpression] {
        switch self {
        case .literal, .variable: []
        case .call(_, let args, _): args
        case .assertion(_, let inner): [inner]
        case .caseOf(let branches, let otherwise, _): branches.flatMap { [$0.0, $0.1] } + [otherwise]
        case .match(let input, let branches, let otherwise, _): [input] + branches.map(\.1) + [otherwise]
        case .interpolate(_, let input, let stops, _): [input] + stops.map(\.1)
        case .step(let input, let first, let stops, _): [input, first] + stops.map(\.1)
        case .letIn(let bindings, let body): bindings.map(\.1) + [body]
        }
    }
}

extension StyleExpression {
    /// Every operator of the MapLibre/Mapbox style spec, supported here or
    /// not: what makes an array an expression (see
    /// ``PropertyExpression/isExpression(_:for:)``), so an unsupported one is
    /// reported by name instead of being read as an array of strings.
    public static let operatorNames: Set<String> = [
        "literal", "get", "has", "feature-state", "zoom", "id", "geometry-type", "properties", "var", "let",
        "case", "match", "coalesce", "interpolate", "step", "==", "!=", "<", "<=", ">", ">=", "all", "any", "!",
        "+", "-", "*", "/", "%", "^", "min", "max", "abs", "round", "floor", "ceil", "sqrt", "ln", "log10", "log2",
        "sin", "cos", "tan", "asin", "acos", "atan", "e", "pi", "ln2", "to-number", "to-string", "to-boolean",
        "to-color", "to-rgba", "number", "string", "boolean", "object", "array", "typeof", "at", "length", "concat",
        "downcase", "upcase", "rgb", "rgba", "in", "index-of", "slice",
        // Known to the spec, refused by Cartouche's parser with a message naming them.
        "format", "image", "collator", "number-format", "within", "distance", "interpolate-hcl", "interpolate-lab",
        "line-progress", "heatmap-density", "accumulated", "resolved-locale", "is-supported-script", "global-state",
        "elevation", "config", "measure-light", "pitch", "distance-from-center", "raster-value", "random",
        "hsl", "hsla", "split", "join", "worldview", "filter-==", "filter-in", "filter-has",
    ]
}
