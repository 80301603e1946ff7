import CartoucheJSON

extension ParsedExpression {
    /// Evaluates the expression with MapLibre's semantics.
    /// - Throws: ``ExpressionEvaluationError`` where MapLibre raises a runtime error;
    ///   callers then use the property's default (see ``number(in:default:)``).
    /// - Complexity: O(size of the expression), plus O(log stops) per `interpolate`/`step`.
    public func evaluate(in context: EvaluationContext) throws(ExpressionEvaluationError) -> ExpressionValue {
        try ExpressionEvaluator(context: context).evaluate(self)
    }

    /// The numeric value, or `fallback` when evaluation fails or yields no number.
    public func number(in context: EvaluationContext, default fallback: Double) -> Double {
        (try? evaluate(in: context))?.number ?? fallback
    }

    /// The colour value, or `fallback` when evaluation fails or yields no colour.
    public func color(in context: EvaluationContext, default fallback: StyleColor) -> StyleColor {
        (try? evaluate(in: context))?.color ?? fallback
    }
}

struct ExpressionEvaluator {
    let context: EvaluationContext
    var variables: [String: ExpressionValue] = [:]

    func evaluate(_ expression: ParsedExpression) throws(ExpressionEvaluationError) -> ExpressionValue {
        switch expression {
        case .literal(let value): return value
        case .call(let op, let args, _): return try call(op, args)
        case .assertion(let type, let inner): return try assert(try evaluate(inner), is: type)
        case .caseOf(let branches, let otherwise, _):
            for (test, output) in branches where try evaluate(test) == .boolean(true) { return try evaluate(output) }
            return try evaluate(otherwise)
        case .match(let input, let branches, let otherwise, _):
            let value = try evaluate(input)
            for (labels, output) in branches where labels.contains(value) { return try evaluate(output) }
            return try evaluate(otherwise)
        case .interpolate(let curve, let input, let stops, _):
            return try interpolate(curve, try number(input), stops)
        case .step(let input, let first, let stops, _):
            let x = try number(input)
            guard let index = stops.lastIndex(where: { $0.0 <= x }) else { return try evaluate(first) }
            return try evaluate(stops[index].1)
        case .letIn(let bindings, let body):
            var inner = self
            for (name, value) in bindings { inner.variables[name] = try evaluate(value) }
            return try inner.evaluate(body)
        case .variable(let name, _):
            return variables[name] ?? .null
        }
    }

    func number(_ expression: ParsedExpression) throws(ExpressionEvaluationError) -> Double {
        guard case .number(let n) = try evaluate(expression) else {
            throw ExpressionEvaluationError("expected a number")
        }
        return n
    }

    func assert(_ value: ExpressionValue, is type: ExpressionType) throws(ExpressionEvaluationError) -> ExpressionValue {
        if type == .color { return try Self.toColor(value) }
        if type.accepts(value.type) { return value }
        if case .array(let item, let length) = type, case .array(let items) = value,
           length == nil || length == items.count, items.allSatisfy({ item.accepts($0.type) }) {
            return value
        }
        throw ExpressionEvaluationError("Expected value to be of type \(type), but found \(value.type) instead.")
    }

    func interpolate(_ curve: InterpolationCurve, _ x: Double, _ stops: [(Double, ParsedExpression)]) throws(ExpressionEvaluationError) -> ExpressionValue {
        guard let first = stops.first, let last = stops.last else { return .null }
        if x <= first.0 { return try evaluate(first.1) }
        if x >= last.0 { return try evaluate(last.1) }
        let upper = stops.firstIndex(where: { $0.0 > x }) ?? stops.count - 1
        let (lowX, lowE) = stops[upper - 1], (highX, highE) = stops[upper]
        let t = Self.factor(curve, x, lowX, highX)
        return try Self.mix(try evaluate(lowE), try evaluate(highE), t)
    }

    static func factor(_ curve: InterpolationCurve, _ x: Double, _ lower: Double, _ upper: Double) -> Double {
        let difference = upper - lower, progress = x - lower
        if difference == 0 { return 0 }
        switch curve {
        case .linear: return progress / difference
        case .exponential(let base):
            return base == 1 ? progress / difference : (pow(base, progress) - 1) / (pow(base, difference) - 1)
        case .cubicBezier(let x1, let y1, let x2, let y2):
            return UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2).solve(progress / difference)
        }
    }

    static func mix(_ a: ExpressionValue, _ b: ExpressionValue, _ t: Double) throws(ExpressionEvaluationError) -> ExpressionValue {
        func lerp(_ u: Double, _ v: Double) -> Double { u + t * (v - u) }
        switch (a, b) {
        case (.number(let u), .number(let v)): return .number(lerp(u, v))
        case (.color(let u), .color(let v)):
            let (p, q) = (u.expressionRGB, v.expressionRGB)
            return .color(StyleColor(red: lerp(p[0], q[0]), green: lerp(p[1], q[1]), blue: lerp(p[2], q[2]), alpha: lerp(p[3], q[3])))
        case (.array(let us), .array(let vs)) where us.count == vs.count:
            var out: [ExpressionValue] = []
            for (u, v) in zip(us, vs) { out.append(try mix(u, v, t)) }
            return .array(out)
        default: throw ExpressionEvaluationError("cannot interpolate \(a.type) and \(b.type)")
        }
    }
}

/// The cubic Bézier timing curve through (0,0), (x1,y1), (x2,y2), (1,1): solves x(s) = t, returns y(s).
struct UnitBezier {
    let cx, bx, ax, cy, by, ay: Double
    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        cx = 3 * x1; bx = 3 * (x2 - x1) - cx; ax = 1 - cx - bx
        cy = 3 * y1; by = 3 * (y2 - y1) - cy; ay = 1 - cy - by
    }
    func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    func y(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    func dx(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    func solve(_ t: Double, epsilon: Double = 1e-6) -> Double {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        var s = t
        for _ in 0..<8 { // Newton first, as the browser's UnitBezier does
            let error = x(s) - t
            if abs(error) < epsilon { return y(s) }
            let slope = dx(s)
            if abs(slope) < 1e-6 { break }
            s -= error / slope
        }
        var low = 0.0, high = 1.0
        s = t
        while low < high { // bisection fallback
            let value = x(s)
            if abs(value - t) < epsilon { break }
            if t > value { low = s } else { high = s }
            s = (high - low) / 2 + low
            if high - low < 1e-12 { break }
        }
        return y(s)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension StyleColor {
    /// Red, green, blue and alpha, not premultiplied: what MapLibre
    /// interpolates, converts and prints (a transparent colour keeps its hue).
    var expressionRGB: [Double] { [red, green, blue, alpha] }
}
