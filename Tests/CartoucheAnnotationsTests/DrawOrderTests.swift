@_spi(Instrumentation) import CartoucheAnnotations
@_spi(Instrumentation) import CartoucheGeometry
import CartoucheStyle
import Testing

/// `drawOrder` is what placing, querying and drawing a scene take from a
/// compile (issue #28: `/v1/place` built every manager's GeoJSON for the
/// layer order alone): the same layer ids as a compile, the same first
/// error for every kind of problem a compile finds, and no source built.
@Suite struct DrawOrderTests {
    let base: [BaseLayer] = [.layer("bg"), .layer("water"), .layer("roads"), .slot("middle"), .layer("labels"), .slot("top")]

    /// The sources built while `work` runs.
    func sourcesBuilt(_ work: () throws -> Void) rethrows -> Int {
        let counter = InstrumentCounter()
        try AnnotationInstrument.$sourcesBuilt.withValue(counter) { try work() }
        return counter.value
    }

    @Test func sameLayerIdsAsACompileAndNoSource() throws {
        var o = AnnotationOrchestrator()
        o.setManager(.circle(CircleAnnotationManager(id: "A", annotations: [CircleAnnotation(id: "a", coordinate: Fixtures.paris)])))
        o.setManager(.circle(CircleAnnotationManager(id: "B", layerPosition: .below("labels"))))
        o.setManager(.polyline(PolylineAnnotationManager(
            id: "C", annotations: [PolylineAnnotation(id: "r", coordinates: [Fixtures.paris, Fixtures.berlin])],
            layerPosition: .above("water"))))
        o.setManager(.circle(CircleAnnotationManager(id: "D", slot: "middle")))
        o.setManager(.point(PointAnnotationManager(id: "P", clusterOptions: ClusterOptions())))
        o.setManager(.circle(CircleAnnotationManager(id: "G", layerPosition: .at(0))))
        var order: [String] = []
        #expect(try sourcesBuilt { order = try o.drawOrder(baseLayers: base) } == 0)
        #expect(order == ["G", "C", "D", "B", "A", "P", "P-cluster-circle", "P-cluster-count"])
        var compiled: [String] = []
        #expect(try sourcesBuilt { compiled = try o.compile(baseLayers: base).fragment.layers.map(\.id) } == 6)
        #expect(order == compiled)
    }

    /// One orchestrator per kind of error a compile throws.
    static var broken: [(String, AnnotationOrchestrator, [BaseLayer])] {
        var cases: [(String, AnnotationOrchestrator, [BaseLayer])] = []
        func add(_ name: String, _ base: [BaseLayer] = [], _ managers: AnyAnnotationManager...) {
            var o = AnnotationOrchestrator()
            for m in managers { o.setManager(m) }
            cases.append((name, o, base))
        }
        var wide = PolylineAnnotation(id: "route", coordinates: [Fixtures.paris, Fixtures.berlin])
        wide.lineWidth = -1
        add("annotation property", [], .polyline(PolylineAnnotationManager(id: "lines", annotations: [wide])))
        var radius = CircleAnnotationManager(id: "dots")
        radius.circleRadius = Pixels(-3)
        add("manager property", [], .circle(radius))
        add("geometry", [], .polyline(PolylineAnnotationManager(id: "l", annotations: [PolylineAnnotation(id: "a", coordinates: [])])))
        add("unknown layer", [.layer("bg")], .circle(CircleAnnotationManager(id: "A", layerPosition: .below("nope"))))
        add("cycle", [], .circle(CircleAnnotationManager(id: "X", layerPosition: .above("Y"))),
            .circle(CircleAnnotationManager(id: "Y", layerPosition: .below("X"))))
        add("index", [.layer("bg")], .circle(CircleAnnotationManager(id: "A", layerPosition: .at(7))))
        add("id collision", [.layer("A")], .circle(CircleAnnotationManager(id: "A")))
        add("images", [], .point(PointAnnotationManager(id: "a", annotations: [
            PointAnnotation(id: "1", coordinate: Fixtures.paris, image: StyleImage(name: "pin", width: 10, height: 10)),
            PointAnnotation(id: "2", coordinate: Fixtures.paris, image: StyleImage(name: "pin", width: 10, height: 10, sdf: true)),
        ])))
        add("empty manager id", [], .circle(CircleAnnotationManager(id: "")))
        return cases
    }

    @Test func everyErrorOfACompileAsTheSameFirstError() {
        let cases = Self.broken
        #expect(cases.count == 9)
        for (name, o, base) in cases {
            var compileError: AnnotationError?
            do { _ = try o.compile(baseLayers: base) } catch { compileError = error }
            var orderError: AnnotationError?
            do { _ = try o.drawOrder(baseLayers: base) } catch { orderError = error }
            #expect(compileError != nil, "\(name): the case must be an error")
            #expect(orderError == compileError, "\(name)")
        }
    }
}
