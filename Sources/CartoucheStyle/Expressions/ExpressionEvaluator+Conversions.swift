import CartoucheJSON
import Foundation

extension ExpressionEvaluator {
    func convert(_ op: String, _ args: [ParsedExpression]) throws(ExpressionEvaluationError) -> ExpressionValue {
        var values: [ExpressionValue] = []
        for arg in args { values.append(try evaluate(arg)) }
        switch op {
        case "number", "string", "boolean", "object":
            let type: ExpressionType = op == "number" ? .number : op == "string" ? .string : op == "boolean" ? .boolean : .object
            if let match = values.first(where: { $0.type == type }) { return match }
            throw ExpressionEvaluationError("Expected value to be of type \(type), but found \(values.last?.type ?? .null) instead.")
        case "to-number":
            for value in values { if let n = Self.toNumber(value) { return .number(n) } }
            throw ExpressionEvaluationError("Could not convert \(values) to number.")
        case "to-string": return .string(Self.toString(values[0]))
        case "to-boolean": return .boolean(Self.toBoolean(values[0]))
        case "to-color":
            for value in values { if let color = try? Self.toColor(value) { return color } }
            throw ExpressionEvaluationError("Could not parse color from value \(values.last.map(Self.toString) ?? "")")
        case "typeof": return .string("\(values[0].type)")
        case "to-rgba":
            guard case .color(let c) = values[0] else { throw ExpressionEvaluationError("Expected a color") }
            let rgb = c.expressionRGB
            return .array([.number(rgb[0] * 255), .number(rgb[1] * 255), .number(rgb[2] * 255), .number(c.alpha)])
        default: return try collection(op, values)
        }
    }

    func collection(_ op: String, _ values: [ExpressionValue]) throws(ExpressionEvaluationError) -> ExpressionValue {
        switch op {
        case "at":
            guard case .number(let i) = values[0], case .array(let items) = values[1] else { throw ExpressionEvaluationError("\"at\" expects a number and an array") }
            guard i >= 0, i == i.rounded(), i < Double(items.count) else {
                throw ExpressionEvaluationError("Array index out of bounds: \(formatJavaScriptNumber(i)) > \(items.count - 1).")
            }
            return items[Int(i)]
        case "length":
            switch values[0] {
            case .string(let s): return .number(Double(s.utf16.count))
            case .array(let items): return .number(Double(items.count))
            default: throw ExpressionEvaluationError("Expected value to be of type string or array, but found \(values[0].type) instead.")
            }
        case "concat": return .string(values.map(Self.toString).joined())
        case "downcase": return .string((values[0].string ?? "").lowercased())
        case "upcase": return .string((values[0].string ?? "").uppercased())
        case "rgb", "rgba":
            return try Self.toColor(.array(values))
        case "in", "index-of":
            // MapLibre: `in` a null haystack is false, not an error.
            if op == "in" && values[1] == .null { return .boolean(false) }
            let index = try Self.indexOf(values[0], in: values[1], from: values.count == 3 ? values[2].number ?? 0 : 0)
            return op == "in" ? .boolean(index >= 0) : .number(Double(index))
        default: // slice
            return try Self.slice(values[0], values[1].number ?? 0, values.count == 3 ? values[2].number : nil)
        }
    }

    static func indexOf(_ needle: ExpressionValue, in haystack: ExpressionValue, from start: Double) throws(ExpressionEvaluationError) -> Int {
        switch needle {
        case .null, .boolean, .number, .string: break
        default: throw ExpressionEvaluationError("Expected first argument to be of type boolean, string, number or null, but found \(needle.type) instead.")
        }
        switch haystack {
        case .array(let items):
            let from = max(0, Int(start < 0 ? Double(items.count) + start : start))
            guard from < items.count else { return -1 }
            return items[from...].firstIndex(where: { strictlyEqual($0, needle) }) ?? -1
        case .string(let text):
            let (units, pattern) = (Array(text.utf16), Array(toString(needle).utf16))
            let from = max(0, Int(start))
            guard from + pattern.count <= units.count else { return pattern.isEmpty ? units.count : -1 }
            for i in from...(units.count - pattern.count) where Array(units[i..<(i + pattern.count)]) == pattern { return i }
            return -1
        default:
            throw ExpressionEvaluationError("Expected second argument to be of type array or string, but found \(haystack.type) instead.")
        }
    }

