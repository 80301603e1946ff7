import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import CartouchePlacement
import CartoucheScene
import Foundation

/// Tap hit-testing over a scene for one camera, mirroring how MapLibre GL's
/// `queryRenderedFeatures` decides hits (its `queryIntersectsFeature`):
///
/// - lines and fills are tested on the ground plane, in world points at the
///   camera zoom: the tap is unprojected to the ground, lines are buffered by
///   half their drawn width (`line-gap-width` counts as in the renderer:
///   gap + 2 × width) after `line-offset`, polygons contain the point by the
///   even–odd rule (holes are outside);
/// - circles aligned with the viewport (the default) are tested on screen,
///   their radius + stroke scaled by the perspective when `circle-pitch-scale`
///   is `map`; circles aligned with the map are tested on the ground;
/// - symbols (icon and text boxes) and placed view annotations (frame, or
///   collision boxes) are tested on screen;
/// - `*-translate` moves the drawn geometry (rotated with the map for the
///   `map` anchor, with the screen for `viewport`).
/// - On the globe (`projection` `globe` below zoom 12) the tap reaches the
///   ground along the ray through its pixel to the sphere, and lines and
///   fills are tested there in Web Mercator, as MapLibre 5.3 tests them in
///   tile space; what the sphere hides is not hit, a tap in the sky hits
///   no ground (MapLibre moves it to the horizon), and every world copy of
///   a line or ring is tested (one reaching over 180° from the centre is
///   drawn in another copy than the tap's). ``GlobeTapRule`` chooses
///   between that (what is drawn) and MapLibre's own answers.
///
/// One deliberate difference, switchable: MapLibre GL JS (5.3) answers a
/// point query on a fill with "does *any* ring contain the point", so a tap
/// inside a hole hits the polygon although the hole is drawn empty. Cartouche
/// honours holes by default (`HoleRule.honoured`); `.likeMapLibreQuery`
/// reproduces MapLibre's answer for apps that must agree with it.
///
/// Hits come back top-most first: view annotations (highest z first), then
/// layers from the top one down, inside a layer by draw order reversed
/// (sort key, then feature order). The tap radius (argument + the layer's
/// `tapRadius`) is a disc around the point, and distances are in points.
public struct SceneQueryIndex: Sendable {
    struct Meta: Sendable {
        var layerId: String?
        var id: String
        var kind: HitKind
        var customData: [String: JSONValue]
        var tapRadius: Double
        var cluster: ClusterHit? = nil
        /// MapLibre's query padding of the feature's layer (lines and fills),
        /// in points times `maxPitchScaleFactor`, for `.likeMapLibreQuery` on the globe.
        var queryPadding = 0.0
    }

    /// How a tap inside a polygon's hole is answered. The raw values are
    /// the query request's `holes` spellings (and `cartouche query --holes`).
    public enum HoleRule: String, Sendable, CaseIterable {
        /// A hole is outside the polygon, as it is drawn (the default).
        case honoured
        /// As MapLibre GL JS's `queryRenderedFeatures`: inside any ring is a hit.
        case likeMapLibreQuery = "maplibre"
    }

    /// How taps are answered on the globe (`globe` projection below zoom
    /// 12); nothing changes under Mercator. The raw values are the query
    /// request's `globeTaps` spellings (and `cartouche query --globe-taps`).
    public enum GlobeTapRule: String, Sendable, CaseIterable {
        /// What is drawn under the tap (the default): a tap in the sky hits
        /// no fill or line, and a circle drawn under the tap is hit.
        case drawn
        /// As MapLibre GL JS 5.3's `queryRenderedFeatures`: a tap in the sky
        /// is carried to the horizon (`GlobeProjection.unprojectLikeMapLibre(_:)`)
        /// and hits what is there; circles are found only within the
        /// tile's query padding of the tap in Web Mercator, tested against
        /// where the tap's point of the sphere is drawn, hidden or not
        /// (`MapLibreGlobeCircles`); and nothing is found in MapLibre's tiles
        /// across the antimeridian from the centre, whose world-copy wrap
        /// moves the tap a world away (`MapLibreGlobeTiles`).
        case likeMapLibreQuery = "maplibre"
    }

