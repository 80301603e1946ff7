/// How MapLibre GL JS 5.3 moves from the globe to Web Mercator as the map
/// zooms in.
///
/// Its `globe` projection preset is the style expression
/// `["interpolate", ["linear"], ["zoom"], 11, "vertical-perspective", 12, "mercator"]`:
/// the "globeness" (`transitionState`) is 1 up to zoom 11, 0 from zoom 12,
/// and linear in between. What depends on it:
/// - **`map.project` / `isLocationOccluded` switch, they do not blend**: the
///   map's globe transform answers with its sphere (vertical-perspective)
///   transform while globeness > 0, i.e. for every zoom below 12, and with
///   its Mercator transform from zoom 12 (where nothing is occluded).
/// - Only the shaders blend: tiles between zoom 11 and 12 are drawn at a
///   mix of the sphere and the Mercator vertex positions weighted by the
///   globeness. A point feature drawn by a layer can therefore sit a little
///   off `map.project`'s answer in that band; markers and view annotations
///   (positioned with `map.project`) follow the sphere exactly.
/// - The globeness is evaluated when a frame renders, from that frame's zoom.
public enum GlobeTransition {
    /// Up to this zoom the globe is drawn unblended (globeness 1).
    public static let globeZoom: Double = 11
    /// From this zoom up MapLibre draws and projects with Web Mercator (globeness 0).
    public static let mercatorZoom: Double = 12

    /// MapLibre's `transitionState` at `zoom`: 1 at or below ``globeZoom``,
    /// 0 at or above ``mercatorZoom``, linear in between. NaN gives 0.
    public static func globeness(zoom: Double) -> Double {
        guard zoom < mercatorZoom else { return 0 }
        guard zoom > globeZoom else { return 1 }
        return 1 - (zoom - globeZoom) / (mercatorZoom - globeZoom)
    }
}
