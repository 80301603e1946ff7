import CartoucheCamera
import CartoucheGeometry
import CartoucheQuery
import Foundation

/// Circles (aligned with the viewport) as MapLibre GL JS 5.3's
/// `queryRenderedFeatures` finds them on the globe, for
/// ``SceneQueryIndex/GlobeTapRule/likeMapLibreQuery``:
///
/// - the tap is the point of the sphere MapLibre puts under it
///   (``GlobeProjection/unprojectLikeMapLibre(_:)``: the horizon for a tap
///   in the sky), and the circle is tested on screen against where that
///   point is drawn, not against the tap's pixel;
/// - only circles whose centre is within the layer's query padding of that
///   point in Web Mercator are candidates: the box MapLibre's feature index
///   searches in tile space (the layer's largest `circle-radius` plus its
///   largest `circle-stroke-width` plus the translate's length, in points
///   at the camera zoom; MapLibre's globe transform scales it by the
///   Mercator camera's `maxPitchScaleFactor`);
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
    /// (`screen`), its drawn radius there and its layer's query padding.
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
    /// MapLibre's `queryRadius` of a circle layer: its largest radius plus
    /// its largest stroke width (each the maximum over the features, as the
    /// tile's bucket keeps them) plus the length of its translate, times
    /// the globe transform's `maxPitchScaleFactor` (1: see the type's notes).
    static func queryPadding(of layer: DrawnLayer) -> Double {
        var radius = 0.0, stroke = 0.0
        for f in layer.features {
            if case .circle(_, let r, let s) = f.shape { radius = max(radius, r); stroke = max(stroke, s) }
        }
        return radius + stroke + (layer.translate.x * layer.translate.x + layer.translate.y * layer.translate.y).squareRoot()
    }
}
