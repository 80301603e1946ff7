import CartoucheJSON
import CartoucheStyle

/// Why a cluster index could not be built or queried.
public enum ClusterIndexError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A `clusterProperties` map expression uses something the index does not evaluate.
    case unsupportedMapExpression(property: String, expression: JSONValue)
    /// The id names no cluster of this index.
    case unknownCluster(Int)
    /// Point `index` is not a valid coordinate (NaN, infinite, latitude beyond ±90).
    case invalidCoordinate(index: Int)
    /// Options out of range (`clusterMaxZoom` in 0...24, radius >= 0, minPoints >= 1).
    case invalidOption(String, StyleValueError)

    public var description: String {
        switch self {
        case .unsupportedMapExpression(let property, _):
            "cluster property \"\(property)\": only [\"get\", key], [\"get\", key, object], [\"literal\", v] and constants can be evaluated"
        case .unknownCluster(let id): "no cluster with id \(id)"
        case .invalidCoordinate(let index): "point \(index) is not a valid coordinate (latitude in [-90, 90], finite numbers)"
        case .invalidOption(let name, let problem): "cluster option \(name): \(problem)"
        }
    }
}

/// Evaluates the subset of expressions cluster map functions use in
/// practice: feature property lookups and constants.
enum ClusterExpression {
    static func check(_ expression: JSONValue, property: String) throws(ClusterIndexError) {
        guard isSupported(expression) else { throw .unsupportedMapExpression(property: property, expression: expression) }
    }

    private static func isSupported(_ e: JSONValue) -> Bool {
        guard case .array(let items) = e else { return true }
        guard let op = items.first?.stringValue else { return false }
        switch op {
        case "literal": return items.count == 2
        case "get":
            guard items.count == 2 || items.count == 3, items[1].stringValue != nil else { return false }
            return items.count == 2 || isSupported(items[2])
        default: return false
        }
    }

    /// The value of a (checked) expression on a feature's properties; null
    /// where a lookup finds nothing.
    static func evaluate(_ e: JSONValue, on properties: [String: JSONValue]) -> JSONValue {
        guard case .array(let items) = e, let op = items.first?.stringValue else { return e }
        if op == "literal" { return items[1] }
        let key = items[1].stringValue ?? ""
        if items.count == 3 {
            guard case .object(let object) = evaluate(items[2], on: properties) else { return .null }
            return object[key] ?? .null
        }
        return properties[key] ?? .null
    }

    /// Folds `next` into `accumulated` like the renderer's
    /// `[operator, ["accumulated"], ["get", key]]`. Values of the wrong type
    /// (null where a number belongs) leave the accumulator unchanged.
    static func reduce(_ reducer: ClusterReducer, _ accumulated: JSONValue, _ next: JSONValue) -> JSONValue {
        switch reducer {
        case .sum, .product, .max, .min:
            guard let b = next.numberValue else { return accumulated }
            guard let a = accumulated.numberValue else { return next }
            switch reducer {
            case .sum: return .number(a + b)
            case .product: return .number(a * b)
            case .max: return .number(Swift.max(a, b))
            default: return .number(Swift.min(a, b))
            }
        case .all, .any:
            guard let b = next.boolValue else { return accumulated }
            guard let a = accumulated.boolValue else { return next }
            return .bool(reducer == .all ? (a && b) : (a || b))
        }
    }
}