    public let projection: Projection
    private let frame: GroundFrame
    private let ground: HitIndex
    private let groundMeta: [Meta]
    private let screen: HitIndex
    private let screenMeta: [Meta]
    private let maxTapRadius: Double
    /// Set for ``GlobeTapRule/likeMapLibreQuery`` on the globe: the circles
    /// (aligned with the viewport) are there instead of in `screen`.
    private let mapLibreCircles: MapLibreGlobeCircles?
    /// Set with `mapLibreCircles`: which tiles MapLibre would search for a tap.
    private let mapLibreTiles: MapLibreGlobeTiles?

    /// - Parameters:
    ///   - layers: bottom to top, as drawn.
    ///   - viewAnnotations: the placement result (its shown callouts are hit first).
    ///   - collisionBoxes: per view annotation id, sub-rects of the frame that
    ///     are hit instead of the whole frame.
    ///   - projection: the camera's projection, for queries near a coordinate.
    ///   - holes: whether a tap inside a polygon's hole hits it.
    ///   - globeTaps: drawn answers or MapLibre's on the globe.
    /// - Complexity: O(n) shapes plus the grid build.
    public init(layers: [DrawnLayer], viewAnnotations: ViewAnnotationResult? = nil,
                collisionBoxes: [String: [ScreenRect]] = [:], projection: Projection, holes: HoleRule = .honoured, globeTaps: GlobeTapRule = .drawn) {
        self.projection = projection
        let frame = GroundFrame(projection: projection)
        self.frame = frame
        let globe = globeTaps == .likeMapLibreQuery ? projection.globe : nil
        var circles = MapLibreGlobeCircles()
        let pitchScale = globe == nil ? 1 : MapLibreGlobeCircles.maxPitchScaleFactor(projection)
        let tiles = globe == nil ? nil : MapLibreGlobeTiles(projection: projection)
        var gShapes: [HitShape] = [], gZ: [Int] = [], gMeta: [Meta] = []
        var sShapes: [HitShape] = [], sZ: [Int] = [], sMeta: [Meta] = []
        var z = 0
        var maxTap = 0.0
        let bearing = projection.camera.bearing * .pi / 180
        for layer in layers {
            let tap = max(0, layer.tapRadius.isFinite ? layer.tapRadius : 0)
            maxTap = max(maxTap, tap)
            // The drawn offset of the layer, in world points (x east, y south).
            var tx = layer.translate.x, ty = layer.translate.y
            if layer.translateAnchor == .viewport {
                (tx, ty) = (cos(bearing) * tx - sin(bearing) * ty, sin(bearing) * tx + cos(bearing) * ty)
            }
            let paddings = tiles.map { MapLibreGlobeCircles.queryPaddings(of: layer, tiles: $0) } ?? []
            let groundPadding = tiles == nil ? 0 : MapLibreGlobeTiles.queryRadius(of: layer) * pitchScale
            let order = layer.features.indices.sorted { a, b in
                let ka = layer.features[a].sortKey ?? 0, kb = layer.features[b].sortKey ?? 0
                return ka != kb ? ka < kb : a < b
            }
            for i in order {
                let f = layer.features[i]
                let meta = Meta(layerId: layer.id, id: f.id, kind: f.kind, customData: f.customData, tapRadius: tap, cluster: f.cluster,
                                queryPadding: groundPadding)
                switch f.shape {
                case .line(let lines, let width, let gap, let offset):
                    let drawn = gap > 0 ? gap + 2 * width : width
                    let runs = lines.map { frame.offsetLine(frame.groundPoints(tiles?.snapped($0) ?? $0, tx, ty), offset) }
                    for run in runs where !run.isEmpty {
                        gShapes.append(.polyline(run, halfWidth: max(0, drawn / 2))); gZ.append(z); gMeta.append(meta)
                    }
                case .fill(let polygons):
                    for rings in polygons where !rings.isEmpty {
                        let ground = rings.map { frame.groundPoints(tiles?.snapped($0) ?? $0, tx, ty) }
                        // MapLibre's rule: every ring on its own (a feature hit
                        // through several rings is reported once).
                        let shapes = holes == .honoured ? [ground] : ground.map { [$0] }
                        for s in shapes { gShapes.append(.polygon(s, outline: 0)); gZ.append(z); gMeta.append(meta) }
                    }
                case .circle(let center, let radius, let stroke):
                    let size = max(0, radius) + max(0, stroke)
                    let g = frame.groundPoints([center], tx, ty)[0]
                    if let globe, layer.circlePitchAlignment != .map {
                        // Where MapLibre's tile has the centre (rounded to its grid).
                        let tiled = paddings[i].center
                        if let drawn = globe.projectThroughGlobe(frame.coordinate(ofGround: frame.groundPoints([tiled], tx, ty)[0])) {
                            let scale = layer.circlePitchScale == .map ? projection.cameraToCenterDistance / drawn.depth : 1
                            circles.append(mercator: MapLibreGlobeCircles.mercator(tiled, worldSize: projection.worldSize), screen: drawn.point,
                                           radius: size * scale, padding: paddings[i].padding * pitchScale, wrap: paddings[i].wrap, z: z, meta: meta)
                        }
                    } else if layer.circlePitchAlignment == .map {
                        // On the ground: radius in world points, shrunk with distance
                        // only when the scale follows the viewport.
                        let scale = layer.circlePitchScale == .viewport ? frame.depth(ofGround: g) / projection.cameraToCenterDistance : 1
                        gShapes.append(.circle(center: g, radius: size * scale)); gZ.append(z); gMeta.append(meta)
                    } else if let p = frame.screenPoint(ofGround: g) {
                        let scale = layer.circlePitchScale == .map ? projection.cameraToCenterDistance / frame.depth(ofGround: g) : 1
                        sShapes.append(.circle(center: p, radius: size * scale)); sZ.append(z); sMeta.append(meta)
                    }
                case .symbol(let anchor, let boxes):
                    let g = frame.groundPoints([anchor], tx, ty)[0]
                    if let p = frame.screenPoint(ofGround: g), !boxes.isEmpty {
                        sShapes.append(.boxes(boxes.map { $0.offsetBy(dx: p.x, dy: p.y) })); sZ.append(z); sMeta.append(meta)
                    }
                }
                z += 1
            }
        }
        if let result = viewAnnotations {
            for p in result.placements {
                guard let frame = p.frame, let zi = p.zIndex else { continue }
                let boxes = collisionBoxes[p.id].map { $0.map { $0.offsetBy(dx: frame.minX, dy: frame.minY) } } ?? [frame]
                sShapes.append(.boxes(boxes)); sZ.append(z + zi)
                sMeta.append(Meta(layerId: nil, id: p.id, kind: .viewAnnotation, customData: [:], tapRadius: 0))
            }
        }
        let viewport = ScreenRect(x: 0, y: 0, width: projection.viewport.width, height: projection.viewport.height)
        screen = HitIndex(shapes: sShapes, z: sZ, region: viewport)
        screenMeta = sMeta
        ground = HitIndex(shapes: gShapes, z: gZ, region: frame.region())
        groundMeta = gMeta
        maxTapRadius = maxTap
        if globe != nil { circles.finish(worldSize: projection.worldSize) }
        mapLibreCircles = globe == nil ? nil : circles
        mapLibreTiles = tiles
    }

