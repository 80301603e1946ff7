import CartoucheGeometry
import Foundation

/// The sphere MapLibre GL JS 5.3 draws below zoom 12 in `globe` projection
/// (its `VerticalPerspectiveTransform`): where a coordinate lands on screen
/// and whether the globe hides it. Built by ``Projection`` when
/// ``Projection/globe`` is active; every field is a precomputed scalar.
///
/// ## Model
/// - The globe is a sphere of radius ``radius`` points,
///   `worldSize / (2π · cos(centre latitude))`: at the camera centre one
///   degree of latitude covers as many points as Web Mercator's at the same zoom.
/// - The camera looks at the centre coordinate on the sphere's surface from
///   ``Projection/cameraToCenterDistance`` (1.5 × viewport height) away,
///   tilted by the pitch, turned by the bearing, with the field of view and
///   padding-shifted principal point of the Mercator camera.
/// - A surface point is *occluded* when it is on the far side of the horizon
///   seen from the camera: MapLibre's `isSurfacePointVisible` tests the point
///   (on the unit sphere) against the plane through the horizon circle,
///   `n · p ≥ 1 / d` with `n` the unit direction to the camera and `d` the
///   camera's distance from the globe's centre in radii. There is no margin.
/// - Latitudes are used as given (the sphere has poles; nothing is clamped),
///   longitudes modulo 360.
public struct GlobeProjection: Hashable, Sendable {
    /// Globe radius in screen points.
    public let radius: Double
    /// Distance from the camera to the globe's centre, in globe radii.
    public let cameraDistance: Double

    // Rows x, y and w of MapLibre's `_globeViewProjMatrixNoCorrection`
    // (unit-sphere point → clip space), and the clip → screen scale.
    @usableFromInline let x0, x1, x2, x3, y0, y1, y2, y3, w0, w1, w2, w3: Double
    @usableFromInline let halfWidth, halfHeight: Double
    // The horizon plane, scaled as MapLibre scales it (by 1/4) so the sign
    // test rounds the same way: visible when p·(a, b, c) + d ≥ 0.
    @usableFromInline let planeA, planeB, planeC, planeD: Double
    // For unprojecting: the camera in the unit-sphere frame, the eye → globe
    // rotation (row-major), and the perspective's scale and principal point.
    let cameraX, cameraY, cameraZ: Double
    let r00, r01, r02, r10, r11, r12, r20, r21, r22: Double
    let focalX, focalY, principalX, principalY: Double

    /// `centerPoint` must be the padded centre ``Projection`` computed; the
    /// camera is already validated.
    init(camera: Camera, viewport: ScreenSize, centerPoint: ScreenPoint, cameraToCenter: Double) {
        let width = viewport.width, height = viewport.height
        let latitude = camera.center.latitude * Double.pi / 180
        let longitude = camera.center.longitude * Double.pi / 180
        let pitch = camera.pitch * Double.pi / 180
        let bearing = camera.bearing * Double.pi / 180
        let radius = WebMercator.worldSize(zoom: camera.zoom) / (2 * Double.pi) / cos(latitude)
        self.radius = radius

        // MapLibre's automatic near/far planes for the sphere; they only set depth.
        var perspective = Matrix4.perspective(
            fovY: Projection.fieldOfView, aspect: width / height, near: 0.5, far: cameraToCenter + 2 * radius).elements
        perspective[8] = -2 * (centerPoint.x - width / 2) / width
        perspective[9] = 2 * (centerPoint.y - height / 2) / height
        let matrix = Matrix4(elements: perspective)
            .translated(0, 0, -cameraToCenter)
            .rotatedX(-pitch)
            .rotatedZ(bearing)
            .translated(0, 0, -radius)
            .rotatedX(latitude)
            .rotatedY(-longitude)
            .scaled(radius, radius, radius)
        focalX = perspective[0]; focalY = perspective[5]; principalX = perspective[8]; principalY = perspective[9]
        let e = matrix.elements
        x0 = e[0]; x1 = e[4]; x2 = e[8]; x3 = e[12]
        y0 = e[1]; y1 = e[5]; y2 = e[9]; y3 = e[13]
        w0 = e[3]; w1 = e[7]; w2 = e[11]; w3 = e[15]
        halfWidth = width / 2
        halfHeight = height / 2

        // The camera sits at (0, −sin(pitch)·r, cos(pitch)·r + 1) in the frame
        // where the centre is (0, 0, 1), r = cameraToCenter / radius.
        let r = cameraToCenter / radius
        let o = sin(pitch) * r, a = cos(pitch) * r + 1
        let inverseDistance = 1 / (o * o + a * a).squareRoot()
        self.cameraDistance = 1 / inverseDistance
        let length = (o * o + a * a).squareRoot()
        var n = (x: 0.0, y: -o / length, z: a / length)
        // Into the globe's frame: undo the bearing, then the centre's latitude and longitude.
        n = rotateZ(n, -bearing)
        n = rotateX(n, -latitude)
        n = rotateY(n, longitude)
        planeA = n.x * 0.25; planeB = n.y * 0.25; planeC = n.z * 0.25
        planeD = 0.25 * -inverseDistance

        // Eye space → the centre's local frame (undo pitch and bearing) → the
        // globe's frame (undo the centre's latitude and longitude), as
        // MapLibre places its camera.
        func local(_ v: (x: Double, y: Double, z: Double)) -> (x: Double, y: Double, z: Double) {
            rotateZ(rotateX(v, pitch), -bearing)
        }
        func global(_ v: (x: Double, y: Double, z: Double)) -> (x: Double, y: Double, z: Double) {
            rotateY(rotateX(v, -latitude), longitude)
        }
        let ex = global(local((1, 0, 0))), ey = global(local((0, 1, 0))), ez = global(local((0, 0, 1)))
        r00 = ex.x; r01 = ey.x; r02 = ez.x
        r10 = ex.y; r11 = ey.y; r12 = ez.y
        r20 = ex.z; r21 = ey.z; r22 = ez.z
        let above = local((0, 0, r))
        let camera = global((above.x, above.y, above.z + 1))
        cameraX = camera.x; cameraY = camera.y; cameraZ = camera.z
    }

