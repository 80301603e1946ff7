import CartoucheCamera
import CartoucheGeometry
import CartouchePlacement
import Foundation

/// Turns geographic view annotations into the screen-space items the
/// placement core works on, for one camera.
struct Binder {
    let scene: ViewAnnotationScene
    let projection: Projection
    let previous: [String: Coordinate]
    /// The previous frame's shown callouts: their anchor and box on screen
    /// (nil when the previous frame came without boxes, a compact
    /// `previous` of an older client).
    let previousShown: [String: (anchor: AnchorConfig, frame: ScreenRect?)]
    /// Visible runs of each line-bound annotation's lines, by annotation index,
    /// with the geometry they came from (callouts sharing a feature do not
    /// avoid each other's line).
    private var lineRuns: [Int: (geometry: [Geometry], runs: [[ScreenPoint]])] = [:]
    private let avoidRuns: [(id: String, runs: [[ScreenPoint]], halfWidth: Double)]

    init(scene: ViewAnnotationScene, projection: Projection, previous: ViewAnnotationResult?) {
        self.scene = scene
        self.projection = projection
        var prev: [String: Coordinate] = [:]
        var shown: [String: (anchor: AnchorConfig, frame: ScreenRect?)] = [:]
        for p in previous?.placements ?? [] {
            if let c = p.anchorCoordinate { prev[p.id] = c }
            if p.isVisible, let a = p.anchor { shown[p.id] = (a, p.frame) }
        }
        self.previous = prev
        self.previousShown = shown
        avoidRuns = scene.avoidLines.map { ($0.id, projection.screenPolylines($0.coordinates), max(0, $0.width) / 2) }
        for (i, va) in scene.viewAnnotations.enumerated() {
            guard let (geometries, trim) = Binder.resolve(va, in: scene) else { continue }
            var runs: [[ScreenPoint]] = []
            // A trimmed stretch is not drawn: no other callout keeps off it.
            for g in geometries {
                for line in Binder.lines(of: g) {
                    for drawn in LineTrim.drawnRuns(line, trim: trim) { runs += projection.screenPolylines(drawn) }
                }
            }
            if !runs.isEmpty { lineRuns[i] = (geometries, runs) }
        }
    }

    /// The geometries a view annotation is bound to (nil: the bound layer or
    /// feature does not exist), with the line trim that applies.
    static func resolve(_ va: ViewAnnotation, in scene: ViewAnnotationScene) -> ([Geometry], ClosedRange<Double>?)? {
        switch va.annotatedFeature {
        case .geometry(let g):
            return ([g], va.lineTrim)
        case .layerFeature(let layerId, let featureId):
            guard let features = scene.layers[layerId] else { return nil }
            let chosen = featureId.map { id in features.filter { $0.id == id } } ?? features
            guard !chosen.isEmpty else { return nil }
            return (chosen.map(\.geometry), va.lineTrim ?? chosen.first?.lineTrim)
        }
    }

    /// Whether any of the geometries has at least one position.
    static func hasPosition(_ geometries: [Geometry]) -> Bool {
        var found = false
        for g in geometries where !found { g.forEachPosition { _ in found = true } }
        return found
    }

    static func lines(of g: Geometry) -> [[Coordinate]] {
        switch g {
        case .lineString(let l): [l.positions.map(\.coordinate)]
        case .multiLineString(let m): m.lineStrings.map { $0.positions.map(\.coordinate) }
        case .geometryCollection(let c): c.geometries.flatMap { lines(of: $0) }
        default: []
        }
    }

    func bind(_ va: ViewAnnotation, index: Int) -> (PlacementItem, [Coordinate?]) {
        var item = PlacementItem(
            id: va.id, anchorPoints: [], size: va.placedSize, options: va.options,
            missingAnchorReason: .offscreen)
        // Avoid lines of the layer it is bound to (an avoid layer's) do not hide it.
        if case .layerFeature(let layer, _) = va.annotatedFeature { item.ownLayer = layer }
        // An empty geometry (`MultiPoint []`, `GeometryCollection []`) has no
        // feature to anchor to, which is what the reason says, not "offscreen".
        guard let (geometries, trim) = Binder.resolve(va, in: scene), Binder.hasPosition(geometries) else {
            item.missingAnchorReason = .featureNotFound
            return (item, [])
        }
        let visible = va.ignoreCameraPadding ? ScreenRect(x: 0, y: 0, width: scene.viewport.width, height: scene.viewport.height)
            : scene.camera.padding.paddedRect(in: scene.viewport)
        var points: [ScreenPoint] = []
        for g in geometries { points += anchorPoints(of: g, for: va, index: index, visible: visible, trim: trim) }
        // Last frame's anchor point, while it is still on the bound line's
        // visible, untrimmed part (the puck's trim moves past it on a drive).
        if let last = previous[va.id], points.count > 1, let p = projection.project(last), visible.contains(p),
           geometries.contains(where: { g in
               Binder.lines(of: g).contains { LineAnchoring().isAnchorable(p, on: projection.screenLine($0), visible: visible, trim: trim) }
           }) {
            points.insert(p, at: 0)
        }
        if let target = previousBox(va) {
            // The motion contract (`CandidateOrder`): candidates are tried
            // by how far their box is from this one on screen.
            item.previousFrame = target
            points = stillPoints(va, geometries: geometries, target: target, visible: visible, trim: trim) + points
        }
        item.anchorPoints = points
        // Nothing to anchor to because the globe hides all of it: say so.
        if points.isEmpty && geometries.allSatisfy(projection.globeHides) { item.missingAnchorReason = .horizon }
        let coordinates: [Coordinate?] = points.map { p in
            if case .geometry(.point(let pt)) = va.annotatedFeature { return pt.coordinate }
            return projection.drawnCoordinate(at: p)
        }
        return (item, coordinates)
    }

