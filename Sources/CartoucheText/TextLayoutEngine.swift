import CHarfBuzz
import CartoucheGeometry

/// Lays out labels: shaping with HarfBuzz, bidi with FriBidi, line breaking
/// with ICU and Mapbox GL's balancing, and the style spec's box rules.
///
/// ## Pipeline
/// 0. `text-transform`; text that is one item on one line (most labels) is
///    laid out by `SingleRunLayout` in one pass, with the same result as:
/// 1. The text the text is split into items (bidi level ×
///    script × face, see `Itemization`) and every item is shaped once, in
///    logical order, with the whole text as context.
/// 2. Lines are chosen from those advances (`LineBreaker`), as Mapbox GL
///    breaks the logical text before bidi reordering.
/// 3. Each line reuses the glyphs of its items; a line edge that HarfBuzz
///    marks unsafe-to-break is reshaped. The line's runs are put in visual
///    order by UAX #9 rule L2, then positioned with letter spacing.
///
/// ## Box model
/// As in Mapbox GL: the box is as wide as the widest line (letter spacing after
/// the last glyph not counted) and `lines × text-line-height × text-size` high;
/// `text-anchor` aligns it on the anchor point and the offset moves it. Mapbox
/// places SDF glyphs of a 24-px em at a fixed baseline; here the baseline comes
/// from the real fonts: each line's ascender/descender extent (the largest of
/// the faces on that line) is centred in the line height, as CSS half-leading
/// does, so glyphs sit inside the box whatever the script.
///
/// ## Use
/// ```swift
/// let engine = TextLayoutEngine(registry: try FontRegistry())
/// let label = try engine.prepare(TextStyle(font: ["Open Sans Bold"], size: 14, anchor: .top))
/// let box = try engine.bounds(of: "Zürich HB", style: label)          // placement
/// let shaped = try engine.layout("Zürich HB", style: label, includeGlyphs: true)  // rendering
/// ```
/// `prepare` validates a style and resolves its font stack once; the
/// `TextStyle` overloads do the same per call (with the stack memoized).
///
/// Thread-safe: the registry is immutable, the cache is locked and each
/// thread shapes with its own HarfBuzz buffer.
public final class TextLayoutEngine: Sendable {
    /// The most Unicode scalars one label may have (before and after
    /// `text-transform`). Map labels are short; the limit bounds the line
    /// breaker's quadratic search.
    public static let maximumScalarCount = 5000

    public let registry: FontRegistry
    /// Shaped results by request; `nil` disables caching.
    public let cache: ShapingCache?

    public init(registry: FontRegistry, cache: ShapingCache? = ShapingCache()) {
        self.registry = registry
        self.cache = cache
    }

    /// Lays out `text` with `style`, from the cache when the same request was seen.
    /// - Parameters:
    ///   - text: the text, as given (transforms such as uppercase come from `style`).
    ///   - style: font stack, size, wrap width, spacing, justification, anchor.
    ///   - includeGlyphs: fill `ShapedLine.glyphs` (boxes alone are cheaper to keep).
    /// - Throws: `TextError` for an invalid style, an unknown font stack or text over the limit.
    public func layout(_ text: String, style: TextStyle, includeGlyphs: Bool = false) throws(TextError) -> ShapedText {
        guard let cache else { return try layoutUncached(text, style: style, includeGlyphs: includeGlyphs) }
        let key = cache.key(text: text, style: style, includeGlyphs: includeGlyphs)
        if let hit = cache.value(for: key) { return hit }
        let result = try layoutUncached(text, style: style, includeGlyphs: includeGlyphs)
        cache.insert(result, for: key)
        return result
    }

