import CartoucheJSON
import CartoucheStyle
import Testing

/// ``MapLibreStyleDiff``: each kind of change as the MapLibre call that makes it.
@Suite struct MapLibreStyleDiffTests {
    static func feature(_ id: String, _ x: Double, _ properties: [String: JSONValue] = [:]) -> JSONValue {
        var p = properties
        p["id"] = .string(id)
        return ["type": "Feature", "id": .string(id), "geometry": ["type": "Point", "coordinates": [.number(x), 0]], "properties": .object(p)]
    }

    static func style(_ features: [JSONValue], layer: StyleLayer, glyphs: String? = nil) -> StyleDocument {
        StyleDocument(glyphs: glyphs, sources: ["dots": GeoJSONSource(features: features, promoteId: "id")], layers: [layer])
    }

    @Test func featureChangesAreOneUpdateData() {
        let layer = StyleLayer(id: "dots", type: .circle, source: "dots")
        let old = Self.style([Self.feature("a", 0, ["k": 1, "gone": true]), Self.feature("b", 1), Self.feature("c", 2)], layer: layer)
        let new = Self.style([Self.feature("a", 0, ["k": 2]), Self.feature("c", 5), Self.feature("d", 3)], layer: layer)
        let diff = MapLibreStyleDiff.between(old, new)
        #expect(diff.operations == [.updateData(source: "dots", GeoJSONSourceDiff(
            remove: ["b"], add: [Self.feature("d", 3)],
            update: [
                GeoJSONFeatureDiff(id: "a", removeProperties: ["gone"], addOrUpdateProperties: [.init(key: "k", value: 2)]),
                GeoJSONFeatureDiff(id: "c", newGeometry: ["type": "Point", "coordinates": [5, 0]]),
            ]))])
        #expect(diff.json == ["operations": [["op": "updateData", "source": "dots", "diff": [
            "remove": ["b"], "add": [Self.feature("d", 3)],
            "update": [["id": "a", "removeProperties": ["gone"], "addOrUpdateProperties": [["key": "k", "value": 2]]],
                       ["id": "c", "newGeometry": ["type": "Point", "coordinates": [5, 0]]]]]]]])
    }

    @Test func reorderedFeaturesAreSetData() {
        let layer = StyleLayer(id: "dots", type: .circle, source: "dots")
        let a = Self.feature("a", 0), b = Self.feature("b", 1)
        #expect(MapLibreStyleDiff.between(Self.style([a, b], layer: layer), Self.style([b, a], layer: layer)).operations
                == [.setData(source: "dots", features: [b, a])])
    }

    @Test func layerAndRootChanges() {
        let before = StyleLayer(id: "dots", type: .circle, source: "dots", filter: ["has", "id"], paint: ["circle-radius": 4, "circle-color": "red"])
        let after = StyleLayer(id: "dots", type: .circle, source: "dots", layout: ["visibility": "none"], paint: ["circle-radius": 6])
        let diff = MapLibreStyleDiff.between(Self.style([], layer: before), Self.style([], layer: after, glyphs: "https://g/{fontstack}/{range}.pbf"))
        #expect(diff.operations == [
            .setGlyphs("https://g/{fontstack}/{range}.pbf"),
            .setLayoutProperty(layer: "dots", name: "visibility", value: "none"),
            .setPaintProperty(layer: "dots", name: "circle-radius", value: 6),
            .setPaintProperty(layer: "dots", name: "circle-color", value: .null),
            .setFilter(layer: "dots", filter: .null),
        ])
        #expect(diff.operations.last?.json == ["op": "setFilter", "layer": "dots", "filter": .null])
    }
}
