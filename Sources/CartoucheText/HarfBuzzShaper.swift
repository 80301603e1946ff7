import CHarfBuzz
import Synchronization

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
}

/// Shapes runs of text with HarfBuzz.
///
/// `hb_buffer_t` objects are recycled through a small lock-protected pool,
/// because creating one per call costs more than shaping a short label's run.
enum HarfBuzzShaper {
    private struct BufferHandle: @unchecked Sendable { let pointer: OpaquePointer }
    private static let pool = Mutex<[BufferHandle]>([])
    private static let poolLimit = 16

    private static func acquireBuffer() -> OpaquePointer? {
        if let handle = pool.withLock({ $0.popLast() }) { return handle.pointer }
        return hb_buffer_create()
    }

    private static func releaseBuffer(_ buffer: OpaquePointer) {
        hb_buffer_clear_contents(buffer)
        let kept = pool.withLock { buffers -> Bool in
            guard buffers.count < poolLimit else { return false }
            buffers.append(BufferHandle(pointer: buffer))
            return true
        }
        if !kept { hb_buffer_destroy(buffer) }
    }

    /// Shapes `text[range]` with `font`, passing the rest of `text` as context
    /// (so Arabic joining across a run boundary comes out right), and appends
    /// the glyphs in visual order (left to right) to `glyphs`.
    ///
    /// The buffer's language is left unset, so no `locl` feature depends on
    /// the process locale.
    /// - Complexity: HarfBuzz's, roughly linear in the run length.
    static func shape(
        _ text: UnsafeBufferPointer<UInt32>, range: Range<Int>, font: HarfBuzzFontHandle,
        rightToLeft: Bool, script: hb_script_t, into glyphs: inout [ShapedGlyph]
    ) {
        guard !range.isEmpty, let base = text.baseAddress, let buffer = acquireBuffer() else { return }
        defer { releaseBuffer(buffer) }
        hb_buffer_add_codepoints(buffer, base, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script)
        hb_shape(font.pointer, buffer, nil, 0)

        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, nil) else { return }
        let n = Int(count)
        glyphs.reserveCapacity(glyphs.count + n)
        for i in 0..<n {
            let info = infos[i]
            let position = positions[i]
            glyphs.append(ShapedGlyph(
                id: info.codepoint,
                cluster: Int32(bitPattern: info.cluster),
                xAdvance: position.x_advance,
                xOffset: position.x_offset,
                yOffset: position.y_offset,
                unsafeToBreak: (info.mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue) != 0))
        }
    }
}
