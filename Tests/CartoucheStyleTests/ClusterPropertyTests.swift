import CartoucheJSON
import CartoucheStyle
import Testing

/// `clusterProperties` entries: both spec forms, MapLibre's evaluation
/// rules (errors, null and NaN give null) and the checks on the expressions.
@Suite struct ClusterPropertyTests {
    @Test func operatorFormFoldsWithAccumulated() throws {
        let sum = try ClusterProperty(reduce: .sum, map: ["get", "price"]).parsed(name: "sum")
        #expect(sum.mapped(["price": 4]) == 4)
        #expect(sum.reduced(4, with: ["sum": 6]) == 10)
        // As MapLibre: "+" of a null is an evaluation error, and an error gives null.
        #expect(sum.mapped([:]) == .null)
        #expect(sum.reduced(.null, with: ["sum": 6]) == .null)
        #expect(sum.reduced(4, with: [:]) == .null)
        #expect(ClusterProperty(reduce: .max, map: ["get", "p"]).reduceExpression(name: "m") == ["max", ["accumulated"], ["get", "m"]])
    }

    @Test func expressionFormReadsAccumulatedAndTheOtherItem() throws {
        let property = ClusterProperty(reduce: ["concat", ["accumulated"], ",", ["get", "names"]], map: ["get", "name"])
        #expect(property.json == [["concat", ["accumulated"], ",", ["get", "names"]], ["get", "name"]])
        let names = try property.parsed(name: "names")
        #expect(names.mapped(["name": "a"]) == "a")
        #expect(names.reduced("a", with: ["names": "b,c"]) == "a,b,c")
        let max = try ClusterProperty(reduce: ["max", ["accumulated"], ["get", "max"]], map: ["get", "price"]).parsed(name: "max")
        #expect(max.reduced(3, with: ["max": 7]) == 7)
        // NaN is null too (MapLibre's evaluate).
        let ratio = try ClusterProperty(reduce: .sum, map: ["/", 0, ["get", "n"]]).parsed(name: "r")
        #expect(ratio.mapped(["n": 0]) == .null)
    }

    @Test func refusedExpressionsNameThePartAndPath() {
        func error(_ p: ClusterProperty) -> ClusterPropertyError? {
            do { _ = try p.parsed(name: "x"); return nil } catch { return error }
        }
        #expect(error(ClusterProperty(reduce: .sum, map: ["zoom"]))
            == ClusterPropertyError(part: 1, error: ExpressionParseError(
                path: "", reason: "\"zoom\" and \"feature-state\" expressions are not supported with cluster properties")))
        #expect(error(ClusterProperty(reduce: ["+", ["accumulated"], ["feature-state", "n"]], map: 1))?.part == 0)
        #expect(error(ClusterProperty(reduce: ["max", ["accumulated"], ["bogus"]], map: 1))
            == ClusterPropertyError(part: 0, error: ExpressionParseError(
                path: "[2][0]", reason: "unsupported operator \"bogus\"; supported operators are data- and zoom-driven ones (get, match, interpolate, …)")))
        #expect(error(ClusterProperty(reduce: .string("sum"), map: 1))?.error.reason.hasPrefix("\"sum\" cannot fold two values") == true)
        #expect(error(ClusterProperty(reduce: .sum, map: ["get"]))?.part == 1)
    }

    @Test func accumulatedIsOnlyForClusterProperties() {
        #expect(throws: ExpressionParseError.self) { try StyleExpression.parse(["accumulated"], expecting: .value) }
    }
}
