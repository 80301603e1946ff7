import CartoucheAnnotations
import CartoucheGeometry
import CartoucheJSON
import CartoucheStyle
import Testing

/// Whole outputs frozen as sorted-key JSON under `Golden/`. Each file was
/// reviewed by hand against the Mapbox reference when it was written.
@Suite struct GoldenTests {
    @Test func pointManager() throws {
        var a = PointAnnotation(id: "louvre", coordinate: Coordinate(latitude: 48.8606, longitude: 2.3376), customData: ["rank": 1])
        a.textField = "Louvre"
        a.textColor = Fixtures.color("DarkRed")
        a.textOffset = StyleOffset(x: 0, y: 1.5)
        a.iconImage = "museum"
        a.iconSize = 0.5
        var b = PointAnnotation(id: "orsay", coordinate: Coordinate(latitude: 48.86, longitude: 2.3266))
        b.textField = "Orsay"
        b.textAnchor = .top
        var manager = PointAnnotationManager(id: "museums", annotations: [a, b])
        manager.textColor = Fixtures.color("#333")
        manager.textFont = ["Noto Sans Regular"]
        manager.textVariableAnchor = [.top, .bottom]
        manager.textAllowOverlap = false
        manager.textIgnorePlacement = false
        var o = AnnotationOrchestrator()
        o.setManager(.point(manager))
        try expectGolden(o.compile().fragment.json, "point")
    }

    @Test func circleManager() throws {
        var a = CircleAnnotation(id: "c1", coordinate: Fixtures.paris)
        a.circleRadius = 10
        a.circleColor = Fixtures.color("rgba(0, 128, 255, 0.5)")
        a.circleStrokeWidth = 2
        var manager = CircleAnnotationManager(id: "dots", annotations: [a, CircleAnnotation(id: "c2", coordinate: Fixtures.berlin)])
        manager.circleStrokeColor = Fixtures.color("white")
        manager.circlePitchAlignment = .map
        var o = AnnotationOrchestrator()
        o.setManager(.circle(manager))
        try expectGolden(o.compile().fragment.json, "circle")
    }

    @Test func polylineManager() throws {
        var route = PolylineAnnotation(id: "route", coordinates: [Fixtures.paris, Fixtures.berlin])
        route.lineColor = Fixtures.color("hsl(210, 100%, 40%)")
        route.lineWidth = 6
        route.lineJoin = .round
        var manager = PolylineAnnotationManager(id: "routes", annotations: [route])
        manager.lineCap = .round
        manager.lineDasharray = [2, 1]
        manager.lineOpacity = 0.8
        var o = AnnotationOrchestrator()
        o.setManager(.polyline(manager))
        try expectGolden(o.compile().fragment.json, "polyline")
    }

    @Test func polygonManager() throws {
        var zone = PolygonAnnotation(id: "zone", rings: [Fixtures.square(0, 0, size: 4), Fixtures.square(1, 1)])
        zone.fillColor = Fixtures.color("#0a0")
        zone.fillOutlineColor = Fixtures.color("black")
        var manager = PolygonAnnotationManager(id: "zones", annotations: [zone])
        manager.fillOpacity = 0.25
        manager.fillAntialias = false
        var o = AnnotationOrchestrator()
        o.setManager(.polygon(manager))
        try expectGolden(o.compile().fragment.json, "polygon")
    }

    @Test func clusteredPointManager() throws {
        var options = ClusterOptions(clusterRadius: 40, clusterMaxZoom: 12)
        options.clusterProperties = ["total": ClusterProperty(reduce: .sum, map: ["get", "n", ["get", "custom_data"]])]
        options.circleColor = Fixtures.color("teal")
        var manager = PointAnnotationManager(id: "shops", annotations: [
            PointAnnotation(id: "s1", coordinate: Fixtures.paris, customData: ["n": 2]),
            PointAnnotation(id: "s2", coordinate: Fixtures.berlin, customData: ["n": 5]),
        ], clusterOptions: options)
        manager.textFont = ["Noto Sans Bold"]
        var o = AnnotationOrchestrator()
        o.setManager(.point(manager))
        try expectGolden(o.compile().fragment.json, "clustered-point")
    }

    @Test func styleDocumentWithPositionsAndSlots() throws {
        var o = AnnotationOrchestrator()
        o.setManager(.polygon(PolygonAnnotationManager(
            id: "zones", annotations: [PolygonAnnotation(id: "z", rings: [Fixtures.square(0, 0)])], slot: "bottom")))
        o.setManager(.circle(CircleAnnotationManager(
            id: "dots", annotations: [CircleAnnotation(id: "d", coordinate: Fixtures.paris)])))
        o.setManager(.polyline(PolylineAnnotationManager(
            id: "routes", annotations: [PolylineAnnotation(id: "r", coordinates: [Fixtures.paris, Fixtures.berlin])],
            layerPosition: .below("dots"))))
        let options = StyleDocumentOptions(
            name: "annotations", glyphs: "https://example.com/fonts/{fontstack}/{range}.pbf",
            sprite: "https://example.com/sprite", backgroundColor: Fixtures.color("#f8f4f0"), slots: ["bottom", "top"])
        let (document, _) = try o.styleDocument(options: options)
        // background, bottom-slot contents, slot markers, then default-positioned layers on top.
        #expect(document.layers.map(\.id) == ["background", "zones", "bottom", "top", "routes", "dots"])
        try expectGolden(document.json, "document-slots")
    }

    @Test func textWithoutGlyphsIsRejected() {
        var point = PointAnnotation(id: "p", coordinate: Fixtures.paris)
        point.textField = "Hi"
        var o = AnnotationOrchestrator()
        o.setManager(.point(PointAnnotationManager(id: "pins", annotations: [point])))
        #expect(throws: StyleDocumentError.glyphsRequired(layer: "pins")) { try o.styleDocument(options: StyleDocumentOptions()) }
    }
}

@Suite struct PatchGoldenTests {
    /// One update touching every part: a feature changes and one is added,
    /// a key becomes data-driven, a manager is added below another, an
    /// image arrives.
    @Test func patch() throws {
        var o = AnnotationOrchestrator()
        var dots = CircleAnnotationManager(id: "dots")
        dots.annotations = [CircleAnnotation(id: "a", coordinate: Fixtures.paris), CircleAnnotation(id: "b", coordinate: Fixtures.berlin)]
        o.setManager(.circle(dots))
        let old = try o.compile()

        o[circle: "dots"]?.annotations[1].circleRadius = 9
        o[circle: "dots"]?.annotations.append(CircleAnnotation(id: "c", coordinate: Fixtures.paris))
        o.setManager(.point(PointAnnotationManager(
            id: "pins", annotations: [PointAnnotation(id: "p", coordinate: Fixtures.paris, image: StyleImage(name: "pin", width: 32, height: 32, pixelRatio: 2))],
            layerPosition: .below("dots"))))
        let new = try o.compile(previous: old)
        let patch = StylePatch.diff(from: old.fragment, to: new.fragment)
        #expect(try patch.apply(to: old.fragment) == new.fragment)
        try expectGolden(patch.json, "patch")
    }
}
