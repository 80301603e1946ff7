import CartoucheAnnotations
import CartoucheGeometry
import CartoucheJSON
import CartoucheStyle
import Testing

@Suite struct ValidationTests {
    @Test func negativeWidthNamesManagerAnnotationAndProperty() {
        var line = PolylineAnnotation(id: "route", coordinates: [Fixtures.paris, Fixtures.berlin])
        line.lineWidth = -1
        let manager = PolylineAnnotationManager(id: "lines", annotations: [line])
        #expect(throws: AnnotationError.invalidProperty(
            manager: "lines", annotation: "route", property: "line-width",
            problem: .outOfRange(-1, allowed: ">= 0"))) { try manager.compile() }
    }

    @Test func opacityOutsideUnitInterval() {
        var circle = CircleAnnotation(id: "c", coordinate: Fixtures.paris)
        circle.circleOpacity = 1.5
        let manager = CircleAnnotationManager(id: "dots", annotations: [circle])
        #expect(throws: AnnotationError.invalidProperty(
            manager: "dots", annotation: "c", property: "circle-opacity",
            problem: .outOfRange(1.5, allowed: "in [0, 1]"))) { try manager.compile() }
    }

    @Test func managerLevelProblemsHaveNoAnnotation() {
        var manager = CircleAnnotationManager(id: "dots")
        manager.circleRadius = Pixels(-3)
        #expect(throws: AnnotationError.invalidProperty(
            manager: "dots", annotation: nil, property: "circle-radius",
            problem: .outOfRange(-3, allowed: ">= 0"))) { try manager.compile() }
        var lines = PolylineAnnotationManager(id: "l")
        lines.lineDasharray = [2, -1]
        #expect(throws: AnnotationError.invalidProperty(
            manager: "l", annotation: nil, property: "line-dasharray",
            problem: .outOfRange(-1, allowed: ">= 0"))) { try lines.compile() }
    }

    @Test func nonFiniteNumbersNeverReachTheStyle() {
        var point = PointAnnotation(id: "p", coordinate: Fixtures.paris)
        point.textOffset = StyleOffset(x: .nan, y: 0)
        let manager = PointAnnotationManager(id: "pins", annotations: [point])
        #expect(throws: AnnotationError.invalidProperty(
            manager: "pins", annotation: "p", property: "text-offset", problem: .notFinite)) { try manager.compile() }
    }

    @Test func jsonInputRejectsMalformedColorsAndUnknownEnums() {
        #expect(throws: PropertySetError.invalidValue(key: "text-color", problem: .malformedColor("#12"))) {
            try SymbolProperties(styleJSON: ["text-color": "#12"])
        }
        #expect(throws: PropertySetError.invalidValue(
            key: "line-join", problem: .unknownEnumValue("mitre", allowed: ["bevel", "round", "miter"]))) {
            try LineProperties(styleJSON: ["line-join": "mitre"])
        }
        #expect(throws: PropertySetError.unknownKey("line-cap")) {
            // line-cap is layer-only: not settable per annotation.
            try LineProperties(styleJSON: ["line-cap": "round"])
        }
        #expect(throws: PropertySetError.invalidValue(key: "fill-opacity", problem: .outOfRange(-0.5, allowed: "in [0, 1]"))) {
            try FillProperties(styleJSON: ["fill-opacity": -0.5])
        }
    }

    @Test func jsonInputDecodesTypedValues() throws {
        let properties = try SymbolProperties(styleJSON: [
            "text-color": "#FF0000", "text-size": 14, "text-anchor": "top-left", "text-offset": [0, 1.5],
        ])
        #expect(properties.textColor == Fixtures.color("red"))
        #expect(properties.textSize == 14)
        #expect(properties.textAnchor == .topLeft)
        #expect(properties.textOffset == StyleOffset(x: 0, y: 1.5))
        #expect(properties.styleJSON["text-color"] == "rgba(255, 0, 0, 1)")
        #expect(properties.styleJSON.count == 4)
    }

    @Test(arguments: [
        ([Fixtures.paris], GeometryProblem.tooFewLinePositions(1)),
        ([], GeometryProblem.tooFewLinePositions(0)),
        ([Fixtures.paris, Coordinate(latitude: 91, longitude: 0)], GeometryProblem.invalidCoordinate(index: 1, latitude: 91, longitude: 0)),
    ])
    func lineGeometry(coordinates: [Coordinate], problem: GeometryProblem) {
        let manager = PolylineAnnotationManager(id: "l", annotations: [PolylineAnnotation(id: "a", coordinates: coordinates)])
        #expect(throws: AnnotationError.invalidGeometry(manager: "l", annotation: "a", problem: problem)) { try manager.compile() }
    }

    @Test func polygonRings() {
        func compile(_ rings: [[Coordinate]]) throws {
            _ = try PolygonAnnotationManager(id: "zones", annotations: [PolygonAnnotation(id: "z", rings: rings)]).compile()
        }
        let open = [Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 1),
                    Coordinate(latitude: 1, longitude: 1), Coordinate(latitude: 1, longitude: 0)]
        #expect(throws: AnnotationError.invalidGeometry(manager: "zones", annotation: "z", problem: .ringNotClosed(ring: 0))) {
            try compile([open])
        }
        #expect(throws: AnnotationError.invalidGeometry(manager: "zones", annotation: "z", problem: .ringTooShort(ring: 1, count: 3))) {
            try compile([Fixtures.square(0, 0, size: 4), Array(Fixtures.square(1, 1).prefix(3))])
        }
        #expect(throws: AnnotationError.invalidGeometry(manager: "zones", annotation: "z", problem: .noRings)) { try compile([]) }
        #expect(throws: Never.self) { try compile([Fixtures.square(0, 0, size: 4), Fixtures.square(1, 1)]) }
    }

    @Test func duplicateIdsFirstWinsAndIsReported() throws {
        var first = CircleAnnotation(id: "x", coordinate: Fixtures.paris)
        first.circleColor = Fixtures.color("red")
        var second = CircleAnnotation(id: "x", coordinate: Fixtures.berlin)
        second.circleColor = Fixtures.color("blue")
        let manager = CircleAnnotationManager(id: "dots", annotations: [first, CircleAnnotation(id: "y", coordinate: Fixtures.paris), second])
        let compiled = try manager.compile()
        #expect(compiled.warnings == [.duplicateAnnotationId(manager: "dots", annotation: "x", keptIndex: 0, droppedIndex: 2)])
        #expect(compiled.source.features.map { $0.objectValue?["id"] } == ["x", "y"])
        let kept = compiled.source.features[0].objectValue?["properties"]?.objectValue?["layerProperties.circle-color"]
        #expect(kept == "rgba(255, 0, 0, 1)")
    }

    @Test func emptyManagerIdIsRejected() {
        #expect(throws: AnnotationError.emptyManagerId) { try CircleAnnotationManager(id: "").compile() }
    }

    @Test func messagesNameEveryField() {
        let error = AnnotationError.invalidProperty(
            manager: "lines", annotation: "route", property: "line-width", problem: .outOfRange(-1, allowed: ">= 0"))
        #expect(error.description == "manager \"lines\", annotation \"route\", property \"line-width\": -1.0 is out of range: must be >= 0")
        #expect(error.propertyProblem == "-1.0 is out of range: must be >= 0")
    }

    @Test func propertyProblemIsTheReasonAfterThePath() {
        let mapboxOnly = AnnotationError.unsupportedByTarget(manager: "routes", annotation: nil, property: "line-trim-offset", support: .mapboxOnly)
        #expect(mapboxOnly.description == "manager \"routes\", property \"line-trim-offset\": only Mapbox GL supports it; compile with target .mapbox")
        #expect(mapboxOnly.propertyProblem == "only Mapbox GL supports it; compile with target .mapbox")
        let constant = AnnotationError.unsupportedByTarget(manager: "routes", annotation: "r1", property: "line-cap", support: .constantInMapLibre)
        #expect(constant.description == "manager \"routes\", annotation \"r1\", property \"line-cap\": MapLibre cannot vary it per feature; set it on the manager or compile with target .mapbox")
        #expect(constant.propertyProblem == "MapLibre cannot vary it per feature; set it on the manager or compile with target .mapbox")
        // Keys that are not style-spec properties are not members of a JSON path.
        #expect(AnnotationError.invalidProperty(manager: "dots", annotation: "c", property: "custom_data", problem: .notFinite).propertyProblem == nil)
        #expect(AnnotationError.unknownProperty(manager: "dots", annotation: "c", property: "line-width").propertyProblem == nil)
    }
}

