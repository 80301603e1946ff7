import CartoucheJSON

extension ExpressionParser {
    /// Operators with fixed argument types: (argument types, arity, result).
    static let numeric: Set<String> = ["+", "*", "-", "/", "%", "^", "min", "max", "abs", "round", "floor", "ceil", "sqrt"]

    /// Comparisons, logic, arithmetic, conversions, assertions, strings, arrays and colours.
    mutating func parseOperator(_ op: String, _ args: [JSONValue], path: String) throws(ExpressionParseError) -> ParsedExpression? {
        switch op {
        case "==", "!=", "<", "<=", ">", ">=":
            try arity(args, 2...3, op, path)
            let ordered = !(op == "==" || op == "!=")
            let lhs = try argument(args, 0, .value, path)
            let rhs = try argument(args, 1, .value, path)
            try checkComparable(lhs.type, rhs.type, ordered: ordered, op: op, path: path)
            var parsed = [lhs, rhs]
            if args.count == 3 { parsed.append(try argument(args, 2, .value, path)) } // collator, ignored
            return .call(op, parsed, .boolean)
        case "all", "any":
            return .call(op, try arguments(args, .boolean, path), .boolean)
        case "!":
            try arity(args, 1...1, op, path)
            return .call(op, [try argument(args, 0, .boolean, path)], .boolean)
        case "+", "*", "min", "max":
            try arity(args, 1...Int.max, op, path)
            return .call(op, try arguments(args, .number, path), .number)
        case "-":
            try arity(args, 1...2, op, path)
            return .call(op, try arguments(args, .number, path), .number)
        case "/", "%", "^":
            try arity(args, 2...2, op, path)
            return .call(op, try arguments(args, .number, path), .number)
        case "abs", "round", "floor", "ceil", "sqrt", "ln", "log10", "log2", "sin", "cos", "tan", "asin", "acos", "atan":
            try arity(args, 1...1, op, path)
            return .call(op, try arguments(args, .number, path), .number)
        case "e", "pi", "ln2":
            try arity(args, 0...0, op, path)
            return .call(op, [], .number)
        case "to-rgba":
            try arity(args, 1...1, op, path)
            return .call(op, try arguments(args, .color, path), .array(of: .number, length: 4))
        case "to-number", "to-string", "to-boolean", "to-color":
            try arity(args, op == "to-string" || op == "to-boolean" ? 1...1 : 1...Int.max, op, path)
            let type: ExpressionType = switch op { case "to-number": .number; case "to-string": .string; case "to-boolean": .boolean; default: .color }
            return .call(op, try arguments(args, .value, path), type)
        case "number", "string", "boolean", "object":
            try arity(args, 1...Int.max, op, path)
            let type: ExpressionType = switch op { case "number": .number; case "string": .string; case "boolean": .boolean; default: .object }
            return .call(op, try arguments(args, .value, path), type)
        case "array":
            return try parseArrayAssertion(args, path: path)
        case "typeof":
            try arity(args, 1...1, op, path)
            return .call(op, try arguments(args, .value, path), .string)
        default:
            return try parseCollectionOperator(op, args, path: path)
        }
    }

    /// `at`, `length`, `concat`, `downcase`, `upcase`, `rgb`, `rgba`, `in`, `index-of`, `slice`.
    mutating func parseCollectionOperator(_ op: String, _ args: [JSONValue], path: String) throws(ExpressionParseError) -> ParsedExpression? {
        switch op {
        case "at":
            try arity(args, 2...2, op, path)
            let index = try argument(args, 0, .number, path)
            let array = try argument(args, 1, .array(of: .value, length: nil), path)
            let itemType: ExpressionType = if case .array(let item, _) = array.type { item } else { .value }
            return .call(op, [index, array], itemType)
        case "length":
            try arity(args, 1...1, op, path)
            let input = try argument(args, 0, .value, path)
            guard input.type == .value || input.type == .string || input.type.isArray else {
                throw ExpressionParseError(path: path + "[1]", reason: "expected an array or string, but found \(input.type) instead")
            }
            return .call(op, [input], .number)
        case "concat":
            try arity(args, 1...Int.max, op, path)
            return .call(op, try arguments(args, .value, path), .string)
        case "downcase", "upcase":
            try arity(args, 1...1, op, path)
            return .call(op, try arguments(args, .string, path), .string)
        case "rgb", "rgba":
            try arity(args, op == "rgb" ? 3...3 : 4...4, op, path)
            return .call(op, try arguments(args, .number, path), .color)
        case "in", "index-of":
            try arity(args, op == "in" ? 2...2 : 2...3, op, path)
            var parsed = [try argument(args, 0, .value, path), try argument(args, 1, .value, path)]
            if args.count == 3 { parsed.append(try argument(args, 2, .number, path)) }
            return .call(op, parsed, op == "in" ? .boolean : .number)
        case "slice":
            try arity(args, 2...3, op, path)
            var parsed = [try argument(args, 0, .value, path)]
            parsed += try arguments(Array(args.dropFirst()), .number, path + "").enumerated().map { $0.element }
            let inType = parsed[0].type
            return .call(op, parsed, inType == .string || inType.isArray ? inType.slicedType : .value)
        default:
            return nil
        }
    }

    mutating func parseArrayAssertion(_ args: [JSONValue], path: String) throws(ExpressionParseError) -> ParsedExpression {
        try arity(args, 1...3, "array", path)
        var itemType: ExpressionType = .value
        var length: Int?
        if args.count >= 2 {
            guard case .string(let name) = args[0], let type = [("string", ExpressionType.string), ("number", .number), ("boolean", .boolean)].first(where: { $0.0 == name })?.1 else {
                throw ExpressionParseError(path: path + "[1]", reason: "the array item type must be \"string\", \"number\" or \"boolean\"")
            }
            itemType = type
        }
        if args.count == 3 {
            guard case .number(let n) = args[1], n >= 0, n == n.rounded() else {
                throw ExpressionParseError(path: path + "[2]", reason: "the array length must be a non-negative integer literal")
            }
            length = Int(n)
        }
        let value = try argument(args, args.count - 1, .value, path)
        return .assertion(.array(of: itemType, length: length), value)
    }

    func checkComparable(_ lhs: ExpressionType, _ rhs: ExpressionType, ordered: Bool, op: String, path: String) throws(ExpressionParseError) {
        let allowed: [ExpressionType] = ordered ? [.number, .string, .value] : [.number, .string, .boolean, .null, .value]
        for (type, index) in [(lhs, 1), (rhs, 2)] where !allowed.contains(type) {
            throw ExpressionParseError(path: "\(path)[\(index)]", reason: "\"\(op)\" cannot compare values of type \(type)")
        }
        if lhs != .value && rhs != .value && lhs != rhs {
            throw ExpressionParseError(path: path, reason: "cannot compare types \(lhs) and \(rhs)")
        }
    }
}

extension ExpressionType {
    /// `slice` of a fixed-length array loses its length.
    var slicedType: ExpressionType {
        if case .array(let item, _) = self { return .array(of: item, length: nil) }
        return self
    }
}
