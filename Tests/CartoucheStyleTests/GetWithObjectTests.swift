import CartoucheJSON
import CartoucheStyle
import Testing

/// `["get", key, object]` and `["has", key, object]` read the object they
/// are given, not the feature: MapLibre's `isFeatureConstant` counts only
/// their one-argument forms (issue #27 item 12: the `where` of
/// `case "get", "has" where args.count == 1` applied to `"has"` alone, so
/// every two-argument `get` counted as reading the feature).
@Suite struct GetWithObjectTests {
    static let constant = ExpressionRules(type: .number, interpolatable: true, featureDependent: false, featureState: false)
    static let dataDriven = ExpressionRules(type: .number, interpolatable: true, featureDependent: true, featureState: true)

    @Test func twoArgumentGetOfALiteralIsFeatureConstant() throws {
        let get: JSONValue = ["get", "a", ["literal", ["a": 2]]]
        let parsed = try PropertyExpression(parsing: get, rules: Self.constant)
        #expect(parsed.isFeatureConstant)
        let has: JSONValue = ["case", ["has", "a", ["literal", ["a": 2]]], 1, 0]
        #expect(try PropertyExpression(parsing: has, rules: Self.constant).isFeatureConstant)
    }

    @Test func oneArgumentFormsAndObjectsFromTheFeatureStillReadIt() throws {
        #expect(throws: ExpressionParseError.self) { try PropertyExpression(parsing: ["get", "a"], rules: Self.constant) }
        #expect(throws: ExpressionParseError.self) { try PropertyExpression(parsing: ["case", ["has", "a"], 1, 0], rules: Self.constant) }
        let nested: JSONValue = ["get", "a", ["get", "o"]]
        #expect(try PropertyExpression(parsing: nested, rules: Self.dataDriven).isFeatureConstant == false)
        let properties: JSONValue = ["get", "a", ["properties"]]
        #expect(try PropertyExpression(parsing: properties, rules: Self.dataDriven).isFeatureConstant == false)
    }
}