    /// Lays out `text` with a prepared style (validated and resolved once), from the cache when possible.
    /// - Throws: `TextError.textTooLong`.
    public func layout(_ text: String, style: PreparedTextStyle, includeGlyphs: Bool = false) throws(TextError) -> ShapedText {
        guard let cache else { return try layoutUncached(text, style: style, includeGlyphs: includeGlyphs) }
        let hash = ShapingCache.Key.hash(text: text, box: style.box, includeGlyphs: includeGlyphs)
        if let hit = cache.value(text: text, box: style.box, includeGlyphs: includeGlyphs, hash: hash) { return hit }
        // The insert below reads the bucket the lookup skipped or read, long
        // evicted by shaping: start loading it while the box is assembled.
        let result = try layoutUncached(text, style: style, includeGlyphs: includeGlyphs) {
            cache.prefetchBucket(hash: hash)
        }
        cache.insert(result, text: text, box: style.box, includeGlyphs: includeGlyphs, hash: hash)
        return result
    }

    /// The text box of `text` (`ShapedText.bounds`), from the cache when the
    /// same request was seen: what label placement needs, several times
    /// cheaper than copying a whole cached `ShapedText` out.
    /// - Throws: as `layout(_:style:includeGlyphs:)`.
    public func bounds(of text: String, style: TextStyle) throws(TextError) -> ScreenRect {
        guard let cache else { return try layoutUncached(text, style: style).bounds }
        let key = cache.key(text: text, style: style, includeGlyphs: false)
        if let hit = cache.bounds(for: key) { return hit }
        let result = try layoutUncached(text, style: style)
        cache.insert(result, for: key)
        return result.bounds
    }

    /// The text box of `text` with a prepared style; the fastest cached query.
    /// - Throws: `TextError.textTooLong`.
    public func bounds(of text: String, style: PreparedTextStyle) throws(TextError) -> ScreenRect {
        guard let cache else { return try layoutUncached(text, style: style).bounds }
        let hash = ShapingCache.Key.hash(text: text, box: style.box, includeGlyphs: false)
        if let hit = cache.bounds(text: text, box: style.box, includeGlyphs: false, hash: hash) { return hit }
        let result = try layoutUncached(text, style: style)
        cache.insert(result, text: text, box: style.box, includeGlyphs: false, hash: hash)
        return result.bounds
    }

    /// Validates `style` and resolves its font stack once, for many labels.
    /// - Throws: `TextError.invalidValue` or the stack's resolution errors.
    public func prepare(_ style: TextStyle) throws(TextError) -> PreparedTextStyle {
        try style.validate()
        return PreparedTextStyle(style: style, stack: try registry.resolve(style.font))
    }

    /// Lays out `text` without consulting or filling the cache.
    public func layoutUncached(_ text: String, style: TextStyle, includeGlyphs: Bool = false) throws(TextError) -> ShapedText {
        try layoutUncached(text, style: try prepare(style), includeGlyphs: includeGlyphs)
    }

    /// Lays out `text` with a prepared style without consulting or filling the cache.
    public func layoutUncached(_ text: String, style prepared: PreparedTextStyle, includeGlyphs: Bool = false) throws(TextError) -> ShapedText {
        try layoutUncached(text, style: prepared, includeGlyphs: includeGlyphs, shaped: {})
    }

    /// `layoutUncached` calling `shaped` once the text is shaped, before
    /// the box is assembled (the cache's miss path prefetches there).
    func layoutUncached(_ text: String, style prepared: PreparedTextStyle, includeGlyphs: Bool,
                        shaped: () -> Void) throws(TextError) -> ShapedText {
        let style = prepared.style
        let stack = prepared.stack
        let limit = Self.maximumScalarCount
        // Every scalar takes at least one UTF-8 byte, so short texts need no count.
        if text.utf8.count > limit {
            let sourceCount = text.unicodeScalars.count
            guard sourceCount <= limit else { throw .textTooLong(scalarCount: sourceCount, limit: limit) }
        }
        let transformed = style.transform.apply(to: text)
        // Most labels are one item on one line: the fast path lays them out
        // identically without the general pipeline's arrays (see `SingleRunLayout`).
        var preshaped: (item: ShapingItem, glyphs: [ShapedGlyph])?
        if transformed.utf8.count <= limit {
            switch layOutSingleRun(transformed, style: style, stack: stack, includeGlyphs: includeGlyphs, shaped: shaped) {
            case .laidOut(let single)?: return single
            case let .needsBreaking(item, glyphs)?: preshaped = (item, glyphs)
            case nil: break
            }
        }
        return try layOutItemized(transformed, style: style, stack: stack, includeGlyphs: includeGlyphs,
                                  preshaped: preshaped, shaped: shaped)
    }

