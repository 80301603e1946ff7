import CartoucheCamera
import CartoucheGeometry
import CartouchePlacement

/// The answer to "place this scene": one frame per camera.
public struct PlaceResponse: Hashable, Sendable {
    public struct Frame: Hashable, Sendable {
        /// The camera actually used (fitted cameras resolved).
        public var camera: Camera
        public var result: ViewAnnotationResult
    }

    public var frames: [Frame]

    /// Shown callouts over all frames.
    public var placedCount: Int { frames.reduce(0) { $0 + $1.result.drawOrder.count } }
}

extension SceneDocument {
    /// The scene for the view-annotation placement at one camera.
    func placementScene(camera: Camera) -> ViewAnnotationScene {
        ViewAnnotationScene(
            camera: camera, viewport: viewport, viewAnnotations: viewAnnotations, puck: puck,
            avoidRegions: avoidRegions, avoidLines: avoidLines, mode: options.mode,
            cullingMargin: options.cullingMargin, lineClearance: options.lineClearance)
    }

    /// Resolves a camera spec: fitted cameras enclose every view annotation's
    /// geometry and the puck.
    public func resolve(_ spec: CameraSpec) throws(SceneError) -> Camera {
        switch spec {
        case .camera(let c):
            return c
        case .fit(let padding, let bearing, let pitch, let maxZoom):
            var coordinates: [Coordinate] = []
            for va in viewAnnotations {
                if case .geometry(let g) = va.annotatedFeature { g.forEachPosition { coordinates.append($0.coordinate) } }
            }
            if let puck { coordinates.append(puck.coordinate) }
            do {
                return try Camera.fitting(coordinates, viewport: viewport, padding: padding, bearing: bearing,
                                          pitch: pitch, maxZoom: maxZoom)
            } catch {
                throw .camera(error)
            }
        }
    }

    /// Places the view annotations for every camera, in order, each frame
    /// starting from the previous frame's anchors.
    ///
    /// - Parameter shouldCancel: polled by the solver (a request deadline).
    public func place(shouldCancel: (@Sendable () -> Bool)? = nil) throws(SceneError) -> PlaceResponse {
        var frames: [PlaceResponse.Frame] = []
        for spec in cameras {
            let camera = try resolve(spec)
            let result = try ViewAnnotationPlacer.place(
                placementScene(camera: camera), previous: frames.last?.result,
                recordRejected: options.recordRejected, shouldCancel: shouldCancel)
            frames.append(PlaceResponse.Frame(camera: camera, result: result))
        }
        return PlaceResponse(frames: frames)
    }
}
