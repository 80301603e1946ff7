import CartoucheGeometry

/// The style-spec enums that annotation layers use. Raw values are the exact
/// strings of the spec; decoding any other string fails with
/// ``StyleValueError/unknownEnumValue(_:allowed:)``.

/// `icon-anchor`, `text-anchor` and `text-variable-anchor` take the shared
/// ``BoxAnchor`` (defined in `CartoucheGeometry` for every module).
extension BoxAnchor: StyleEnum {}

/// How an icon stretches around its text (`icon-text-fit`).
public enum IconTextFit: String, StyleEnum { case none, width, height, both }

/// `text-justify` and `text-transform` (defined in `CartoucheGeometry`, so
/// that text layout needs no style module).
extension TextJustify: StyleEnum {}
extension TextTransform: StyleEnum {}

/// Shape of line corners (`line-join`). Only the values both Mapbox GL and
/// MapLibre accept are offered.
public enum LineJoin: String, StyleEnum { case bevel, round, miter }

/// Shape of line ends (`line-cap`).
public enum LineCap: String, StyleEnum { case butt, round, square }

/// Where symbols are placed relative to their geometry (`symbol-placement`).
public enum SymbolPlacement: String, StyleEnum {
    case point, line
    case lineCenter = "line-center"
}

/// Draw order of overlapping symbols (`symbol-z-order`).
public enum SymbolZOrder: String, StyleEnum {
    case auto
    case viewportY = "viewport-y"
    case source
}

/// Text direction modes a label may try (`text-writing-mode`).
public enum TextWritingMode: String, StyleEnum { case horizontal, vertical }

/// Frame of reference for `*-translate` (`*-translate-anchor`).
public enum TranslateAnchor: String, StyleEnum { case map, viewport }

/// Plane a circle, icon or label is drawn in when the map is pitched
/// (`circle-pitch-alignment`, `icon-pitch-alignment`, `text-pitch-alignment`).
public enum PitchAlignment: String, StyleEnum { case map, viewport, auto }

/// Whether circles shrink with distance when pitched (`circle-pitch-scale`).
public enum CirclePitchScale: String, StyleEnum { case map, viewport }

/// Orientation frame of icons and labels (`*-rotation-alignment`).
public enum RotationAlignment: String, StyleEnum { case map, viewport, auto }

/// Plane circles are drawn in when the map is pitched (`circle-pitch-alignment`).
public enum CirclePitchAlignment: String, StyleEnum { case map, viewport }
