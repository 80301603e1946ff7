import CartoucheGeometry
import Foundation

extension Projection {
    /// World-point offset of `coordinate` from the camera centre, using the
    /// copy of the world nearest the centre: longitudes are compared modulo
    /// 360, so lon 179.9 seen from a centre at -179.9 is 0.2° east, not 359.8° west.
    /// Points exactly 180° away go east.
    @inlinable
    func worldOffset(_ coordinate: Coordinate) -> (dx: Double, dy: Double) {
        var turns = (coordinate.longitude - centerLongitude) / 360
        turns -= (turns + 0.5).rounded(.down)
        // `turns` is now in [-0.5, 0.5); bring exact -0.5 to +0.5 (east).
        if turns == -0.5 { turns = 0.5 }
        let dy = (WebMercator.normalizedY(latitude: coordinate.latitude) - centerNormalizedY) * worldSize
        return (turns * worldSize, dy)
    }

    /// The screen point of `coordinate`, or nil when it is not on the visible
    /// ground: behind the camera or past ``horizonY`` (see ``Projection``),
    /// or, on the globe, behind it (see ``GlobeProjection/project(_:)``).
    /// Points in front but outside the viewport are returned.
    /// Latitudes are clamped to ±``WebMercator/maxLatitude``; the world copy
    /// nearest the camera centre is used. Non-finite input gives nil.
    ///
    /// - Complexity: O(1): one log/tan for the latitude and 9 multiply-adds.
    @inlinable
    public func project(_ coordinate: Coordinate) -> ScreenPoint? {
        if let globe { return globe.project(coordinate) }
        let (dx, dy) = worldOffset(coordinate)
        let depth = h20 * dx + h21 * dy + h22
        guard depth > 0 else { return nil }  // also rejects NaN
        let y = (h10 * dx + h11 * dy + h12) / depth
        guard y > horizonY else { return nil }
        return ScreenPoint(x: (h00 * dx + h01 * dy + h02) / depth, y: y)
    }

    /// Like ``project(_:)-(Coordinate)`` but always answers: the visibility class, the
    /// screen point (unless behind the camera) and the depth. Non-finite
    /// input has no position either and is reported as ``ProjectedPoint/Visibility/behindCamera``
    /// (on the globe as ``ProjectedPoint/Visibility/occluded``).
    public func projectDetailed(_ coordinate: Coordinate) -> ProjectedPoint {
        if let globe { return globe.projectDetailed(coordinate, viewport: viewport) }
        let (dx, dy) = worldOffset(coordinate)
        let depth = h20 * dx + h21 * dy + h22
        guard depth > 0 else { return ProjectedPoint(visibility: .behindCamera, point: nil, depth: depth) }
        let point = ScreenPoint(x: (h00 * dx + h01 * dy + h02) / depth, y: (h10 * dx + h11 * dy + h12) / depth)
        let visibility: ProjectedPoint.Visibility
        if !(point.y > horizonY) {
            visibility = .beyondHorizon
        } else if point.x >= 0, point.x <= viewport.width, point.y >= 0, point.y <= viewport.height {
            visibility = .onScreen
        } else {
            visibility = .offScreen
        }
        return ProjectedPoint(visibility: visibility, point: point, depth: depth)
    }

    /// Projects many coordinates at once; `result[i]` is `project(coordinates[i])`.
    ///
    /// - Complexity: O(n), one pass over contiguous storage, no per-point allocation.
    public func project(_ coordinates: [Coordinate]) -> [ScreenPoint?] {
        coordinates.withUnsafeBufferPointer { input in
            [ScreenPoint?](unsafeUninitializedCapacity: input.count) { output, initialized in
                initialized = project(input, into: output)
            }
        }
    }

    /// Projects `min(coordinates.count, output.count)` coordinates into the
    /// (possibly uninitialised) `output` and returns how many were written.
    ///
    /// - Complexity: O(n) on contiguous storage.
    @discardableResult
    public func project(
        _ coordinates: UnsafeBufferPointer<Coordinate>, into output: UnsafeMutableBufferPointer<ScreenPoint?>
    ) -> Int {
        let count = min(coordinates.count, output.count)
        guard let source = coordinates.baseAddress, let destination = output.baseAddress else { return 0 }
        for index in 0..<count {
            (destination + index).initialize(to: project(source[index]))
        }
        return count
    }

    /// The ground coordinate drawn at `point`, or nil when `point` is on or
    /// above ``horizonY`` (no ground is drawn there). Points past the
    /// north/south edge of the Mercator square (which MapLibre leaves blank)
    /// give latitudes beyond ±``WebMercator/maxLatitude``, as MapLibre's
    /// `unproject` does.
    ///
    /// - Parameters:
    ///   - point: a point of the screen, in points from its top-left corner.
    ///   - wrappingLongitude: true (the default) wraps the longitude
    ///     into (-180, 180]. False returns it continuous from the camera centre
    ///     (centre longitude + offset, possibly beyond ±180, like MapLibre's
    ///     `unproject`): at low zoom the viewport can show several world copies,
    ///     and only the unwrapped value tells which one was tapped.
    /// - Complexity: O(1).
    public func unproject(_ point: ScreenPoint, wrappingLongitude: Bool = true) -> Coordinate? {
        guard point.x.isFinite, point.y > horizonY, point.y.isFinite else { return nil }
        let inverseDepth = i20 * point.x + i21 * point.y + i22
        guard inverseDepth > 0 else { return nil }
        let dx = (i00 * point.x + i01 * point.y + i02) / inverseDepth
        let dy = (i10 * point.x + i11 * point.y + i12) / inverseDepth
        guard dx.isFinite, dy.isFinite else { return nil }
        let continuous = centerLongitude + dx / worldSize * 360
        let longitude = wrappingLongitude ? WebMercator.wrapLongitude(continuous) : continuous
        let latitude = WebMercator.latitude(normalizedY: centerNormalizedY + dy / worldSize)
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// The part of the viewport where ground is drawn: the viewport below
    /// ``horizonY``. Nil when the whole viewport is sky (cannot happen for
    /// pitch ≤ 85° with the padded centre inside the viewport, but kept total).
    public var visibleGroundRect: ScreenRect? {
        let top = max(horizonY, 0)
        guard top < viewport.height else { return nil }
        return ScreenRect(minX: 0, minY: top, maxX: viewport.width, maxY: viewport.height)
    }

    /// The screen polygon of the visible ground, clockwise on screen (y down)
    /// from the top-left: ``visibleGroundRect``'s corners, or empty. The
    /// ground's top edge is horizontal because the camera never rolls.
    public var visibleGroundPolygon: [ScreenPoint] {
        guard let rect = visibleGroundRect else { return [] }
        return [
            ScreenPoint(x: rect.minX, y: rect.minY), ScreenPoint(x: rect.maxX, y: rect.minY),
            ScreenPoint(x: rect.maxX, y: rect.maxY), ScreenPoint(x: rect.minX, y: rect.maxY),
        ]
    }

    /// The viewport minus the camera padding: where padding-respecting
    /// callouts must stay.
    public var paddedRect: ScreenRect {
        camera.padding.paddedRect(in: viewport)
    }

    /// Ground metres per screen point at the camera centre, looking straight down.
    public var metersPerPointAtCenter: Double {
        WebMercator.metersPerPoint(atLatitude: camera.center.latitude, zoom: camera.zoom)
    }
}
