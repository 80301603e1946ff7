import ArgumentParser

/// The flags that shape a complete style, shared by `compile` and `diff`:
/// they become the routes' query parameters of the same names.
struct StyleFlags: ParsableArguments {
    @Option(help: "Style name (style only).") var name: String?
    @Option(help: "Glyph URL template, e.g. https://…/{fontstack}/{range}.pbf (style only).") var glyphs: String?
    @Option(help: "Sprite URL (style only).") var sprite: String?
    @Option(help: "Background layer colour (CSS), or none (style only; default white).") var background: String?
    @Option(help: "Comma-separated Mapbox slot names, bottom to top (style only).") var slots: String?

    /// The given flags as `(name, value)` query parameters.
    var parameters: [(name: String, value: String)] {
        [("name", name), ("glyphs", glyphs), ("sprite", sprite), ("background", background), ("slots", slots)]
            .compactMap { pair in pair.1.map { (pair.0, $0) } }
    }
}
