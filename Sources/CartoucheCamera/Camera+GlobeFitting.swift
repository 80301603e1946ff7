import CartoucheGeometry
import Foundation

extension Camera {
    /// MapLibre GL JS 5.3's `cameraForBounds` on a map showing the globe
    /// (`map.setProjection({type: "globe"})`, its globe camera helper's
    /// `cameraForBoxAndBearing`), on validated input: the centre and zoom.
    ///
    /// MapLibre keeps the Mercator fit's centre and bearing and only corrects
    /// its zoom for the sphere:
    /// 1. The Mercator fit: centre and zoom as ``fitting(_:viewport:padding:bearing:pitch:maxZoom:projection:)``
    ///    under Mercator, except that the zoom is not raised to 0 (only capped at `maxZoom`).
    /// 2. The sphere camera at that centre (latitude clamped to ±85.051129°),
    ///    bearing and zoom (raised to MapLibre's globe minimum,
    ///    `log2(cos(latitude))`), with pitch 0 and no padding.
    /// 3. Eight surface points — the box's corners and edge midpoints — are
    ///    each moved along the straight line from the centre's surface point
    ///    towards them; for every edge of the padded rect on the far side of
    ///    the screen centre, the fraction `t` of the way at which the point's
    ///    clip position meets that edge is solved for. The smallest
    ///    non-negative `t` is how much the globe must shrink (or grow), and
    ///    the zoom is the sphere camera's plus `log2(t)`.
    ///
    /// The answer is then clamped into 0...`maxZoom` (MapLibre 5.3 does not cap
    /// it, later versions cap it at `maxZoom`; it leaves a negative zoom to
    /// the map's constraints); a box no edge limits (a single point) has
    /// `t` = ∞ and gets `maxZoom`.
    static func globeFitting(
        _ bounds: CoordinateBounds, viewport: ScreenSize, padding: EdgeInsets, bearing: Double, maxZoom: Double
    ) -> (center: Coordinate, zoom: Double) {
        let mercator = mercatorFitting(bounds, viewport: viewport, padding: padding, bearing: bearing,
                                       zoomRange: -Double.infinity...maxZoom)
        // The sphere camera MapLibre measures with: its transform constrains
        // the centre and zoom as a globe map does.
        let latitude = min(max(mercator.center.latitude, -mapLibreMaxLatitude), mapLibreMaxLatitude)
        let sphereZoom = max(mercator.zoom, log2(cos(latitude * Double.pi / 180)))
        let sphereCamera = Camera(center: Coordinate(latitude: latitude, longitude: mercator.center.longitude),
                                  zoom: sphereZoom, bearing: bearing)
        let center = ScreenPoint(x: viewport.width / 2, y: viewport.height / 2)
        let sphere = GlobeProjection(camera: sphereCamera, viewport: viewport, centerPoint: center,
                                     cameraToCenter: 0.5 / tan(Projection.fieldOfView / 2) * viewport.height)

        // The padded rect's edges in clip space (y up).
        let left = padding.left / viewport.width * 2 - 1
        let right = (viewport.width - padding.right) / viewport.width * 2 - 1
        let top = 1 - padding.top / viewport.height * 2
        let bottom = 1 - (viewport.height - padding.bottom) / viewport.height * 2
        let origin = GlobeProjection.surfacePoint(mercator.center)
        var scale = Double.infinity
        for target in globeFittingProbes(bounds) {
            let p = GlobeProjection.surfacePoint(target)
            if left < 0 { scale = lesserNonNegative(scale, sphere.clipScale(towards: p, from: origin, axis: .x, edge: left)) }
            if right > 0 { scale = lesserNonNegative(scale, sphere.clipScale(towards: p, from: origin, axis: .x, edge: right)) }
            if top > 0 { scale = lesserNonNegative(scale, sphere.clipScale(towards: p, from: origin, axis: .y, edge: top)) }
            if bottom < 0 { scale = lesserNonNegative(scale, sphere.clipScale(towards: p, from: origin, axis: .y, edge: bottom)) }
        }
        // The centre is drawn at the screen centre and only edges on the far
        // side of it are tested, so the scale is positive; ∞ when nothing
        // limits it (a single point): the clamp gives maxZoom.
        let zoom = min(max(sphereZoom + log2(scale), zoomRange.lowerBound), maxZoom)
        return (mercator.center, zoom)
    }

