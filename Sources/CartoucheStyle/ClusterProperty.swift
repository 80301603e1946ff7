import CartoucheJSON

/// The operators most cluster properties fold with (`clusterProperties`'
/// short form `[operator, map]`). Any expression operator taking two
/// arguments works there; these are the usual ones.
public enum ClusterReducer: String, Hashable, Sendable, CaseIterable {
    case sum = "+", product = "*", max, min, all, any
}

/// One aggregated cluster property, as the style spec's `clusterProperties`
/// of a GeoJSON source writes it: every point contributes `map` (an
/// expression evaluated on the point's properties), and the values are
/// folded pairwise with `reduce`.
///
/// `reduce` is either an operator name (`"+"`, `"max"`, …), meaning
/// `[operator, ["accumulated"], ["get", name]]`, or such an expression
/// itself, reading the value so far as `["accumulated"]` and the other
/// item's mapped value as `["get", name]` (the spec's two-expression form
/// `[reduce expression, map expression]`).
public struct ClusterProperty: Hashable, Sendable {
    /// The operator name or the reduce expression, as written.
    public var reduce: JSONValue
    public var map: JSONValue

    public init(reduce: ClusterReducer, map: JSONValue) {
        self.init(reduce: .string(reduce.rawValue), map: map)
    }

    /// - Parameters:
    ///   - reduce: an operator name, or a reduce expression.
    ///   - map: the expression each point contributes.
    public init(reduce: JSONValue, map: JSONValue) {
        self.reduce = reduce
        self.map = map
    }

    /// `[reduce, map]`, as the source's `clusterProperties` holds it.
    public var json: JSONValue { [reduce, map] }

    /// The reduce expression of the property called `name`, as MapLibre
    /// builds it from an operator name.
    public func reduceExpression(name: String) -> JSONValue {
        guard case .string(let op) = reduce else { return reduce }
        return [.string(op), ["accumulated"], [.string("get"), .string(name)]]
    }

    /// Parses both expressions with MapLibre's rules for cluster
    /// properties: any type, no `zoom` or `feature-state`; `["accumulated"]`
    /// reads the value folded so far.
    /// - Throws: ``ClusterPropertyError`` naming the part (0 for reduce, 1
    ///   for map) and the path inside it.
    /// - Complexity: O(size of the expressions).
    public func parsed(name: String) throws(ClusterPropertyError) -> ParsedClusterProperty {
        // A one-word operator gets the reduce expression's errors at the word itself.
        let reduceJSON = reduceExpression(name: name)
        let isOperator = reduce.stringValue != nil
        let reduceParsed: ParsedExpression
        do { reduceParsed = try Self.parseCluster(reduceJSON) } catch {
            throw ClusterPropertyError(part: 0, error: isOperator ? ExpressionParseError(path: "", reason: Self.operatorReason(error, reduce)) : error)
        }
        let mapParsed: ParsedExpression
        do { mapParsed = try Self.parseCluster(map) } catch { throw ClusterPropertyError(part: 1, error: error) }
        return ParsedClusterProperty(name: name, map: mapParsed, reduce: reduceParsed)
    }

    private static func operatorReason(_ error: ExpressionParseError, _ op: JSONValue) -> String {
        "\"\(op.stringValue ?? "")\" cannot fold two values ([\"\(op.stringValue ?? "")\", [\"accumulated\"], [\"get\", name]]: \(error.description))"
    }

    static func parseCluster(_ json: JSONValue) throws(ExpressionParseError) -> ParsedExpression {
        var parser = ExpressionParser()
        parser.allowsAccumulated = true
        let parsed = try parser.parse(json, expected: .value, path: "")
        var uses = ExpressionUses()
        uses.collect(parsed)
        if uses.zoom || uses.state {
            throw ExpressionParseError(path: "", reason: "\"zoom\" and \"feature-state\" expressions are not supported with cluster properties")
        }
        return parsed
    }
}

/// Why a cluster property was refused: `part` 0 is the reduce operator or
/// expression, 1 the map expression; `error.path` is inside that part.
public struct ClusterPropertyError: Error, Hashable, Sendable, CustomStringConvertible {
    public var part: Int
    public var error: ExpressionParseError

    public init(part: Int, error: ExpressionParseError) {
        self.part = part
        self.error = error
    }

    public var description: String { "\(part == 0 ? "reduce" : "map") expression: \(error)" }
}

/// A cluster property ready to evaluate, with MapLibre's semantics (its
/// `getSuperclusterOptions`): the map expression on a point's properties,
/// the reduce expression with `accumulated` set and the other item's mapped
/// properties as the feature. A failed evaluation, null or NaN gives null.
public struct ParsedClusterProperty: Hashable, Sendable {
    public var name: String
    public var map: ParsedExpression
    public var reduce: ParsedExpression

    /// The point's value of this property.
    public func mapped(_ properties: [String: JSONValue]) -> JSONValue {
        Self.value(map, EvaluationContext(properties: properties))
    }

    /// `accumulated` folded with `other`, the mapped (or aggregated)
    /// properties of the next item.
    public func reduced(_ accumulated: JSONValue, with other: [String: JSONValue]) -> JSONValue {
        var context = EvaluationContext(properties: other)
        context.accumulated = accumulated
        return Self.value(reduce, context)
    }

    private static func value(_ e: ParsedExpression, _ context: EvaluationContext) -> JSONValue {
        guard let value = try? e.evaluate(in: context) else { return .null }
        if case .number(let n) = value, n.isNaN { return .null }
        return value.json
    }
}
