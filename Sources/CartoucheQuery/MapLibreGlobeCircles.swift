import CartoucheCamera
import CartoucheGeometry
import CartoucheScene
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
///   searches in tile space (``queryPaddings(of:tiles:)``, in points at the
///   camera zoom, times the `maxPitchScaleFactor` MapLibre's globe
///   transform takes from its Mercator camera: ``maxPitchScaleFactor(_:)``),
///   the tap moved a world west or east for a circle in a tile whose wrap
///   is not 0 (``MapLibreGlobeTiles``), so such a circle is found only from
///   across the antimeridian;
/// - a candidate's centre is projected whether the globe hides it or not
///   (its circle test does not look at occlusion), its radius scaled by the
///   perspective for `circle-pitch-scale: map`.
struct MapLibreGlobeCircles: Sendable {
    private var points: [HitShape] = []
    private var screen: [ScreenPoint] = []
    private var radius: [Double] = []
    private var padding: [Double] = []
    private var wrap: [Int] = []
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
    /// (`screen`), its drawn radius there, its tile's query padding (scaled)
    /// and that tile's wrap (``MapLibreGlobeTiles/wrap(of:)``).
    mutating func append(mercator: ScreenPoint, screen point: ScreenPoint, radius r: Double, padding pad: Double, wrap w: Int,
                         z zi: Int, meta m: SceneQueryIndex.Meta) {
        points.append(.circle(center: mercator, radius: 0))
        screen.append(point); radius.append(r); padding.append(pad); wrap.append(w); z.append(zi); meta.append(m)
        maxPadding = max(maxPadding, pad)
    }

    /// The search grid over the world square.
    mutating func finish(worldSize: Double) {
        index = HitIndex(shapes: points, z: z, region: ScreenRect(x: 0, y: 0, width: worldSize, height: worldSize))
    }

    /// Each circle hit by a tap whose point on the sphere is at `tap` in
    /// Mercator and drawn at `tapScreen`, within `tapRadius` (+ the layer's
    /// tap radius) points of the drawn circle: `body(z, meta, distance)`.
    /// A circle in a tile of wrap w is searched for a world (`worldSize`)
    /// times w west of the tap, where MapLibre's query of that tile puts it.
    func forEachHit(tap: ScreenPoint, worldSize: Double, tapScreen: ScreenPoint, tapRadius: Double,
                    _ body: (Int, SceneQueryIndex.Meta, Double) -> Void) {
        guard let index else { return }
        for w in -1...1 {
            let x = tap.x - Double(w) * worldSize
            let box = ScreenRect(minX: x - maxPadding, minY: tap.y - maxPadding, maxX: x + maxPadding, maxY: tap.y + maxPadding)
            for h in index.query(in: box) where wrap[h.shapeIndex] == w {
                let i = h.shapeIndex
                guard case .circle(let c, _) = points[i], abs(c.x - x) <= padding[i], abs(c.y - tap.y) <= padding[i] else { continue }
                let d = HitShape.circle(center: screen[i], radius: radius[i]).distance(from: tapScreen)
                if d <= tapRadius + meta[i].tapRadius { body(z[i], meta[i], d) }
            }
        }
    }
}

extension MapLibreGlobeCircles {
    /// The query padding MapLibre searches with for each feature of a
    /// circle layer (0 for other shapes), in points (to be scaled by
    /// ``maxPitchScaleFactor(_:)``), and the wrap of the tile it is found
    /// in: the `queryRadius` of the covering tile the circle's centre is in
    /// (``MapLibreGlobeTiles``) — the largest radius plus the largest stroke
    /// width among the circles of that tile's bucket (a GeoJSON tile holds
    /// the features within a quarter tile of its edges, its 128 px buffer),
    /// plus the length of the layer's translate; and the centre as that
    /// tile holds it, rounded to its 8192-unit grid (geojson-vt's).
    ///
    /// - Complexity: O(n × the tile levels in use).
    static func queryPaddings(of layer: DrawnLayer, tiles: MapLibreGlobeTiles) -> [(padding: Double, wrap: Int, center: Coordinate)] {
        typealias Tile = MapLibreGlobeTiles.Tile
        func point(_ c: Coordinate) -> ScreenPoint { mercator(c, worldSize: 1) }
        var own: [Tile?] = []
        for f in layer.features {
            if case .circle(let c, _, _) = f.shape { own.append(tiles.tile(containing: point(c))) } else { own.append(nil) }
        }
        let used = Set(own.compactMap { $0 }), levels = Set(used.map(\.z))
        var largest: [Tile: (radius: Double, stroke: Double)] = [:]
        for f in layer.features {
            guard case .circle(let c, let r, let s) = f.shape else { continue }
            let m = point(c)
            // Every tile in use whose buffered square holds the centre.
            for z in levels {
                let n = pow(2, Double(z)), tx = m.x * n, ty = m.y * n
                for dx in -1...1 {
                    for dy in -1...1 {
                        let key = Tile(z: z, x: Int(tx.rounded(.down)) + dx, y: Int(ty.rounded(.down)) + dy)
                        let x = Double(key.x), y = Double(key.y)
                        guard used.contains(key), tx >= x - 0.25, tx <= x + 1.25, ty >= y - 0.25, ty <= y + 1.25 else { continue }
                        let old = largest[key] ?? (0, 0)
                        largest[key] = (max(old.radius, r), max(old.stroke, s))
                    }
                }
            }
        }
        let translate = (layer.translate.x * layer.translate.x + layer.translate.y * layer.translate.y).squareRoot()
        return zip(layer.features, own).map { f, tile in
            guard let tile, case .circle(let c, _, _) = f.shape else { return (0, 0, Coordinate(latitude: 0, longitude: 0)) }
            let l = largest[tile] ?? (0, 0)
            return (l.radius + l.stroke + translate, tiles.wrap(of: tile), MapLibreGlobeTiles.snapped(Coordinate(latitude: c.latitude, longitude: WebMercator.wrapLongitude(c.longitude)), to: tile))
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
