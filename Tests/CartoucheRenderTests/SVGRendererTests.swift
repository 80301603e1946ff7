import CartoucheGeometry
@testable import CartouchePlacement
import Testing
@testable import CartoucheRender

@Suite struct SVGRendererTests {
    /// What the parser must give back for a string: the input without the
    /// scalars XML 1.0 forbids.
    func sanitized(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            let v = s.value
            let allowed = v == 0x9 || v == 0xA || v == 0xD || (0x20...0xD7FF).contains(v)
                || (0xE000...0xFFFD).contains(v) || v >= 0x10000
            if allowed { scalars.append(s) }
        }
        return String(scalars)
    }

    static let hostile = "<script>alert('x')</script> & \"q\" ]]> <!-- \u{0}\u{1}\u{8}\u{B}\u{C}\u{1F}\u{FFFE}\u{FFFF} tab\tnl\ncr\r "
        + String(decoding: [0x61, 0xD800, 0x62] as [UInt16], as: UTF16.self) + " مرحبا שלום 😀"

    func hostileDrawing() -> Drawing {
        let h = Self.hostile
        let p = ScreenPoint(x: 100, y: 100)
        return Drawing(
            size: ScreenSize(width: 300, height: 200),
            layers: [Drawing.Layer(id: h, primitives: [
                .symbol(Drawing.PointSymbol(id: h, point: p, label: Drawing.TextRun(h, at: p, style: RenderStyle.label))),
                .callout(Drawing.Callout(
                    id: h, frame: ScreenRect(x: 50, y: 40, width: 100, height: 46), anchorPoint: p, anchor: .bottom,
                    lines: [Drawing.Callout.Line(h, baseline: ScreenPoint(x: 10, y: 25), style: RenderStyle.calloutTitle)])),
                .ghost(Drawing.Ghost(id: h, frame: ScreenRect(x: 0, y: 0, width: 10, height: 10), reason: .collision(with: h), showsLabel: true)),
            ])],
            legend: Drawing.Legend(title: h, entries: [Drawing.Legend.Entry(color: .black, label: h)]),
            caption: h)
    }

    @Test func hostileTextStaysWellFormedAndRoundTrips() throws {
        let bytes = try SVGRenderer().renderBytes(hostileDrawing())
        let xml = XMLCheck(bytes)
        #expect(xml.error == nil)
        let clean = sanitized(Self.hostile)
        // Label (halo + text), callout line, ghost label (halo + text), legend
        // title and entry, caption (halo + text): every one reads back exactly.
        #expect(xml.texts == [clean, clean, clean, "collision: " + clean, "collision: " + clean, clean, clean, clean, clean])
        let groups = xml.elements(named: "g")
        #expect(groups.first?.attributes["id"] == clean)
        #expect(groups.filter { $0.attributes["data-id"] == clean }.count == 2)
        #expect(xml.elements(named: "rect").contains { $0.attributes["data-id"] == clean })
        #expect(!String(decoding: bytes, as: UTF8.self).contains("<script>"))
    }

    @Test func rootElementIsAStandaloneSVG11Document() throws {
        let xml = XMLCheck(try SVGRenderer().renderBytes(SampleDrawing.make()))
        #expect(xml.error == nil)
        let root = try #require(xml.elements.first)
        #expect(root.name == "svg")
        #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(root.attributes["version"] == "1.1")
        #expect(root.attributes["width"] == "400")
        #expect(root.attributes["height"] == "260")
        #expect(root.attributes["viewBox"] == "0 0 400 260")
        #expect(root.attributes["font-family"]
            == "'Noto Sans', 'Noto Sans Arabic', 'Noto Sans Hebrew', 'Noto Sans Devanagari', 'Droid Sans Fallback', sans-serif")
        let layerIDs = xml.elements(named: "g").compactMap { $0.attributes["id"] }
        #expect(layerIDs == ["areas", "routes", "symbols", "ghosts", "callouts", "overlays", "cartouche-legend", "cartouche-caption"])
    }

    @Test(arguments: 1...12 as ClosedRange<UInt64>)
    func seededRandomDrawingsAreWellFormedAndDeterministic(seed: UInt64) throws {
        let drawing = RandomDrawing.make(seed: seed, primitives: 150)
        let first = try SVGRenderer(showsLabelBoxes: true).renderBytes(drawing)
        let second = try SVGRenderer(showsLabelBoxes: true).renderBytes(RandomDrawing.make(seed: seed, primitives: 150))
        #expect(first == second)
        let xml = XMLCheck(first)
        #expect(xml.error == nil)
        // One data-id per annotation with an id (lines under two points draw nothing).
        let expectedIDs = drawing.layers[0].primitives.compactMap { primitive -> String? in
            switch primitive {
            case .polyline(let l): l.points.count >= 2 ? l.id.map(sanitized) : nil
            case .polygon(let p): p.id.map(sanitized)
            case .circle(let c): c.id.map(sanitized)
            case .symbol(let s): s.id.map(sanitized)
            case .callout(let c): c.id.map(sanitized)
            case .ghost(let g): g.id.map(sanitized)
            case .puck, .padding: nil
            }
        }
        #expect(xml.elements.compactMap { $0.attributes["data-id"] } == expectedIDs)
        // Numbers never use exponents or more than two decimals.
        // (Colours are taken out first: "#1a73e8" is not an exponent.)
        let text = String(decoding: first, as: UTF8.self).replacing(/#[0-9a-f]{6}/, with: "#")
        let longDecimal = text.contains(/[0-9]\.[0-9]{3}/)
        let exponent = text.contains(/[0-9][eE][+-]?[0-9]/)
        let negativeZero = text.contains(/[^0-9.]-0[^.0-9]/)
        #expect(!longDecimal && !exponent && !negativeZero && !text.contains("nan"))
    }

    @Test func sameDrawingRendersToIdenticalBytes() throws {
        let renderer = SVGRenderer()
        #expect(try renderer.renderBytes(SampleDrawing.make()) == renderer.renderBytes(SampleDrawing.make()))
        #expect(try renderer.render(SampleDrawing.make()) == String(decoding: renderer.renderBytes(SampleDrawing.make()), as: UTF8.self))
    }

    @Test func ghostLayerFromAPlacementResultNamesEachAnnotation() throws {
        let frame = ScreenRect(x: 1, y: 2, width: 30, height: 20)
        let result = PlacementResult(
            placements: [
                Placement(id: "a", itemIndex: 0, frame: nil, anchor: nil, anchorPointIndex: nil, zIndex: nil, hiddenReason: .padding),
                Placement(id: "b", itemIndex: 1, frame: frame, anchor: AnchorConfig(.top), anchorPointIndex: 0, zIndex: 0, hiddenReason: nil),
            ],
            drawOrder: [1],
            rejected: [
                RejectedCandidate(itemIndex: 0, anchorPointIndex: 0, anchor: AnchorConfig(.left), frame: frame, reason: .collision(with: "b")),
                RejectedCandidate(itemIndex: 0, anchorPointIndex: 1, anchor: AnchorConfig(.right), frame: frame, reason: .padding),
                RejectedCandidate(itemIndex: 7, anchorPointIndex: 0, anchor: AnchorConfig(.top), frame: frame, reason: .puck),
            ],
            candidateTests: 4)
        let layer = Drawing.Layer.ghosts(of: result, showsLabels: true)
        #expect(layer.id == "ghosts")
        #expect(layer.primitives == [
            .ghost(Drawing.Ghost(id: "a", frame: frame, reason: .collision(with: "b"), showsLabel: true)),
            .ghost(Drawing.Ghost(id: "a", frame: frame, reason: .padding, showsLabel: true)),
            .ghost(Drawing.Ghost(id: nil, frame: frame, reason: .puck, showsLabel: true)),
        ])
        let ghosts = layer.primitives.compactMap { if case .ghost(let g) = $0 { g } else { nil } }
        #expect(Drawing.Legend.ghostEntries(for: ghosts).map(\.label) == ["rejected: collision", "rejected: puck", "rejected: padding"])
    }
}

