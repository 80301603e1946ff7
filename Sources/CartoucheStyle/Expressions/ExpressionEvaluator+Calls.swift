import CartoucheJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ExpressionEvaluator {
    func call(_ op: String, _ args: [ParsedExpression]) throws(ExpressionEvaluationError) -> ExpressionValue {
        switch op {
        case "get", "has":
            let key = try evaluate(args[0]).string ?? ""
            let members: [String: ExpressionValue]
            if args.count == 2 {
                guard case .object(let object) = try evaluate(args[1]) else { return op == "has" ? .boolean(false) : .null }
                members = object
            } else {
                members = context.properties.mapValues(ExpressionValue.init(json:))
            }
            return op == "has" ? .boolean(members[key] != nil) : members[key] ?? .null
        case "feature-state":
            return context.featureState[try evaluate(args[0]).string ?? ""].map(ExpressionValue.init(json:)) ?? .null
        case "zoom": return .number(context.zoom)
        case "accumulated": return ExpressionValue(json: context.accumulated)
        case "id": return ExpressionValue(json: context.featureID)
        case "geometry-type": return context.geometryType.map(ExpressionValue.string) ?? .null
        case "properties": return .object(context.properties.mapValues(ExpressionValue.init(json:)))
        case "coalesce":
            // As MapLibre: the first non-null value; an error is not skipped.
            for arg in args {
                let value = try evaluate(arg)
                if value != .null { return value }
            }
            return .null
        case "==", "!=", "<", "<=", ">", ">=":
            return .boolean(try compare(op, try evaluate(args[0]), try evaluate(args[1])))
        case "all":
            for arg in args where try evaluate(arg) != .boolean(true) { return .boolean(false) }
            return .boolean(true)
        case "any":
            for arg in args where try evaluate(arg) == .boolean(true) { return .boolean(true) }
            return .boolean(false)
        case "!": return .boolean(try evaluate(args[0]) != .boolean(true))
        case "e": return .number(M_E)
        case "pi": return .number(Double.pi)
        case "ln2": return .number(M_LN2)
        case "+", "-", "*", "/", "%", "^", "min", "max", "abs", "round", "floor", "ceil", "sqrt",
             "ln", "log10", "log2", "sin", "cos", "tan", "asin", "acos", "atan":
            var numbers: [Double] = []
            for arg in args { numbers.append(try number(arg)) }
            return .number(Self.arithmetic(op, numbers))
        default:
            return try convert(op, args)
        }
    }

    static func arithmetic(_ op: String, _ n: [Double]) -> Double {
        switch op {
        case "+": n.reduce(0, +)
        case "*": n.reduce(1, *)
        case "-": n.count == 1 ? -n[0] : n[0] - n[1]
        case "/": n[0] / n[1]
        case "%": fmod(n[0], n[1])
        case "^": pow(n[0], n[1])
        case "min": n.min() ?? .nan
        case "max": n.max() ?? .nan
        case "abs": abs(n[0])
        case "round": n[0].rounded(.toNearestOrAwayFromZero)
        case "floor": n[0].rounded(.down)
        case "ceil": n[0].rounded(.up)
        case "ln": log(n[0])
        case "log10": log10(n[0])
        case "log2": log2(n[0])
        case "sin": sin(n[0])
        case "cos": cos(n[0])
        case "tan": tan(n[0])
        case "asin": asin(n[0])
        case "acos": acos(n[0])
        case "atan": atan(n[0])
        default: n[0].squareRoot()
        }
    }

    func compare(_ op: String, _ lhs: ExpressionValue, _ rhs: ExpressionValue) throws(ExpressionEvaluationError) -> Bool {
        switch op {
        case "==": return Self.strictlyEqual(lhs, rhs)
        case "!=": return !Self.strictlyEqual(lhs, rhs)
        default: break
        }
        let ordering: Bool
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)):
            ordering = op == "<" ? a < b : op == "<=" ? a <= b : op == ">" ? a > b : a >= b
        case (.string(let a), .string(let b)):
            // JavaScript compares strings by UTF-16 code units.
            let (u, v) = (Array(a.utf16), Array(b.utf16))
            ordering = op == "<" ? u.lexicographicallyPrecedes(v) : op == "<=" ? !v.lexicographicallyPrecedes(u)
                : op == ">" ? v.lexicographicallyPrecedes(u) : !u.lexicographicallyPrecedes(v)
        default:
            throw ExpressionEvaluationError("Expected arguments for \"\(op)\" to be (string, string) or (number, number), but found (\(lhs.type), \(rhs.type)) instead.")
        }
        return ordering
    }

    /// JavaScript `===`: arrays, objects and colours are never equal (distinct references).
    static func strictlyEqual(_ a: ExpressionValue, _ b: ExpressionValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.boolean(let x), .boolean(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        default: false
        }
    }
}