    /// Everything within `radius` points of a screen point (plus each layer's
    /// tap radius), top-most first.
    public func query(at point: ScreenPoint, radius: Double = 0) -> [SceneHit] {
        let r = max(0, radius.isFinite ? radius : 0)
        var hits: [(z: Int, hit: SceneHit)] = []
        screen.forEachHit(at: point, radius: r + maxTapRadius) { i, d in
            let m = screenMeta[i]
            if d <= r + m.tapRadius { hits.append((screen.z[i], hit(m, d))) }
        }
        var tapGround = frame.groundPoint(underScreen: point)
        var tapMercator: ScreenPoint? = nil
        if let circles = mapLibreCircles, let globe = projection.globe, let tap = globe.unprojectLikeMapLibre(point) {
            tapGround = frame.groundPoint(nearestCopyOf: tap)
            let mercator = MapLibreGlobeCircles.mercator(tap, worldSize: projection.worldSize)
            tapMercator = mercator
            let drawn = globe.projectThroughGlobe(tap)?.point ?? point
            circles.forEachHit(tap: mercator, worldSize: projection.worldSize, tapScreen: drawn, tapRadius: r) { z, m, d in
                hits.append((z, hit(m, d)))
            }
        }
        if let g = tapGround {
            // Screen points to world points here: the perspective factor at the tap.
            let perScreenPoint = frame.worldPointsPerScreenPoint(at: g)
            var reached: [Double: Bool] = [:]
            for dx in copies {
                ground.forEachHit(at: ScreenPoint(x: g.x + dx, y: g.y), radius: (r + maxTapRadius) * perScreenPoint) { i, d in
                    let m = groundMeta[i]
                    let screenDistance = d / perScreenPoint
                    guard screenDistance <= r + m.tapRadius else { return }
                    if let tiles = mapLibreTiles, let tap = tapMercator {
                        let reaches = reached[m.queryPadding] ?? tiles.reaches(tap, padding: m.queryPadding, worldSize: projection.worldSize)
                        reached[m.queryPadding] = reaches
                        guard reaches else { return }
                    }
                    hits.append((ground.z[i], hit(m, screenDistance)))
                }
            }
        }
        return topFirst(hits)
    }

