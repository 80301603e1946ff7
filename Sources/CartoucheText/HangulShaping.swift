import CHarfBuzz

/// Hangul runs shaped as current HarfBuzz shapes them, with the HarfBuzz 6
/// Debian 12 links.
///
/// HarfBuzz's Hangul shaper used to switch `calt` off for a whole Hangul run
/// (Uniscribe does not apply it, and some fonts compose jamo in it). Newer
/// HarfBuzz (15, as PyPI uharfbuzz bundles, and as browsers ship) keeps
/// `calt` on and only masks it off the conjoining jamo. The difference shows
/// in Noto Sans CJK: its `calt` swaps a space between two Hangul syllables
/// for the wider Hangul space (280 instead of 224 units), so
/// "라오 인민 민주주의 공화국" at 16 px is 175.360 px wide in HarfBuzz 15 and
/// 172.672 px with the old rule.
///
/// A run without conjoining jamo, tone marks or combining marks gets nothing
/// from the Hangul shaper but its `calt` rule, so HarfBuzz's default shaper
/// shapes it exactly as HarfBuzz 15's Hangul shaper does — provided the face
/// gives the script HarfBuzz picks for Hangul the same features and lookups
/// as the one it picks for Common text (jamo features aside). That is checked
/// once per face when it loads (`FontFace.hangulLayoutMatchesDefault`), so
/// a face with Hangul-specific lookups keeps the Hangul shaper.
enum HangulShaping {
    /// The script to give HarfBuzz for `text[range]` in `font`: Common instead
    /// of Hangul when the run and the face allow it (see the type), else `script`.
    /// - Complexity: O(n) in the run length for Hangul runs, O(1) otherwise.
    @inline(__always)
    static func shapingScript(_ script: hb_script_t, _ text: UnsafeBufferPointer<UInt32>, range: Range<Int>,
                              font: HarfBuzzFontHandle) -> hb_script_t {
        guard script == HB_SCRIPT_HANGUL, font.hangulLayoutMatchesDefault else { return script }
        for i in range where needsHangulShaper(text[i]) { return script }
        return HB_SCRIPT_COMMON
    }

    /// Code points the Hangul shaper treats specially: conjoining jamo (which
    /// it composes and gives the `ljmo`/`vjmo`/`tjmo` features), the Hangul
    /// tone marks (which it reorders), and combining marks of any script
    /// (Inherited; the Hangul shaper does not normalise them as the default shaper does).
    @inline(__always)
    static func needsHangulShaper(_ c: UInt32) -> Bool {
        if c < 0x300 { return false }
        if (c >= 0x1100 && c <= 0x11FF) || (c >= 0xA960 && c <= 0xA97F) || (c >= 0xD7B0 && c <= 0xD7FF)
            || c == 0x302E || c == 0x302F {
            return true
        }
        if c >= 0xAC00 && c <= 0xD7A3 { return false }  // syllables, the common case
        return UnicodeClasses.script(of: c) == UnicodeClasses.inherited
    }

    /// True when `face` lays out Hangul and Common text with the same GSUB and
    /// GPOS features and lookups, `ljmo`/`vjmo`/`tjmo` aside: the script and
    /// default language system HarfBuzz selects for each (from the tags
    /// `hb_ot_tags_from_script_and_language` gives, falling back to `DFLT`,
    /// `dflt` and `latn` as HarfBuzz does) hold the same lookups per feature tag.
    static func layoutMatchesDefault(_ face: OpaquePointer) -> Bool {
        let jamo: Set<hb_tag_t> = [tag("ljmo"), tag("vjmo"), tag("tjmo")]
        for table in [tag("GSUB"), tag("GPOS")] {
            guard let hangul = features(face, table: table, script: HB_SCRIPT_HANGUL),
                  let common = features(face, table: table, script: HB_SCRIPT_COMMON) else { return false }
            if hangul.filter({ !jamo.contains($0.key) }) != common.filter({ !jamo.contains($0.key) }) { return false }
        }
        return true
    }

    /// The OpenType tag spelled `name` (four ASCII letters).
    private static func tag(_ name: String) -> hb_tag_t {
        hb_tag_from_string(name, -1)
    }

    /// Feature tag → lookup indices of the default language system HarfBuzz
    /// selects in `table` for `script` (empty when the table has no usable
    /// script); nil when the face answers something unexpected.
    private static func features(_ face: OpaquePointer, table: hb_tag_t, script: hb_script_t) -> [hb_tag_t: [UInt32]]? {
        var scriptTags = [hb_tag_t](repeating: 0, count: 8)
        var scriptCount: UInt32 = 8, languageCount: UInt32 = 0
        hb_ot_tags_from_script_and_language(script, nil, &scriptCount, &scriptTags, &languageCount, nil)
        var scriptIndex: UInt32 = 0
        var chosen: hb_tag_t = 0
        // False also when it fell back to DFLT, dflt or latn; only the index says whether any script was found.
        _ = hb_ot_layout_table_select_script(face, table, scriptCount, scriptTags, &scriptIndex, &chosen)
        guard scriptIndex != 0xFFFF else { return [:] }  // HB_OT_LAYOUT_NO_SCRIPT_INDEX: no features either way
        let language: UInt32 = 0xFFFF  // HB_OT_LAYOUT_DEFAULT_LANGUAGE_INDEX: the language is left unset
        var result: [hb_tag_t: [UInt32]] = [:]
        var indexes: [UInt32] = []
        var required: UInt32 = 0
        if hb_ot_layout_language_get_required_feature_index(face, table, scriptIndex, language, &required) != 0 {
            indexes.append(required)
        }
        var featureCount = hb_ot_layout_language_get_feature_indexes(face, table, scriptIndex, language, 0, nil, nil)
        var featureIndexes = [UInt32](repeating: 0, count: Int(featureCount))
        _ = hb_ot_layout_language_get_feature_indexes(face, table, scriptIndex, language, 0, &featureCount, &featureIndexes)
        indexes += featureIndexes.prefix(Int(featureCount))
        for feature in indexes {
            var tagCount: UInt32 = 1
            var featureTag: hb_tag_t = 0
            _ = hb_ot_layout_table_get_feature_tags(face, table, feature, &tagCount, &featureTag)
            guard tagCount == 1 else { return nil }
            var lookupCount = hb_ot_layout_feature_get_lookups(face, table, feature, 0, nil, nil)
            var lookups = [UInt32](repeating: 0, count: Int(lookupCount))
            _ = hb_ot_layout_feature_get_lookups(face, table, feature, 0, &lookupCount, &lookups)
            result[featureTag, default: []] += lookups.prefix(Int(lookupCount))
        }
        return result
    }
}