    /// The general pipeline (itemization, bidi, shaping per item, line
    /// breaking) for `transformed`, the text after `text-transform`.
    /// - Parameter preshaped: the text's only item and its glyphs when
    ///   `SingleRunLayout` already shaped it (itemization and shaping are skipped).
    /// - Throws: `TextError.textTooLong` or `.bidiFailed`.
    func layOutItemized(_ transformed: String, style: TextStyle, stack: ResolvedFontStack, includeGlyphs: Bool,
                        preshaped: (item: ShapingItem, glyphs: [ShapedGlyph])? = nil,
                        shaped: () -> Void = {}) throws(TextError) -> ShapedText {
        let limit = Self.maximumScalarCount
        var scalars: [UInt32] = []
        scalars.reserveCapacity(transformed.utf8.count)  // an upper bound; `map` would count scalars first
        for scalar in transformed.unicodeScalars { scalars.append(scalar.value) }
        guard scalars.count <= limit else { throw .textTooLong(scalarCount: scalars.count, limit: limit) }
        var shaping = ShapingState(scalars: scalars, stack: stack, style: style)
        var missing: [UInt32] = []
        if let preshaped {
            // `SingleRunLayout` accepts no text with a missing code point.
            shaping.adoptSingleRun(preshaped.item, glyphs: preshaped.glyphs)
        } else {
            let itemization = try Itemization(scalars: scalars, stack: stack)
            shaping.shapeItems(itemization.items)
            missing = itemization.missing
        }
        let maxWidth = style.maxWidth * style.size
        var lines: [LaidOutLine]
        if shaping.needsLineBreaking(maxWidth: maxWidth) {
            let breaks = try LineBreaker.breaks(scalars, advances: shaping.scalarAdvances(), maxWidth: maxWidth)
            var lineStart = 0
            lines = []
            lines.reserveCapacity(breaks.count + 1)
            for lineEnd in breaks {
                lines.append(shaping.layOutLine(lineStart..<lineEnd, includeGlyphs: includeGlyphs))
                lineStart = lineEnd
            }
            lines.append(shaping.layOutLine(lineStart..<scalars.count, includeGlyphs: includeGlyphs))
        } else {
            lines = [shaping.layOutLine(0..<scalars.count, includeGlyphs: includeGlyphs)]
        }
        shaped()
        return assemble(transformed, lines: lines, missing: missing, stack: stack, style: style)
    }

