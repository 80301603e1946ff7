import CartoucheAnnotations
import CartoucheJSON
import CartoucheStyle
import CartoucheTestSupport
import Foundation
import Testing

/// Cartouche's expression evaluator against MapLibre GL JS 5.3.0's own, in
/// headless Debian chromium (`scripts/interop/maplibre_expression_oracle.py`):
/// every expression of ``ExpressionCorpus`` is set on a layer property in
/// both and evaluated in each context (zoom, feature properties, id,
/// geometry type, feature state). A second test does the same for the
/// layer expressions compile writes around manager expressions when
/// annotations set the key too. Values agree as a renderer reads them
/// (an evaluation error or null gives the property's default, an enum
/// word the property lacks too): numbers within 1e-9 relative, colours
/// within 1/255 per channel, strings, booleans and arrays exactly. The
/// invalid expressions must be refused by both, Cartouche at the given path.
///
/// Needs `scripts/setup`; `CARTOUCHE_SKIP_BROWSER_TESTS=1` skips it deliberately.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CARTOUCHE_SKIP_BROWSER_TESTS"] != "1",
                "CARTOUCHE_SKIP_BROWSER_TESTS=1 skips the MapLibre browser comparison"))
struct ExpressionAgreementTests {
    static let script = "scripts/interop/maplibre_expression_oracle.py"

    /// What the test needs of a property: its rules, default and a check of
    /// a value the way the property set takes it.
    struct Property {
        var key: String
        var group: StylePropertyGroup
        var layerType: String
        var rules: ExpressionRules
        var defaultValue: JSONValue?
        /// Sets the JSON on a fresh property set.
        var set: (JSONValue) throws(PropertySetError) -> Void
    }

    static func property(_ key: String) -> Property? {
        func find<P: AnnotationPropertySet>(_: P.Type, _ layerType: String) -> Property? {
            guard let d = P.descriptors.first(where: { $0.key == key }) else { return nil }
            return Property(key: key, group: d.group, layerType: layerType, rules: d.expressionRules(dataDriven: P.isDataDriven),
                            defaultValue: d.defaultValue, set: { (json: JSONValue) throws(PropertySetError) in
                                var set = P()
                                try set.setStyleValue(json, forKey: key)
                            })
        }
        return find(LineProperties.self, "line") ?? find(LineLayerProperties.self, "line") ?? find(CircleProperties.self, "circle")
            ?? find(SymbolProperties.self, "symbol") ?? find(SymbolLayerProperties.self, "symbol")
    }

    static func json(_ text: String) throws -> JSONValue { try JSONParser().parse(Array(text.utf8)) }

    /// The value a renderer uses: the expression's, else the property default.
    static func propertyValue(_ expression: ParsedExpression, _ context: EvaluationContext, _ property: Property) throws -> ExpressionValue {
        var fallback = property.defaultValue.map(ExpressionValue.init(json:)) ?? .null
        if property.rules.type == .color, case .string(let css) = fallback { fallback = .color(try StyleColor(parsing: css)) }
        guard let value = try? expression.evaluate(in: context), value != .null, value.number?.isNaN != true else { return fallback }
        // An enum word the property lacks is a runtime error in MapLibre too;
        // out-of-range numbers are not (the renderer takes them as they are).
        do { try property.set(value.json) } catch {
            if case .invalidValue(_, .unknownEnumValue) = error { return fallback }
        }
        return value
    }

    /// Whether MapLibre's plain value (see the oracle) equals ours.
    static func agrees(_ theirs: JSONValue, _ ours: ExpressionValue) -> Bool {
        switch (theirs, ours) {
        case (.null, .null): return true
        case (.number(let a), .number(let b)):
            return a == b || abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
        case (.bool(let a), .boolean(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let xs), .array(let ys)):
            return xs.count == ys.count && zip(xs, ys).allSatisfy { agrees($0, $1) }
        case (.object(let o), _):
            if let special = o["number"]?.stringValue, case .number(let n) = ours {
                return special == (n.isNaN ? "NaN" : n > 0 ? "Infinity" : "-Infinity")
            }
            if let text = o["formatted"]?.stringValue ?? o["image"]?.stringValue { return ours == .string(text) }
            guard case .array(let rgba)? = o["color"], case .color(let c) = ours, rgba.count == 4 else { return false }
            // Premultiplied, as drawn: a transparent colour has no hue to compare.
            let t = rgba.compactMap(\.numberValue)
            guard t.count == 4 else { return false }
            let theirs = [t[0] * t[3], t[1] * t[3], t[2] * t[3], t[3]], mine = [c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha]
            return zip(theirs, mine).allSatisfy { abs($0 - $1) <= 1.0 / 255 + 1e-12 }
        default: return false
        }
    }