    /// The unit-sphere point of `coordinate` (MapLibre's `angularCoordinatesToSurfaceVector`).
    @inlinable
    static func surfacePoint(_ coordinate: Coordinate) -> (x: Double, y: Double, z: Double) {
        let longitude = coordinate.longitude * Double.pi / 180, latitude = coordinate.latitude * Double.pi / 180
        let c = cos(latitude)
        return (sin(longitude) * c, sin(latitude), cos(longitude) * c)
    }

    /// True when `coordinate` is behind the globe as seen from the camera
    /// (MapLibre's `transform.isLocationOccluded`). Non-finite input is occluded.
    @inlinable
    public func isOccluded(_ coordinate: Coordinate) -> Bool {
        let p = Self.surfacePoint(coordinate)
        return !(planeA * p.x + planeB * p.y + planeC * p.z + planeD >= 0)
    }

    /// Where `coordinate` is drawn: ``ProjectedPoint/Visibility/occluded``
    /// behind the globe, ``ProjectedPoint/Visibility/behindCamera`` on the
    /// near side but behind the camera (possible at high pitch), otherwise on
    /// or off screen with MapLibre's `map.project` position.
    ///
    /// - Complexity: O(1): two sin/cos pairs and 16 multiply-adds.
    @inlinable
    public func projectDetailed(_ coordinate: Coordinate, viewport: ScreenSize) -> ProjectedPoint {
        let p = Self.surfacePoint(coordinate)
        let w = w0 * p.x + w1 * p.y + w2 * p.z + w3
        guard planeA * p.x + planeB * p.y + planeC * p.z + planeD >= 0 else {
            return ProjectedPoint(visibility: .occluded, point: nil, depth: w)
        }
        guard w > 0 else { return ProjectedPoint(visibility: .behindCamera, point: nil, depth: w) }
        let point = ScreenPoint(x: ((x0 * p.x + x1 * p.y + x2 * p.z + x3) / w * 0.5 + 0.5) * (2 * halfWidth),
                                y: (-0.5 * ((y0 * p.x + y1 * p.y + y2 * p.z + y3) / w) + 0.5) * (2 * halfHeight))
        let onScreen = point.x >= 0 && point.x <= 2 * halfWidth && point.y >= 0 && point.y <= 2 * halfHeight
        return ProjectedPoint(visibility: onScreen ? .onScreen : .offScreen, point: point, depth: w)
    }

    /// The screen point of `coordinate`, or nil when the globe hides it or it
    /// is behind the camera. Points in front but outside the viewport are returned.
    @inlinable
    public func project(_ coordinate: Coordinate) -> ScreenPoint? {
        let p = Self.surfacePoint(coordinate)
        guard planeA * p.x + planeB * p.y + planeC * p.z + planeD >= 0 else { return nil }
        let w = w0 * p.x + w1 * p.y + w2 * p.z + w3
        guard w > 0 else { return nil }
        return ScreenPoint(x: ((x0 * p.x + x1 * p.y + x2 * p.z + x3) / w * 0.5 + 0.5) * (2 * halfWidth),
                           y: (-0.5 * ((y0 * p.x + y1 * p.y + y2 * p.z + y3) / w) + 0.5) * (2 * halfHeight))
    }
}

// gl-matrix's vec3 rotations about the origin, in MapLibre's order of operations.
private func rotateX(_ p: (x: Double, y: Double, z: Double), _ angle: Double) -> (x: Double, y: Double, z: Double) {
    (p.x, p.y * cos(angle) - p.z * sin(angle), p.y * sin(angle) + p.z * cos(angle))
}
private func rotateY(_ p: (x: Double, y: Double, z: Double), _ angle: Double) -> (x: Double, y: Double, z: Double) {
    (p.z * sin(angle) + p.x * cos(angle), p.y, p.z * cos(angle) - p.x * sin(angle))
}
private func rotateZ(_ p: (x: Double, y: Double, z: Double), _ angle: Double) -> (x: Double, y: Double, z: Double) {
    (p.x * cos(angle) - p.y * sin(angle), p.x * sin(angle) + p.y * cos(angle), p.z)
}
