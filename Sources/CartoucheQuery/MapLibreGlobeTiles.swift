import CartoucheCamera
import CartoucheGeometry
import CartoucheScene
import Foundation

/// The tiles MapLibre GL JS 5.3 covers the globe with (its `coveringTiles`
/// with the globe's details provider), as far as
/// ``SceneQueryIndex/GlobeTapRule/likeMapLibreQuery`` depends on them:
///
/// - a tile's zoom: `floor(zoom)` up to zoom 4; from zoom 5, each tile of
///   the quadtree is split until its level reaches the zoom MapLibre wants
///   at its distance from the camera's point on the ground, which can be a
///   level above `floor(zoom)` under the camera and levels below it far
///   away (it decides which circles share a tile, so the circle query's
///   padding);
/// - a tile's `wrap`: the world copy (-1, 0, 1) whose tile is nearest the
///   centre in x. Its query moves the tap's Web Mercator point (x in 0…1)
///   by the wrap into the tile's coordinates, so a tap in a tile whose wrap
///   is not 0 (across the antimeridian from the centre) lands a world away
///   and finds nothing there, except within the query padding of the
///   world's edge, where it finds what lies across the antimeridian.
///
/// Points are Web Mercator in world units (0…1). Frustum culling is not
/// modelled: a tile under a visible tap is always covered.
struct MapLibreGlobeTiles: Sendable {
    struct Tile: Hashable, Sendable {
        var z: Int, x: Int, y: Int
    }

    /// The GeoJSON source's `maxzoom` (MapLibre's default).
    static let sourceMaxZoom = 18

    private let baseZoom: Int
    private let zoom: Double
    private let variableZoom: Bool
    private let cameraPoint: (x: Double, y: Double)
    private let cameraHeight: Double
    private let cameraDistance: Double
    private let centerX: Double

    init(projection: Projection) {
        let camera = projection.camera
        zoom = camera.zoom
        baseZoom = max(0, Int(camera.zoom.rounded(.down)))
        variableZoom = baseZoom > 4
        let center = MapLibreGlobeCircles.mercator(camera.center, worldSize: 1)
        centerX = center.x
        // MapLibre's camera point: the pixel below the centre by tan(pitch)
        // camera distances, unprojected as it unprojects taps.
        let pitch = camera.pitch * .pi / 180
        let pixel = ScreenPoint(x: projection.viewport.width / 2,
                                y: projection.viewport.height / 2 + tan(pitch) * projection.cameraToCenterDistance)
        let ground = projection.globe?.unprojectLikeMapLibre(pixel).map { MapLibreGlobeCircles.mercator($0, worldSize: 1) } ?? center
        cameraPoint = (ground.x, ground.y)
        cameraHeight = cos(pitch) * projection.cameraToCenterDistance / projection.worldSize
        cameraDistance = (pow(center.x - ground.x, 2) + pow(center.y - ground.y, 2) + cameraHeight * cameraHeight).squareRoot()
    }

    /// The covering tile holding Mercator point `p` (clamped into the world).
    /// - Complexity: O(tile zoom).
    func tile(containing p: ScreenPoint) -> Tile {
        let x = min(max(p.x, 0), 1 - 1e-12), y = min(max(p.y, 0), 1 - 1e-12)
        var z = 0
        while true {
            let n = pow(2, Double(z))
            let t = Tile(z: z, x: Int(x * n), y: Int(y * n))
            if z >= Self.sourceMaxZoom || z >= wantedZoom(t) { return t }
            z += 1
        }
    }

    /// Vertices as MapLibre's tiles hold them: rounded to the 8192-unit grid
    /// (geojson-vt's) of the covering tile each is in. Whole worlds are a
    /// whole number of grid steps, so longitudes beyond ±180° keep their copy.
    func snapped(_ coordinates: [Coordinate]) -> [Coordinate] {
        coordinates.map { c in
            let x = (c.longitude + 180) / 360, y = WebMercator.normalizedY(latitude: c.latitude)
            return Self.snapped(c, to: tile(containing: ScreenPoint(x: x - x.rounded(.down), y: y)))
        }
    }

    /// `c` rounded to the 8192-unit grid of `tile` (whole worlds away too).
    /// - Complexity: O(1).
    static func snapped(_ c: Coordinate, to tile: Tile) -> Coordinate {
        let n = pow(2, Double(tile.z))
        func snap(_ v: Double, _ t: Int) -> Double { ((8192 * (v * n - Double(t))).rounded() / 8192 + Double(t)) / n }
        let x = (c.longitude + 180) / 360, y = WebMercator.normalizedY(latitude: c.latitude)
        return Coordinate(latitude: WebMercator.latitude(normalizedY: snap(y, tile.y)), longitude: snap(x, tile.x) * 360 - 180)
    }

