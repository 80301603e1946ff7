import CHarfBuzz
import CICUBreak

/// The Unicode facts itemization and line breaking need about a code point.
enum UnicodeClasses {
    /// ICU's USCRIPT_COMMON and USCRIPT_INHERITED: characters shared by all
    /// scripts, which take the script of their neighbours.
    static let common: Int32 = 0
    static let inherited: Int32 = 1
    static let latin: Int32 = 25

    /// ICU script code of a code point; ASCII is answered without calling ICU,
    /// the rest of the Basic Multilingual Plane from `basicPlaneScripts`.
    @inline(__always)
    static func script(of c: UInt32) -> Int32 {
        if c < 0x80 {
            let isLetter = (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A
            return isLetter ? latin : common
        }
        if c < 0x10000 {
            let code = basicPlaneScripts[Int(c)]
            if code != unknownInTable { return Int32(code) }
        }
        return cartouche_script_of(c)
    }

    /// Marks a code point whose script does not fit a byte (ICU is asked instead).
    private static let unknownInTable: UInt8 = 255

    /// ICU's script code of every code point of U+0000...U+FFFF, one byte each
    /// (64 KiB, filled from ICU once, in a few milliseconds, at first use):
    /// a table read is several times cheaper than `uscript_getScript`, which
    /// itemization calls for every non-ASCII character of every label.
    static let basicPlaneScripts: [UInt8] = (0..<0x10000).map { c in
        let code = cartouche_script_of(UInt32(c))
        return code >= 0 && code < Int32(unknownInTable) ? UInt8(code) : unknownInTable
    }

    /// ICU codes of Han, Hiragana, Katakana, Katakana-or-Hiragana and Bopomofo.
    static let han: Int32 = 17
    /// ICU codes of Hiragana, Katakana, Katakana-or-Hiragana and Bopomofo.
    static let hanCompanions: [Int32] = [20, 22, 54, 5]
    private static func isHanCompanion(_ script: Int32) -> Bool {
        script == 20 || script == 22 || script == 54 || script == 5
    }

    /// The script an item is split by: ICU's, except that kana and Bopomofo
    /// count as Han. Japanese and Chinese labels mix them within words, the
    /// CJK fonts have no script-specific shaping for them, and one run per
    /// label shapes faster and breaks lines the same.
    @inline(__always)
    static func itemizationScript(of c: UInt32) -> Int32 {
        let script = script(of: c)
        return isHanCompanion(script) ? han : script
    }

    /// `basicPlaneItemizationClasses`' mark for a code point that needs the
    /// full checks: a mandatory break, a code point a font need not cover, a
    /// Common character with Script_Extensions of its own, or a script code
    /// that does not fit below this value.
    static let needsCare: UInt8 = 255

    /// For every code point of U+0000...U+FFFF, its `itemizationScript` when
    /// it is neither a mandatory break nor ignorable for coverage, else
    /// `needsCare` (64 KiB, built once at first use from the same predicates
    /// and ICU's scripts). `SingleRunLayout.singleItem` reads one byte per
    /// scalar instead of running the break, ignorable and Han-companion tests.
    static let basicPlaneItemizationClasses: [UInt8] = (0..<0x10000).map { c in
        let c = UInt32(c)
        if isMandatoryBreak(c) || isIgnorableForCoverage(c) || hasOwnExtensions(c) { return needsCare }
        let script = itemizationScript(of: c)
        return script >= 0 && script < Int32(needsCare) ? UInt8(script) : needsCare
    }

    /// Scripts whose letters join cursively (or hang from a joined headline),
    /// where letter spacing would tear words apart. Mapbox GL disables spacing
    /// for Arabic only; the other joining scripts need it just as much.
    static let cursiveScriptNames: Set<String> = [
        "Arab", "Syrc", "Nkoo", "Mong", "Mand", "Adlm", "Rohg", "Deva", "Beng", "Guru",
    ]

    /// ICU codes of `cursiveScriptNames`, found once by asking ICU for the
    /// ISO 15924 name of every script code.
    private static let cursiveScripts: Set<Int32> = {
        var codes: Set<Int32> = []
        for code in Int32(0)..<Int32(256) {
            if let name = cartouche_script_short_name(code), cursiveScriptNames.contains(String(cString: name)) {
                codes.insert(code)
            }
        }
        return codes
    }()

    static func allowsLetterSpacing(script: Int32) -> Bool {
        !cursiveScripts.contains(script)
    }

    /// HarfBuzz script for an ICU script code, via its ISO 15924 name.
    static func hbScript(icu script: Int32) -> hb_script_t {
        guard let name = cartouche_script_short_name(script) else { return HB_SCRIPT_INVALID }
        return hb_script_from_string(name, -1)
    }

    /// True for code points whose bidi class can make any level non-zero in a
    /// left-to-right paragraph (R, AL, AN, explicit embeddings/isolates).
    /// Text without any is entirely level 0 and skips FriBidi.
    @inline(__always)
    static func mayNeedBidi(_ c: UInt32) -> Bool {
        if c < 0x0590 { return false }
        return (c >= 0x0590 && c <= 0x08FF) || (c >= 0x200E && c <= 0x200F) || (c >= 0x202A && c <= 0x202E)
            || (c >= 0x2066 && c <= 0x2069) || (c >= 0xFB1D && c <= 0xFDFF) || (c >= 0xFE70 && c <= 0xFEFF)
            || (c >= 0x10800 && c <= 0x10FFF) || (c >= 0x1E800 && c <= 0x1EFFF)
    }

    /// Whitespace as Mapbox GL's `charIsWhitespace` defines it (trimmed at line
    /// ends and not counted when measuring candidate breaks).
    @inline(__always)
    static func isWhitespace(_ c: UInt32) -> Bool {
        switch c {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            return true
        default:
            return c >= 0x2000 && c <= 0x200A
        }
    }

    /// Code points a font need not map: controls and default-ignorables
    /// (joiners, bidi controls, variation selectors, soft hyphen, BOM). HarfBuzz
    /// hides them; they are never counted as missing glyphs.
    @inline(__always)
    static func isIgnorableForCoverage(_ c: UInt32) -> Bool {
        if c < 0x20 || (c >= 0x7F && c <= 0x9F) { return true }
        switch c {
        case 0xAD, 0x34F, 0x61C, 0x180E, 0xFEFF: return true
        default:
            return (c >= 0x200B && c <= 0x200F) || (c >= 0x202A && c <= 0x202E) || (c >= 0x2060 && c <= 0x206F)
                || (c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xE0000 && c <= 0xE0FFF) || (c >= 0x1BCA0 && c <= 0x1BCA3)
        }
    }

    /// Mapbox GL's `charAllowsIdeographicBreaking`: CJK ideographs, kana,
    /// Yi, CJK symbols and compatibility forms, between which a line may break.
    static func allowsIdeographicBreaking(_ c: UInt32) -> Bool {
        if c < 0x2E80 { return false }
        return (c >= 0x2E80 && c <= 0x2FDF) || (c >= 0x2FF0 && c <= 0x303F) || (c >= 0x3040 && c <= 0x30FF)
            || (c >= 0x3100 && c <= 0x312F) || (c >= 0x31A0 && c <= 0x31FF) || (c >= 0x3200 && c <= 0x4DBF)
            || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) || (c >= 0xF900 && c <= 0xFAFF)
            || (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFFEF) || (c >= 0x20000 && c <= 0x3FFFF)
    }

    /// Code points that force a line break (UAX #14 classes BK, CR, LF, NL).
    @inline(__always)
    static func isMandatoryBreak(_ c: UInt32) -> Bool {
        c == 0x0A || c == 0x0B || c == 0x0C || c == 0x0D || c == 0x85 || c == 0x2028 || c == 0x2029
    }
}

/// HarfBuzz script of each ICU script code, computed once.
enum ScriptTable {
    private static let table: [hb_script_t] = (Int32(0)..<Int32(256)).map(UnicodeClasses.hbScript(icu:))

    static func hbScript(_ icu: Int32) -> hb_script_t {
        icu >= 0 && Int(icu) < table.count ? table[Int(icu)] : HB_SCRIPT_INVALID
    }
}
