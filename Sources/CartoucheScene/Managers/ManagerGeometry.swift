import CartoucheAnnotations
import CartoucheGeometry
import CartoucheStyle
import CartoucheText

/// What placement and queries need to know of compiled managers: their
/// features as geometry, and how each is drawn.
extension AnyAnnotationManager {
    /// Features for view annotations bound with `.layerFeature`: the
    /// manager's annotations in draw order, with the line trim of polyline
    /// managers (`line-trim-offset`).
    func layerFeatures(in environment: StyleEnvironment) -> [LayerFeature] {
        switch self {
        case .point(let m):
            return m.annotations.map { LayerFeature(id: $0.id, geometry: .point(Point($0.coordinate))) }
        case .circle(let m):
            return m.annotations.map { LayerFeature(id: $0.id, geometry: .point(Point($0.coordinate))) }
        case .polyline(let m):
            let trim = m.trimRange(in: environment)
            return m.annotations.map { LayerFeature(id: $0.id, geometry: .lineString(LineString($0.coordinates.map { Position($0) })), lineTrim: trim) }
        case .polygon(let m):
            return m.annotations.map { a in
                LayerFeature(id: a.id, geometry: .polygon(Polygon(outerRing: (a.rings.first ?? []).map { Position($0) },
                                                                    innerRings: a.rings.dropFirst().map { $0.map { Position($0) } })))
            }
        }
    }

    /// Lines of a polyline manager as avoid lines, per annotation: the parts
    /// drawn (a trimmed stretch is not), at the drawn width (gap + 2 × width
    /// when there is a gap, as the renderer draws it).
    func avoidLinesByAnnotation(in environment: StyleEnvironment) -> [[AvoidLine]] {
        guard case .polyline(let m) = self else { return [] }
        return m.annotations.map { a in
            let width = m.resolvedStyle(of: a, in: environment).drawnWidth
            return m.drawnRuns(of: a, in: environment).map { AvoidLine(id: m.id, coordinates: $0, width: width) }
        }
    }

    /// ``avoidLinesByAnnotation(in:)``, all together.
    func avoidLines(in environment: StyleEnvironment) -> [AvoidLine] { avoidLinesByAnnotation(in: environment).flatMap { $0 } }

    /// The layer as drawn, for tap queries. Lines without their trimmed
    /// stretch (`line-trim-offset`). Circles, lines and fills use the
    /// resolved per-annotation values (`resolvedStyle(of:)`: annotation, else
    /// manager, else the style-spec default). Point annotations hit by their icon box (when the
    /// image's size is known) and their shaped text box (when a text engine is
    /// given). Expressions are evaluated in `environment` (the frame's zoom).
    func drawnLayer(iconSizes: [String: ScreenSize], text: TextLayoutEngine? = nil, environment: StyleEnvironment) -> DrawnLayer {
        func anchor(_ a: TranslateAnchor?) -> DrawnLayer.Anchor { a == .viewport ? .viewport : .map }
        switch self {
        case .circle(let m):
            let lp = m.evaluatedLayerProperties(in: environment)
            let features = m.annotations.map { a in
                let style = m.resolvedStyle(of: a, in: environment)
                return DrawnFeature(id: a.id, shape: .circle(center: a.coordinate, radius: style.radius, strokeWidth: style.strokeWidth),
                                    sortKey: style.sortKey, customData: a.customData)
            }
            return DrawnLayer(
                id: m.id, features: features, translate: (lp.circleTranslate?.x ?? 0, lp.circleTranslate?.y ?? 0),
                translateAnchor: anchor(lp.circleTranslateAnchor),
                circlePitchScale: lp.circlePitchScale == .viewport ? .viewport : .map,
                circlePitchAlignment: lp.circlePitchAlignment == .map ? .map : .viewport, tapRadius: m.tapRadius)
        case .polyline(let m):
            let lp = m.evaluatedLayerProperties(in: environment)
            // A trimmed stretch is not drawn, so not hit; a line trimmed whole is not there.
            let features = m.annotations.compactMap { a -> DrawnFeature? in
                let runs = m.drawnRuns(of: a, in: environment)
                guard !runs.isEmpty else { return nil }
                let style = m.resolvedStyle(of: a, in: environment)
                return DrawnFeature(id: a.id, shape: .line(runs, width: style.width, gapWidth: style.gapWidth, offset: style.offset),
                                    sortKey: style.sortKey, customData: a.customData)
            }
            return DrawnLayer(id: m.id, features: features, translate: (lp.lineTranslate?.x ?? 0, lp.lineTranslate?.y ?? 0),
                              translateAnchor: anchor(lp.lineTranslateAnchor), tapRadius: m.tapRadius)
        case .polygon(let m):
            let lp = m.evaluatedLayerProperties(in: environment)
            let features = m.annotations.map { a in
                DrawnFeature(id: a.id, shape: .fill([a.rings]), sortKey: m.resolvedStyle(of: a, in: environment).sortKey, customData: a.customData)
            }
            return DrawnLayer(id: m.id, features: features, translate: (lp.fillTranslate?.x ?? 0, lp.fillTranslate?.y ?? 0),
                              translateAnchor: anchor(lp.fillTranslateAnchor), tapRadius: m.tapRadius)
        case .point(let m):
            let features = m.annotations.compactMap { a -> DrawnFeature? in
                let boxes = m.symbolBoxes(of: a, iconSizes: iconSizes, text: text, environment: environment)
                guard !boxes.isEmpty else { return nil }
                return DrawnFeature(id: a.id, shape: .symbol(anchor: a.coordinate, boxes: boxes),
                                    sortKey: m.resolvedStyle(of: a, in: environment).sortKey, customData: a.customData)
            }
            return DrawnLayer(id: m.id, features: features, tapRadius: m.tapRadius)
        }
    }
}
