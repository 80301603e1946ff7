import CartoucheJSON

extension ExpressionParser {
    /// The output type of a branching expression: the expected type when concrete,
    /// else the type of its first output.
    func outputType(_ expected: ExpressionType) -> ExpressionType? { expected == .value ? nil : expected }

    /// `case`, `match`, `coalesce`, `interpolate`, `step`, `let`.
    mutating func parseControl(_ op: String, _ args: [JSONValue], expected: ExpressionType, path: String) throws(ExpressionParseError) -> ParsedExpression? {
        switch op {
        case "case":
            guard args.count >= 3, args.count % 2 == 1 else {
                throw ExpressionParseError(path: path, reason: "\"case\" expects an odd number of at least 3 arguments (condition, output pairs and a fallback), found \(args.count)")
            }
            var type = outputType(expected)
            var branches: [(ParsedExpression, ParsedExpression)] = []
            for index in stride(from: 0, to: args.count - 1, by: 2) {
                let test = try argument(args, index, .boolean, path)
                let output = try argument(args, index + 1, type ?? .value, path)
                type = type ?? output.type
                branches.append((test, output))
            }
            let otherwise = try argument(args, args.count - 1, type ?? .value, path)
            return .caseOf(branches: branches, otherwise: otherwise, type ?? .value)
        case "match":
            return try parseMatch(args, expected: expected, path: path)
        case "coalesce":
            return try parseCoalesce(args, expected: expected, path: path)
        case "interpolate":
            return try parseInterpolate(args, expected: expected, path: path)
        case "step":
            return try parseStep(args, expected: expected, path: path)
        case "let":
            guard args.count >= 3, args.count % 2 == 1 else {
                throw ExpressionParseError(path: path, reason: "\"let\" expects name, value pairs and a body, found \(args.count) arguments")
            }
            var bindings: [(String, ParsedExpression)] = []
            var frame: [String: ExpressionType] = [:]
            for index in stride(from: 0, to: args.count - 1, by: 2) {
                guard case .string(let name) = args[index] else {
                    throw ExpressionParseError(path: "\(path)[\(index + 1)]", reason: "\"let\" binding names must be strings")
                }
                let value = try argument(args, index + 1, .value, path)
                bindings.append((name, value))
                frame[name] = value.type
            }
            scope.append(frame)
            defer { scope.removeLast() }
            let body = try argument(args, args.count - 1, expected, path)
            return .letIn(bindings: bindings, body: body)
        default:
            return nil
        }
    }

    /// As MapLibre parses it: the arguments are checked against the expected
    /// type but not wrapped in run-time assertions (a null must fall through
    /// to the next argument, an error propagates); when one of them is only
    /// known at run time (`get`), the whole `coalesce` is of type value and
    /// the assertion goes around it — which is why a zoom curve inside such a
    /// `coalesce` is not "top-level" for the zoom rule, in MapLibre as here.
    mutating func parseCoalesce(_ args: [JSONValue], expected: ExpressionType, path: String) throws(ExpressionParseError) -> ParsedExpression {
        try arity(args, 1...Int.max, "coalesce", path)
        let type = outputType(expected)
        var parsed: [ParsedExpression] = []
        for index in args.indices {
            let argument = try parse(args[index], expected: .value, path: "\(path)[\(index + 1)]")
            if let type, !type.accepts(argument.type), argument.type != .value,
               !(type == .color && argument.type == .string), !(type.isArray && argument.type.isArray) {
                throw ExpressionParseError(path: "\(path)[\(index + 1)]", reason: "expected \(type) but found \(argument.type) instead")
            }
            parsed.append(argument)
        }
        guard let type else { return .call("coalesce", parsed, parsed[0].type) }
        return .call("coalesce", parsed, parsed.allSatisfy { type.accepts($0.type) } ? type : .value)
    }

