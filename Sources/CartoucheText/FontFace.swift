import CFreeType
import CHarfBuzz

/// One loaded font face: its style-spec name and a HarfBuzz font ready to shape.
///
/// The HarfBuzz font uses HarfBuzz's own OpenType functions at a scale of one
/// unit per font unit (`scale = units-per-em`), so shaping results are exact
/// integers in font units that are scaled to pixels by `size / unitsPerEm`.
/// That keeps one `hb_font_t` per face for every text size, gives unhinted
/// advances (what label layout wants, and what HarfBuzz-based oracles report),
/// and lets many threads shape with the same font: an `hb_font_t` made
/// immutable is documented as safe to share between threads.
/// FreeType reads the SFNT family and style names when the registry scans a
/// directory (see `FontRegistry`).
public final class FontFace: @unchecked Sendable {
    /// Style-spec name: family and style, e.g. "Noto Sans Bold".
    public let name: String
    /// Typographic family name from the font, e.g. "Noto Sans".
    public let family: String
    /// Style name from the font, e.g. "Bold".
    public let style: String
    /// File the face was loaded from.
    public let path: String
    /// Index of the face inside its file (non-zero only for collections).
    public let faceIndex: Int
    /// Design units per em.
    public let unitsPerEm: Int32
    /// `1 / unitsPerEm`, to scale font units to pixels with a multiplication.
    let inverseUnitsPerEm: Double
    /// Horizontal ascender, descender (negative below the baseline) and line gap, in font units.
    public let ascender: Int32
    public let descender: Int32
    public let lineGap: Int32

    /// The immutable HarfBuzz font (scale = units per em). Owned by this object.
    let hbFont: OpaquePointer
    /// One bit per code point the `cmap` maps, up to the highest one. Owned by
    /// this object. A bit test is many times cheaper than asking HarfBuzz for
    /// the nominal glyph, and fallback asks once or more per character.
    let coverage: UnsafeMutablePointer<UInt64>
    let coverageWords: Int
    /// True when HarfBuzz's default shaper lays out a jamo-free Hangul run of
    /// this face as current HarfBuzz's Hangul shaper does (see `HangulShaping`).
    let hangulLayoutMatchesDefault: Bool

    init(path: String, faceIndex: Int, family: String, style: String) throws(TextError) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw .fontLoadFailed(path: path, reason: "HarfBuzz cannot read the file")
        }
        defer { hb_blob_destroy(blob) }
        guard let face = hb_face_create(blob, UInt32(faceIndex)) else {
            throw .fontLoadFailed(path: path, reason: "HarfBuzz cannot create face \(faceIndex)")
        }
        defer { hb_face_destroy(face) }
        let upem = hb_face_get_upem(face)
        guard upem > 0, hb_face_get_glyph_count(face) > 0 else {
            throw .fontLoadFailed(path: path, reason: "face \(faceIndex) has no glyphs or no units-per-em")
        }
        guard let font = hb_font_create(face) else {
            throw .fontLoadFailed(path: path, reason: "HarfBuzz cannot create a font")
        }
        hb_ot_font_set_funcs(font)
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        guard let unicodes = hb_set_create() else {
            throw .fontLoadFailed(path: path, reason: "HarfBuzz cannot allocate a set")
        }
        defer { hb_set_destroy(unicodes) }
        hb_face_collect_unicodes(face, unicodes)
        let highest = hb_set_get_max(unicodes)
        let words = highest == UInt32.max ? 1 : Int(highest >> 6) + 1  // max is HB_SET_VALUE_INVALID when empty
        let coverage = UnsafeMutablePointer<UInt64>.allocate(capacity: words)
        coverage.initialize(repeating: 0, count: words)
        var first: hb_codepoint_t = UInt32.max, last: hb_codepoint_t = UInt32.max
        while hb_set_next_range(unicodes, &first, &last) != 0 {
            for c in first...last { coverage[Int(c >> 6)] |= 1 << UInt64(c & 63) }
        }
        var extents = hb_font_extents_t()
        _ = hb_font_get_h_extents(font, &extents)
        hb_font_make_immutable(font)

        self.name = style.isEmpty ? family : "\(family) \(style)"
        self.family = family
        self.style = style
        self.path = path
        self.faceIndex = faceIndex
        self.unitsPerEm = Int32(upem)
        self.inverseUnitsPerEm = 1 / Double(upem)
        self.ascender = extents.ascender
        self.descender = extents.descender
        self.lineGap = extents.line_gap
        self.hbFont = font
        self.coverage = coverage
        self.coverageWords = words
        self.hangulLayoutMatchesDefault = HangulShaping.layoutMatchesDefault(face)
    }

    deinit {
        hb_font_destroy(hbFont)
        coverage.deallocate()
    }

    /// True when the face maps `scalar` to a glyph in its `cmap`.
    /// - Complexity: O(1), a bit test.
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        covers(scalar.value)
    }

    /// How many code points the face's `cmap` maps (surrogates, which no
    /// `cmap` maps to text, included if a face did).
    /// - Complexity: one population count per 64 code points up to the highest mapped.
    public var coveredCodePointCount: Int {
        var total = 0
        for word in 0..<coverageWords { total += coverage[word].nonzeroBitCount }
        return total
    }

    @inline(__always)
    func covers(_ codepoint: UInt32) -> Bool {
        let word = Int(codepoint >> 6)
        return word < coverageWords && coverage[word] & (1 << UInt64(codepoint & 63)) != 0
    }

    /// True when the face's style says it is bold (used to pick bundled fallbacks of the same weight).
    var isBold: Bool {
        let lower = style.lowercased()
        return lower.contains("bold") || lower.contains("black") || lower.contains("heavy")
    }
}

/// Reads the family and style names of every face in a font file with FreeType.
///
/// FreeType's `FT_Library` is not thread-safe, so each call creates and frees
/// its own library instead of sharing one.
enum FreeTypeNames {
    struct Entry {
        var faceIndex: Int
        var family: String
        var style: String
    }

    static func faces(inFile path: String) throws(TextError) -> [Entry] {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw .fontLoadFailed(path: path, reason: "FreeType failed to initialise")
        }
        defer { FT_Done_FreeType(library) }
        var entries: [Entry] = []
        var index = 0
        var faceCount = 1
        while index < faceCount {
            var face: FT_Face?
            let error = FT_New_Face(library, path, FT_Long(index), &face)
            guard error == 0, let face else {
                throw .fontLoadFailed(path: path, reason: "FreeType error \(error) opening face \(index)")
            }
            defer { FT_Done_Face(face) }
            faceCount = Int(face.pointee.num_faces)
            let family = face.pointee.family_name.map { String(cString: $0) } ?? ""
            let style = face.pointee.style_name.map { String(cString: $0) } ?? ""
            guard !family.isEmpty else {
                throw .fontLoadFailed(path: path, reason: "face \(index) has no family name")
            }
            entries.append(Entry(faceIndex: index, family: family, style: style))
            index += 1
        }
        return entries
    }
}
