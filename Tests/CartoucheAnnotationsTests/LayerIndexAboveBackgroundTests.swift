import CartoucheAnnotations
import CartoucheStyle
import Testing

/// `layerPosition {"at": i}` in a complete style (issue #27 item 4): the
/// style's own `background` layer is under everything, so positions count
/// the layers above it; `at: 0` is the lowest layer drawn over the
/// background, never under it where nothing would show.
@Suite struct LayerIndexAboveBackgroundTests {
    static func orchestrator(_ positions: [(String, LayerPosition)]) -> AnnotationOrchestrator {
        var o = AnnotationOrchestrator()
        for (id, position) in positions { o.setManager(.circle(CircleAnnotationManager(id: id, layerPosition: position))) }
        return o
    }

    @Test func atZeroIsJustAboveTheBackground() throws {
        let o = Self.orchestrator([("A", .default), ("B", .at(0)), ("C", .at(1))])
        let style = try o.styleDocument(options: StyleDocumentOptions()).document
        #expect(style.layers.map(\.id) == ["background", "B", "C", "A"])
    }

    @Test func externalLayersAreCountedAboveTheBackground() throws {
        // The basemap's layers (not in the document) hold their place: at 1 is above "water", below "roads".
        let o = Self.orchestrator([("A", .at(0)), ("B", .at(2))])
        let (style, compiled) = try o.styleDocument(options: StyleDocumentOptions(), externalLayers: [.layer("water"), .layer("roads")])
        #expect(style.layers.map(\.id) == ["background", "A", "B"])
        // In the stack background, A, water, B, roads: A goes below water, B below roads.
        #expect(compiled.fragment.insertBefore == ["water", "roads"])
    }

    @Test func theLastIndexAndPastItExcludeTheBackground() throws {
        let o = Self.orchestrator([("A", .default), ("B", .at(1))])
        #expect(try o.styleDocument(options: StyleDocumentOptions()).document.layers.map(\.id) == ["background", "A", "B"])
        let past = Self.orchestrator([("A", .default), ("B", .at(2))])
        #expect(throws: AnnotationError.layerIndexOutOfRange(manager: "B", index: 2, layerCount: 1)) {
            try past.styleDocument(options: StyleDocumentOptions())
        }
    }

    @Test func withoutABackgroundNothingChanges() throws {
        let o = Self.orchestrator([("A", .default), ("B", .at(0))])
        var options = StyleDocumentOptions()
        options.backgroundColor = nil
        #expect(try o.styleDocument(options: options).document.layers.map(\.id) == ["B", "A"])
        // A fragment has no background of ours: at 0 is below the base's first layer.
        #expect(try o.compile(baseLayers: [.layer("bg")]).fragment.insertBefore == ["bg", nil])
    }
}