    private func anchorPoints(of g: Geometry, for va: ViewAnnotation, index: Int, visible: ScreenRect,
                              trim: ClosedRange<Double>?) -> [ScreenPoint] {
        switch g {
        case .point(let p):
            return projection.project(p.coordinate).map { [$0] } ?? []
        case .multiPoint(let m):
            return m.positions.compactMap { projection.project($0.coordinate) }
        case .lineString, .multiLineString:
            let clearance = scene.lineClearance ?? max(va.placedSize.width, va.placedSize.height) / 2 + 4
            var obstacles: [LineAnchoring.Obstacle] = []
            for (j, other) in lineRuns where j != index && other.geometry != lineRuns[index]?.geometry {
                for run in other.runs { obstacles.append(.init(points: run, clearance: clearance)) }
            }
            for a in avoidRuns { for run in a.runs { obstacles.append(.init(points: run, clearance: a.halfWidth + 2)) } }
            // Lines drawn over this one hide it where they run along it.
            for line in scene.linesAbove[va.id] ?? [] {
                for run in projection.screenPolylines(line.coordinates) {
                    obstacles.append(.init(points: run, clearance: max(0, line.width) / 2 + 2))
                }
            }
            // Deterministic obstacle order (the dictionary's is not).
            obstacles.sort { ($0.points.first?.x ?? 0, $0.points.first?.y ?? 0, $0.points.count) < ($1.points.first?.x ?? 0, $1.points.first?.y ?? 0, $1.points.count) }
            var out: [ScreenPoint] = []
            for line in Binder.lines(of: g) {
                out += LineAnchoring().anchorPoints(
                    for: projection.screenLine(line), visible: visible, trim: trim,
                    obstacles: obstacles, pitch: scene.camera.pitch, aheadFirst: movesAhead(va, trim: trim))
            }
            return out
        case .polygon(let poly):
            return polygonPoint(poly, visible: visible)
        case .multiPolygon(let m):
            return m.polygons.flatMap { polygonPoint($0, visible: visible) }
        case .geometryCollection(let c):
            return c.geometries.flatMap { anchorPoints(of: $0, for: va, index: index, visible: visible, trim: trim) }
        }
    }

    private func polygonPoint(_ poly: Polygon, visible: ScreenRect) -> [ScreenPoint] {
        let rings = poly.rings.map { projection.screenRing($0.map(\.coordinate)) }
        return PolygonAnchoring.anchorPoint(rings: rings, visible: visible, contains: projection.globeMembership(poly)).map { [$0] } ?? []
    }

    /// The screen-level rules: padding, zoom, puck, avoid regions and lines, symbols.
    func environment() -> PlacementEnvironment {
        let pad = scene.camera.padding
        var puckRect: ScreenRect? = nil
        if let puck = scene.puck, let p = projection.project(puck.coordinate) {
            // The puck turns with its heading relative to the map's bearing;
            // its full extent is the bounding box of the turned marker.
            let angle = (puck.bearing - scene.camera.bearing) * .pi / 180
            let w = abs(puck.size.width * cos(angle)) + abs(puck.size.height * sin(angle))
            let h = abs(puck.size.width * sin(angle)) + abs(puck.size.height * cos(angle))
            puckRect = ScreenRect(x: p.x - w / 2, y: p.y - h / 2, width: w, height: h)
        }
        var lines: [ScreenPolyline] = []
        for a in avoidRuns { for run in a.runs { lines.append(ScreenPolyline(id: a.id, points: run, halfWidth: a.halfWidth)) } }
        return PlacementEnvironment(
            viewport: scene.viewport,
            padding: pad,
            zoom: scene.camera.zoom, puck: puckRect, avoidRegions: scene.avoidRegions,
            avoidLines: lines, symbols: scene.symbols, cullingMargin: scene.cullingMargin)
    }
}
