import CartoucheGeometry

/// A laid-out label: its box, lines and (optionally) glyphs.
///
/// All coordinates are screen pixels relative to the anchor point, x right
/// and y down, after `text-anchor` and `text-offset`/`text-radial-offset`.
///
/// A value type whose fields live in one shared, immutable box (replaced on
/// mutation): copying a layout out of the cache is one reference count
/// instead of one per field, and cache slots stay small. (Fields stored
/// inline instead made a cache hit slower: a copy costs a reference count
/// per field, and the generic lock's copy goes through value witnesses.)
/// The only line of a one-line layout — most labels — sits in the box itself
/// rather than in an array of its own, so a layout costs one allocation
/// besides its glyphs.
public struct ShapedText: Hashable, Sendable {
    private final class Fields: Sendable {
        let text: String
        let bounds: ScreenRect
        /// The line of a one-line layout, else nil; then `otherLines` holds
        /// the lines (none or several). One representation per value, so
        /// comparing the stored pair compares the lines.
        let onlyLine: ShapedLine?
        let otherLines: [ShapedLine]
        let faces: [String]
        let missingCodePoints: [Unicode.Scalar]
        let unknownFontNames: [String]

        init(text: String, bounds: ScreenRect, onlyLine: ShapedLine?, otherLines: [ShapedLine], faces: [String],
             missingCodePoints: [Unicode.Scalar], unknownFontNames: [String]) {
            self.text = text
            self.bounds = bounds
            self.onlyLine = onlyLine
            self.otherLines = otherLines
            self.faces = faces
            self.missingCodePoints = missingCodePoints
            self.unknownFontNames = unknownFontNames
        }

        var lines: [ShapedLine] { onlyLine.map { [$0] } ?? otherLines }
    }

    private var fields: Fields

    public init(text: String, bounds: ScreenRect, lines: [ShapedLine], faces: [String],
                missingCodePoints: [Unicode.Scalar], unknownFontNames: [String]) {
        let (only, others) = Self.split(lines)
        fields = Fields(text: text, bounds: bounds, onlyLine: only, otherLines: others, faces: faces,
                        missingCodePoints: missingCodePoints, unknownFontNames: unknownFontNames)
    }

    /// A one-line layout, without a one-element array.
    init(text: String, bounds: ScreenRect, line: ShapedLine, faces: [String],
         missingCodePoints: [Unicode.Scalar], unknownFontNames: [String]) {
        fields = Fields(text: text, bounds: bounds, onlyLine: line, otherLines: [], faces: faces,
                        missingCodePoints: missingCodePoints, unknownFontNames: unknownFontNames)
    }

    private static func split(_ lines: [ShapedLine]) -> (only: ShapedLine?, others: [ShapedLine]) {
        lines.count == 1 ? (lines[0], []) : (nil, lines)
    }

    /// Rebuilds the box with one field changed (mutation is rare; reads are hot).
    private mutating func update(text: String? = nil, bounds: ScreenRect? = nil, lines: [ShapedLine]? = nil,
                                 faces: [String]? = nil, missingCodePoints: [Unicode.Scalar]? = nil,
                                 unknownFontNames: [String]? = nil) {
        let (only, others) = lines.map(Self.split) ?? (fields.onlyLine, fields.otherLines)
        fields = Fields(text: text ?? fields.text, bounds: bounds ?? fields.bounds, onlyLine: only, otherLines: others,
                        faces: faces ?? fields.faces, missingCodePoints: missingCodePoints ?? fields.missingCodePoints,
                        unknownFontNames: unknownFontNames ?? fields.unknownFontNames)
    }

    /// The text after `text-transform`.
    public var text: String {
        get { fields.text }
        set { update(text: newValue) }
    }
    /// The text box: as wide as the widest line, `lines × text-line-height × text-size` high
    /// (Mapbox GL's box; see `TextLayoutEngine`).
    public var bounds: ScreenRect {
        get { fields.bounds }
        set { update(bounds: newValue) }
    }
    /// The lines, top to bottom. A one-line layout stores its line inline and
    /// builds the one-element array on each read.
    public var lines: [ShapedLine] {
        get { fields.lines }
        set { update(lines: newValue) }
    }
    /// Style-spec names of the faces that shaped at least one glyph, in font-stack
    /// order (the stack's faces, then the bundled fallbacks).
    public var faces: [String] {
        get { fields.faces }
        set { update(faces: newValue) }
    }
    /// Code points no face of the stack or the bundled fallbacks covers, in
    /// text order; each was shaped as the primary face's `.notdef` glyph.
    public var missingCodePoints: [Unicode.Scalar] {
        get { fields.missingCodePoints }
        set { update(missingCodePoints: newValue) }
    }
    /// `text-font` names that matched no loaded face or alias (skipped).
    public var unknownFontNames: [String] {
        get { fields.unknownFontNames }
        set { update(unknownFontNames: newValue) }
    }

    public var width: Double { fields.bounds.width }
    public var height: Double { fields.bounds.height }
    public var size: ScreenSize { ScreenSize(width: fields.bounds.width, height: fields.bounds.height) }
    /// How many code points had no glyph in any face.
    public var missingGlyphCount: Int { fields.missingCodePoints.count }

    public static func == (a: ShapedText, b: ShapedText) -> Bool {
        if a.fields === b.fields { return true }
        let x = a.fields, y = b.fields
        return x.text == y.text && x.bounds == y.bounds && x.onlyLine == y.onlyLine && x.otherLines == y.otherLines
            && x.faces == y.faces && x.missingCodePoints == y.missingCodePoints && x.unknownFontNames == y.unknownFontNames
    }

    public func hash(into hasher: inout Hasher) {
        let x = fields
        hasher.combine(x.text)
        hasher.combine(x.bounds)
        hasher.combine(x.onlyLine)
        hasher.combine(x.otherLines)
        hasher.combine(x.faces)
        hasher.combine(x.missingCodePoints)
        hasher.combine(x.unknownFontNames)
    }
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

    public init(bounds: ScreenRect, baseline: Double, scalarRange: Range<Int>, glyphs: [PositionedGlyph] = []) {
        self.bounds = bounds
        self.baseline = baseline
        self.scalarRange = scalarRange
        self.glyphs = glyphs
    }
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

    public init(glyphID: UInt32, faceIndex: Int, cluster: Int, x: Double, y: Double, advance: Double) {
        self.glyphID = glyphID
        self.faceIndex = faceIndex
        self.cluster = cluster
        self.x = x
        self.y = y
        self.advance = advance
    }
}
