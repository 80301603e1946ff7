import CartoucheAnnotations
import CartoucheGeometry
import CartoucheJSON
import CartoucheStyle
import Testing

@Suite struct StyleContentTests {
    let stops = [("s1", Fixtures.paris), ("s2", Fixtures.berlin)]

    func content(showRoute: Bool, stopColor: String) -> StyleContent {
        StyleContent {
            SlotLayer("overlays")
            CircleAnnotationManager(id: "stops", slot: "overlays") {
                for (id, place) in stops {
                    CircleAnnotation(id: id, coordinate: place, properties: {
                        var p = CircleProperties()
                        p.circleColor = Fixtures.color(stopColor)
                        return p
                    }())
                }
            }
            if showRoute {
                PolylineAnnotationManager(id: "route") {
                    PolylineAnnotation(id: "r", coordinates: stops.map(\.1))
                }
            }
            SourceContent(id: "grid-source", GeoJSONSource(features: []))
            StyleLayer(id: "grid", type: .line, source: "grid-source")
            PointAnnotationManager(id: "pins") {
                PointAnnotation(id: "p", coordinate: Fixtures.paris)
            }
        }
    }

    @Test func layersStackInDeclarationOrder() throws {
        let compiled = try content(showRoute: true, stopColor: "red").compile(baseLayers: [.layer("water")])
        // water (external) | stops (in slot) overlays route grid pins
        #expect(compiled.fragment.layers.map(\.id) == ["stops", "overlays", "route", "grid", "pins"])
        #expect(compiled.fragment.insertBefore == [nil, nil, nil, nil, nil])
        #expect(Set(compiled.fragment.sources.keys) == ["stops", "route", "grid-source", "pins"])
    }

    @Test func placedBelowExternalLayersWhenAsked() throws {
        let content = StyleContent {
            CircleAnnotationManager(id: "under", layerPosition: .below("labels")) { CircleAnnotation(id: "c", coordinate: Fixtures.paris) }
        }
        let compiled = try content.compile(baseLayers: [.layer("water"), .layer("labels")])
        #expect(compiled.fragment.layers.map(\.id) == ["under"])
        #expect(compiled.fragment.insertBefore == ["labels"])
    }

    @Test func reconcilingProducesTheMinimalPatch() throws {
        let before = try content(showRoute: true, stopColor: "red").compile(baseLayers: [.layer("water")])
        let after = try content(showRoute: false, stopColor: "blue").compile(baseLayers: [.layer("water")], previous: before)
        let patch = after.patch(from: before)
        #expect(patch.operations == [
            .removeLayer("route"),
            .removeSource("route"),
            .updateFeatures(source: "stops", after.fragment.sources["stops"]!.features),
        ])
        #expect(try patch.apply(to: before.fragment, baseLayerIds: ["water"]) == after.fragment)
        // Same content again: nothing to do.
        let again = try content(showRoute: false, stopColor: "blue").compile(baseLayers: [.layer("water")], previous: after)
        #expect(again.patch(from: after).isEmpty)
    }

    @Test func errors() {
        let duplicate = StyleContent {
            CircleAnnotationManager(id: "x") { CircleAnnotation(id: "a", coordinate: Fixtures.paris) }
            PolylineAnnotationManager(id: "x") { PolylineAnnotation(id: "b", coordinates: [Fixtures.paris, Fixtures.berlin]) }
        }
        #expect(throws: AnnotationError.idCollision("x")) { try duplicate.compile() }
        let missing = StyleContent { StyleLayer(id: "grid", type: .line, source: "nowhere") }
        #expect(throws: AnnotationError.unknownSource(layer: "grid", source: "nowhere")) { try missing.compile() }
    }
}

@Suite struct DeclaredLayerPatchTests {
    func content(filter: JSONValue?, width: Double, withGrid: Bool = true) -> StyleContent {
        StyleContent {
            SourceContent(id: "grid-source", GeoJSONSource(features: []))
            if withGrid {
                StyleLayer(id: "grid", type: .line, source: "grid-source", filter: filter, paint: ["line-width": .number(width)])
            }
            CircleAnnotationManager(id: "dots") { CircleAnnotation(id: "a", coordinate: Fixtures.paris) }
        }
    }

    @Test func declaredLayerChangesBecomeFilterAndPropertyOperations() throws {
        let before = try content(filter: nil, width: 1).compile()
        let after = try content(filter: ["==", ["get", "kind"], "major"], width: 2).compile(previous: before)
        let patch = after.patch(from: before)
        #expect(patch.operations == [
            .setLayerProperty(layer: "grid", group: .paint, key: "line-width", value: 2),
            .setFilter(layer: "grid", ["==", ["get", "kind"], "major"]),
        ])
        #expect(try patch.apply(to: before.fragment) == after.fragment)
        // The dots manager was declared after the grid layer: it stays on top
        // when the grid goes away and comes back.
        let without = try content(filter: nil, width: 1, withGrid: false).compile(previous: after)
        #expect(without.patch(from: after).operations == [.removeLayer("grid")])
        let back = try content(filter: nil, width: 1).compile(previous: without)
        #expect(back.patch(from: without).operations == [
            .addLayer(StyleLayer(id: "grid", type: .line, source: "grid-source", paint: ["line-width": 1]), before: "dots")
        ])
    }
}

@Suite struct ClusteredContentTests {
    @Test func clusteredGroupsBringTheirClusterLayers() throws {
        let content = StyleContent {
            PointAnnotationManager(id: "shops", clusterOptions: ClusterOptions()) {
                for i in 0..<3 { PointAnnotation(id: "s\(i)", coordinate: Fixtures.paris) }
            }
        }
        let compiled = try content.compile()
        #expect(compiled.fragment.layers.map(\.id) == ["shops", "shops-cluster-circle", "shops-cluster-count"])
        #expect(compiled.fragment.sources["shops"]?.clustering == SourceClustering())
        #expect(compiled.fragment.sources["shops"]?.features.count == 3)
    }
}
