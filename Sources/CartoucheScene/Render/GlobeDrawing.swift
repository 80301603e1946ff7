import CartoucheCamera
import CartoucheGeometry
import CartoucheRender

/// Pictures of a camera MapLibre draws on the sphere (`projection` `globe`
/// below zoom 12): the globe's disc and a graticule under the layers, lines
/// followed onto the sphere and cut where they pass behind it, polygons
/// clipped to the near side. Circles, symbols, the puck and callouts use
/// ``Projection/project(_:)`` as under Mercator, which hides what the globe
/// occludes.
enum GlobeDrawing {
    /// The ocean-blue disc MapLibre's sphere covers, as it would be seen.
    static let discStyle = Drawing.FillStyle(color: RenderColor(rgb: 0xDCE6F0), strokeColor: RenderColor(rgb: 0xA9B8C8))
    static let graticuleStyle = Drawing.LineStyle(color: RenderColor(rgb: 0xB8C4D2), width: 0.5)
    /// Degrees between graticule lines.
    static let graticuleStep = 30.0

    /// The layer under everything: the disc (the silhouette of the sphere)
    /// and the graticule's near side, every ``graticuleStep`` degrees
    /// (meridians to ±85°, parallels up to ±60°).
    static func backdrop(_ globe: GlobeProjection, zoom: Double) -> Drawing.Layer {
        var primitives: [Drawing.Primitive] = [.polygon(Drawing.Polygon(id: "globe", rings: [globe.limb()], style: discStyle))]
        var lines: [[Coordinate]] = []
        for k in 0..<Int(360 / graticuleStep) {
            let longitude = -180 + Double(k) * graticuleStep
            lines.append([Coordinate(latitude: -85, longitude: longitude), Coordinate(latitude: 85, longitude: longitude)])
        }
        for latitude in stride(from: -60.0, through: 60, by: graticuleStep) {
            // Four quarter-turns, so each edge is well inside ±180° of longitude.
            lines.append((0...4).map { Coordinate(latitude: latitude, longitude: -180 + Double($0) * 90) })
        }
        for line in lines {
            for run in visibleRuns(line, globe: globe, zoom: zoom) {
                primitives.append(.polyline(Drawing.Polyline(points: run, style: graticuleStyle)))
            }
        }
        return Drawing.Layer(id: "globe", primitives: primitives)
    }

    /// A polygon (outer ring first, then holes) as the camera sees it on the
    /// sphere: the fill pressed onto the near side (with the whole disc added
    /// when the polygon holds the point farthest from the camera, so even–odd
    /// filling keeps the near side of a polygon wrapped around the back), and
    /// its outline only where the rings are in view (no stroke along the cut).
    static func polygon(
        id: String, rings: [[Coordinate]], style: Drawing.FillStyle, globe: GlobeProjection, zoom: Double
    ) -> [Drawing.Primitive] {
        let cells = GlobeProjection.fillGridCells(zoom: zoom)
        var screenRings = rings.map { globe.pressedRing($0, gridCells: cells) }.filter { $0.count >= 3 }
        if holds(rings, globe.farPoint) { screenRings.append(globe.limb()) }
        var fill = style
        fill.strokeColor = nil
        var out: [Drawing.Primitive] = [.polygon(Drawing.Polygon(id: id, rings: screenRings, style: fill))]
        if let stroke = style.strokeColor, style.strokeWidth > 0 {
            let line = Drawing.LineStyle(color: stroke, width: style.strokeWidth, opacity: style.strokeOpacity)
            for ring in rings {
                let closed = ring.first == ring.last ? ring : ring + ring.prefix(1)
                for run in visibleRuns(closed, globe: globe, zoom: zoom) {
                    out.append(.polyline(Drawing.Polyline(id: id, points: run, style: line)))
                }
            }
        }
        return out
    }

    /// The pieces of a line the camera sees on the sphere, as MapLibre draws
    /// a line layer there (the same runs placement binds callouts to), each
    /// of at least two points.
    static func visibleRuns(_ line: [Coordinate], globe: GlobeProjection, zoom: Double) -> [[ScreenPoint]] {
        globe.visibleRuns(of: line, gridCells: GlobeProjection.lineGridCells(zoom: zoom)).map(\.points).filter { $0.count >= 2 }
    }

    /// Whether `point` is inside the polygon as drawn in Web Mercator (even–
    /// odd over all rings, longitudes as given, `point` in any world copy).
    static func holds(_ rings: [[Coordinate]], _ point: Coordinate) -> Bool {
        let y = WebMercator.normalizedY(latitude: point.latitude)
        return (-2...2).contains { copy in
            let x = point.longitude + 360 * Double(copy)
            var inside = false
            for ring in rings where ring.count >= 3 {
                var j = ring.count - 1
                for i in ring.indices {
                    let yi = WebMercator.normalizedY(latitude: ring[i].latitude), yj = WebMercator.normalizedY(latitude: ring[j].latitude)
                    let xi = ring[i].longitude, xj = ring[j].longitude
                    if (yi > y) != (yj > y), x < (xj - xi) * (y - yi) / (yj - yi) + xi { inside.toggle() }
                    j = i
                }
            }
            return inside
        }
    }
}