    /// The `ShapedText` of `lines`: the box aligned on the anchor, each line
    /// justified in it with its baseline. Generic so the one-line fast path
    /// passes a `CollectionOfOne` instead of allocating an array.
    func assemble<Lines: RandomAccessCollection<LaidOutLine>>(
        _ text: String, lines: Lines, missing missingValues: [UInt32], stack: ResolvedFontStack, style: TextStyle
    ) -> ShapedText {
        let missing = missingValues.compactMap(Unicode.Scalar.init)
        func faceAscent(_ face: Int) -> Double { Double(stack.faces[face].ascender) * style.size * stack.inverseUnitsPerEm[face] }
        func faceDescent(_ face: Int) -> Double { -Double(stack.faces[face].descender) * style.size * stack.inverseUnitsPerEm[face] }
        guard lines.contains(where: { !$0.range.isEmpty }) else {
            return ShapedText(text: text, bounds: ScreenRect(minX: 0, minY: 0, maxX: 0, maxY: 0), lines: [],
                              faces: [], missingCodePoints: missing, unknownFontNames: stack.unknownNames)
        }
        var used = FaceSet()
        for line in lines { used.formUnion(line.faces) }
        let hasGlyphs = lines.contains { !$0.glyphs.isEmpty }
        let single = used.single
        // Stack face indices in stack order; one-face results share the stack's name array.
        let faceOrder = single != nil && !hasGlyphs ? [] : used.sorted
        let faceNames = single.map { stack.singleFaceNames[$0] } ?? faceOrder.map { stack.faces[$0].name }

        let lineHeight = style.lineHeight * style.size
        var width = 0.0
        for line in lines { width = max(width, line.width) }
        let height = Double(lines.count) * lineHeight
        let offset = style.offsetInPixels
        let left = -style.anchor.horizontalAlign * width + offset.x
        let top = -style.anchor.verticalAlign * height + offset.y
        let justify = style.justify.factor(for: style.anchor)

        func shapedLine(_ i: Int, _ line: LaidOutLine) -> ShapedLine {
            let lineTop = top + Double(i) * lineHeight
            let lineLeft = left + (width - line.width) * justify
            var ascent = 0.0, descent = 0.0
            if line.faces.isEmpty {
                ascent = faceAscent(0)
                descent = faceDescent(0)
            } else {
                line.faces.forEach { face in
                    ascent = max(ascent, faceAscent(face))
                    descent = max(descent, faceDescent(face))
                }
            }
            let baseline = lineTop + (lineHeight - (ascent + descent)) / 2 + ascent
            var glyphs: [PositionedGlyph] = []
            if !line.glyphs.isEmpty {
                glyphs.reserveCapacity(line.glyphs.count)
                for g in line.glyphs {
                    glyphs.append(PositionedGlyph(
                        glyphID: g.glyphID, faceIndex: faceOrder.firstIndex(of: g.faceIndex) ?? 0, cluster: g.cluster,
                        x: lineLeft + g.x, y: baseline + g.y, advance: g.advance))
                }
            }
            return ShapedLine(
                bounds: ScreenRect(minX: lineLeft, minY: lineTop, maxX: lineLeft + line.width, maxY: lineTop + lineHeight),
                baseline: baseline, scalarRange: line.range, glyphs: glyphs)
        }
        let bounds = ScreenRect(minX: left, minY: top, maxX: left + width, maxY: top + height)
        if lines.count == 1, let only = lines.first {
            // Most labels: the line is stored in the result's box, no line array.
            return ShapedText(text: text, bounds: bounds, line: shapedLine(0, only), faces: faceNames,
                              missingCodePoints: missing, unknownFontNames: stack.unknownNames)
        }
        var shapedLines: [ShapedLine] = []
        shapedLines.reserveCapacity(lines.count)
        for (i, line) in lines.enumerated() { shapedLines.append(shapedLine(i, line)) }
        return ShapedText(text: text, bounds: bounds, lines: shapedLines, faces: faceNames,
                          missingCodePoints: missing, unknownFontNames: stack.unknownNames)
    }
}

/// A line after visual ordering, before the box is aligned.
struct LaidOutLine {
    var range: Range<Int>
    var width: Double
    /// Stack face indices used on the line.
    var faces: FaceSet
    /// Glyphs relative to the line's left edge and baseline; `faceIndex` is a stack face index.
    var glyphs: [PositionedGlyph]
}

/// A `TextStyle` validated and with its font stack resolved, ready to lay out
/// many labels: `TextLayoutEngine.prepare(_:)` makes one. Cache lookups with a
/// prepared style skip validation, stack resolution and style hashing.
public struct PreparedTextStyle: Sendable {
    public var style: TextStyle { box.style }
    /// The resolved stack, e.g. to report `unknownNames`.
    public let stack: ResolvedFontStack
    let box: ShapingCache.StyleBox

    init(style: TextStyle, stack: ResolvedFontStack) {
        self.box = ShapingCache.StyleBox(style)
        self.stack = stack
    }
}
