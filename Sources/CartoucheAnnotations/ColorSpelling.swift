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
    private func withFastSpelling<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        guard alpha == 1 || alpha == 0 else { return nil }
        // "rgba(255, 255, 255, 1)" is at most 22 bytes.
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return withUnsafeMutableBytes(of: &scratch) { raw in
            let buffer = raw.bindMemory(to: UInt8.self)
            var count = 0
            func append(_ byte: UInt8) {
                buffer[count] = byte
                count += 1
            }
            func appendChannel(_ c: Double) {
                // As cssString: (c * 255).rounded(); c is clamped to 0...1.
                let value = Int((c * 255).rounded())
                if value >= 100 { append(UInt8(ascii: "0") + UInt8(value / 100)) }
                if value >= 10 { append(UInt8(ascii: "0") + UInt8(value / 10 % 10)) }
                append(UInt8(ascii: "0") + UInt8(value % 10))
            }
            for byte in "rgba(".utf8 { append(byte) }
            appendChannel(red)
            append(UInt8(ascii: ","))
            append(UInt8(ascii: " "))
            appendChannel(green)
            append(UInt8(ascii: ","))
            append(UInt8(ascii: " "))
            appendChannel(blue)
            append(UInt8(ascii: ","))
            append(UInt8(ascii: " "))
            append(alpha == 1 ? UInt8(ascii: "1") : UInt8(ascii: "0"))
            append(UInt8(ascii: ")"))
            return body(UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
    }
}
