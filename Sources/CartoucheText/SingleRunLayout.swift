import CFriBidi
import CHarfBuzz

/// The fast path for the common label: text that is one shaping item on one line.
///
/// Most map labels are a single word or name in one script, covered by one
/// face, left to right, and narrower than `text-max-width`. For them the
/// general pipeline (`Itemization`, `ShapingState`, `LineBreaker`) builds
/// arrays of levels, items, runs and copied glyphs that all hold one element
/// or one run. This path decodes the text into stack memory, checks in one
/// pass that it is a single item exactly as `Itemization` would split it,
/// shapes it once and reads the advances straight from HarfBuzz's buffer.
///
/// It accepts a text only when all of these hold, and otherwise returns nil
/// so that the caller runs the general pipeline:
/// - one bidi level for the whole text: 0 without any code point that may
///   need bidi (`UnicodeClasses.mayNeedBidi`), else FriBidi's levels all equal
///   (a right-to-left name such as Hebrew or Arabic without digits or Latin);
/// - no mandatory break, and no whitespace at either end (nothing to trim);
/// - one face and one script by `Itemization`'s rules, and no missing code point;
/// - HarfBuzz returns at least one glyph.
///
/// A single item wider than `maxWidth` (by `ShapingState.needsLineBreaking`'s
/// measure) comes back as `.needsBreaking` with its glyphs, so the general
/// pipeline breaks it into lines without shaping it again.
///
/// For such texts the result equals the general pipeline's bit for bit (same
/// HarfBuzz call, same floating-point sums in the same order); the test suite
/// checks this on a seeded corpus of mixed scripts and styles.
enum SingleRunLayout {
    /// What the fast path made of a text.
    enum Outcome {
        /// The finished one-line layout.
        case laidOut(ShapedText)
        /// One item, shaped, but too wide for one line: `glyphs` are its
        /// glyphs as `HarfBuzzShaper.shape` appends them, for `ShapingState`.
        case needsBreaking(item: ShapingItem, glyphs: [ShapedGlyph])
    }

    /// `line`'s result: the line, or the glyphs of a run too wide for one.
    enum LineOutcome {
        case line(LaidOutLine)
        case tooWide([ShapedGlyph])
    }