    static func slice(_ input: ExpressionValue, _ begin: Double, _ end: Double?) throws(ExpressionEvaluationError) -> ExpressionValue {
        func bounds(_ count: Int) -> Range<Int> {
            func clamp(_ x: Double) -> Int { let i = Int(x < 0 ? max(0, Double(count) + x) : min(x, Double(count))); return i }
            let lower = clamp(begin), upper = clamp(end ?? Double(count))
            return lower..<max(lower, upper)
        }
        switch input {
        case .array(let items): return .array(Array(items[bounds(items.count)]))
        case .string(let s):
            let units = Array(s.utf16)
            return .string(String(decoding: units[bounds(units.count)], as: UTF16.self))
        default: throw ExpressionEvaluationError("Expected first argument to be of type array or string, but found \(input.type) instead.")
        }
    }

    /// JavaScript `Number(value)`: nil where the result is NaN.
    static func toNumber(_ value: ExpressionValue) -> Double? {
        switch value {
        case .null: return 0
        case .boolean(let b): return b ? 1 : 0
        case .number(let n): return n
        case .string(let s):
            let trimmed = s.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { return 0 }
            if trimmed.lowercased().hasPrefix("0x") { return UInt64(trimmed.dropFirst(2), radix: 16).map { Double($0) } }
            if ["Infinity", "+Infinity"].contains(trimmed) { return .infinity }
            if trimmed == "-Infinity" { return -.infinity }
            guard trimmed.allSatisfy({ "0123456789.eE+-".contains($0) }) else { return nil }
            return Double(trimmed)
        default: return nil
        }
    }

    static func toBoolean(_ value: ExpressionValue) -> Bool {
        switch value {
        case .null: false
        case .boolean(let b): b
        case .number(let n): n != 0 && !n.isNaN
        case .string(let s): !s.isEmpty
        default: true
        }
    }

    static func toString(_ value: ExpressionValue) -> String {
        switch value {
        case .null: ""
        case .boolean(let b): b ? "true" : "false"
        case .number(let n): formatJavaScriptNumber(n)
        case .string(let s): s
        // MapLibre's Color.toString: no spaces, rounded channels.
        case .color(let c):
            "rgba(\(c.expressionRGB.prefix(3).map { String(Int(($0 * 255).rounded())) }.joined(separator: ",")),\(formatJavaScriptNumber(c.alpha)))"
        case .array, .object: (try? value.json.jsonString()) ?? ""
        }
    }

    static func toColor(_ value: ExpressionValue) throws(ExpressionEvaluationError) -> ExpressionValue {
        switch value {
        case .color: return value
        case .string(let css):
            guard let color = try? StyleColor(parsing: css) else { throw ExpressionEvaluationError("Could not parse color from value '\(css)'") }
            return .color(color)
        case .array(let items) where (3...4).contains(items.count):
            let n = items.compactMap(\.number)
            guard n.count == items.count, n.prefix(3).allSatisfy({ (0...255).contains($0) }), n.count == 3 || (0...1).contains(n[3]) else {
                throw ExpressionEvaluationError("Invalid rgba value \(n): 'r', 'g', and 'b' must be between 0 and 255, 'a' between 0 and 1.")
            }
            return .color(StyleColor(red: n[0] / 255, green: n[1] / 255, blue: n[2] / 255, alpha: n.count == 4 ? n[3] : 1))
        default:
            throw ExpressionEvaluationError("Could not parse color from value of type \(value.type)")
        }
    }
}

extension ExpressionValue {
    /// The value as JSON (colours in their normal CSS form).
    public var json: JSONValue {
        switch self {
        case .null: .null
        case .boolean(let b): .bool(b)
        case .number(let n): .number(n)
        case .string(let s): .string(s)
        case .color(let c): .string(c.cssString)
        case .array(let items): .array(items.map(\.json))
        case .object(let members): .object(members.mapValues(\.json))
        }
    }
}
