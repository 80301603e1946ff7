import CFriBidi

/// A maximal run of text that HarfBuzz shapes in one call: one bidi level, one
/// script and one face. Ranges are Unicode-scalar indices into the text.
struct ShapingItem: Hashable {
    var start: Int
    var end: Int
    /// UAX #9 embedding level; odd levels run right to left.
    var level: UInt8
    /// ICU script code (`UScriptCode`), with Common/Inherited resolved from neighbours.
    var script: Int32
    /// Index of the face in the resolved stack's `faces`.
    var face: Int

    var isRTL: Bool { level & 1 == 1 }
}

/// Splits text into shaping items: bidi levels from FriBidi, scripts from ICU,
/// and a face per code point by fallback along the resolved font stack.
struct Itemization {
    var items: [ShapingItem] = []
    var paragraphIsRTL = false
    /// Code points that no face of the stack or the fallbacks covers, in text order.
    var missing: [UInt32] = []

    /// One pass over the text: the face of each scalar is the running face
    /// for shared characters and letters of the run's script it covers, else
    /// the first face of the stack that covers it; Common and Inherited
    /// characters take a script by UAX #24 (`ScriptResolver`: the run around
    /// them, a closing bracket its opening one's, Script_Extensions; leading
    /// ones the first real script); a new item starts wherever face, level or
    /// script changes.
    /// - Complexity: O(n · f) for n scalars and f faces tried per scalar
    ///   (usually 1: the face of the previous scalar is tried first).
    init(scalars: [UInt32], stack: ResolvedFontStack) throws(TextError) {
        let n = scalars.count
        guard n > 0 else { return }
        let levels = try Self.bidiLevels(scalars, paragraphIsRTL: &paragraphIsRTL)
        let fonts = stack.fonts
        var current = ShapingItem(start: 0, end: 0, level: 0, script: -1, face: 0)
        var scriptResolved = false
        var resolver = ScriptResolver()
        for i in 0..<n {
            let c = scalars[i]
            let raw = UnicodeClasses.itemizationScript(of: c)
            let shared = raw == UnicodeClasses.common || raw == UnicodeClasses.inherited || raw < 0
            let level = levels.isEmpty ? 0 : levels[i]
            let ignorable = UnicodeClasses.isIgnorableForCoverage(c)
            let face: Int
            if i > 0, ignorable || ((shared || raw == current.script) && fonts[current.face].covers(c)) {
                // Spaces, digits, punctuation and combining marks stay in the
                // running face when it has them (fewer runs, marks stay with
                // their base, digits match the letters around them), and so do
                // further letters of the run's script: the run's face was the
                // first of the stack to cover that script's first letter.
                face = current.face
            } else if let found = fonts.firstIndex(where: { $0.covers(c) }) {
                face = found
            } else {
                if !ignorable { missing.append(c) }
                face = i > 0 ? current.face : 0
            }
            let script = shared ? resolver.sharedScript(at: i, raw: raw, running: current.script, in: scalars) : raw
            if i == 0 {
                current = ShapingItem(start: 0, end: 0, level: level, script: script, face: face)
            } else if face != current.face || level != current.level || (script != current.script && current.script >= 0) {
                current.end = i
                items.append(current)
                current = ShapingItem(start: i, end: i, level: level, script: script, face: face)
            }
            if !scriptResolved && script >= 0 {
                // The first real script also names the shared characters before it.
                scriptResolved = true
                current.script = script
                for k in items.indices where items[k].script < 0 { items[k].script = script }
            }
        }
        current.end = n
        items.append(current)
        if !scriptResolved {
            for k in items.indices { items[k].script = UnicodeClasses.common }
        }
    }

    /// UAX #9 levels through FriBidi; empty (meaning all 0) for text with no
    /// right-to-left or explicit-embedding code point, which skips FriBidi.
    private static func bidiLevels(_ scalars: [UInt32], paragraphIsRTL: inout Bool) throws(TextError) -> [UInt8] {
        let n = scalars.count
        guard scalars.contains(where: UnicodeClasses.mayNeedBidi) else { return [] }
        var types = [UInt32](repeating: 0, count: n)
        var brackets = [UInt32](repeating: 0, count: n)
        var levels = [Int8](repeating: 0, count: n)
        var rtl: Int32 = 0
        let result = cartouche_fribidi_levels(scalars, Int32(n), &types, &brackets, &levels, &rtl)
        guard result > 0 else {
            throw .bidiFailed(text: String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init))))
        }
        paragraphIsRTL = rtl != 0
        return levels.map { UInt8(bitPattern: $0) }
    }
}