    /// Decodes UTF-8 `bytes` into `scalars` (which has room for one scalar per
    /// byte) and returns the scalar count; nil if a sequence is cut short by
    /// the end of the bytes (never for a Swift string's own storage, which is
    /// valid UTF-8; checked anyway so bad memory cannot read out of bounds).
    /// One tight loop over contiguous bytes, without `String.unicodeScalars`'
    /// per-scalar index bookkeeping.
    /// - Complexity: O(n) in the byte count.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, into scalars: UnsafeMutableBufferPointer<UInt32>) -> Int? {
        guard scalars.count >= bytes.count else { return nil }
        var i = 0, n = 0
        let end = bytes.count
        while i < end {
            let lead = UInt32(bytes[i])
            if lead < 0x80 {
                scalars[n] = lead
                i += 1
            } else if lead < 0xE0 {
                guard i + 1 < end else { return nil }
                scalars[n] = (lead & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
                i += 2
            } else if lead < 0xF0 {
                guard i + 2 < end else { return nil }
                scalars[n] = (lead & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
                i += 3
            } else {
                guard i + 3 < end else { return nil }
                scalars[n] = (lead & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12
                    | UInt32(bytes[i + 2] & 0x3F) << 6 | UInt32(bytes[i + 3] & 0x3F)
                i += 4
            }
            n += 1
        }
        return n
    }

    /// The embedding level every scalar of `scalars` gets by UAX #9 (as
    /// `Itemization` resolves it), or nil when the levels differ or FriBidi fails.
    /// - Complexity: O(n); FriBidi runs only when some code point may need it.
    static func uniformBidiLevel(_ scalars: UnsafeBufferPointer<UInt32>) -> UInt8? {
        guard scalars.contains(where: UnicodeClasses.mayNeedBidi) else { return 0 }
        if isPlainRightToLeft(scalars) { return 1 }
        let n = scalars.count
        guard let text = scalars.baseAddress, let length = Int32(exactly: n) else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2 * n) { scratch -> UInt8? in
            withUnsafeTemporaryAllocation(of: Int8.self, capacity: n) { levels -> UInt8? in
                guard let types = scratch.baseAddress, let levelBase = levels.baseAddress else { return nil }
                var rtl: Int32 = 0
                let result = cartouche_fribidi_levels(text, length, types, types + n, levelBase, &rtl)
                guard result > 0 else { return nil }
                let first = levelBase[0]
                for i in 1..<n where levelBase[i] != first { return nil }
                return UInt8(bitPattern: first)
            }
        }
    }

    /// True for text whose bidi classes (FriBidi's own table) are only R, AL,
    /// NSM and WS, with at least one R or AL — a Hebrew or Arabic name without
    /// digits or Latin. UAX #9 gives every character of it level 1: the
    /// paragraph is right to left (P2, first strong R/AL), a mark takes the
    /// class before it (W1), and spaces between right-to-left letters resolve
    /// right to left (N1). A per-character table lookup instead of FriBidi's
    /// full algorithm and its scratch arrays.
    static func isPlainRightToLeft(_ scalars: UnsafeBufferPointer<UInt32>) -> Bool {
        var sawStrong = false
        for c in scalars {
            let type = fribidi_get_bidi_type(c)
            if type == FRIBIDI_TYPE_RTL || type == FRIBIDI_TYPE_AL {
                sawStrong = true
            } else if type != FRIBIDI_TYPE_NSM && type != FRIBIDI_TYPE_WS {
                return false
            }
        }
        return sawStrong
    }

    /// The one face and script of `scalars`, or nil when `Itemization` would
    /// make more than one item of them, or when the text has a code point this
    /// path does not handle (see the type's documentation).
    ///
    /// The face is fixed by the first scalar (any other face means a second
    /// item), so it is looked up once and its coverage read directly. Each
    /// later scalar of the Basic Multilingual Plane costs one read of
    /// `UnicodeClasses.basicPlaneItemizationClasses`, which answers the
    /// mandatory-break, ignorable and script questions together; the few code
    /// points that table marks `needsCare` get the full per-scalar checks.
    /// - Complexity: O(n · f) for n scalars and f faces tried per scalar, as `Itemization`.
    static func singleItem(_ scalars: UnsafeBufferPointer<UInt32>, fonts: [HarfBuzzFontHandle]) -> (face: Int, script: Int32)? {
        guard let first = scalars.first, let last = scalars.last,
              !UnicodeClasses.isWhitespace(first), !UnicodeClasses.isWhitespace(last),
              !UnicodeClasses.isMandatoryBreak(first) else { return nil }
        // The first scalar: the first face covering it, as `Itemization` picks.
        let face: Int
        if let found = fonts.firstIndex(where: { $0.covers(first) }) {
            face = found
        } else if UnicodeClasses.isIgnorableForCoverage(first), !fonts.isEmpty {
            face = 0
        } else {
            return nil  // missing: the general path records it
        }
        let font = fonts[face]
        let firstScript = UnicodeClasses.itemizationScript(of: first)
        let firstShared = firstScript == UnicodeClasses.common || firstScript == UnicodeClasses.inherited || firstScript < 0
        var script: Int32 = firstShared ? -1 : firstScript
        let classes = UnicodeClasses.basicPlaneItemizationClasses
        return classes.withUnsafeBufferPointer { table -> (face: Int, script: Int32)? in
            for c in scalars.dropFirst() {
                let raw: Int32
                let shared: Bool
                let fits: Bool  // in the face and the current script, so in the same item
                let entry = c < 0x10000 ? table[Int(c)] : UnicodeClasses.needsCare
                if entry != UnicodeClasses.needsCare {
                    // Not a break, not ignorable, a script code: common and inherited are 0 and 1.
                    raw = Int32(entry)
                    shared = raw <= UnicodeClasses.inherited
                    fits = (shared || raw == script) && font.covers(c)
                } else {
                    if UnicodeClasses.isMandatoryBreak(c) { return nil }
                    raw = UnicodeClasses.itemizationScript(of: c)
                    shared = raw == UnicodeClasses.common || raw == UnicodeClasses.inherited || raw < 0
                    // A Common character whose Script_Extensions exclude the run's script
                    // starts another run (`ScriptResolver`); before the first letter it cannot.
                    if raw == UnicodeClasses.common, script >= 0, UnicodeClasses.hasOwnExtensions(c),
                       !UnicodeClasses.extensionsContain(c, script) {
                        return nil
                    }
                    // `Itemization`'s test, operands swapped so the usual case skips the ignorable check.
                    fits = ((shared || raw == script) && font.covers(c)) || UnicodeClasses.isIgnorableForCoverage(c)
                }
                if !fits {
                    // `Itemization` would look the face up again; another face means a second item.
                    guard let found = fonts.firstIndex(where: { $0.covers(c) }), found == face else { return nil }
                }
                if !shared {
                    if script >= 0 && raw != script { return nil }  // a second script: a second item
                    script = raw
                }
            }
            return (face, script >= 0 ? script : UnicodeClasses.common)
        }
    }

    /// Shapes `scalars` as one item and lays it out as one line from x = 0, as
    /// `ShapingState.layOutLine` does (HarfBuzz returns right-to-left glyphs
    /// in visual order, so one loop serves both directions); `.tooWide` with
    /// the glyphs when the text is wider than `maxWidth` by
    /// `ShapingState.needsLineBreaking`'s measure; nil when HarfBuzz returned no glyph.
    static func line(
        _ scalars: UnsafeBufferPointer<UInt32>, face: Int, script: Int32, rightToLeft: Bool, stack: ResolvedFontStack,
        style: TextStyle, includeGlyphs: Bool
    ) -> LineOutcome? {
        let scale = style.size * stack.inverseUnitsPerEm[face]
        let spacing = style.letterSpacing * style.size
        let spaced = spacing != 0 && UnicodeClasses.allowsLetterSpacing(script: script)
        let maxWidth = style.maxWidth * style.size
        let shaped = HarfBuzzShaper.withShaped(
            scalars, range: 0..<scalars.count, font: stack.fonts[face], rightToLeft: rightToLeft,
            script: ScriptTable.hbScript(script)
        ) { infos, positions -> LineOutcome? in
            guard !infos.isEmpty else { return nil }
            if !includeGlyphs && !spaced {
                // What most box requests need: without letter spacing the two
                // sums below are the same additions in the same order, so one
                // sum over the advances gives both (bit for bit), and there
                // are no glyphs to position.
                var width = 0.0
                for i in positions.indices { width += Double(positions[i].x_advance) * scale }
                guard width <= maxWidth else { return .tooWide(shapedGlyphs(infos, positions)) }
                return .line(LaidOutLine(range: 0..<scalars.count, width: width, faces: FaceSet(only: face), glyphs: []))
            }
            var positioned: [PositionedGlyph] = []
            if includeGlyphs { positioned.reserveCapacity(infos.count) }
            // Two sums, because the general path measures the break test and
            // the line width in different orders and floating-point addition
            // is not associative: `measured` as `needsLineBreaking` (spacing
            // after a cluster's first glyph), `pen` as `layOutLine` (after its last).
            var measured = 0.0
            var pen = 0.0
            var trailingSpacing = 0.0
            var previousCluster = UInt32.max
            for i in infos.indices {
                let cluster = infos[i].cluster
                let advance = Double(positions[i].x_advance) * scale
                measured += advance
                if spaced && cluster != previousCluster { measured += spacing }
                previousCluster = cluster
                if includeGlyphs {
                    positioned.append(PositionedGlyph(
                        glyphID: infos[i].codepoint, faceIndex: face, cluster: Int(Int32(bitPattern: cluster)),
                        x: pen + Double(positions[i].x_offset) * scale, y: -Double(positions[i].y_offset) * scale,
                        advance: advance))
                }
                pen += advance
                trailingSpacing = 0
                if spaced && (i + 1 == infos.count || infos[i + 1].cluster != cluster) {
                    pen += spacing
                    trailingSpacing = spacing
                }
            }
            guard measured <= maxWidth else { return .tooWide(shapedGlyphs(infos, positions)) }
            return .line(LaidOutLine(range: 0..<scalars.count, width: pen - trailingSpacing, faces: FaceSet(only: face),
                                     glyphs: positioned))
        }
        return shaped ?? nil
    }

    /// HarfBuzz's glyphs copied as `HarfBuzzShaper.shape` appends them, for the line breaker.
    private static func shapedGlyphs(_ infos: UnsafeBufferPointer<hb_glyph_info_t>,
                                     _ positions: UnsafeBufferPointer<hb_glyph_position_t>) -> [ShapedGlyph] {
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(infos.count)
        for i in infos.indices {
            glyphs.append(ShapedGlyph(infos[i], positions[i]))
        }
        return glyphs
    }
}

extension TextLayoutEngine {
    /// `text` (already transformed, at most `maximumScalarCount` UTF-8 bytes)
    /// through `SingleRunLayout`, or nil when it needs the general pipeline from the start.
    /// - Parameter shaped: called once the text is shaped, before the box is assembled.
    func layOutSingleRun(_ text: String, style: TextStyle, stack: ResolvedFontStack,
                         includeGlyphs: Bool, shaped: () -> Void = {}) -> SingleRunLayout.Outcome? {
        let capacity = text.utf8.count
        guard capacity > 0 else { return nil }
        let outcome = withUnsafeTemporaryAllocation(
            of: UInt32.self, capacity: capacity
        ) { buffer -> (ShapingItem, SingleRunLayout.LineOutcome)? in
            let decoded = text.utf8.withContiguousStorageIfAvailable { SingleRunLayout.decode($0, into: buffer) }
            var count = 0
            if let decoded = decoded ?? nil {
                count = decoded
            } else {
                for scalar in text.unicodeScalars {
                    buffer[count] = scalar.value
                    count += 1
                }
            }
            let scalars = UnsafeBufferPointer(rebasing: buffer[0..<count])
            guard let (face, script) = SingleRunLayout.singleItem(scalars, fonts: stack.fonts),
                  let level = SingleRunLayout.uniformBidiLevel(scalars) else { return nil }
            let item = ShapingItem(start: 0, end: count, level: level, script: script, face: face)
            guard let line = SingleRunLayout.line(scalars, face: face, script: script, rightToLeft: item.isRTL,
                                                  stack: stack, style: style, includeGlyphs: includeGlyphs)
            else { return nil }
            return (item, line)
        }
        // Consumed: the line's glyph array moves into the result instead of
        // being retained for it and released with `outcome`.
        switch consume outcome {
        case nil:
            return nil
        case let (_, .line(line))?:
            shaped()
            return .laidOut(assemble(text, lines: CollectionOfOne(line), missing: [], stack: stack, style: style))
        case let (item, .tooWide(glyphs))?:
            return .needsBreaking(item: item, glyphs: glyphs)
        }
    }
}
