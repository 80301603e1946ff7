import CartoucheAnnotations
import CartoucheGeometry
import CartoucheJSON
import CartoucheStyle
import Testing

@Suite struct CompileTests {
    @Test func dataDrivenKeysBecomeCoalesceWithManagerFallback() throws {
        var a = PointAnnotation(id: "a", coordinate: Fixtures.paris)
        a.textColor = Fixtures.color("red")
        a.textField = "Paris"
        var manager = PointAnnotationManager(id: "pins", annotations: [a, PointAnnotation(id: "b", coordinate: Fixtures.berlin)])
        manager.textColor = Fixtures.color("#00f")  // fallback for b
        manager.textHaloWidth = 2  // no annotation sets it: a literal
        manager.textFont = ["Noto Sans Regular"]
        let layer = try #require(try manager.compile().layers.first)

        #expect(layer.id == "pins")
        #expect(layer.source == "pins")
        #expect(layer.type == .symbol)
        #expect(layer.paint["text-color"] == ["coalesce", ["get", "layerProperties.text-color"], "rgba(0, 0, 255, 1)"])
        // No manager value: the fallback is the style-spec default.
        #expect(layer.layout["text-field"] == ["coalesce", ["get", "layerProperties.text-field"], ""])
        #expect(layer.paint["text-halo-width"] == 2)
        #expect(layer.layout["text-font"] == ["Noto Sans Regular"])
        // Point managers start with overlap on and placement ignored.
        for key in ["icon-allow-overlap", "text-allow-overlap", "icon-ignore-placement", "text-ignore-placement"] {
            #expect(layer.layout[key] == true)
        }
        #expect(layer.filter == nil)
        #expect(layer.paint.count == 2 && layer.layout.count == 6)
    }

    @Test func featuresCarryOnlyTheKeysTheyHave() throws {
        var a = CircleAnnotation(id: "a", coordinate: Fixtures.paris, customData: ["kind": "cafe"])
        a.circleRadius = 8
        let compiled = try CircleAnnotationManager(id: "dots", annotations: [a]).compile()
        let expected: JSONValue = [
            "type": "Feature", "id": "a",
            "geometry": ["type": "Point", "coordinates": [2.3522, 48.8566]],
            // The annotation id again as a property, the source's promoteId.
            // Per-annotation style values as flat members (MapLibre's main thread reads nested objects as strings).
            "properties": ["layerProperties.circle-radius": 8, "custom_data": ["kind": "cafe"], "id": "a"],
        ]
        #expect(compiled.source.features == [expected])
        #expect(compiled.dataDrivenKeys == ["circle-radius"])
    }

    @Test func retainedKeysStayDataDriven() throws {
        // The key no annotation sets any more keeps its expression, so
        // features not yet updated on screen never flash to the default.
        let manager = CircleAnnotationManager(id: "dots", annotations: [CircleAnnotation(id: "a", coordinate: Fixtures.paris)])
        let layer = try manager.compile(retainedDataDrivenKeys: ["circle-color"]).layers[0]
        #expect(layer.paint["circle-color"] == ["coalesce", ["get", "layerProperties.circle-color"], "rgba(0, 0, 0, 1)"])
    }

    @Test func imageDoublesAsIconAndIsCounted() throws {
        let pin = StyleImage(name: "pin", width: 48, height: 64, pixelRatio: 2)
        var orchestrator = AnnotationOrchestrator()
        orchestrator.setManager(.point(PointAnnotationManager(id: "a", annotations: [
            PointAnnotation(id: "1", coordinate: Fixtures.paris, image: pin),
            PointAnnotation(id: "2", coordinate: Fixtures.berlin, image: pin),
        ])))
        var explicit = PointAnnotation(id: "3", coordinate: Fixtures.paris, image: pin)
        explicit.iconImage = "other"
        orchestrator.setManager(.point(PointAnnotationManager(id: "b", annotations: [explicit])))
        let compiled = try orchestrator.compile()
        #expect(compiled.images.entries["pin"]?.referenceCount == 3)
        #expect(compiled.fragment.images == [pin])
        let icon = compiled.managers["b"]?.source.features[0].objectValue?["properties"]?.objectValue?["layerProperties.icon-image"]
        #expect(icon == "other")

        // Removing a manager releases its references.
        orchestrator.removeManager(withId: "a")
        #expect(try orchestrator.compile().images.entries["pin"]?.referenceCount == 1)
        orchestrator.removeManager(withId: "b")
        #expect(try orchestrator.compile().fragment.images.isEmpty)
    }