    /// Everything meeting a screen rect, top-most first (distances from its centre).
    public func query(in rect: ScreenRect) -> [SceneHit] {
        var hits: [(z: Int, hit: SceneHit)] = []
        for h in screen.query(in: rect) { hits.append((h.z, hit(screenMeta[h.shapeIndex], h.distance))) }
        // The rect's ground footprint: its corners unprojected (a quadrilateral
        // under pitch); shapes meeting that polygon's bounding box are tested
        // against the polygon itself.
        let corners = [ScreenPoint(x: rect.minX, y: rect.minY), ScreenPoint(x: rect.maxX, y: rect.minY),
                       ScreenPoint(x: rect.maxX, y: rect.maxY), ScreenPoint(x: rect.minX, y: rect.maxY)]
        let footprint = frame.footprint(of: rect, corners: corners)
        if footprint.count >= 3 {
            let bounds = footprint.dropFirst().reduce(ScreenRect(minX: footprint[0].x, minY: footprint[0].y, maxX: footprint[0].x, maxY: footprint[0].y)) {
                ScreenRect(minX: min($0.minX, $1.x), minY: min($0.minY, $1.y), maxX: max($0.maxX, $1.x), maxY: max($0.maxY, $1.y))
            }
            for dx in copies {
                let moved = footprint.map { ScreenPoint(x: $0.x + dx, y: $0.y) }
                let box = bounds.offsetBy(dx: dx, dy: 0)
                for h in ground.query(in: box) where ground.shapes[h.shapeIndex].intersects(polygon: moved) {
                    hits.append((h.z, hit(groundMeta[h.shapeIndex], 0)))
                }
            }
        }
        return topFirst(hits)
    }

    /// Everything within `radius` points of where `coordinate` is drawn.
    public func query(near coordinate: Coordinate, radius: Double = 0) -> [SceneHit] {
        guard let p = projection.project(coordinate) else { return [] }
        return query(at: p, radius: radius)
    }

    /// The world copies a ground query looks in: on the sphere every copy is
    /// the same place, and a line or ring reaching over 180° from the centre
    /// is met in the copy east or west of the tap's (the ground frame keeps
    /// its vertices' raw longitude differences, as they are drawn).
    private var copies: [Double] {
        projection.globe == nil ? [0] : [0, -projection.worldSize, projection.worldSize]
    }

    private func hit(_ m: Meta, _ d: Double) -> SceneHit {
        SceneHit(layerId: m.layerId, id: m.id, kind: m.kind, distance: d, customData: m.customData, cluster: m.cluster)
    }

    /// Sorted top-most first; a feature drawn as several shapes (a
    /// multipolygon) is reported once, at its nearest shape.
    private func topFirst(_ hits: [(z: Int, hit: SceneHit)]) -> [SceneHit] {
        var seen: [String: Int] = [:]
        var out: [SceneHit] = []
        for (_, h) in hits.sorted(by: { $0.z != $1.z ? $0.z > $1.z : $0.hit.id > $1.hit.id }) {
            let key = "\(h.layerId ?? "")\u{0}\(h.id)"
            if let i = seen[key] {
                out[i].distance = min(out[i].distance, h.distance)
            } else {
                seen[key] = out.count
                out.append(h)
            }
        }
        return out
    }
}