@Suite struct FreeFormValidationTests {
    @Test func customDataMustBeWritableJSON() {
        let manager = CircleAnnotationManager(id: "dots", annotations: [
            CircleAnnotation(id: "c", coordinate: Fixtures.paris, customData: ["ratio": ["x": .number(.nan)]])
        ])
        #expect(throws: AnnotationError.invalidProperty(manager: "dots", annotation: "c", property: "custom_data", problem: .notFinite)) {
            try manager.compile()
        }
    }

    @Test func imagesNeedASize() {
        let manager = PointAnnotationManager(id: "pins", annotations: [
            PointAnnotation(id: "p", coordinate: Fixtures.paris, image: StyleImage(name: "pin", width: 0, height: 8))
        ])
        #expect(throws: AnnotationError.invalidProperty(
            manager: "pins", annotation: "p", property: "image.width", problem: .outOfRange(0, allowed: ">= 1"))) {
            try manager.compile()
        }
    }

    @Test func clusterExpressionsMustBeWritable() {
        var options = ClusterOptions()
        options.textField = ["number-format", ["get", "point_count"], ["min-fraction-digits": .number(.infinity)]]
        let manager = PointAnnotationManager(id: "pins", clusterOptions: options)
        #expect(throws: AnnotationError.invalidProperty(manager: "pins", annotation: nil, property: "textField", problem: .notFinite)) {
            try manager.compile()
        }
    }

    @Test func selfRelativePositionIsACycle() {
        var o = AnnotationOrchestrator()
        o.setManager(.circle(CircleAnnotationManager(id: "a", layerPosition: .above("a"))))
        #expect(throws: AnnotationError.layerPositionCycle(managers: ["a"])) { try o.compile() }
    }

    @Test func clusterIndexRejectsBadCoordinates() {
        #expect(throws: ClusterIndexError.invalidCoordinate(index: 1)) {
            try ClusterIndex(coordinates: [Fixtures.paris, Coordinate(latitude: .nan, longitude: 0)], options: ClusterOptions())
        }
    }

    @Test func oddZoomsDoNotTrap() throws {
        let index = try ClusterIndex(coordinates: [Fixtures.paris, Fixtures.berlin], options: ClusterOptions())
        #expect(index.items(atZoom: .nan).count == index.items(atZoom: 0).count)
        #expect(index.items(atZoom: .infinity).count == 2)
        #expect(index.items(atZoom: -3).count == index.items(atZoom: 0).count)
    }
}

