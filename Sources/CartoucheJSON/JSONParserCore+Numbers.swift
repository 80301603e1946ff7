// Number scanning for JSONParserCore: the RFC 8259 grammar (no leading zeros,
// digits required around "." and after "e") and correctly rounded conversion.

extension JSONParserCore {
    /// Exact powers of ten: every one up to 10^22 is representable, which is
    /// what makes the single-rounding fast path below correct.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Validates the RFC 8259 number grammar and converts with correct rounding.
    mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = position
        var negative = false
        if input[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var fractionDigits = 0

        guard position < input.count else { throw error(.invalidNumber("expected a digit after '-'")) }
        switch input[position] {
        case UInt8(ascii: "0"):
            position += 1
            if position < input.count, isDigit(input[position]) {
                throw error(.invalidNumber("leading zeros are not allowed"), at: start)
            }
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            while position < input.count, isDigit(input[position]) {
                accumulate(input[position], into: &mantissa, significantDigits: &significantDigits)
                position += 1
            }
        default:
            throw error(.invalidNumber("expected a digit after '-'"))
        }
        if position < input.count, input[position] == UInt8(ascii: ".") {
            position += 1
            guard position < input.count, isDigit(input[position]) else {
                throw error(.invalidNumber("expected a digit after the decimal point"))
            }
            while position < input.count, isDigit(input[position]) {
                accumulate(input[position], into: &mantissa, significantDigits: &significantDigits)
                fractionDigits += 1
                position += 1
            }
        }
        var exponent = 0
        if position < input.count, input[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            var exponentNegative = false
            if position < input.count, input[position] == UInt8(ascii: "+") || input[position] == UInt8(ascii: "-") {
                exponentNegative = input[position] == UInt8(ascii: "-")
                position += 1
            }
            guard position < input.count, isDigit(input[position]) else {
                throw error(.invalidNumber("expected a digit in the exponent"))
            }
            while position < input.count, isDigit(input[position]) {
                // Clamp: anything this large is ±inf or 0 anyway; avoids Int overflow.
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(input[position] - UInt8(ascii: "0")) }
                position += 1
            }
            if exponentNegative { exponent = -exponent }
        }

        // Clinger's fast path: a mantissa up to 2^53 and a power of ten up to
        // 10^22 are both exact doubles, so one multiply or divide rounds once.
        let decimalExponent = exponent - fractionDigits
        if significantDigits <= 19 && mantissa <= 1 << 53 {
            var magnitude: Double?
            if mantissa == 0 {
                magnitude = 0
            } else if decimalExponent >= 0 && decimalExponent <= 22 {
                magnitude = Double(mantissa) * Self.exactPowersOfTen[decimalExponent]
            } else if decimalExponent < 0 && decimalExponent >= -22 {
                magnitude = Double(mantissa) / Self.exactPowersOfTen[-decimalExponent]
            }
            if let magnitude, magnitude.isFinite {
                return negative ? -magnitude : magnitude
            }
        }
        // General case: the C library's correctly rounded conversion.
        let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<position]), as: UTF8.self)
        guard let value = Double(text) else {
            throw error(.invalidNumber("cannot convert \(text)"), at: start)
        }
        guard value.isFinite else { throw error(.numberOutOfRange, at: start) }
        return value
    }

    @inline(__always)
    func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// Adds a digit to the fast-path mantissa; leading zeros are not
    /// significant, and past 19 significant digits (the most a UInt64 holds
    /// without overflow) only the count matters.
    @inline(__always)
    private func accumulate(_ digit: UInt8, into mantissa: inout UInt64, significantDigits: inout Int) {
        if mantissa == 0 && digit == UInt8(ascii: "0") { return }
        significantDigits += 1
        if significantDigits <= 19 {
            mantissa = mantissa * 10 + UInt64(digit - UInt8(ascii: "0"))
        }
    }
}
