@_spi(Instrumentation) import CartoucheGeometry
import Foundation

/// A camera looking at a viewport, with every matrix precomputed: projects
/// coordinates to screen points and back, exactly as MapLibre GL JS 5.3's
/// `MercatorTransform` does (`map.project` / `map.unproject`).
///
/// Build one per frame/camera (it validates once) and reuse it for every
/// point; projecting never re-validates.
///
/// ## Model
/// Perspective camera with a vertical field of view of 2·atan(1/3) ≈ 36.87°,
/// placed `1.5 × viewport height` from the centre point. Padding moves both
/// the centre point and the perspective's principal point to the centre of
/// the padded rect (MapLibre's `centerOffset`, written into the projection
/// matrix's third column).
///
/// ## Visibility rule (when `project` returns nil)
/// A ground point is *visible* when it is in front of the camera (positive
/// depth) and lands strictly below ``horizonY``. ``horizonY`` is where
/// MapLibre stops drawing ground: 85% of the way from the centre point up to
/// the true horizon (`cameraToCenterDistance · min(0.85·tan(90°−pitch),
/// tan(89.25°−pitch))` above the centre point, the same rule as MapLibre's
/// `isPointOnMapSurface` and `getBounds`). Points farther away would sit on
/// MapLibre's sky/fog band, where a callout would float over nothing.
/// One difference from MapLibre: we measure from the padded centre point (where
/// the horizon really moves to) rather than from `height / 2`.
/// Points beyond that line, or behind the camera, project to `nil`; points
/// in front but outside the viewport still project (to off-screen points).
/// ``unproject(_:wrappingLongitude:)`` is nil for exactly the screen points on or above ``horizonY``,
/// so the two are inverse on the visible ground.
///
/// ## Globe
/// Built with ``MapProjection/globe`` and a zoom below
/// ``GlobeTransition/mercatorZoom``, ``globe`` holds MapLibre's sphere
/// camera and ``project(_:)->ScreenPoint?`` / ``projectDetailed(_:)`` answer from it
/// (with ``ProjectedPoint/Visibility/occluded`` for the far side); from zoom
/// 12 the globe projection *is* the Mercator one, bit for bit. The other
/// members (``unproject(_:wrappingLongitude:)``, ``horizonY``,
/// ``pixelMatrix``, ``visibleSegment(from:to:)``, the visible ground) still
/// describe the Mercator camera; check ``globe`` before using them (taps on
/// the sphere: ``GlobeProjection/unproject(_:)``).
public struct Projection: Sendable {
    /// MapLibre's default vertical field of view: 2·atan(0.5 / 1.5) radians.
    public static let fieldOfView: Double = 2 * atan(0.5 / 1.5)
    /// MapLibre's earth radius (`earthRadius`), used only for the z scale of
    /// ``pixelMatrix``; ground positions do not depend on it.
    static let mapLibreEarthRadius = 6_371_008.8

    /// The camera, exactly as given (bearing already normalised).
    public let camera: Camera
    /// The map projection asked for.
    public let mapProjection: MapProjection
    /// The sphere camera when the globe is drawn (``MapProjection/globe``
    /// below zoom 12), else nil.
    public let globe: GlobeProjection?
    public let viewport: ScreenSize
    /// `512 · 2^zoom`.
    public let worldSize: Double
    /// Where ``camera``'s centre is drawn: the centre of the padded rect.
    public let centerPoint: ScreenPoint
    /// The camera's distance from the centre point, in points (1.5 × height).
    public let cameraToCenterDistance: Double
    /// MapLibre's near and far clip planes (eye-space distances in points).
    /// Only the depth of ``pixelMatrix`` uses them; screen x/y do not.
    public let nearZ: Double
    public let farZ: Double
    /// Screen y of the line above which no ground is drawn (see the type's
    /// discussion); may be negative (above the viewport) or very negative at pitch 0.
    public let horizonY: Double
    /// MapLibre's `pixelMatrix`: world coordinates `(x, y, z·pixelsPerMeter, 1)`
    /// in world points (see ``WebMercator``) to homogeneous screen points.
    public let pixelMatrix: Matrix4

    // The hot path: the ground-plane homography relative to the centre's world
    // point, row-major. (dx, dy, 1) ↦ (x·w, y·w, w), with w the depth in points.
    // Working relative to the centre keeps full precision at zoom 25 where
    // absolute world coordinates reach 10^10 points.
    @usableFromInline let h00, h01, h02, h10, h11, h12, h20, h21, h22: Double
    // Its inverse: screen (x, y, 1) ↦ (dx, dy, 1) / depth.
    @usableFromInline let i00, i01, i02, i10, i11, i12, i20, i21, i22: Double
    // Centre in normalised Mercator units, and the longitude the nearest world copy is measured from.
    @usableFromInline let centerNormalizedY: Double
    @usableFromInline let centerLongitude: Double

