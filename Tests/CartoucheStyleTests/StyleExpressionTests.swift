import CartoucheJSON
import CartoucheStyle
import Testing

@Suite struct StyleExpressionParseTests {
    @Test func seedRouteColorSwitchParsesAsColor() throws {
        let json: JSONValue = ["case", ["boolean", ["feature-state", "selected"], false], "#57A9FB", "#999999"]
        let parsed = try StyleExpression.parse(json, expecting: .color)
        #expect(parsed.type == .color)
        let selected = EvaluationContext(featureState: ["selected": true])
        #expect(try parsed.evaluate(in: selected) == .color(try StyleColor(parsing: "#57A9FB")))
        #expect(try parsed.evaluate(in: EvaluationContext()) == .color(try StyleColor(parsing: "#999999")))
    }

    @Test func unknownOperatorNamesItsPath() {
        let json: JSONValue = ["case", ["bogus", 1], "red", "blue"]
        #expect(throws: ExpressionParseError.self) { try StyleExpression.parse(json, expecting: .color) }
        do {
            _ = try StyleExpression.parse(json, expecting: .color)
        } catch {
            #expect(error.path == "[1][0]")
            #expect(error.reason.contains("unsupported operator \"bogus\""))
        }
    }

    @Test func wrongArityAndWrongTypeAreRefused() {
        func path(_ json: JSONValue, _ type: ExpressionType) -> String? {
            do { _ = try StyleExpression.parse(json, expecting: type); return nil } catch { return error.path }
        }
        #expect(path(["!", true, false], .boolean) == "")
        #expect(path(["+", 1, "a"], .number) == "[2]")
        #expect(path(["concat", "a", "b"], .number) == "")
        #expect(path(["interpolate", ["linear"], ["zoom"], 10, 1, 5, 2], .number) == "[5]")
        #expect(path("not-a-color", .color) == "")
        #expect(path(["match", ["get", "k"], "a", 1, 2, 3, 0], .number) == "[4]")
    }

    @Test func zoomInterpolateForWidth() throws {
        let parsed = try StyleExpression.parse(["interpolate", ["exponential", 2], ["zoom"], 10, 2, 14, 10], expecting: .number)
        #expect(parsed.number(in: EvaluationContext(zoom: 9), default: -1) == 2)
        #expect(parsed.number(in: EvaluationContext(zoom: 20), default: -1) == 10)
        // base 2 over 4 zoom levels: t = (2^2 - 1) / (2^4 - 1) = 0.2 at zoom 12.
        let mid = parsed.number(in: EvaluationContext(zoom: 12), default: -1)
        #expect(abs(mid - (2 + 8 * 0.2)) < 1e-12)
    }

    @Test func evaluationErrorFallsBackToDefault() throws {
        let parsed = try StyleExpression.parse(["get", "width"], expecting: .number)
        #expect(parsed.number(in: EvaluationContext(properties: ["width": "wide"]), default: 3) == 3)
        #expect(parsed.number(in: EvaluationContext(properties: ["width": 7]), default: 3) == 7)
    }

    @Test func matchStepLetAndStrings() throws {
        let ctx = EvaluationContext(zoom: 5, properties: ["kind": "bus", "n": 3, "name": "Main St"], featureID: 42)
        func eval(_ json: JSONValue, _ type: ExpressionType = .value) throws -> ExpressionValue {
            try StyleExpression.parse(json, expecting: type).evaluate(in: ctx)
        }
        #expect(try eval(["match", ["get", "kind"], ["bus", "tram"], 1, "rail", 2, 0], .number) == .number(1))
        #expect(try eval(["step", ["zoom"], "a", 3, "b", 6, "c"], .string) == .string("b"))
        #expect(try eval(["let", "x", ["*", ["get", "n"], 2], ["+", ["var", "x"], 1]], .number) == .number(7))
        #expect(try eval(["upcase", ["slice", ["get", "name"], 0, 4]], .string) == .string("MAIN"))
        #expect(try eval(["index-of", "St", ["get", "name"]]) == .number(5))
        #expect(try eval(["in", 2, ["literal", [1, 2, 3]]]) == .boolean(true))
        #expect(try eval(["to-string", ["id"]]) == .string("42"))
        #expect(try eval(["concat", "n=", ["get", "n"], true]) == .string("n=3true"))
        #expect(try eval(["at", 1, ["literal", ["x", "y"]]]) == .string("y"))
        #expect(try eval(["%", -7, 3]) == .number(-1))
        #expect(try eval(["round", -2.5]) == .number(-3))
        #expect(try eval(["coalesce", ["get", "missing"], 9]) == .number(9))
        #expect(try eval(["to-number", "  12  "]) == .number(12))
    }

    @Test func colorInterpolationIsLinearInRGBA() throws {
        let parsed = try StyleExpression.parse(["interpolate", ["linear"], ["zoom"], 0, "#000000", 10, "rgba(255, 255, 255, 0)"], expecting: .color)
        let color = parsed.color(in: EvaluationContext(zoom: 5), default: .black)
        #expect(abs(color.red - 0.5) < 1e-12 && abs(color.alpha - 0.5) < 1e-12)
    }

    @Test func rgbaValidatesChannelsAndTypesMapFromSwift() throws {
        let ok = try StyleExpression.parse(["rgba", 255, 0, 0, 0.5], expecting: .color)
        #expect(ok.color(in: EvaluationContext(), default: .black) == StyleColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        // A constant that can only fail is refused while parsing, as MapLibre does.
        #expect(throws: ExpressionParseError.self) { try StyleExpression.parse(["rgb", 300, 0, 0], expecting: .color) }
        let bad = try StyleExpression.parse(["rgb", ["get", "r"], 0, 0], expecting: .color)
        #expect(throws: ExpressionEvaluationError.self) { try bad.evaluate(in: EvaluationContext(properties: ["r": 300])) }
        #expect(ExpressionType.of(Pixels.self) == .number)
        #expect(ExpressionType.of(StyleColor.self) == .color)
        #expect(ExpressionType.of(StyleOffset.self) == .array(of: .number, length: 2))
    }
}
