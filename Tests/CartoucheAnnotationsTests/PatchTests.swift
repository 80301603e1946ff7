import CartoucheTestSupport
import CartoucheAnnotations
import CartoucheGeometry
import CartoucheJSON
import CartoucheStyle
import Testing

@Suite struct PatchTests {
    func orchestrator(_ colors: [String?]) -> AnnotationOrchestrator {
        var manager = CircleAnnotationManager(id: "dots")
        for (i, color) in colors.enumerated() {
            var c = CircleAnnotation(id: "c\(i)", coordinate: Coordinate(latitude: Double(i), longitude: 0))
            c.circleColor = color.map(Fixtures.color)
            manager.annotations.append(c)
        }
        var o = AnnotationOrchestrator()
        o.setManager(.circle(manager))
        return o
    }

    @Test func changingOneValueUpdatesOneFeature() throws {
        let old = try orchestrator(["red", "blue"]).compile()
        let new = try orchestrator(["red", "green"]).compile(previous: old)
        let patch = StylePatch.diff(from: old.fragment, to: new.fragment)
        let feature = new.fragment.sources["dots"]!.features[1]
        #expect(patch.operations == [.updateFeatures(source: "dots", [feature])])
        #expect(try patch.apply(to: old.fragment) == new.fragment)
    }

    @Test func firstUseOfAKeyShipsFeatureAndExpressionTogether() throws {
        let old = try orchestrator([nil, nil]).compile()
        let new = try orchestrator([nil, "red"]).compile(previous: old)
        let patch = StylePatch.diff(from: old.fragment, to: new.fragment)
        let expression = StyleExpression.perFeature("circle-color", in: "layerProperties", fallback: "rgba(0, 0, 0, 1)")
        #expect(patch.operations == [
            .updateFeatures(source: "dots", [new.fragment.sources["dots"]!.features[1]]),
            .setLayerProperty(layer: "dots", group: .paint, key: "circle-color", value: expression),
        ])
        // Dropping the value again keeps the expression (no flash to the default).
        let after = try orchestrator([nil, nil]).compile(previous: new)
        #expect(StylePatch.diff(from: new.fragment, to: after.fragment).operations == [
            .updateFeatures(source: "dots", [after.fragment.sources["dots"]!.features[1]])
        ])
    }

    @Test func reorderingFeaturesReplacesThem() throws {
        let old = try orchestrator(["red", "blue"]).compile()
        var o = orchestrator(["red", "blue"])
        o[circle: "dots"]?.annotations.reverse()
        let new = try o.compile(previous: old)
        let patch = StylePatch.diff(from: old.fragment, to: new.fragment)
        #expect(patch.operations == [.setFeatures(source: "dots", new.fragment.sources["dots"]!.features)])
    }

    @Test func managersAddMoveRemove() throws {
        var o = AnnotationOrchestrator()
        o.setManager(.circle(CircleAnnotationManager(id: "a")))
        o.setManager(.circle(CircleAnnotationManager(id: "b")))
        let old = try o.compile(baseLayers: [.layer("water")])
        o[circle: "a"]?.layerPosition = .above("b")
        o.setManager(.polyline(PolylineAnnotationManager(id: "c", layerPosition: .below("water"))))
        let new = try o.compile(baseLayers: [.layer("water")], previous: old)
        let patch = StylePatch.diff(from: old.fragment, to: new.fragment, baseLayerIds: ["water"])
        #expect(patch.operations == [
            .addSource(id: "c", GeoJSONSource(features: [], promoteId: "id")),
            // One move either way; the diff keeps the earlier layer in place.
            .moveLayer("b", before: "a"),
            .addLayer(StyleLayer(id: "c", type: .line, source: "c"), before: "water"),
        ])
        #expect(try patch.apply(to: old.fragment, baseLayerIds: ["water"]) == new.fragment)

        o.removeManager(withId: "b")
        o[circle: "a"]?.layerPosition = .default
        let last = try o.compile(baseLayers: [.layer("water")], previous: new)
        let removal = StylePatch.diff(from: new.fragment, to: last.fragment, baseLayerIds: ["water"])
        #expect(removal.operations == [.removeLayer("b"), .removeSource("b")])
    }

    @Test func patchesAgainstTheWrongStateFail() throws {
        let a = try orchestrator(["red"]).compile().fragment
        let patch = StylePatch(operations: [.removeFeatures(source: "dots", ids: ["nope"])])
        #expect(throws: StylePatchError.unknownFeature(source: "dots", id: "nope")) { try patch.apply(to: a) }
        #expect(throws: StylePatchError.unknownLayer("x")) { try StylePatch(operations: [.moveLayer("x", before: nil)]).apply(to: a) }
    }

    /// Property test: over seeded random edit sequences, applying the diff
    /// to the old output yields exactly the new output, and an unchanged
    /// state diffs to nothing.
    @Test func randomEditSequencesRoundTrip() throws {
        var kinds = Set<String>()
        for seed in 1...6 as ClosedRange<UInt64> {
            var rng = SplitMix64(seed: seed)
            var editor = RandomEditor()
            let base: [BaseLayer] = [.layer("land"), .slot("middle"), .layer("labels")]
            let baseIds = base.map(\.id)
            var state = AnnotationOrchestrator()
            var compiled = try state.compile(baseLayers: base)
            var applied = 0
            for step in 0..<250 {
                var next = state
                editor.edit(&next, using: &rng)
                guard let nextCompiled = try? next.compile(baseLayers: base, previous: compiled) else { continue }
                let patch = StylePatch.diff(from: compiled.fragment, to: nextCompiled.fragment, baseLayerIds: baseIds)
                for op in patch.operations { kinds.insert(String(String(describing: op).prefix { $0 != "(" })) }
                let result = try patch.apply(to: compiled.fragment, baseLayerIds: baseIds)
                #expect(result == nextCompiled.fragment, "seed \(seed) step \(step)")
                if result != nextCompiled.fragment { return }
                #expect(StylePatch.diff(from: nextCompiled.fragment, to: nextCompiled.fragment, baseLayerIds: baseIds).isEmpty)
                state = next
                compiled = nextCompiled
                applied += 1
            }
            #expect(applied > 150, "seed \(seed)")  // most edits are valid: real patches are exercised
        }
        // Every operation annotation edits can cause occurs, so every branch of
        // diff and apply runs. (Filters only change with clustering, which
        // re-creates the source and re-adds its layers, so no setFilter.)
        let expected: Set<String> = [
            "addImage", "removeImage", "removeLayer", "removeSource", "addSource", "setFeatures",
            "removeFeatures", "updateFeatures", "addFeatures", "setLayerProperty", "unsetLayerProperty",
            "addLayer", "moveLayer",
        ]
        #expect(expected.subtracting(kinds).isEmpty, "never produced: \(expected.subtracting(kinds).sorted())")
    }
}

