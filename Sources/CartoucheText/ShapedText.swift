import CartoucheGeometry

/// A laid-out label: its box, lines and (optionally) glyphs.
///
/// All coordinates are screen pixels relative to the anchor point, x right
/// and y down, after `text-anchor` and `text-offset`/`text-radial-offset`.
public struct ShapedText: Hashable, Sendable {
    /// The text after `text-transform`.
    public var text: String
    /// The text box: as wide as the widest line, `lines × text-line-height × text-size` high
    /// (Mapbox GL's box; see `TextLayoutEngine`).
    public var bounds: ScreenRect
    public var lines: [ShapedLine]
    /// Style-spec names of the faces that shaped at least one glyph, in font-stack
    /// order (the stack's faces, then the bundled fallbacks).
    public var faces: [String]
    /// Code points no face of the stack or the bundled fallbacks covers, in
    /// text order; each was shaped as the primary face's `.notdef` glyph.
    public var missingCodePoints: [Unicode.Scalar]
    /// `text-font` names that matched no loaded face or alias (skipped).
    public var unknownFontNames: [String]

    public var width: Double { bounds.width }
    public var height: Double { bounds.height }
    public var size: ScreenSize { ScreenSize(width: bounds.width, height: bounds.height) }
    /// How many code points had no glyph in any face.
    public var missingGlyphCount: Int { missingCodePoints.count }
}

/// One line of a `ShapedText`.
public struct ShapedLine: Hashable, Sendable {
    /// The line's box: its ink advance width and one line height, justified in the text box.
    public var bounds: ScreenRect
    /// y of the line's baseline.
    public var baseline: Double
    /// Unicode-scalar offsets of the line's characters in `ShapedText.text`
    /// (surrounding whitespace trimmed).
    public var scalarRange: Range<Int>
    /// Glyphs in visual order; empty unless glyphs were requested.
    public var glyphs: [PositionedGlyph]
}

/// One glyph placed on a line.
public struct PositionedGlyph: Hashable, Sendable {
    /// Glyph index in its face.
    public var glyphID: UInt32
    /// Index into `ShapedText.faces`.
    public var faceIndex: Int
    /// Unicode-scalar offset in `ShapedText.text` of the cluster it renders.
    public var cluster: Int
    /// Pen position: x of the glyph origin and y of its baseline (offsets applied).
    public var x: Double
    public var y: Double
    /// Horizontal advance in px, letter spacing excluded.
    public var advance: Double
}