    /// The box's corners and the midpoints of its edges, as MapLibre tests
    /// them (a box wider than 180° has its midpoints on the short way round,
    /// as MapLibre's angle differences give).
    static func globeFittingProbes(_ bounds: CoordinateBounds) -> [Coordinate] {
        // MapLibre swaps west and east when the signed difference east − west,
        // reduced into (-180, 180], is negative.
        let flip = angleDifference(bounds.west, bounds.east) < 0
        let west = flip ? bounds.east : bounds.west, east = flip ? bounds.west : bounds.east
        let north = max(bounds.north, bounds.south), south = min(bounds.north, bounds.south)
        let middleLongitude = west + angleDifference(west, east) * 0.5
        let middleLatitude = north + angleDifference(north, south) * 0.5
        return [
            Coordinate(latitude: bounds.north, longitude: bounds.west),
            Coordinate(latitude: bounds.north, longitude: bounds.east),
            Coordinate(latitude: bounds.south, longitude: bounds.west),
            Coordinate(latitude: bounds.south, longitude: bounds.east),
            Coordinate(latitude: middleLatitude, longitude: east),
            Coordinate(latitude: middleLatitude, longitude: west),
            Coordinate(latitude: north, longitude: middleLongitude),
            Coordinate(latitude: south, longitude: middleLongitude),
        ]
    }
}

/// `to − from` reduced into [-180, 180) degrees (MapLibre's `differenceOfAnglesDegrees`).
func angleDifference(_ from: Double, _ to: Double) -> Double {
    let d = (to - from + 180).truncatingRemainder(dividingBy: 360)
    return (d < 0 ? d + 360 : d) - 180
}

/// The smaller of `current` and `candidate`, ignoring a negative or missing
/// candidate (MapLibre's `getLesserNonNegativeNonNull`).
private func lesserNonNegative(_ current: Double, _ candidate: Double?) -> Double {
    guard let candidate, candidate >= 0, candidate < current else { return current }
    return candidate
}

extension GlobeProjection {
    enum ClipAxis { case x, y }

    /// The `t` at which the point `origin + t·(target − origin)` (unit-sphere
    /// frame, a straight line, not along the surface) has clip coordinate
    /// `edge` along `axis` (clip x or y over w). Nil when there is none: the
    /// line is parallel to the edge's plane, or both ends lie on one line of
    /// sight so the clip coordinate does not change along it.
    func clipScale(
        towards target: (x: Double, y: Double, z: Double), from origin: (x: Double, y: Double, z: Double),
        axis: ClipAxis, edge: Double
    ) -> Double? {
        let (a0, a1, a2, a3) = axis == .x ? (x0, x1, x2, x3) : (y0, y1, y2, y3)
        // Linear parts (without the translation) of the clip coordinate and w at each end.
        let targetClip = target.x * a0 + target.y * a1 + target.z * a2
        let targetW = target.x * w0 + target.y * w1 + target.z * w2
        let originClip = origin.x * a0 + origin.y * a1 + origin.z * a2
        let originW = origin.x * w0 + origin.y * w1 + origin.z * w2
        // Along the line, clip = originClip + a3 + t·(targetClip − originClip) and
        // w = originW + w3 + t·(targetW − originW); solve clip = edge · w for t.
        let slope = (targetClip - originClip) - edge * (targetW - originW)
        guard slope != 0 else { return nil }
        // Both ends at the same clip coordinate: (targetClip + a3)(originW + w3) = (originClip + a3)(targetW + w3).
        guard w3 * (targetClip - originClip) + a3 * (originW - targetW) + targetClip * originW != originClip * targetW else {
            return nil
        }
        return (edge * (originW + w3) - (originClip + a3)) / slope
    }
}
