import CartoucheAnnotations
import CartoucheGeometry
import CartoucheJSON
import CartoucheStyle
import Testing

/// The one "annotation, else manager, else spec default" rule: its defaults
/// are the descriptor tables' (the spec's, as the compiled style declares
/// them), and each level overrides the one below.
@Suite("resolved styles")
struct ResolvedStyleTests {
    static let here = Coordinate(latitude: 48.85, longitude: 2.35)

    /// The spec default of `key` in a descriptor table.
    func specDefault<P>(_ table: [PropertyDescriptor<P>], _ key: String) -> JSONValue? {
        table.first { $0.key == key }?.defaultValue
    }

    @Test("with nothing set, each resolved value is the spec default of its property")
    func defaultsAreTheSpecs() throws {
        let line = PolylineAnnotationManager(id: "l").resolvedStyle(of: PolylineAnnotation(id: "a", coordinates: [Self.here, Self.here]))
        let lt = LineProperties.descriptors
        #expect(line.color.styleJSON == specDefault(lt, "line-color"))
        #expect(JSONValue.number(line.width) == specDefault(lt, "line-width"))
        #expect(JSONValue.number(line.gapWidth) == specDefault(lt, "line-gap-width"))
        #expect(JSONValue.number(line.offset) == specDefault(lt, "line-offset"))
        #expect(JSONValue.number(line.opacity) == specDefault(lt, "line-opacity"))
        #expect(line.sortKey == nil && specDefault(lt, "line-sort-key") == nil)

        let circle = CircleAnnotationManager(id: "c").resolvedStyle(of: CircleAnnotation(id: "a", coordinate: Self.here))
        let ct = CircleProperties.descriptors
        #expect(JSONValue.number(circle.radius) == specDefault(ct, "circle-radius"))
        #expect(circle.color.styleJSON == specDefault(ct, "circle-color"))
        #expect(JSONValue.number(circle.opacity) == specDefault(ct, "circle-opacity"))
        #expect(JSONValue.number(circle.strokeWidth) == specDefault(ct, "circle-stroke-width"))
        #expect(circle.strokeColor.styleJSON == specDefault(ct, "circle-stroke-color"))

        let fill = PolygonAnnotationManager(id: "f").resolvedStyle(of: PolygonAnnotation(id: "a", rings: [[Self.here]]))
        let ft = FillProperties.descriptors
        #expect(fill.color.styleJSON == specDefault(ft, "fill-color"))
        #expect(JSONValue.number(fill.opacity) == specDefault(ft, "fill-opacity"))
        // The spec has no fill-outline-color default: the fill colour is drawn.
        #expect(specDefault(ft, "fill-outline-color") == nil && fill.outlineColor == fill.color)

        let symbol = PointAnnotationManager(id: "p").resolvedStyle(of: PointAnnotation(id: "a", coordinate: Self.here))
        let st = SymbolProperties.descriptors
        #expect(JSONValue.number(symbol.iconSize) == specDefault(st, "icon-size"))
        #expect(symbol.iconOffset.styleJSON == specDefault(st, "icon-offset"))
        #expect(symbol.iconAnchor.styleJSON == specDefault(st, "icon-anchor"))
        #expect(JSONValue.number(symbol.textSize) == specDefault(st, "text-size"))
        #expect(JSONValue.number(symbol.textMaxWidth) == specDefault(st, "text-max-width"))
        #expect(JSONValue.number(symbol.textLineHeight) == specDefault(st, "text-line-height"))
        #expect(JSONValue.number(symbol.textLetterSpacing) == specDefault(st, "text-letter-spacing"))
        #expect(symbol.textJustify.styleJSON == specDefault(st, "text-justify"))
        #expect(symbol.textAnchor.styleJSON == specDefault(st, "text-anchor"))
        #expect(symbol.textTransform.styleJSON == specDefault(st, "text-transform"))
        #expect(symbol.textOffset.styleJSON == specDefault(st, "text-offset"))
        #expect(JSONValue.number(symbol.textRadialOffset) == specDefault(st, "text-radial-offset"))
    }

    @Test("the annotation's value wins over the manager's, which wins over the default")
    func precedence() throws {
        var manager = PolylineAnnotationManager(id: "l")
        manager.defaults.lineWidth = 6
        manager.defaults.lineSortKey = 2
        manager.defaults.lineGapWidth = 3
        var own = LineProperties()
        own.lineWidth = 9
        let mine = manager.resolvedStyle(of: PolylineAnnotation(id: "a", coordinates: [Self.here, Self.here], properties: own))
        #expect(mine.width == 9 && mine.sortKey == 2 && mine.gapWidth == 3)
        #expect(mine.drawnWidth == 3 + 2 * 9)
        let plain = manager.resolvedStyle(of: PolylineAnnotation(id: "b", coordinates: [Self.here, Self.here]))
        #expect(plain.width == 6 && plain.opacity == 1)

        var points = PointAnnotationManager(id: "p")
        points.defaults.textAnchor = .bottomLeft
        var label = SymbolProperties()
        label.textJustify = .right
        let symbol = points.resolvedStyle(of: PointAnnotation(id: "a", coordinate: Self.here, properties: label))
        #expect(symbol.textAnchor == .bottomLeft && symbol.textJustify == .right && symbol.textTransform == .none)
    }
}
