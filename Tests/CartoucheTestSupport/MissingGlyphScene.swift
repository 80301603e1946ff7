/// A scene whose text holds code points no bundled font has, shared by the
/// scene, CLI and HTTP tests of missing-glyph warnings: a callout `c1` whose
/// text holds U+E000 (private use) among Hangul and Bengali, a point label
/// `bkk` (manager `pins`) with U+E001 among Thai, and a point label `ok`
/// every glyph of which is bundled.
public enum MissingGlyphScene {
    /// The scene as JSON text.
    public static let json = #"""
    {"version": 1, "viewport": {"width": 400, "height": 300},
     "camera": {"center": [100.5, 13.75], "zoom": 12},
     "managers": [{"id": "pins", "type": "point", "annotations": [
       {"id": "bkk", "geometry": {"type": "Point", "coordinates": [100.49, 13.74]}, "properties": {"text-field": "กรุงเทพ \uE001"}},
       {"id": "ok", "geometry": {"type": "Point", "coordinates": [100.51, 13.76]}, "properties": {"text-field": "กรุงเทพมหานคร"}}]}],
     "viewAnnotations": [{"id": "c1", "feature": {"type": "Point", "coordinates": [100.5, 13.75]},
       "content": {"runs": [{"text": "서울 \uE000\uE000 ঢাকা", "font": ["Noto Sans Regular"], "size": 12}]}}]}
    """#
}