/// Random but reproducible edits of an orchestrator.
struct RandomEditor {
    var counter = 0
    let colors = ["red", "#00f", "rgba(0, 128, 0, 0.5)", "hsl(40, 80%, 50%)"]

    mutating func edit(_ o: inout AnnotationOrchestrator, using rng: inout SplitMix64) {
        counter += 1
        let ids = o.managers.map(\.id)
        switch rng.nextInt(12) {
        // A new manager: always on 0, on 1 only while there are few (the
        // guard binds to the last pattern alone; spelled out, the seeded edit
        // sequences stay the ones the tests were written against).
        case 0 where true, 1 where ids.count < 6:
            let id = "m\(counter)"
            let position = randomPosition(ids + ["land", "labels"], using: &rng)
            let slot: String? = rng.nextInt(4) == 0 ? "middle" : nil
            switch rng.nextInt(4) {
            case 0: o.setManager(.point(PointAnnotationManager(id: id, layerPosition: position, slot: slot,
                                                              clusterOptions: rng.nextInt(2) == 0 ? ClusterOptions() : nil)))
            case 1: o.setManager(.circle(CircleAnnotationManager(id: id, layerPosition: position, slot: slot)))
            case 2: o.setManager(.polyline(PolylineAnnotationManager(id: id, layerPosition: position, slot: slot)))
            default: o.setManager(.polygon(PolygonAnnotationManager(id: id, layerPosition: position, slot: slot)))
            }
        case 2 where !ids.isEmpty:
            o.removeManager(withId: ids[rng.nextInt(ids.count)])
        case 3 where !ids.isEmpty:
            // Move a manager: replace its position.
            let id = ids[rng.nextInt(ids.count)]
            let position = randomPosition(ids.filter { $0 != id } + ["land", "labels"], using: &rng)
            setPosition(&o, id, position)
        default:
            guard !ids.isEmpty else { return }
            editAnnotations(&o, ids[rng.nextInt(ids.count)], using: &rng)
        }
    }

