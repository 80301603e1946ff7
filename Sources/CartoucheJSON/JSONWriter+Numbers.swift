// Number spelling for JSONWriter: integers without going through String, and
// doubles in shortest round-trip form (see the JSONWriter type docs).

extension JSONWriter {
    /// Appends a finite double in shortest round-trip form (see the type docs).
    mutating func appendFiniteNumber(_ value: Double) {
        // 2^53: below it every integer is exact and prints without exponent.
        if value.magnitude < 9_007_199_254_740_992, value == value.rounded(.towardZero) {
            if value == 0 && value.sign == .minus {
                appendASCII("-0")
            } else {
                appendInteger(Int64(value))
            }
            return
        }
        // Swift's description is the shortest round-trip digit string; only
        // its spelling needs normalising ("1e+21" → "1e21", "1e-07" → "1e-7",
        // "9007199254740992.0" → "9007199254740992").
        var text = value.description
        text.withUTF8 { appendNormalisedDescription($0) }
    }

    /// Copies Swift's shortest round-trip spelling of a double, dropping a
    /// trailing ".0" from the mantissa, a "+" and leading zeros from the exponent.
    private mutating func appendNormalisedDescription(_ text: UnsafeBufferPointer<UInt8>) {
        var exponentMark = 0
        while exponentMark < text.count && text[exponentMark] != UInt8(ascii: "e") { exponentMark += 1 }
        var mantissaEnd = exponentMark
        if mantissaEnd >= 2 && text[mantissaEnd - 1] == UInt8(ascii: "0") && text[mantissaEnd - 2] == UInt8(ascii: ".") {
            mantissaEnd -= 2
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[0..<mantissaEnd]))
        guard exponentMark < text.count else { return }
        bytes.append(UInt8(ascii: "e"))
        var index = exponentMark + 1
        if index < text.count && text[index] == UInt8(ascii: "+") { index += 1 }
        if index < text.count && text[index] == UInt8(ascii: "-") {
            bytes.append(UInt8(ascii: "-"))
            index += 1
        }
        while index < text.count - 1 && text[index] == UInt8(ascii: "0") { index += 1 }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[index..<text.count]))
    }

    /// Appends a decimal integer without going through `String`.
    mutating func appendInteger(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // scratch for up to 24 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { scratch in
            repeat {
                scratch[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for position in stride(from: count - 1, through: 0, by: -1) {
                bytes.append(scratch[position])
            }
        }
    }
}
