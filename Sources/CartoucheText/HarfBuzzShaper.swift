import CHarfBuzz
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One shaped glyph in font units of its face, as HarfBuzz returns it.
struct ShapedGlyph: Hashable {
    var id: UInt32
    /// Scalar index (into the whole text) of the cluster's first character.
    var cluster: Int32
    var xAdvance: Int32
    var xOffset: Int32
    var yOffset: Int32
    /// HarfBuzz says reshaping is needed if the text is broken before this glyph.
    var unsafeToBreak: Bool

    /// The glyph HarfBuzz describes by `info` and `position`.
    @inline(__always)
    init(_ info: hb_glyph_info_t, _ position: hb_glyph_position_t) {
        id = info.codepoint
        cluster = Int32(bitPattern: info.cluster)
        xAdvance = position.x_advance
        xOffset = position.x_offset
        yOffset = position.y_offset
        unsafeToBreak = (info.mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue) != 0
    }
}

/// Shapes runs of text with HarfBuzz.
///
/// Each thread keeps one `hb_buffer_t` (in thread-specific storage, destroyed
/// with the thread), because creating a buffer per call, or taking one from a
/// locked pool, costs a noticeable share of shaping a short label's run.
enum HarfBuzzShaper {
    /// The thread-specific slot, or nil if the system refused one (then every
    /// call creates and destroys its own buffer).
    private static let bufferKey: pthread_key_t? = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { buffer in
            if let buffer { hb_buffer_destroy(OpaquePointer(buffer)) }
        }
        return status == 0 ? key : nil
    }()

    /// The calling thread's buffer, and whether it is owned by the thread.
    private static func acquireBuffer() -> (buffer: OpaquePointer, threadOwned: Bool)? {
        if let key = bufferKey {
            if let existing = pthread_getspecific(key) { return (OpaquePointer(existing), true) }
            guard let buffer = hb_buffer_create() else { return nil }
            if pthread_setspecific(key, UnsafeRawPointer(buffer)) == 0 { return (buffer, true) }
            return (buffer, false)
        }
        return hb_buffer_create().map { ($0, false) }
    }

    /// Shapes `text[range]` with `font`, passing the rest of `text` as context
    /// (so Arabic joining across a run boundary comes out right), and appends
    /// the glyphs in visual order (left to right) to `glyphs`.
    ///
    /// The buffer's language is left unset, so no `locl` feature depends on
    /// the process locale. Hangul runs may be shaped as Common (`HangulShaping`).
    /// - Complexity: HarfBuzz's, roughly linear in the run length.
    static func shape(
        _ text: UnsafeBufferPointer<UInt32>, range: Range<Int>, font: HarfBuzzFontHandle,
        rightToLeft: Bool, script: hb_script_t, into glyphs: inout [ShapedGlyph]
    ) {
        withShaped(text, range: range, font: font, rightToLeft: rightToLeft, script: script) { infos, positions in
            // No reserveCapacity here: exact reservations on every call would
            // defeat the array's geometric growth when many runs append.
            for i in infos.indices {
                glyphs.append(ShapedGlyph(infos[i], positions[i]))
            }
        }
    }

    /// Shapes `text[range]` as `shape(_:range:font:rightToLeft:script:into:)`
    /// does and lends HarfBuzz's glyph infos and positions (visual order, same
    /// count) to `body`, without copying them: for callers that only sum
    /// advances. The buffers are valid only inside `body`.
    /// - Returns: `body`'s result, or nil for an empty range or when no buffer could be made.
    static func withShaped<Result>(
        _ text: UnsafeBufferPointer<UInt32>, range: Range<Int>, font: HarfBuzzFontHandle,
        rightToLeft: Bool, script: hb_script_t,
        _ body: (UnsafeBufferPointer<hb_glyph_info_t>, UnsafeBufferPointer<hb_glyph_position_t>) -> Result
    ) -> Result? {
        guard !range.isEmpty, let base = text.baseAddress, let (buffer, threadOwned) = acquireBuffer() else { return nil }
        defer {
            if threadOwned { hb_buffer_clear_contents(buffer) } else { hb_buffer_destroy(buffer) }
        }
        hb_buffer_add_codepoints(buffer, base, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, HangulShaping.shapingScript(script, text, range: range, font: font))
        hb_shape(font.pointer, buffer, nil, 0)

        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, nil) else { return nil }
        return body(UnsafeBufferPointer(start: infos, count: Int(count)),
                    UnsafeBufferPointer(start: positions, count: Int(count)))
    }
}