    /// Whether MapLibre searches any tile for a tap at Mercator point `tap`
    /// (world points at the camera zoom, x in 0…`worldSize`): a covering
    /// tile of wrap w within `padding` points of the tap moved w worlds
    /// west (its `tilesIn`). The box's corners find every such tile, tiles
    /// being larger than the padding.
    func reaches(_ tap: ScreenPoint, padding: Double, worldSize: Double) -> Bool {
        let x = tap.x / worldSize, y = tap.y / worldSize, pad = max(0, padding) / worldSize
        let offsets = pad == 0 ? [(0.0, 0.0)] : [(-pad, -pad), (pad, -pad), (-pad, pad), (pad, pad)]
        for w in [0, 1, -1] {
            for (dx, dy) in offsets {
                let p = ScreenPoint(x: x - Double(w) + dx, y: y + dy)
                if p.x >= 0, p.x < 1, p.y >= 0, p.y < 1, wrap(of: tile(containing: p)) == w { return true }
            }
        }
        return false
    }

    /// MapLibre's `queryRadius` for a layer tested on the ground, in points:
    /// half the widest drawn line plus its offset, the largest circle, and
    /// the translate's length (the largest over the layer: Cartouche's
    /// layers stand for one source each).
    static func queryRadius(of layer: DrawnLayer) -> Double {
        let largest = layer.features.map { f -> Double in
            switch f.shape {
            case .line(_, let width, let gap, let offset): (gap > 0 ? gap + 2 * width : width) / 2 + abs(offset)
            case .circle(_, let radius, let stroke): max(0, radius) + max(0, stroke)
            default: 0
            }
        }.max() ?? 0
        return largest + (layer.translate.x * layer.translate.x + layer.translate.y * layer.translate.y).squareRoot()
    }

    /// The wrap MapLibre gives `tile`: its world copy nearest the centre in
    /// x (ties go to +1, then -1, as its `getWrap` has them).
    func wrap(of tile: Tile) -> Int {
        let size = 1 / pow(2, Double(tile.z)), left = Double(tile.x) * size
        func distance(_ l: Double) -> Double { centerX < l ? l - centerX : max(0, centerX - l - size) }
        let own = distance(left), west = distance(left - 1), east = distance(left + 1)
        let nearest = min(own, west, east)
        return nearest == east ? 1 : nearest == west ? -1 : 0
    }

    /// The zoom MapLibre wants for `tile`: `floor(zoom)` up to 4; beyond, by
    /// its distance from the camera's ground point (MapLibre's default
    /// `calculateTileZoom`: `zoom + log2(distance to the centre / distance to
    /// the tile / max(½, cos(fov/2))) + log2(cos(atan(d / height)))/2`).
    private func wantedZoom(_ tile: Tile) -> Int {
        guard variableZoom else { return baseZoom }
        let d = distanceToTile(tile)
        var z = zoom + log2(cameraDistance / (d * d + cameraHeight * cameraHeight).squareRoot() / max(0.5, cos(Projection.fieldOfView / 2)))
        z += log2(cos(atan(d / cameraHeight))) / 2
        return max(0, Int(z.rounded(.down)))
    }

    /// MapLibre's globe `distanceToTile2d`: the least of the distances to
    /// the tile and to its mirror images over either pole, x measured
    /// around the world (0 whenever the point is within one world east of
    /// the tile's west edge, as its code has it).
    private func distanceToTile(_ tile: Tile) -> Double {
        let size = 1 / pow(2, Double(tile.z)), x = Double(tile.x) * size, y = Double(tile.y) * size
        func along(_ p: Double, _ corner: Double) -> Double {
            let r = p - corner
            return r < 0 ? -r : max(0, r - size)
        }
        func wrapped(_ cornerX: Double, _ cornerY: Double) -> Double {
            let a = cameraPoint.x - cornerX
            let dx = a < 0 ? min(-a, 1 + a - size) : a > 1 ? min(max(a - size, 0), 1 - a) : 0
            return max(dx, along(cameraPoint.y, cornerY))
        }
        return min(2, wrapped(x, y), wrapped(x + 0.5, -y - size), wrapped(x + 0.5, 2 - y - size))
    }
}
