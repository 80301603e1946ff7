import CartoucheCamera
import CartoucheGeometry
import CartouchePlacement
import CartoucheText

/// A scene placed once for a whole range of zooms instead of one camera
/// (`"zoomRange": {"min": z0, "max": z1}` in place of `camera`/`cameras`):
/// Mercator, bearing 0, pitch 0, no viewport — the whole data set is
/// placed, and each shown view annotation gets one anchor and the lowest
/// zoom from which it stays shown up to `max` without ever colliding (see
/// `ZoomRangePlacer` and `docs/SCENE_FORMAT.md`, "Zoom-range scenes").
///
/// Only view annotations bound to GeoJSON `Point` geometries take part;
/// the decoder refuses what a zoom range cannot honour (other geometries,
/// layer-bound callouts, managers, the globe) at the member's path.
public struct ZoomRangeScene: Hashable, Sendable {
    public var zoomRange: ZoomRange
    /// The labels, each with its size given or its content to measure.
    public var viewAnnotations: [ViewAnnotation]
    public var options: SceneOptions

    public init(zoomRange: ZoomRange, viewAnnotations: [ViewAnnotation], options: SceneOptions = SceneOptions()) {
        self.zoomRange = zoomRange
        self.viewAnnotations = viewAnnotations
        self.options = options
    }

    /// The content of each content-sized annotation, by id (what a compiled
    /// zoom-range style draws as text: ``ZoomRangeResponse/style(contents:step:)``).
    public var contents: [String: CalloutContent] { viewAnnotations.contentsById }

    /// The same annotations as a one-camera scene document: what measuring
    /// content, listing missing glyphs and naming error paths already work on.
    public var asDocument: SceneDocument {
        SceneDocument(viewport: ScreenSize(width: 1, height: 1), cameras: [], viewAnnotations: viewAnnotations, options: options)
    }

    /// The placement items: each annotation's point in Web-Mercator unit
    /// coordinates with its (measured) size and rules.
    static func items(_ annotations: [ViewAnnotation]) -> [ZoomRangeItem] {
        annotations.map { va in
            var world = ScreenPoint(x: .nan, y: .nan)
            if case .geometry(.point(let p)) = va.annotatedFeature {
                world = ScreenPoint(x: WebMercator.normalizedX(longitude: p.coordinate.longitude),
                                    y: WebMercator.normalizedY(latitude: p.coordinate.latitude))
            }
            return ZoomRangeItem(
                id: va.id, world: world, size: va.placedSize, options: va.options)
        }
    }

    /// Measures content-sized annotations with `text`, then places, greedy
    /// mode on up to `threads` threads (the same answer for any number).
    ///
    /// - Complexity: see `ZoomRangePlacer` (near-linear in the annotations
    ///   for labels of similar size).
    public func place(
        text: TextLayoutEngine? = nil, budget: PlacementBudget = .unlimited, threads: Int = 1
    ) throws(SceneError) -> ZoomRangeResponse {
        var measured = viewAnnotations
        let layouts = try measured.measure(with: text)
        let method = options.mode
        let items = Self.items(measured)
        for item in items {
            let reach = item.reach
            guard reach <= ZoomRangeItem.maxReach else { throw .boxTooLarge(id: item.id, reach: reach) }
        }
        let result: ZoomRangeResult
        do throws(PlacementCancelled) {
            result = try ZoomRangePlacer.place(items, range: zoomRange, mode: method,
                                               budget: budget, threads: threads)
        } catch {
            throw .cancelled(error)
        }
        return ZoomRangeResponse(zoomRange: zoomRange, annotations: measured, result: result,
                                 warnings: asDocument.missingGlyphWarnings(text: text, layouts: layouts), layouts: layouts)
    }
}

/// The answer to "place this zoom-range scene".
public struct ZoomRangeResponse: Hashable, Sendable {
    public var zoomRange: ZoomRange
    /// The annotations placed, sizes measured (for their coordinates).
    public var annotations: [ViewAnnotation]
    public var result: ZoomRangeResult
    public var warnings: [SceneWarning] = []
    /// The measured content, by view annotation id: where the text sits in
    /// each box (``style(contents:step:)`` draws it there).
    public var layouts: [String: CalloutLayout] = [:]
}
