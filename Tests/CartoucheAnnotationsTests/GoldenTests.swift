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

    /// Two circles, one styled, with manager values; `promoteIds` as given.
    static func circles(promoteIds: Bool = true) -> CircleAnnotationManager {
        var a = CircleAnnotation(id: "c1", coordinate: Fixtures.paris)
        a.circleRadius = 10
        a.circleColor = Fixtures.color("rgba(0, 128, 255, 0.5)")
        a.circleStrokeWidth = 2
        var manager = CircleAnnotationManager(id: "dots", annotations: [a, CircleAnnotation(id: "c2", coordinate: Fixtures.berlin)])
        manager.circleStrokeColor = Fixtures.color("white")
        manager.circlePitchAlignment = .map
        manager.promoteIds = promoteIds
        return manager
    }

    @Test func circleManager() throws {
        var o = AnnotationOrchestrator()
        o.setManager(.circle(Self.circles()))
        try expectGolden(o.compile().fragment.json, "circle")
    }

    /// The circle manager of `circleManager` with `promoteIds` off: the
    /// Mapbox SDK's form (`circle-sdk-ids.json`). The default (`circle.json`)
    /// is the same document plus `"id"` in each feature's properties and the
    /// source's `"promoteId": "id"`: removing exactly those parts from it
    /// gives this one.
    @Test func circleManagerWithoutPromotedIds() throws {
        var plainOrchestrator = AnnotationOrchestrator()
        plainOrchestrator.setManager(.circle(Self.circles(promoteIds: false)))
        let plainDocument = try plainOrchestrator.compile().fragment.json
        try expectGolden(plainDocument, "circle-sdk-ids")

        var o = AnnotationOrchestrator()
        o.setManager(.circle(Self.circles()))
        let promoted = try o.compile().fragment.json
        guard case .object(var document) = promoted, case .object(var sources) = document["sources"],
            case .object(var source) = sources["dots"], case .object(var data) = source["data"],
            case .array(let features) = data["features"]
        else { Issue.record("unexpected document shape"); return }
        #expect(source.removeValue(forKey: "promoteId") == "id")
        var plain: [JSONValue] = []
        for (feature, expectedId) in zip(features, ["c1", "c2"] as [JSONValue]) {
            guard case .object(var members) = feature, case .object(var properties) = members["properties"] else {
                Issue.record("unexpected feature shape")
                return
            }
            #expect(properties.removeValue(forKey: "id") == expectedId)
            #expect(members["id"] == expectedId)
            members["properties"] = .object(properties)
            plain.append(.object(members))
        }
        data["features"] = .array(plain)
        source["data"] = .object(data)
        sources["dots"] = .object(source)
        document["sources"] = .object(sources)
        #expect(JSONValue.object(document) == plainDocument)
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

    /// Both `clusterProperties` forms, written as the style spec has them.
    @Test func clusterPropertiesBothForms() throws {
        var options = ClusterOptions(clusterRadius: 40, clusterMaxZoom: 12)
        options.clusterProperties = [
            "sum": ClusterProperty(reduce: .sum, map: ["get", "price", ["get", "custom_data"]]),
            "max": ClusterProperty(reduce: ["max", ["accumulated"], ["get", "max"]], map: ["get", "price", ["get", "custom_data"]]),
        ]
        let manager = PointAnnotationManager(id: "shops", annotations: [
            PointAnnotation(id: "s1", coordinate: Fixtures.paris, customData: ["price": 2]),
        ], clusterOptions: options)
        var o = AnnotationOrchestrator()
        o.setManager(.point(manager))
        try expectGolden(try #require(o.compile().fragment.json.objectValue?["sources"]), "cluster-properties-source")
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

/// Every property of every type set at once, per annotation and on the
/// manager: the output `scripts/oracles/validate-style.js` checks against
/// MapLibre's validator (see the report on Mapbox-only properties).
@Suite struct KitchenSinkGoldenTests {
    @Test func everyProperty() throws {
        let red = Fixtures.color("red")
        var symbol = SymbolProperties()
        symbol.iconImage = "pin"; symbol.iconAnchor = .bottom; symbol.iconOffset = StyleOffset(x: 0, y: -2)
        symbol.iconRotate = 15; symbol.iconSize = 2; symbol.iconTextFit = .both
        symbol.iconTextFitPadding = StylePadding(top: 1, right: 2, bottom: 3, left: 4); symbol.symbolSortKey = 3
        symbol.textField = "Hi"; symbol.textAnchor = .left; symbol.textJustify = .auto; symbol.textLetterSpacing = 0.1
        symbol.textLineHeight = 1.5; symbol.textMaxWidth = 8; symbol.textOffset = StyleOffset(x: 1, y: 0)
        symbol.textRadialOffset = 0.5; symbol.textRotate = 5; symbol.textSize = 14; symbol.textTransform = .uppercase
        symbol.symbolZOffset = 1; symbol.iconColor = red; symbol.iconHaloColor = red; symbol.iconHaloWidth = 1
        symbol.iconHaloBlur = 1; symbol.iconOpacity = 0.9; symbol.textColor = red; symbol.textHaloColor = red
        symbol.textHaloWidth = 1; symbol.textHaloBlur = 1; symbol.textOpacity = 0.9
        var points = PointAnnotationManager(id: "points", annotations: [PointAnnotation(id: "p", coordinate: Fixtures.paris, properties: symbol)])
        points.defaults = symbol
        var symbolLayer = SymbolLayerProperties()
        symbolLayer.textFont = ["Noto Sans Regular"]; symbolLayer.textVariableAnchor = [.top, .left]
        symbolLayer.iconOptional = true; symbolLayer.textOptional = true; symbolLayer.iconPadding = 3; symbolLayer.textPadding = 3
        symbolLayer.iconKeepUpright = false; symbolLayer.textKeepUpright = true; symbolLayer.symbolPlacement = .point
        symbolLayer.symbolSpacing = 100; symbolLayer.symbolAvoidEdges = true; symbolLayer.symbolZOrder = .viewportY
        symbolLayer.textMaxAngle = 30; symbolLayer.textWritingMode = [.horizontal]; symbolLayer.iconRotationAlignment = .map
        symbolLayer.textRotationAlignment = .viewport; symbolLayer.iconPitchAlignment = .auto; symbolLayer.textPitchAlignment = .map
        symbolLayer.iconTranslate = StyleOffset(x: 1, y: 1); symbolLayer.iconTranslateAnchor = .viewport
        symbolLayer.textTranslate = StyleOffset(x: 1, y: 1); symbolLayer.textTranslateAnchor = .viewport
        symbolLayer.iconAllowOverlap = false; symbolLayer.textAllowOverlap = false
        symbolLayer.iconIgnorePlacement = false; symbolLayer.textIgnorePlacement = false
        points.layerProperties = symbolLayer

        var circle = CircleProperties()
        circle.circleSortKey = 1; circle.circleRadius = 4; circle.circleColor = red; circle.circleOpacity = 0.5
        circle.circleBlur = 0.2; circle.circleStrokeWidth = 1; circle.circleStrokeColor = red; circle.circleStrokeOpacity = 0.5
        var circles = CircleAnnotationManager(id: "circles", annotations: [CircleAnnotation(id: "c", coordinate: Fixtures.paris, properties: circle)])
        circles.defaults = circle
        circles.circlePitchAlignment = .map; circles.circlePitchScale = .viewport
        circles.circleTranslate = StyleOffset(x: 2, y: 2); circles.circleTranslateAnchor = .viewport

        var line = LineProperties()
        line.lineJoin = .round; line.lineSortKey = 1; line.lineColor = red; line.lineWidth = 3; line.lineOpacity = 0.5
        line.lineBlur = 1; line.lineGapWidth = 1; line.lineOffset = -1; line.lineBorderColor = red; line.lineBorderWidth = 1
        line.linePattern = "dash"
        var lines = PolylineAnnotationManager(id: "lines", annotations: [PolylineAnnotation(id: "l", coordinates: [Fixtures.paris, Fixtures.berlin], properties: line)])
        lines.defaults = line
        lines.lineCap = .round; lines.lineMiterLimit = 3; lines.lineRoundLimit = 1.1; lines.lineDasharray = [2, 1]
        lines.lineTranslate = StyleOffset(x: 1, y: 0); lines.lineTranslateAnchor = .map; lines.lineTrimOffset = StyleOffset(x: 0, y: 0.5)
        lines.lineEmissiveStrength = 1

        var fill = FillProperties()
        fill.fillSortKey = 1; fill.fillColor = red; fill.fillOpacity = 0.5; fill.fillOutlineColor = red; fill.fillPattern = "hatch"
        var polygons = PolygonAnnotationManager(id: "polygons", annotations: [PolygonAnnotation(id: "g", rings: [Fixtures.square(0, 0)], properties: fill)])
        polygons.defaults = fill
        polygons.fillAntialias = false; polygons.fillTranslate = StyleOffset(x: 1, y: 1); polygons.fillTranslateAnchor = .viewport

        var o = AnnotationOrchestrator()
        o.setManager(.polygon(polygons))
        o.setManager(.polyline(lines))
        o.setManager(.circle(circles))
        o.setManager(.point(points))
        // Mapbox-only properties need the Mapbox target (MapLibre rejects them).
        #expect(throws: AnnotationError.unsupportedByTarget(manager: "lines", annotation: nil, property: "line-border-color", support: .mapboxOnly)) {
            try o.compile()
        }
        let compiled = try o.compile(target: .mapbox)
        // Every descriptor shows up in the layer of its type.
        let counts: [Int] = compiled.fragment.layers.map { $0.layout.count + $0.paint.count }
        let fillCount = FillProperties.descriptors.count + FillLayerProperties.descriptors.count
        let lineCount = LineProperties.descriptors.count + LineLayerProperties.descriptors.count
        let circleCount = CircleProperties.descriptors.count + CircleLayerProperties.descriptors.count
        let symbolCount = SymbolProperties.descriptors.count + SymbolLayerProperties.descriptors.count
        #expect(counts == [fillCount, lineCount, circleCount, symbolCount])
        try expectGolden(compiled.fragment.json, "every-property")

        // The portable subset: no Mapbox-only keys, MapLibre-constant keys only
        // on the manager. `validate-style.js` finds this one fully valid.
        o[polyline: "lines"]?.lineBorderColor = nil
        o[polyline: "lines"]?.lineBorderWidth = nil
        o[polyline: "lines"]?.lineTrimOffset = nil
        o[polyline: "lines"]?.lineEmissiveStrength = nil
        o[polyline: "lines"]?.annotations[0].lineBorderColor = nil
        o[polyline: "lines"]?.annotations[0].lineBorderWidth = nil
        o[point: "points"]?.symbolZOffset = nil
        o[point: "points"]?.annotations[0].symbolZOffset = nil
        o[point: "points"]?.annotations[0].iconTextFit = nil
        o[point: "points"]?.annotations[0].iconTextFitPadding = nil
        o[point: "points"]?.annotations[0].textLineHeight = nil
        let portable = try o.compile()
        #expect(portable.fragment.layers[3].layout["text-line-height"] == 1.5)
        try expectGolden(portable.fragment.json, "every-portable-property")
    }
}
