import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON

extension CameraError {
    /// Where in the scene the offending member is, for a camera decoded at
    /// `camera` (`camera`, `cameras[2]`, or `….fit` for fitting options).
    ///
    /// Camera errors name their field as dotted text (`camera.zoom`,
    /// `camera.center.latitude`, `camera.padding.left`, `maxZoom`); the
    /// centre is a `[longitude, latitude]` array, so its parts become indices.
    func jsonPath(under camera: JSONPath) -> JSONPath {
        let field: String
        switch self {
        case .nonFinite(let f, _), .outOfRange(let f, _, _, _), .negative(let f, _), .nonPositiveViewport(let f, _):
            field = f
        case .paddingExceedsViewport:
            return camera.appending(key: "padding")
        case .noCoordinates:
            return camera
        }
        var parts = field.split(separator: ".").map(String.init)
        if parts.first == "viewport" { return parts.reduce(JSONPath.root) { $0.appending(key: $1) } }
        if parts.first == "camera" { parts.removeFirst() }
        switch parts {
        case ["center", "longitude"]: return camera.appending(key: "center").appending(index: 0)
        case ["center", "latitude"]: return camera.appending(key: "center").appending(index: 1)
        default: return parts.reduce(camera) { $0.appending(key: $1) }
        }
    }

    /// The message without its leading field name, which the path now gives.
    var reasonWithoutField: String {
        let text = description
        switch self {
        case .nonFinite(let f, _), .outOfRange(let f, _, _, _), .negative(let f, _), .nonPositiveViewport(let f, _):
            return text.hasPrefix(f + " ") ? String(text.dropFirst(f.count + 1)) : text
        case .paddingExceedsViewport, .noCoordinates:
            return text
        }
    }
}

extension CameraSpec {
    /// Checks a camera, or the options of a fitted one, against the viewport.
    /// - Throws: the first problem, at its path under `path`.
    func validate(for viewport: ScreenSize, at path: JSONPath) throws(JSONDecodingError) {
        do throws(CameraError) {
            switch self {
            case .camera(let camera):
                try camera.validate(for: viewport)
            case .fit(let padding, _, let pitch, let maxZoom):
                try padding.validate(in: viewport, field: "padding")
                guard Camera.pitchRange.contains(pitch) else {
                    throw CameraError.outOfRange(field: "pitch", value: pitch, minimum: Camera.pitchRange.lowerBound,
                                                 maximum: Camera.pitchRange.upperBound)
                }
                guard Camera.zoomRange.contains(maxZoom) else {
                    throw CameraError.outOfRange(field: "maxZoom", value: maxZoom, minimum: Camera.zoomRange.lowerBound,
                                                 maximum: Camera.zoomRange.upperBound)
                }
            }
        } catch {
            let base = if case .fit = self { path.appending(key: "fit") } else { path }
            throw JSONDecodingError(path: error.jsonPath(under: base), reason: error.reasonWithoutField)
        }
    }
}