    func randomPosition(_ targets: [String], using rng: inout SplitMix64) -> LayerPosition {
        switch rng.nextInt(5) {
        case 0: .above(targets[rng.nextInt(targets.count)])
        case 1: .below(targets[rng.nextInt(targets.count)])
        case 2: .at(rng.nextInt(3))
        default: .default
        }
    }

    func setPosition(_ o: inout AnnotationOrchestrator, _ id: String, _ position: LayerPosition) {
        o[point: id]?.layerPosition = position
        o[circle: id]?.layerPosition = position
        o[polyline: id]?.layerPosition = position
        o[polygon: id]?.layerPosition = position
    }

    mutating func editAnnotations(_ o: inout AnnotationOrchestrator, _ id: String, using rng: inout SplitMix64) {
        let action = rng.nextInt(6)
        let color = Fixtures.color(colors[rng.nextInt(colors.count)])
        let n = rng.nextInt(8)
        let coordinate = Coordinate(latitude: rng.nextDouble(in: -60...60), longitude: rng.nextDouble(in: -170...170))
        counter += 1
        let annotationId = "a\(rng.nextInt(10))"
        if var m = o[point: id] {
            Self.apply(action, to: &m.annotations, n: n) {
                var p = PointAnnotation(id: annotationId, coordinate: coordinate)
                p.textField = "#\(n)"
                if n % 2 == 0 { p.textColor = color }
                if n == 3 { p.image = StyleImage(name: "pin\(n % 2)", width: 16, height: 16) }
                return p
            } modify: { $0.textColor = color; $0.textSize = Pixels(Double(10 + n)) }
            if action == 5 { m.textFont = n % 2 == 0 ? ["Noto Sans Regular"] : nil }
            o[point: id] = m
        } else if var m = o[circle: id] {
            Self.apply(action, to: &m.annotations, n: n) {
                CircleAnnotation(id: annotationId, coordinate: coordinate, customData: ["n": .number(Double(n))])
            } modify: { $0.circleColor = color; $0.circleRadius = n == 0 ? nil : Pixels(Double(n)) }
            if action == 5 { m.circleColor = n % 2 == 0 ? color : nil }
            o[circle: id] = m
        } else if var m = o[polyline: id] {
            Self.apply(action, to: &m.annotations, n: n) {
                PolylineAnnotation(id: annotationId, coordinates: [coordinate, Coordinate(latitude: 0, longitude: 0)])
            } modify: { $0.lineColor = color; $0.lineWidth = Pixels(Double(n)) }
            if action == 5 { m.lineCap = n % 2 == 0 ? .round : nil }
            o[polyline: id] = m
        } else if var m = o[polygon: id] {
            Self.apply(action, to: &m.annotations, n: n) {
                PolygonAnnotation(id: annotationId, rings: [Fixtures.square(coordinate.longitude, coordinate.latitude)])
            } modify: { $0.fillColor = color; $0.fillOpacity = n % 2 == 0 ? 0.5 : nil }
            if action == 5 { m.fillOpacity = Double(n) / 10 }  // sometimes > 1: rejected, edit skipped
            o[polygon: id] = m
        }
    }

    /// 0–1 add, 2 remove, 3 modify, 4 swap two, 5 manager-level change.
    static func apply<A>(_ action: Int, to annotations: inout [A], n: Int, make: () -> A, modify: (inout A) -> Void) {
        switch action {
        case 0, 1: annotations.append(make())
        case 2 where !annotations.isEmpty: annotations.remove(at: n % annotations.count)
        case 3 where !annotations.isEmpty: modify(&annotations[n % annotations.count])
        case 4 where annotations.count > 1: annotations.swapAt(0, n % annotations.count)
        default: break
        }
    }
}
