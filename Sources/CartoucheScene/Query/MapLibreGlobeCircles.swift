import CartoucheCamera
import CartoucheGeometry
import CartoucheQuery
import Foundation

/// Circles (aligned with the viewport) as MapLibre GL JS 5.3's
/// `queryRenderedFeatures` finds them on the globe, for
/// ``SceneQueryIndex/GlobeTapRule/likeMapLibreQuery``:
///
/// - the tap is the point of the sphere MapLibre puts under it
///   (`GlobeProjection.unprojectLikeMapLibre(_:)`: the horizon for a tap
///   in the sky), and the circle is tested on screen against where that
///   point is drawn, not against the tap's pixel;
/// - only circles whose centre is within their tile's query padding of that
///   point in Web Mercator are candidates: the box MapLibre's feature index
///   searches in tile space (``queryPaddings(of:zoom:)``, in points at the
///   camera zoom, times the `maxPitchScaleFactor` MapLibre's globe
///   transform takes from its Mercator camera: ``maxPitchScaleFactor(_:)``);
/// - a candidate's centre is projected whether the globe hides it or not
///   (its circle test does not look at occlusion), its radius scaled by the
///   perspective for `circle-pitch-scale: map`.
struct MapLibreGlobeCircles: Sendable {
    private var points: [HitShape] = []
    private var screen: [ScreenPoint] = []
    private var radius: [Double] = []
    private var padding: [Double] = []
    private var z: [Int] = []
    private var meta: [SceneQueryIndex.Meta] = []
    private var index: HitIndex? = nil
    private var maxPadding = 0.0

    /// Web Mercator at the camera zoom, in points from the world's top-left
    /// corner (MapLibre's tile space; longitudes wrapped into -180…180).
    static func mercator(_ c: Coordinate, worldSize: Double) -> ScreenPoint {
        ScreenPoint(x: WebMercator.normalizedX(longitude: WebMercator.wrapLongitude(c.longitude)) * worldSize,
                    y: WebMercator.normalizedY(latitude: c.latitude) * worldSize)
    }

    /// Adds a circle: its centre in Mercator (`mercator`), where it is drawn
    /// (`screen`), its drawn radius there and its tile's query padding (scaled).
    mutating func append(mercator: ScreenPoint, screen point: ScreenPoint, radius r: Double, padding pad: Double,
                         z zi: Int, meta m: SceneQueryIndex.Meta) {
        points.append(.circle(center: mercator, radius: 0))
        screen.append(point); radius.append(r); padding.append(pad); z.append(zi); meta.append(m)
        maxPadding = max(maxPadding, pad)
    }

    /// The search grid over the world square.
    mutating func finish(worldSize: Double) {
        index = HitIndex(shapes: points, z: z, region: ScreenRect(x: 0, y: 0, width: worldSize, height: worldSize))
    }

    /// Each circle hit by a tap whose point on the sphere is at `tap` in
    /// Mercator and drawn at `tapScreen`, within `tapRadius` (+ the layer's
    /// tap radius) points of the drawn circle: `body(z, meta, distance)`.
    func forEachHit(tap: ScreenPoint, tapScreen: ScreenPoint, tapRadius: Double,
                    _ body: (Int, SceneQueryIndex.Meta, Double) -> Void) {
        guard let index else { return }
        let box = ScreenRect(minX: tap.x - maxPadding, minY: tap.y - maxPadding, maxX: tap.x + maxPadding, maxY: tap.y + maxPadding)
        for h in index.query(in: box) {
            let i = h.shapeIndex
            guard case .circle(let c, _) = points[i], abs(c.x - tap.x) <= padding[i], abs(c.y - tap.y) <= padding[i] else { continue }
            let d = HitShape.circle(center: screen[i], radius: radius[i]).distance(from: tapScreen)
            if d <= tapRadius + meta[i].tapRadius { body(z[i], meta[i], d) }
        }
    }
}

extension MapLibreGlobeCircles {
    /// The query padding MapLibre searches with for each feature of a
    /// circle layer (0 for other shapes), in points (to be scaled by
    /// ``maxPitchScaleFactor(_:)``): the `queryRadius` of the tile the
    /// circle's centre is in — the largest radius plus the largest stroke
    /// width among the circles of that tile's bucket (a GeoJSON tile at
    /// zoom `floor(zoom)` holds the features within a quarter tile of its
    /// edges, its 128 px buffer), plus the length of the layer's translate.
    static func queryPaddings(of layer: DrawnLayer, zoom: Double) -> [Double] {
        let tiles = pow(2, max(0, zoom).rounded(.down))
        func tile(_ c: Coordinate) -> (x: Double, y: Double) {
            let m = mercator(c, worldSize: tiles)
            return (m.x, m.y)
        }
        struct Key: Hashable { var x, y: Double }
        var largest: [Key: (radius: Double, stroke: Double)] = [:]
        for f in layer.features {
            guard case .circle(let c, let r, let s) = f.shape else { continue }
            let t = tile(c), core = Key(x: t.x.rounded(.down), y: t.y.rounded(.down))
            for dx in [-1.0, 0, 1] {
                for dy in [-1.0, 0, 1] {
                    let key = Key(x: core.x + dx, y: core.y + dy)
                    guard t.x >= key.x - 0.25, t.x <= key.x + 1.25, t.y >= key.y - 0.25, t.y <= key.y + 1.25 else { continue }
                    let old = largest[key] ?? (0, 0)
                    largest[key] = (max(old.radius, r), max(old.stroke, s))
                }
            }
        }
        let translate = (layer.translate.x * layer.translate.x + layer.translate.y * layer.translate.y).squareRoot()
        return layer.features.map { f in
            guard case .circle(let c, _, _) = f.shape else { return 0 }
            let t = tile(c)
            let l = largest[Key(x: t.x.rounded(.down), y: t.y.rounded(.down))] ?? (0, 0)
            return l.radius + l.stroke + translate
        }
    }

    /// MapLibre's `transform.maxPitchScaleFactor()` on the globe, which its
    /// globe transform answers from its Mercator transform of the same
    /// camera: the depth (w) of the ground point under the viewport's
    /// top-left corner over the camera's distance to the centre (1 without
    /// pitch; about 2 at 55–60°). The ground plane is not cut at the world's
    /// edges (at low zoom that corner can look past the pole). 1 where the
    /// corner shows no ground.
    static func maxPitchScaleFactor(_ projection: Projection) -> Double {
        guard let mercator = try? Projection(camera: projection.camera, viewport: projection.viewport, projection: .mercator) else { return 1 }
        // The pixel matrix's rows (column-major elements); the ground point
        // (x, y, 0, 1) drawn at pixel (0, 0) solves row0 = 0 · w and row1 = 0 · w.
        let e = mercator.pixelMatrix.elements
        let a00 = e[0], a01 = e[4], a03 = e[12], a10 = e[1], a11 = e[5], a13 = e[13]
        let det = a00 * a11 - a01 * a10
        guard det != 0, det.isFinite else { return 1 }
        let x = (-a03 * a11 + a01 * a13) / det, y = (-a00 * a13 + a10 * a03) / det
        let w = e[3] * x + e[7] * y + e[15]
        return w > 0 && w.isFinite ? w / mercator.cameraToCenterDistance : 1
    }
}
