import CartoucheJSON

extension StyleExpression {
    /// Parses and type-checks a style-spec expression (or a constant) for a
    /// property whose values have type `expected`.
    /// - Throws: ``ExpressionParseError`` with the path of the offending element
    ///   relative to the property (e.g. `[1][0]` for a bad operator name).
    public static func parse(_ json: JSONValue, expecting expected: ExpressionType) throws(ExpressionParseError) -> ParsedExpression {
        var parser = ExpressionParser()
        return try parser.parse(json, expected: expected, path: "")
    }
}

/// Recursive-descent parser of expression JSON; `scope` holds the types of `let` bindings.
struct ExpressionParser {
    var scope: [[String: ExpressionType]] = []
    /// Whether `["accumulated"]` may appear (cluster properties' expressions only).
    var allowsAccumulated = false

    static let unsupportedHint = "supported operators are data- and zoom-driven ones (get, match, interpolate, …)"

    mutating func parse(_ json: JSONValue, expected: ExpressionType, path: String) throws(ExpressionParseError) -> ParsedExpression {
        let parsed: ParsedExpression
        switch json {
        case .array(let items):
            guard let first = items.first else {
                throw ExpressionParseError(path: path, reason: "expected an array with at least one element; to write an empty array literal use [\"literal\", []]")
            }
            guard case .string(let op) = first else {
                throw ExpressionParseError(path: path + "[0]", reason: "expression name must be a string, found \(first.typeName); to write an array literal use [\"literal\", [...]]")
            }
            parsed = try parseCall(op, Array(items.dropFirst()), expected: expected, path: path)
        case .object:
            throw ExpressionParseError(path: path, reason: "bare objects are invalid; use [\"literal\", {...}] instead")
        default:
            parsed = .literal(ExpressionValue(json: json))
        }
        return try folded(try conform(parsed, to: expected, path: path), path: path)
    }

    /// As MapLibre: a subexpression that reads nothing (no zoom, feature,
    /// state or variable) is evaluated once while parsing, so one that can
    /// only fail (`["to-color", "nonsense"]`, `["at", 5, ["literal", [1]]]`)
    /// is refused at its path; its value replaces it.
    /// - Complexity: O(size) per subexpression; folded children are literals,
    ///   so a whole expression folds in linear time.
    func folded(_ parsed: ParsedExpression, path: String) throws(ExpressionParseError) -> ParsedExpression {
        if case .literal = parsed { return parsed }
        var uses = ExpressionUses()
        uses.collect(parsed)
        guard !uses.zoom && !uses.feature && !uses.variable && !uses.accumulated else { return parsed }
        let value: ExpressionValue
        do { value = try parsed.evaluate(in: EvaluationContext()) } catch {
            throw ExpressionParseError(path: path, reason: error.message)
        }
        return value.type == parsed.type ? .literal(value) : parsed
    }

    /// Checks `parsed` against `expected`, inserting the runtime assertion
    /// MapLibre adds where the argument's type is only known at evaluation.
    func conform(_ parsed: ParsedExpression, to expected: ExpressionType, path: String) throws(ExpressionParseError) -> ParsedExpression {
        let actual = parsed.type
        if expected.accepts(actual) { return parsed }
        if expected == .color, case .literal(.string(let css)) = parsed {
            do { return .literal(.color(try StyleColor(parsing: css))) } catch {
                throw ExpressionParseError(path: path, reason: "\(error)")
            }
        }
        // Arrays of another item type or length are an error, as in MapLibre
        // (only an untyped value gets a run-time assertion).
        if actual == .value || (expected == .color && actual == .string) {
            return .assertion(expected, parsed)
        }
        throw ExpressionParseError(path: path, reason: "expected \(expected) but found \(actual) instead")
    }

    mutating func parseCall(_ op: String, _ args: [JSONValue], expected: ExpressionType, path: String) throws(ExpressionParseError) -> ParsedExpression {
        if let parsed = try parseControl(op, args, expected: expected, path: path) { return parsed }
        if let parsed = try parseLookup(op, args, path: path) { return parsed }
        if let parsed = try parseOperator(op, args, path: path) { return parsed }
        throw ExpressionParseError(path: path + "[0]", reason: "unsupported operator \"\(op)\"; \(Self.unsupportedHint)")
    }

    func arity(_ args: [JSONValue], _ range: ClosedRange<Int>, _ op: String, _ path: String) throws(ExpressionParseError) {
        guard range.contains(args.count) else {
            let want = range.lowerBound == range.upperBound ? "\(range.lowerBound)" : range.upperBound == Int.max ? "at least \(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
            throw ExpressionParseError(path: path, reason: "\"\(op)\" expects \(want) argument\(range.upperBound == 1 ? "" : "s"), found \(args.count)")
        }
    }

    mutating func argument(_ args: [JSONValue], _ index: Int, _ type: ExpressionType, _ path: String) throws(ExpressionParseError) -> ParsedExpression {
        try parse(args[index], expected: type, path: "\(path)[\(index + 1)]")
    }

    mutating func arguments(_ args: [JSONValue], _ type: ExpressionType, _ path: String) throws(ExpressionParseError) -> [ParsedExpression] {
        var parsed: [ParsedExpression] = []
        for index in args.indices { parsed.append(try argument(args, index, type, path)) }
        return parsed
    }

    /// `get`, `has`, `feature-state`, `zoom`, `id`, `geometry-type`, `properties`, `literal`, `var`.
    mutating func parseLookup(_ op: String, _ args: [JSONValue], path: String) throws(ExpressionParseError) -> ParsedExpression? {
        switch op {
        case "literal":
            try arity(args, 1...1, op, path)
            return .literal(ExpressionValue(json: args[0]))
        case "get", "has":
            try arity(args, 1...2, op, path)
            var parsed = [try argument(args, 0, .string, path)]
            if args.count == 2 { parsed.append(try argument(args, 1, .object, path)) }
            return .call(op, parsed, op == "get" ? .value : .boolean)
        case "feature-state":
            try arity(args, 1...1, op, path)
            return .call(op, [try argument(args, 0, .string, path)], .value)
        case "accumulated" where allowsAccumulated:
            try arity(args, 0...0, op, path)
            return .call(op, [], .value)
        case "zoom", "id", "geometry-type", "properties":
            try arity(args, 0...0, op, path)
            let type: ExpressionType = switch op { case "zoom": .number; case "geometry-type": .string; case "properties": .object; default: .value }
            return .call(op, [], type)
        case "var":
            try arity(args, 1...1, op, path)
            guard case .string(let name) = args[0] else {
                throw ExpressionParseError(path: path + "[1]", reason: "\"var\" expects a string literal name")
            }
            guard let type = scope.reversed().lazy.compactMap({ $0[name] }).first else {
                throw ExpressionParseError(path: path + "[1]", reason: "unknown variable \"\(name)\"; make sure it is bound with \"let\"")
            }
            return .variable(name, type)
        default:
            return nil
        }
    }
}

extension ExpressionType {
    var isArray: Bool { if case .array = self { true } else { false } }
}
