import CartoucheAnnotations
import Testing

@Suite struct LayerOrderTests {
    let base: [BaseLayer] = [.layer("bg"), .layer("water"), .layer("roads"), .slot("middle"), .layer("labels"), .slot("top")]

    @Test func positionsAndSlotsResolveAsHandComputed() throws {
        var o = AnnotationOrchestrator()
        o.setManager(.circle(CircleAnnotationManager(id: "A")))
        o.setManager(.circle(CircleAnnotationManager(id: "B", layerPosition: .below("labels"))))
        o.setManager(.circle(CircleAnnotationManager(id: "C", layerPosition: .above("water"))))
        o.setManager(.circle(CircleAnnotationManager(id: "D", slot: "middle")))
        o.setManager(.circle(CircleAnnotationManager(id: "E", layerPosition: .above("F"))))  // F comes later
        o.setManager(.circle(CircleAnnotationManager(id: "F")))
        o.setManager(.circle(CircleAnnotationManager(id: "G", layerPosition: .at(0))))
        let fragment = try o.compile(baseLayers: base).fragment
        // Full stack: G bg water C roads D middle B labels top A F E
        #expect(fragment.layers.map(\.id) == ["G", "C", "D", "B", "A", "F", "E"])
        #expect(fragment.insertBefore == ["bg", "roads", "middle", "labels", nil, nil, nil])
        #expect(fragment.layers[2].slot == "middle")
    }

    @Test func atIndexCountsClusterLayers() throws {
        var o = AnnotationOrchestrator()
        o.setManager(.point(PointAnnotationManager(id: "P", clusterOptions: ClusterOptions())))  // 3 layers
        o.setManager(.circle(CircleAnnotationManager(id: "Q", layerPosition: .at(2))))  // inside P's group: after it
        o.setManager(.circle(CircleAnnotationManager(id: "R", layerPosition: .at(1))))  // bg, R, …
        let fragment = try o.compile(baseLayers: [.layer("bg")]).fragment
        #expect(fragment.layers.map(\.id) == ["R", "P", "P-cluster-circle", "P-cluster-count", "Q"])
        #expect(fragment.insertBefore == [nil, nil, nil, nil, nil])
    }

    @Test func errors() {
        var unknown = AnnotationOrchestrator()
        unknown.setManager(.circle(CircleAnnotationManager(id: "A", layerPosition: .below("nope"))))
        #expect(throws: AnnotationError.unknownLayerId(manager: "A", layerId: "nope")) { try unknown.compile(baseLayers: base) }

        var cycle = AnnotationOrchestrator()
        cycle.setManager(.circle(CircleAnnotationManager(id: "X", layerPosition: .above("Y"))))
        cycle.setManager(.circle(CircleAnnotationManager(id: "Y", layerPosition: .below("X"))))
        #expect(throws: AnnotationError.layerPositionCycle(managers: ["X", "Y"])) { try cycle.compile() }

        var range = AnnotationOrchestrator()
        range.setManager(.circle(CircleAnnotationManager(id: "A", layerPosition: .at(7))))
        #expect(throws: AnnotationError.layerIndexOutOfRange(manager: "A", index: 7, layerCount: 6)) { try range.compile(baseLayers: base) }

        var slot = AnnotationOrchestrator()
        slot.setManager(.circle(CircleAnnotationManager(id: "A", slot: "labels")))  // a layer, not a slot
        #expect(throws: AnnotationError.unknownSlot(manager: "A", slot: "labels")) { try slot.compile(baseLayers: base) }
    }
}
