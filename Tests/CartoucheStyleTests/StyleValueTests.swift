import CartoucheGeometry
import CartoucheJSON
import Testing

@testable import CartoucheStyle

@Suite struct StyleValueTests {
    @Test func enumsDecodeExactSpecStrings() throws {
        #expect(try BoxAnchor(styleJSON: "top-left") == .topLeft)
        #expect(try SymbolPlacement(styleJSON: "line-center") == .lineCenter)
        #expect(BoxAnchor.bottomRight.styleJSON == "bottom-right")
        #expect(throws: StyleValueError.unknownEnumValue("Round", allowed: ["butt", "round", "square"])) {
            try LineCap(styleJSON: "Round")
        }
        #expect(throws: StyleValueError.typeMismatch(expected: "a string", found: "a boolean")) {
            try LineJoin(styleJSON: true)
        }
    }

    @Test func arraysCheckLengthAndElementType() throws {
        #expect(try StyleOffset(styleJSON: [1, -2.5]) == StyleOffset(x: 1, y: -2.5))
        #expect(throws: StyleValueError.wrongArrayLength(expected: 2, found: 3)) {
            try StyleOffset(styleJSON: [1, 2, 3])
        }
        #expect(throws: StyleValueError.typeMismatch(expected: "a number", found: "a string")) {
            try StylePadding(styleJSON: [1, 2, "3", 4])
        }
        #expect(StylePadding(top: 1, right: 2, bottom: 3, left: 4).styleJSON == [1, 2, 3, 4])
    }

    @Test func nonFiniteNumbersAreFlagged() {
        #expect(Pixels(.nan).styleValueProblem == .notFinite)
        #expect(StyleOffset(x: 0, y: .infinity).styleValueProblem == .notFinite)
        #expect(Ems(1.2).styleValueProblem == nil)
        #expect(throws: StyleValueError.notFinite) { try Double(styleJSON: .number(.infinity)) }
    }

    @Test func errorMessagesNameTheProblem() {
        let message = StyleValueError.unknownEnumValue("x", allowed: ["map", "viewport"]).description
        #expect(message == "\"x\" is not one of \"map\", \"viewport\"")
    }
}

@Suite struct StyleExpressionTests {
    @Test func perFeatureIsAFlatLookup() {
        let expression = StyleExpression.perFeature("text-color", in: "layerProperties", fallback: "rgba(0, 0, 0, 1)")
        let expected: JSONValue = [
            "coalesce", ["get", "layerProperties.text-color"], "rgba(0, 0, 0, 1)",
        ]
        #expect(expression == expected)
    }

    @Test func arrayFallbacksAreLiteral() {
        let expression = StyleExpression.perFeature("text-offset", in: "layerProperties", fallback: [0, 0])
        #expect(expression == ["coalesce", ["get", "layerProperties.text-offset"], ["literal", [0, 0]]])
    }

    @Test func missingFallbackLeavesOneArgument() {
        let expression = StyleExpression.perFeature("icon-image", in: "layerProperties", fallback: nil)
        #expect(expression == ["coalesce", ["get", "layerProperties.icon-image"]])
    }
}

@Suite struct StyleDocumentTests {
    @Test func validationCatchesWhatRenderersReject() {
        let circle = StyleLayer(id: "a", type: .circle, source: "s")
        var document = StyleDocument(layers: [circle])
        #expect(throws: StyleDocumentError.missingSource(layer: "a", source: "s")) { try document.validate() }
        document.sources["s"] = GeoJSONSource(features: [])
        #expect(throws: Never.self) { try document.validate() }
        document.layers.append(circle)
        #expect(throws: StyleDocumentError.duplicateLayerId("a")) { try document.validate() }
        document.layers = [StyleLayer(id: "t", type: .symbol, source: "s", layout: ["text-field": "x"])]
        #expect(throws: StyleDocumentError.glyphsRequired(layer: "t")) { try document.validate() }
    }

    @Test func sourceWritesClusterOptions() {
        let source = GeoJSONSource(
            features: [],
            clustering: SourceClustering(properties: ["sum": ClusterProperty(reduce: .sum, map: ["get", "n"])]))
        let expected: JSONValue = [
            "type": "geojson", "data": ["type": "FeatureCollection", "features": []],
            "cluster": true, "clusterRadius": 50, "clusterMaxZoom": 14, "clusterMinPoints": 2,
            "clusterProperties": ["sum": ["+", ["get", "n"]]],
        ]
        #expect(source.json == expected)
    }
}

@Suite struct StyleFragmentTests {
    @Test func insertBeforeAlwaysCoversEveryLayer() {
        let a = StyleLayer(id: "a", type: .circle, source: "s")
        let b = StyleLayer(id: "b", type: .circle, source: "s")
        let short = StyleFragment(layers: [a, b], insertBefore: ["water"])
        #expect(short.insertBefore == ["water", nil])
        var edited = short
        edited.insertBefore = []  // shorter than layers: the rest go on top
        let layers = edited.json.objectValue?["layers"]?.arrayValue
        #expect(layers?.count == 2)
        #expect(layers?.first?.objectValue?["beforeId"] == nil)
        #expect(short.json.objectValue?["layers"]?.arrayValue?.first?.objectValue?["beforeId"] == "water")
    }
}