    @Test("≥ 100 expressions evaluate as MapLibre GL JS evaluates them; invalid ones are refused by both")
    func agreesWithMapLibre() async throws {
        let missing = PythonOracle.missingBrowserPrerequisites(script: Self.script)
        try #require(missing.isEmpty, "missing \(missing.joined(separator: ", ")). Run scripts/setup (or set CARTOUCHE_SKIP_BROWSER_TESTS=1 to skip deliberately).")
        #expect(ExpressionCorpus.valid.count >= 100)

        var contexts: [EvaluationContext] = [], contextJSON: [JSONValue] = []
        for (zoom, properties, id, geometry, state) in ExpressionCorpus.contexts {
            let props = try Self.json(properties).objectValue ?? [:], st = try Self.json(state).objectValue ?? [:]
            contexts.append(EvaluationContext(zoom: zoom, properties: props, featureID: id, geometryType: geometry, featureState: st))
            contextJSON.append(["zoom": .number(zoom), "properties": .object(props), "id": id, "geometryType": .string(geometry), "state": .object(st)])
        }
        var cases: [JSONValue] = [], parsed: [(String, ParsedExpression, Property)] = []
        for (key, text) in ExpressionCorpus.valid {
            let property = try #require(Self.property(key), "unknown property \(key)")
            let expression = try Self.json(text)
            let p: PropertyExpression
            do { p = try PropertyExpression(parsing: expression, rules: property.rules) } catch {
                Issue.record("Cartouche refused \(key): \(text): \(error)")
                continue
            }
            parsed.append((text, p.parsed, property))
            cases.append(["layerType": .string(property.layerType), "group": .string(property.group.rawValue), "key": .string(key),
                          "expression": expression, "contexts": .array(contextJSON)])
        }
        for (key, text, path) in ExpressionCorpus.invalid {
            let property = try #require(Self.property(key))
            let expression = try Self.json(text)
            #expect(throws: PropertySetError.self, "\(key): \(text)") { try property.set(expression) }
            do { try property.set(expression) } catch {
                guard case .invalidExpression(_, let e) = error else { Issue.record("\(text): \(error)"); continue }
                #expect(e.path == path, "\(text): \(e)")
            }
            cases.append(["layerType": .string(property.layerType), "group": .string(property.group.rawValue), "key": .string(key),
                          "expression": try Self.json(text), "contexts": []])
        }
        let output = try await PythonOracle.runOffThePool(script: Self.script, input: Data(try JSONValue.object(["cases": .array(cases)]).jsonBytes()))
        let results = try #require(try JSONParser().parse(Array(output)).objectValue?["results"]?.arrayValue).map { $0.objectValue ?? [:] }
        try #require(results.count == cases.count)

        var compared = 0, disagreements: [String] = []
        for (i, (text, expression, property)) in parsed.enumerated() {
            guard results[i]["accepted"] == .bool(true), let values = results[i]["values"]?.arrayValue else {
                disagreements.append("MapLibre refused \(property.key): \(text): \(results[i]["errors"] ?? .null)")
                continue
            }
            for (c, context) in contexts.enumerated() {
                let ours = try Self.propertyValue(expression, context, property)
                compared += 1
                if !Self.agrees(values[c], ours) {
                    disagreements.append("\(property.key): \(text) in context \(c): MapLibre \(values[c]), Cartouche \(ours)")
                }
            }
        }
        for i in parsed.count..<cases.count where results[i]["accepted"] != .bool(false) {
            disagreements.append("MapLibre accepted \(ExpressionCorpus.invalid[i - parsed.count].expression)")
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(compared) evaluations disagree:\n\(disagreements.joined(separator: "\n"))")
        #expect(compared >= 400)
    }

    @Test("the compiled per-feature form of manager expressions is accepted by MapLibre and reads the feature's value, else the expression's")
    func perFeatureForm() async throws {
        let missing = PythonOracle.missingBrowserPrerequisites(script: Self.script)
        try #require(missing.isEmpty, "missing \(missing.joined(separator: ", ")). Run scripts/setup (or set CARTOUCHE_SKIP_BROWSER_TESTS=1 to skip deliberately).")
        let managerExpressions: [(String, JSONValue, JSONValue)] = [
            ("line-width", ["interpolate", ["linear"], ["zoom"], 10, 2, 16, 8], 9),
            ("line-width", ["step", ["zoom"], 1, 8, 3, 14, 6], 9),
            ("line-width", ["let", "w", 2, ["interpolate", ["exponential", 2], ["zoom"], 0, ["var", "w"], 20, 30]], 9),
            ("line-width", ["case", ["boolean", ["feature-state", "selected"], false], 6, 2], 9),
            ("line-color", ["case", ["boolean", ["feature-state", "selected"], false], "#57A9FB", "#999999"], "red"),
            ("line-color", ["interpolate", ["linear"], ["zoom"], 0, "red", 20, "blue"], "#00ff00"),
            ("text-offset", ["interpolate", ["linear"], ["zoom"], 0, ["literal", [0, 0]], 20, ["literal", [2, -4]]], [1, 1]),
        ]
        var cases: [JSONValue] = [], expected: [[ExpressionValue]] = []
        for (key, expression, own) in managerExpressions {
            let property = try #require(Self.property(key))
            let parsed = try PropertyExpression(parsing: expression, rules: property.rules).parsed
            let layerExpression = StyleExpression.perFeature(key, in: layerPropertiesKey, fallbackExpression: expression)
            var contexts: [JSONValue] = [], values: [ExpressionValue] = []
            for zoom in [3.0, 11.5, 18] {
                for selected in [true, false] {
                    let state: JSONValue = ["selected": .bool(selected)]
                    // Without an own value a compiled feature has no `layerProperties.<key>` member.
                    contexts.append(["zoom": .number(zoom), "properties": .object([:]), "id": .null,
                                     "geometryType": "LineString", "state": state])
                    values.append(try Self.propertyValue(parsed, EvaluationContext(zoom: zoom, featureState: ["selected": .bool(selected)]), property))
                    contexts.append(["zoom": .number(zoom), "properties": .object([StyleExpression.perFeatureKey(key, in: layerPropertiesKey): own]), "id": .null,
                                     "geometryType": "LineString", "state": state])
                    var ownValue = ExpressionValue(json: own)
                    if property.rules.type == .color, case .string(let css) = own { ownValue = .color(try StyleColor(parsing: css)) }
                    values.append(ownValue)
                }
            }
            cases.append(["layerType": .string(property.layerType), "group": .string(property.group.rawValue), "key": .string(key),
                          "expression": layerExpression, "contexts": .array(contexts)])
            expected.append(values)
        }
        let output = try await PythonOracle.runOffThePool(script: Self.script, input: Data(try JSONValue.object(["cases": .array(cases)]).jsonBytes()))
        let results = try #require(try JSONParser().parse(Array(output)).objectValue?["results"]?.arrayValue).map { $0.objectValue ?? [:] }
        try #require(results.count == cases.count)
        for (i, result) in results.enumerated() {
            #expect(result["accepted"] == .bool(true), "\(cases[i]): \(result["errors"] ?? .null)")
            let values = result["values"]?.arrayValue ?? []
            #expect(values.count == expected[i].count)
            for (theirs, ours) in zip(values, expected[i]) {
                #expect(Self.agrees(theirs, ours), "\(managerExpressions[i].1): MapLibre \(theirs), Cartouche \(ours)")
            }
        }
    }
}