@Suite struct StyleTargetTests {
    @Test func perFeatureValuesMapLibreCannotEvaluateAreRejected() throws {
        var point = PointAnnotation(id: "p", coordinate: Fixtures.paris)
        point.textLineHeight = 1.4
        var manager = PointAnnotationManager(id: "pins", annotations: [point])
        #expect(throws: AnnotationError.unsupportedByTarget(
            manager: "pins", annotation: "p", property: "text-line-height", support: .constantInMapLibre)) {
            try manager.compile()
        }
        #expect(throws: Never.self) { try manager.compile(target: .mapbox) }
        // As a layer constant MapLibre takes it.
        manager.annotations[0].textLineHeight = nil
        manager.textLineHeight = 1.4
        #expect(try manager.compile().layers[0].layout["text-line-height"] == 1.4)
    }

    @Test func mapboxOnlyPropertiesNeedTheMapboxTarget() throws {
        var line = PolylineAnnotation(id: "l", coordinates: [Fixtures.paris, Fixtures.berlin])
        line.lineBorderWidth = 2
        let manager = PolylineAnnotationManager(id: "routes", annotations: [line])
        #expect(throws: AnnotationError.unsupportedByTarget(
            manager: "routes", annotation: "l", property: "line-border-width", support: .mapboxOnly)) {
            try manager.compile()
        }
        var layerOnly = PolylineAnnotationManager(id: "routes")
        layerOnly.lineTrimOffset = StyleOffset(x: 0, y: 0.5)
        #expect(throws: AnnotationError.unsupportedByTarget(
            manager: "routes", annotation: nil, property: "line-trim-offset", support: .mapboxOnly)) {
            try layerOnly.compile()
        }
        #expect(try layerOnly.compile(target: .mapbox).layers[0].paint["line-trim-offset"] == [0, 0.5])
    }
}
