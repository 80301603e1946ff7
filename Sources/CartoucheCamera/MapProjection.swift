/// Which map projection a scene is drawn in: the `projection.type` of the
/// Mapbox/MapLibre style spec, limited to the two MapLibre GL JS 5.3 draws.
public enum MapProjection: String, Hashable, Sendable, CaseIterable {
    /// Web Mercator at every zoom (the style spec's default).
    case mercator
    /// MapLibre's `globe` preset: a sphere below ``GlobeTransition/mercatorZoom``
    /// and Web Mercator from there up (see ``GlobeTransition``).
    case globe

    /// The `projection.type` values a scene may use, in documentation order.
    public static let allowedTypes: [String] = allCases.map(\.rawValue)

    /// Whether the camera at `zoom` is drawn on the sphere (MapLibre's
    /// `isGlobeRendering`): always false for ``mercator``.
    public func drawsGlobe(atZoom zoom: Double) -> Bool {
        self == .globe && GlobeTransition.globeness(zoom: zoom) > 0
    }
}
