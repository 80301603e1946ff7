// Fuzz target `text`: shaping and layout of label text (HarfBuzz, FriBidi,
// ICU line breaking) with the bundled fonts.
//
// Input: eight bytes pick the style (anchor, justify and transform, font
// stack, size, max width, letter spacing, line height, offsets) from small
// tables that include invalid and extreme values; the rest is the label text as UTF-8 (invalid sequences become
// U+FFFD, as they would in a decoded scene). An invalid style must be refused
// with `TextError.invalidValue`, text over the limit with `.textTooLong`;
// anything else must lay out to finite geometry whose indices stay inside the
// text, identically with and without the shaping cache, and `bounds(of:)` must
// agree with the layout.
import CartoucheGeometry
import CartoucheStyle
import CartoucheText

/// Built once per process: loading the fonts is far slower than one input.
/// A small cache keeps the fuzzer's memory bounded while still exercising hits.
let fuzzEngine: TextLayoutEngine? = {
    guard let registry = try? FontRegistry() else { return nil }
    return TextLayoutEngine(registry: registry, cache: ShapingCache(capacity: 256))
}()

let fuzzFontStacks: [[String]] = [
    ["Noto Sans Regular"], ["Noto Sans Bold"], ["Open Sans Regular", "Arial Unicode MS Regular"],
    ["Noto Sans Arabic Regular", "Noto Sans Regular"], ["Noto Sans Hebrew Bold"],
    ["Noto Sans Devanagari Regular"], ["Droid Sans Fallback Regular"], ["No Such Font"], [],
]
let fuzzSizes: [Double] = [16, 12, 0.5, 1, 48, 10_000, 1e-300, 0, -3, .nan, .infinity, 10_001]
let fuzzMaxWidths: [Double] = [10, 1, 0.01, 3, 1e9, 1e-300, 1e300, 0, -1, .nan]
let fuzzLetterSpacings: [Double] = [0, 0.1, -0.5, 2, -100, 1e300, -1e300, .infinity]
let fuzzLineHeights: [Double] = [1.2, 0, 1, 5, 1e300, -1, .nan]
let fuzzOffsets: [Double] = [0, 1.5, -2, 1e300, -1e300, .nan]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let engine = fuzzEngine else {
        fuzzCheck(false, "the bundled fonts do not load (run from the repository)")
        return 0
    }
    let input = fuzzInputBytes(start, count)
    guard input.count >= 8 else { return 0 }
    func pick<T>(_ table: [T], _ byte: UInt8) -> T { table[Int(byte) % table.count] }
    let style = TextStyle(
        font: pick(fuzzFontStacks, input[2]),
        size: pick(fuzzSizes, input[3]),
        maxWidth: pick(fuzzMaxWidths, input[4]),
        lineHeight: pick(fuzzLineHeights, input[6]),
        letterSpacing: pick(fuzzLetterSpacings, input[5]),
        justify: pick(TextJustify.allCases, input[1] & 0x0F),
        anchor: pick(BoxAnchor.allCases, input[0]),
        transform: pick(TextTransform.allCases, input[1] >> 4),
        offsetX: pick(fuzzOffsets, input[7]),
        offsetY: pick(fuzzOffsets, input[7] / 6),
        radialOffset: pick(fuzzOffsets, input[7] / 36))
    let text = String(decoding: input[8...], as: UTF8.self)

    let prepared: PreparedTextStyle
    do {
        prepared = try engine.prepare(style)
    } catch {
        switch error {
        case .invalidValue, .unknownFontStack, .emptyFontStack:
            let valid = (try? style.validate()) != nil
            let known = style.font.contains { engine.registry.face(named: $0) != nil }
            fuzzCheck(!(valid && known), "a valid style with a known font was refused: \(error)")
        default:
            fuzzCheck(false, "unexpected error preparing \(style): \(error)")
        }
        return 0
    }

    let shaped: ShapedText
    do {
        shaped = try engine.layout(text, style: prepared, includeGlyphs: true)
    } catch {
        let tooLong = text.unicodeScalars.count > TextLayoutEngine.maximumScalarCount
            || style.transform.apply(to: text).unicodeScalars.count > TextLayoutEngine.maximumScalarCount
        guard case .textTooLong = error, tooLong else {
            fuzzCheck(false, "layout failed: \(error) for \(fuzzPreview(Array(input[8...])))")
            return 0
        }
        return 0
    }
    checkGeometry(of: shaped)

    let uncached = try? engine.layoutUncached(text, style: prepared, includeGlyphs: true)
    fuzzCheck(uncached == shaped, "cached and uncached layouts differ")
    let again = try? engine.layout(text, style: prepared, includeGlyphs: true)
    fuzzCheck(again == shaped, "a repeated layout differs")
    let bounds = try? engine.bounds(of: text, style: prepared)
    fuzzCheck(bounds == shaped.bounds, "bounds(of:) \(String(describing: bounds)) != layout bounds \(shaped.bounds)")
    return 0
}

/// Every number finite, every index inside the text or the face list.
func checkGeometry(of shaped: ShapedText) {
    let scalarCount = shaped.text.unicodeScalars.count
    let box = shaped.bounds
    fuzzCheck([box.minX, box.minY, box.maxX, box.maxY].allSatisfy(\.isFinite), "non-finite bounds \(box)")
    fuzzCheck(box.minX <= box.maxX && box.minY <= box.maxY, "inverted bounds \(box)")
    var previousEnd = 0
    for line in shaped.lines {
        let lineBox = line.bounds
        fuzzCheck([lineBox.minX, lineBox.minY, lineBox.maxX, lineBox.maxY, line.baseline].allSatisfy(\.isFinite),
                  "non-finite line \(line.bounds) baseline \(line.baseline)")
        fuzzCheck(line.scalarRange.lowerBound >= previousEnd && line.scalarRange.upperBound <= scalarCount,
                  "line range \(line.scalarRange) outside 0..<\(scalarCount) or before \(previousEnd)")
        previousEnd = line.scalarRange.upperBound
        for glyph in line.glyphs {
            fuzzCheck(glyph.x.isFinite && glyph.y.isFinite && glyph.advance.isFinite, "non-finite glyph \(glyph)")
            fuzzCheck(shaped.faces.indices.contains(glyph.faceIndex), "glyph face \(glyph.faceIndex) of \(shaped.faces.count)")
            fuzzCheck((0..<max(scalarCount, 1)).contains(glyph.cluster), "glyph cluster \(glyph.cluster) of \(scalarCount)")
        }
    }
}