    /// Validates `camera` for `viewport` (see ``Camera/validate(for:)``) and
    /// precomputes the matrices of `projection` (Web Mercator by default).
    ///
    /// - Complexity: O(1); a few hundred floating-point operations.
    public init(camera: Camera, viewport: ScreenSize, projection: MapProjection = .mercator) throws(CameraError) {
        ProjectionInstrument.built?.increment()
        try camera.validate(for: viewport)
        self.camera = camera
        self.mapProjection = projection
        self.viewport = viewport
        let width = viewport.width, height = viewport.height
        let worldSize = WebMercator.worldSize(zoom: camera.zoom)
        self.worldSize = worldSize

        let padding = camera.padding
        let center = ScreenPoint(
            x: min(max((padding.left + width - padding.right) / 2, 0), width),
            y: min(max((padding.top + height - padding.bottom) / 2, 0), height))
        self.centerPoint = center
        let offsetX = center.x - width / 2, offsetY = center.y - height / 2

        let fov = Projection.fieldOfView
        let cameraToCenter = 0.5 / tan(fov / 2) * height
        self.cameraToCenterDistance = cameraToCenter
        self.globe = projection.drawsGlobe(atZoom: camera.zoom)
            ? GlobeProjection(camera: camera, viewport: viewport, centerPoint: center, cameraToCenter: cameraToCenter)
            : nil

        let latitude = min(max(camera.center.latitude, -WebMercator.maxLatitude), WebMercator.maxLatitude)
        self.centerNormalizedY = WebMercator.normalizedY(latitude: latitude)
        self.centerLongitude = camera.center.longitude
        let pitch = camera.pitch * Double.pi / 180
        let bearing = camera.bearing * Double.pi / 180
        let pixelsPerMeter = worldSize
            / (2 * Double.pi * Projection.mapLibreEarthRadius * cos(latitude * Double.pi / 180))

        // Ground is drawn up to this distance above the centre point (MapLibre's
        // `getMercatorHorizon`-style cut, its helper `yt`).
        let horizonDistance = cameraToCenter
            * min(0.85 * tan((90 - camera.pitch) * Double.pi / 180), tan((89.25 - camera.pitch) * Double.pi / 180))
        self.horizonY = center.y - horizonDistance

        let planes = Projection.clipPlanes(
            fov: fov, pitch: pitch, height: height, cameraToCenter: cameraToCenter,
            centerOffsetY: offsetY, horizonDistance: horizonDistance, pixelsPerMeter: pixelsPerMeter)
        self.nearZ = planes.near
        self.farZ = planes.far

        // Same construction order as MercatorTransform._calcMatrices (roll = 0).
        var perspective = Matrix4.perspective(fovY: fov, aspect: width / height, near: planes.near, far: planes.far)
            .elements
        perspective[8] = -2 * offsetX / width
        perspective[9] = 2 * offsetY / height
        let view = Matrix4(elements: perspective)
            .scaled(1, -1, 1)
            .translated(0, 0, -cameraToCenter)
            .rotatedX(pitch)
            .rotatedZ(-bearing)
        let clipToPixels = Matrix4.identity.scaled(width / 2, -height / 2, 1).translated(1, -1, 0)
        let relative = clipToPixels * view.scaled(1, 1, pixelsPerMeter)
        let centerX = WebMercator.normalizedX(longitude: camera.center.longitude) * worldSize
        let centerY = centerNormalizedY * worldSize
        self.pixelMatrix = clipToPixels * view.translated(-centerX, -centerY, 0).scaled(1, 1, pixelsPerMeter)

        // Ground plane z = 0: keep columns x, y, w and rows x, y, w.
        let e = relative.elements
        h00 = e[0]; h01 = e[4]; h02 = e[12]
        h10 = e[1]; h11 = e[5]; h12 = e[13]
        h20 = e[3]; h21 = e[7]; h22 = e[15]
        // Inverse by the adjugate. The determinant is the camera height times a
        // positive scale, never zero for pitch ≤ 85°, but a non-finite result
        // would only make unproject return nil, never crash.
        let c00 = h11 * h22 - h12 * h21, c01 = h02 * h21 - h01 * h22, c02 = h01 * h12 - h02 * h11
        let c10 = h12 * h20 - h10 * h22, c11 = h00 * h22 - h02 * h20, c12 = h02 * h10 - h00 * h12
        let c20 = h10 * h21 - h11 * h20, c21 = h01 * h20 - h00 * h21, c22 = h00 * h11 - h01 * h10
        let inverseDeterminant = 1 / (h00 * c00 + h01 * c10 + h02 * c20)
        i00 = c00 * inverseDeterminant; i01 = c01 * inverseDeterminant; i02 = c02 * inverseDeterminant
        i10 = c10 * inverseDeterminant; i11 = c11 * inverseDeterminant; i12 = c12 * inverseDeterminant
        i20 = c20 * inverseDeterminant; i21 = c21 * inverseDeterminant; i22 = c22 * inverseDeterminant
    }

    /// MapLibre's `_calculateNearFarZIfNeeded` with no terrain (elevation 0):
    /// the far plane reaches 1% past the nearer of the viewport's top edge and
    /// the horizon cut; the near plane is height / 50.
    private static func clipPlanes(
        fov: Double, pitch: Double, height: Double, cameraToCenter: Double, centerOffsetY: Double,
        horizonDistance: Double, pixelsPerMeter: Double
    ) -> (near: Double, far: Double) {
        let cameraAltitude = cos(pitch) * cameraToCenter / pixelsPerMeter
        let lowest = min(0, cameraAltitude - 100)
        let distance = lowest < 0 ? cameraToCenter - lowest * pixelsPerMeter / cos(pitch) : cameraToCenter
        let cameraAngle = Double.pi / 2 + pitch
        func clampAngle(_ a: Double) -> Double { min(max(a, 0.01), Double.pi - 0.01) }
        let topAngle = fov * (0.5 + centerOffsetY / height)
        let toTop = sin(topAngle) * distance / sin(clampAngle(Double.pi - cameraAngle - topAngle))
        let horizonAngle = atan(horizonDistance / cameraToCenter)
        let minimumAngle = 0.75 * Double.pi / 180
        let cutAngle = horizonAngle > minimumAngle
            ? 2 * horizonAngle * (0.5 + centerOffsetY / (2 * horizonDistance)) : minimumAngle
        let toCut = sin(cutAngle) * distance / sin(clampAngle(Double.pi - cameraAngle - cutAngle))
        let far = 1.01 * (cos(Double.pi / 2 - pitch) * min(toTop, toCut) + distance)
        return (height / 50, far)
    }
}
