import CartoucheJSON
import CartoucheStyle

extension StyleColor {
    /// The same string as `styleJSON` (`rgba(r, g, b, a)`), spelled without
    /// string interpolation for the common opaque and fully transparent
    /// colors; other alphas use `styleJSON` itself.
    ///
    /// Compiling a million colored annotations spends a fifth of its time in
    /// `cssString`'s interpolation and JavaScript number formatting; channels
    /// are 0–255 integers and an alpha of exactly 0 or 1 is one digit, so
    /// those need no general formatter. Tests compare both spellings.
    var fastStyleJSON: JSONValue {
        withFastSpelling { .string(String(decoding: $0, as: UTF8.self)) } ?? styleJSON
    }

    /// Writes `styleJSON` to `writer`; opaque and fully transparent colors
    /// go straight from the channels to the output, with no `String`.
    func writeStyleJSON(to writer: inout JSONWriter) throws(JSONWriteError) {
        let written: Void? = withFastSpelling { writer.writeString(utf8: $0) }
        if written == nil { try writer.write(styleJSON) }
    }

    /// Appends `styleJSON` to a raw buffer, as ``writeStyleJSON(to:)-(JSONWriter)`` writes it.
    func writeStyleJSON(to buffer: inout JSONRawBuffer) throws(JSONWriteError) {
        // The fast spelling is digits, letters, commas and spaces: nothing to escape.
        let written: Void? = withFastSpelling { buffer.appendPlainString(utf8: $0) }
        if written == nil { try buffer.append(styleJSON) }
    }

    /// Calls `body` with `rgba(r, g, b, a)` as UTF-8 when alpha is exactly 0
    /// or 1; nil otherwise.
    ///
    /// Each channel is one table lookup and one 8-byte store of its digits
    /// and the `", "` after them (``channelSpellings``): byte by byte, the
    /// 1–3 digits of random channels were a mispredicted branch or two per
    /// colour.
    private func withFastSpelling<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        guard alpha == 1 || alpha == 0 else { return nil }
        // "rgba(255, 255, 255, 1)" is at most 22 bytes; the last channel's
        // 8-byte store ends at byte 23 at most.
        var scratch: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &scratch) { raw in
            let rgba: UInt64 = 0x28_6162_6772  // "rgba("
            raw.storeBytes(of: rgba.littleEndian, as: UInt64.self)
            var count = 5
            func appendChannel(_ c: Double) {
                // As cssString: (c * 255).rounded(), half away from zero; c
                // is clamped to 0...1. Not `rounded()` itself: that is a
                // libm call on baseline x86-64, three per colour. The
                // fraction `scaled − whole` is exact below 2^52.
                let scaled = c * 255
                let whole = Int(scaled)
                let spelling = channelSpellings[whole + (scaled - Double(whole) >= 0.5 ? 1 : 0)]
                raw.storeBytes(of: spelling.littleEndian, toByteOffset: count, as: UInt64.self)
                count += Int(spelling >> 56)
            }
            appendChannel(red)
            appendChannel(green)
            appendChannel(blue)
            let closing: UInt16 = alpha == 1 ? 0x2931 : 0x2930  // "1)" or "0)"
            raw.storeBytes(of: closing.littleEndian, toByteOffset: count, as: UInt16.self)
            count += 2
            return body(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[0..<count]))
        }
    }
}

/// `"0, "` … `"255, "`: a colour channel's digits and the separator after
/// them, the first character in the low byte and the length (3–5) in the top byte.
private let channelSpellings: [UInt64] = (0...255).map { value in
    let text = Array("\(value), ".utf8)
    var word = UInt64(text.count) << 56
    for (index, byte) in text.enumerated() { word |= UInt64(byte) << UInt64(8 * index) }
    return word
}