    mutating func parseMatch(_ args: [JSONValue], expected: ExpressionType, path: String) throws(ExpressionParseError) -> ParsedExpression {
        guard args.count >= 4, args.count % 2 == 0 else {
            throw ExpressionParseError(path: path, reason: "\"match\" expects an input, label/output pairs and a fallback (an even number of at least 4 arguments), found \(args.count)")
        }
        var type = outputType(expected)
        var labelType: ExpressionType?
        var branches: [([ExpressionValue], ParsedExpression)] = []
        for index in stride(from: 1, to: args.count - 1, by: 2) {
            let labelPath = "\(path)[\(index + 1)]"
            let labels: [JSONValue] = args[index].arrayValue ?? [args[index]]
            if labels.isEmpty { throw ExpressionParseError(path: labelPath, reason: "\"match\" label arrays must not be empty") }
            var values: [ExpressionValue] = []
            for label in labels {
                let value: ExpressionValue
                switch label {
                case .number(let n) where n == n.rounded(): value = .number(n)
                case .number: throw ExpressionParseError(path: labelPath, reason: "numeric \"match\" labels must be integers")
                case .string(let s): value = .string(s)
                default: throw ExpressionParseError(path: labelPath, reason: "\"match\" labels must be strings or integers, found \(label.typeName)")
                }
                if let labelType, labelType != value.type {
                    throw ExpressionParseError(path: labelPath, reason: "expected \(labelType) but found \(value.type) instead")
                }
                labelType = value.type
                values.append(value)
            }
            let output = try argument(args, index + 1, type ?? .value, path)
            type = type ?? output.type
            branches.append((values, output))
        }
        // As MapLibre: the input is not asserted to the labels' type (a null
        // or a value of another type matches no label: the fallback).
        let input = try argument(args, 0, .value, path)
        if let labelType, input.type != .value, input.type != labelType {
            throw ExpressionParseError(path: path + "[1]", reason: "expected \(labelType) but found \(input.type) instead")
        }
        let otherwise = try argument(args, args.count - 1, type ?? .value, path)
        return .match(input: input, branches: branches, otherwise: otherwise, type ?? .value)
    }

    func curve(_ json: JSONValue, path: String) throws(ExpressionParseError) -> InterpolationCurve {
        let path = path + "[1]"
        guard let items = json.arrayValue, let name = items.first?.stringValue else {
            throw ExpressionParseError(path: path, reason: "expected an interpolation type: [\"linear\"], [\"exponential\", base] or [\"cubic-bezier\", x1, y1, x2, y2]")
        }
        let numbers = items.dropFirst().compactMap(\.numberValue)
        switch name {
        case "linear" where items.count == 1: return .linear
        case "exponential" where items.count == 2 && numbers.count == 1: return .exponential(base: numbers[0])
        case "cubic-bezier" where items.count == 5 && numbers.count == 4:
            guard numbers.allSatisfy({ (0...1).contains($0) }) || (0...1).contains(numbers[0]) && (0...1).contains(numbers[2]) else {
                throw ExpressionParseError(path: path, reason: "cubic-bezier x1 and x2 must lie in 0…1")
            }
            return .cubicBezier(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3])
        default:
            throw ExpressionParseError(path: path, reason: "unknown or malformed interpolation type \"\(name)\"")
        }
    }

    /// Stop inputs must be numeric literals in strictly ascending order.
    mutating func stops(_ args: [JSONValue], from start: Int, type: inout ExpressionType?, path: String) throws(ExpressionParseError) -> [(Double, ParsedExpression)] {
        var result: [(Double, ParsedExpression)] = []
        for index in stride(from: start, to: args.count, by: 2) {
            guard case .number(let label) = args[index] else {
                throw ExpressionParseError(path: "\(path)[\(index + 1)]", reason: "stop inputs must be numeric literals, found \(args[index].typeName)")
            }
            if let last = result.last, label <= last.0 {
                throw ExpressionParseError(path: "\(path)[\(index + 1)]", reason: "stop inputs must be in strictly ascending order")
            }
            let output = try argument(args, index + 1, type ?? .value, path)
            type = type ?? output.type
            result.append((label, output))
        }
        return result
    }

    mutating func parseInterpolate(_ args: [JSONValue], expected: ExpressionType, path: String) throws(ExpressionParseError) -> ParsedExpression {
        guard args.count >= 4, args.count % 2 == 0 else {
            throw ExpressionParseError(path: path, reason: "\"interpolate\" expects a type, an input and at least one input/output stop pair, found \(args.count) arguments")
        }
        let curve = try curve(args[0], path: path)
        let input = try argument(args, 1, .number, path)
        var type = outputType(expected)
        let stops = try stops(args, from: 2, type: &type, path: path)
        let outType = type ?? .value
        switch outType {
        case .number, .color, .array(of: .number, length: .some): break
        default: throw ExpressionParseError(path: path, reason: "type \(outType) is not interpolatable (number, color or array of numbers)")
        }
        return .interpolate(curve, input: input, stops: stops, outType)
    }

    mutating func parseStep(_ args: [JSONValue], expected: ExpressionType, path: String) throws(ExpressionParseError) -> ParsedExpression {
        guard args.count >= 2, args.count % 2 == 0 else {
            throw ExpressionParseError(path: path, reason: "\"step\" expects an input, a first output and input/output stop pairs, found \(args.count) arguments")
        }
        let input = try argument(args, 0, .number, path)
        var type = outputType(expected)
        let first = try argument(args, 1, type ?? .value, path)
        type = type ?? first.type
        let stops = try stops(args, from: 2, type: &type, path: path)
        return .step(input: input, first: first, stops: stops, type ?? .value)
    }
}
