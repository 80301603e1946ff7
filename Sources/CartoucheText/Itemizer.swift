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
    /// Embedding level of each scalar (all 0 when the text needs no bidi).
    var levels: [UInt8] = []
    var paragraphIsRTL = false
    /// Code points that no face of the stack or the fallbacks covers, in text order.
    var missing: [UInt32] = []

    /// - Complexity: O(n · f) for n scalars and f faces tried per scalar
    ///   (usually 1: the face of the previous scalar is tried first).
    init(scalars: [UInt32], stack: ResolvedFontStack) throws(TextError) {
        let n = scalars.count
        guard n > 0 else { return }
        levels = try Self.bidiLevels(scalars, paragraphIsRTL: &paragraphIsRTL)
        let rawScripts = scalars.map(UnicodeClasses.script(of:))
        let scripts = Self.resolvingCommon(rawScripts)
        let faces = stack.faces

        var currentFace = 0
        var itemStart = 0
        var itemFace = -1
        for i in 0..<n {
            let c = scalars[i]
            let face: Int
            let isShared = rawScripts[i] == UnicodeClasses.common || rawScripts[i] == UnicodeClasses.inherited
            if i > 0, UnicodeClasses.isIgnorableForCoverage(c) || (isShared && faces[currentFace].covers(c)) {
                // Spaces, digits, punctuation and combining marks stay in the
                // running face when it has them: fewer runs, marks stay with
                // their base, and digits match the letters around them.
                face = currentFace
            } else if let found = faces.firstIndex(where: { $0.covers(c) }) {
                face = found
            } else {
                if !UnicodeClasses.isIgnorableForCoverage(c) { missing.append(c) }
                face = i > 0 ? currentFace : 0
            }
            if i > 0, itemFace >= 0, face != itemFace || levels[i] != levels[itemStart] || scripts[i] != scripts[itemStart] {
                items.append(ShapingItem(start: itemStart, end: i, level: levels[itemStart],
                                         script: scripts[itemStart], face: itemFace))
                itemStart = i
            }
            itemFace = face
            currentFace = face
        }
        items.append(ShapingItem(start: itemStart, end: n, level: levels[itemStart],
                                 script: scripts[itemStart], face: itemFace))
    }

    /// UAX #9 levels through FriBidi, skipped for text with no right-to-left
    /// or explicit-embedding code point (all levels are then 0).
    private static func bidiLevels(_ scalars: [UInt32], paragraphIsRTL: inout Bool) throws(TextError) -> [UInt8] {
        let n = scalars.count
        guard scalars.contains(where: UnicodeClasses.mayNeedBidi) else {
            return [UInt8](repeating: 0, count: n)
        }
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

    /// ICU scripts per scalar with Common and Inherited characters given the
    /// script before them (or after them, at the start of the text).
    private static func resolvingCommon(_ raw: [Int32]) -> [Int32] {
        var scripts = raw
        var last: Int32 = -1
        var firstReal = -1
        for i in scripts.indices {
            let s = scripts[i]
            if s == UnicodeClasses.common || s == UnicodeClasses.inherited || s < 0 {
                if last >= 0 { scripts[i] = last }
            } else {
                last = s
                if firstReal < 0 { firstReal = i }
            }
        }
        if firstReal > 0 {
            for i in 0..<firstReal { scripts[i] = scripts[firstReal] }
        } else if firstReal < 0 {
            for i in scripts.indices { scripts[i] = UnicodeClasses.common }
        }
        return scripts
    }
}
