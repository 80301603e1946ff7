import CICUBreak

/// Resolves Common and Inherited characters to a script run (UAX #24), as
/// shaping itemisers do, from ICU's Script, Script_Extensions and
/// Bidi_Paired_Bracket properties:
/// - an Inherited character (a combining mark) takes the script of the
///   character before it, so a mark never leaves its base;
/// - a closing bracket takes the script of its opening bracket (the stack of
///   open brackets as ICU's `UScriptRun` keeps it), so "Tel Aviv (תל אביב)"
///   closes its parenthesis in the Latin run it opened in;
/// - a Common character with its own Script_Extensions (the Arabic comma,
///   the Devanagari danda, the ideographic comma, the kana prolonged sound
///   mark, …) stays in the run around it when that run's script is one of
///   them; else it takes the next letter's script if that one is, else its
///   first extension;
/// - other Common characters (spaces, ASCII digits and punctuation) stay in
///   the run before them.
/// Characters before the first letter that none of these rules resolves
/// stay unresolved (-1); `Itemization` gives them the first letter's script.
struct ScriptResolver {
    /// Open brackets awaiting their pair: the closing code point and the
    /// script the opening one resolved to. Bounded, as ICU bounds its stack.
    private var openBrackets: [(close: UInt32, script: Int32)] = []
    private static let bracketDepth = 64

    /// The script of the shared (Common, Inherited or unknown) character at
    /// `index`, whose ICU script is `raw`, after a run whose script is
    /// `running` (-1 before the first letter).
    mutating func sharedScript(at index: Int, raw: Int32, running: Int32, in scalars: [UInt32]) -> Int32 {
        let c = scalars[index]
        guard raw == UnicodeClasses.common else { return running }
        var pair: UInt32 = 0
        switch cartouche_paired_bracket(c, &pair) {
        case 1:
            let script = Self.extensionScript(at: index, running: running, in: scalars)
            if openBrackets.count == Self.bracketDepth { openBrackets.removeFirst() }
            openBrackets.append((pair, script))
            return script
        case 2:
            if let k = openBrackets.lastIndex(where: { $0.close == c }) {
                let opened = openBrackets[k].script
                openBrackets.removeSubrange(k...)
                return opened >= 0 ? opened : running
            }
        default:
            break
        }
        return Self.extensionScript(at: index, running: running, in: scalars)
    }

    /// A Common character's script by its Script_Extensions (see the type).
    private static func extensionScript(at index: Int, running: Int32, in scalars: [UInt32]) -> Int32 {
        let c = scalars[index]
        guard UnicodeClasses.hasOwnExtensions(c) else { return running }
        if running >= 0 && UnicodeClasses.extensionsContain(c, running) { return running }
        for next in scalars[(index + 1)...] {
            let script = UnicodeClasses.itemizationScript(of: next)
            guard script > UnicodeClasses.inherited else { continue }
            if UnicodeClasses.extensionsContain(c, script) { return script }
            break
        }
        return running >= 0 ? UnicodeClasses.firstExtension(of: c) : running
    }
}

extension UnicodeClasses {
    /// One bit per code point of U+0000...U+FFFF: a Common character whose
    /// Script_Extensions name real scripts (built from ICU once, at first use).
    private static let basicPlaneOwnExtensions: [UInt64] = {
        var bits = [UInt64](repeating: 0, count: 1024)
        for c in UInt32(0)..<0x10000 where computeOwnExtensions(c) { bits[Int(c >> 6)] |= 1 << UInt64(c & 63) }
        return bits
    }()

    private static func computeOwnExtensions(_ c: UInt32) -> Bool {
        guard script(of: c) == common else { return false }
        var first: Int32 = 0
        let count = cartouche_script_extensions(c, &first, 1)
        return count > 1 || (count == 1 && first > inherited)
    }

    /// True for a Common character with Script_Extensions of its own (see `ScriptResolver`).
    static func hasOwnExtensions(_ c: UInt32) -> Bool {
        c < 0x10000 ? basicPlaneOwnExtensions[Int(c >> 6)] & (1 << UInt64(c & 63)) != 0 : computeOwnExtensions(c)
    }

    /// True when `script` (an itemization script: Han stands for kana and
    /// Bopomofo too) is one of `c`'s Script_Extensions.
    static func extensionsContain(_ c: UInt32, _ script: Int32) -> Bool {
        if cartouche_script_extensions_contain(c, script) != 0 { return true }
        return script == han && hanCompanions.contains { cartouche_script_extensions_contain(c, $0) != 0 }
    }

    /// The first of `c`'s Script_Extensions, as an itemization script.
    static func firstExtension(of c: UInt32) -> Int32 {
        var first: Int32 = 0
        guard cartouche_script_extensions(c, &first, 1) >= 1 else { return common }
        return hanCompanions.contains(first) ? han : first
    }
}

extension UnicodeClasses {
    /// ISO 15924 code of an ICU script code ("Latn", "Hang"), or nil.
    static func scriptName(_ script: Int32) -> String? {
        cartouche_script_short_name(script).map { String(cString: $0) }
    }
}