@Suite struct RenderValidationTests {
    func drawing(_ primitives: [Drawing.Primitive], layerID: String = "l") -> Drawing {
        Drawing(size: ScreenSize(width: 10, height: 10), layers: [Drawing.Layer(id: layerID, primitives: primitives)])
    }

    func error(_ drawing: Drawing) -> RenderError? {
        do {
            _ = try SVGRenderer().renderBytes(drawing)
            return nil
        } catch {
            return error
        }
    }

    @Test func nonFinitePointIsReportedWithItsPath() {
        let line = Drawing.Polyline(id: "r1", points: [ScreenPoint(x: 0, y: 0), ScreenPoint(x: 1, y: 1), ScreenPoint(x: .nan, y: 2)])
        let e = error(drawing([.circle(Drawing.Circle(center: .zero, radius: 1)), .polyline(line)], layerID: "routes"))
        #expect(e == .nonFiniteNumber(field: #"layers[0] "routes" / [1] polyline "r1" / points[2].x"#))
        #expect(e?.description == #"layers[0] "routes" / [1] polyline "r1" / points[2].x is not a finite number"#)
    }

    @Test func negativeRadiusAndBadOpacityAreOutOfRange() {
        #expect(error(drawing([.circle(Drawing.Circle(center: .zero, radius: -2))]))
            == .outOfRange(field: #"layers[0] "l" / [0] circle (no id) / radius"#, value: -2, expected: "≥ 0"))
        var style = RenderStyle.area
        style.opacity = 1.5
        #expect(error(drawing([.polygon(Drawing.Polygon(id: "p", rings: [], style: style))]))
            == .outOfRange(field: #"layers[0] "l" / [0] polygon "p" / style.opacity"#, value: 1.5, expected: "0…1"))
    }

    @Test func invertedCalloutFrameAndInfiniteBearingAreRejected() {
        let inverted = ScreenRect(minX: 10, minY: 0, maxX: 0, maxY: 5)
        #expect(error(drawing([.callout(Drawing.Callout(id: "c", frame: inverted, anchorPoint: .zero, anchor: .top))]))
            == .outOfRange(field: #"layers[0] "l" / [0] callout "c" / frame.width/height"#, value: -10, expected: "≥ 0"))
        #expect(error(drawing([.puck(Drawing.Puck(center: .zero, bearing: .infinity))]))
            == .nonFiniteNumber(field: #"layers[0] "l" / [0] puck / bearing"#))
    }

    @Test func layerIDsMustBeUniqueAndNonEmpty() {
        let twice = Drawing(size: ScreenSize(width: 1, height: 1), layers: [Drawing.Layer(id: "a"), Drawing.Layer(id: "a")])
        #expect(error(twice) == .duplicateLayerID("a"))
        #expect(error(drawing([], layerID: "")) == .emptyLayerID(index: 0))
        #expect(error(drawing([], layerID: "cartouche-shadow")) == .reservedLayerID("cartouche-shadow"))
    }

    @Test func negativeViewportIsRejected() {
        #expect(error(Drawing(size: ScreenSize(width: -1, height: 10)))
            == .outOfRange(field: "size.width", value: -1, expected: "≥ 0"))
    }

    @Test func colorsParseFromHexAndRejectAnythingElse() throws {
        #expect(try RenderColor(hex: "#3478F6") == RenderColor(red: 0x34, green: 0x78, blue: 0xF6))
        #expect(try RenderColor(hex: "fa0") == RenderColor(red: 0xFF, green: 0xAA, blue: 0x00))
        #expect(RenderColor(rgb: 0xF5F3EF).hexString == "#f5f3ef")
        for bad in ["", "#", "#12345", "#1234567", "#gg0000", "#+12345", "red", "#12 345"] {
            #expect(throws: RenderError.invalidColor(bad)) { try RenderColor(hex: bad) }
        }
    }
}

@Suite struct CalloutFromPlacementTests {
    @Test(arguments: BoxAnchor.allCases)
    func anchorPointInvertsTheFrame(anchor: BoxAnchor) {
        let point = ScreenPoint(x: 123.5, y: 77.25)
        for config in [AnchorConfig(anchor), AnchorConfig(anchor, offsetX: 12, offsetY: -7)] {
            let frame = config.frame(at: point, size: ScreenSize(width: 96, height: 46))
            #expect(config.anchorPoint(of: frame) == point)
        }
    }

    @Test func shownPlacementBecomesACalloutAndHiddenOneDoesNot() throws {
        let config = AnchorConfig(.bottom, offsetY: 4)
        // .bottom at (100, 80) moved up 4: frame (60, 30)-(140, 76).
        let frame = ScreenRect(minX: 60, minY: 30, maxX: 140, maxY: 76)
        let shown = Placement(id: "eta", itemIndex: 0, frame: frame, anchor: config, anchorPointIndex: 0, zIndex: 0, hiddenReason: nil)
        let callout = try #require(Drawing.Callout(shown, style: RenderStyle.primaryCallout))
        #expect(callout.id == "eta")
        #expect(callout.anchorPoint == ScreenPoint(x: 100, y: 80))
        #expect(callout.anchor == .bottom)
        #expect(callout.bubble.tail?.tip == ScreenPoint(x: 100, y: 80))
        let hidden = Placement(id: "x", itemIndex: 1, frame: nil, anchor: nil, anchorPointIndex: nil, zIndex: nil, hiddenReason: .padding)
        #expect(Drawing.Callout(hidden) == nil)
    }
}