    @Test func conflictingImagesAreRejected() {
        var orchestrator = AnnotationOrchestrator()
        orchestrator.setManager(.point(PointAnnotationManager(id: "a", annotations: [
            PointAnnotation(id: "1", coordinate: Fixtures.paris, image: StyleImage(name: "pin", width: 10, height: 10)),
            PointAnnotation(id: "2", coordinate: Fixtures.paris, image: StyleImage(name: "pin", width: 10, height: 10, sdf: true)),
        ])))
        #expect(throws: AnnotationError.conflictingImage(name: "pin", manager: "a", annotation: "2")) { try orchestrator.compile() }
    }

    @Test func namespaceReleaseDropsAtZero() throws {
        var namespace = ImageNamespace()
        let image = StyleImage(name: "x", width: 1, height: 1)
        try namespace.retain(image, manager: "m", annotation: "a")
        try namespace.retain(image, manager: "n", annotation: "b")
        namespace.release(named: "x")
        #expect(namespace.entries["x"]?.referenceCount == 1)
        namespace.release(named: "x")
        #expect(namespace.entries["x"] == nil)
    }

    @Test func sameInputSameBytes() throws {
        func build() throws -> String {
            var orchestrator = AnnotationOrchestrator()
            var manager = PolygonAnnotationManager(id: "zones")
            for i in 0..<20 {
                var zone = PolygonAnnotation(id: "z\(i)", rings: [Fixtures.square(Double(i), 0)])
                if i % 3 == 0 { zone.fillColor = Fixtures.color("hsl(\(i * 10), 50%, 50%)") }
                if i % 4 == 0 { zone.fillOpacity = 0.5 }
                manager.annotations.append(zone)
            }
            orchestrator.setManager(.polygon(manager))
            return try orchestrator.compile().fragment.json.jsonString(style: .pretty)
        }
        #expect(try build() == build())
    }

    @Test func replacingAManagerMovesItToTheTop() throws {
        var orchestrator = AnnotationOrchestrator()
        orchestrator.setManager(.circle(CircleAnnotationManager(id: "a")))
        orchestrator.setManager(.circle(CircleAnnotationManager(id: "b")))
        let replaced = orchestrator.setManager(.polyline(PolylineAnnotationManager(id: "a")))
        #expect(replaced == .circle(CircleAnnotationManager(id: "a")))
        let compiled = try orchestrator.compile()
        #expect(compiled.fragment.layers.map(\.id) == ["b", "a"])
        #expect(compiled.fragment.layers.map(\.type) == [.circle, .line])
        // Updating through the typed subscript keeps the place.
        orchestrator[circle: "b"]?.circleColor = Fixtures.color("red")
        #expect(try orchestrator.compile().fragment.layers.map(\.id) == ["b", "a"])
        #expect(orchestrator[circle: "b"]?.circleColor == Fixtures.color("red"))
        orchestrator[circle: "b"] = nil
        #expect(orchestrator.managers.map(\.id) == ["a"])
    }

    @Test func idCollisionsAreRejected() {
        var orchestrator = AnnotationOrchestrator()
        orchestrator.setManager(.point(PointAnnotationManager(id: "p", clusterOptions: ClusterOptions())))
        orchestrator.setManager(.circle(CircleAnnotationManager(id: "p-cluster-circle")))
        #expect(throws: AnnotationError.idCollision("p-cluster-circle")) { try orchestrator.compile() }
        var other = AnnotationOrchestrator()
        other.setManager(.circle(CircleAnnotationManager(id: "water")))
        #expect(throws: AnnotationError.idCollision("water")) { try other.compile(baseLayers: [.layer("water")]) }
    }
}
