/// The growing bytes of an SVG document, with the few primitives every
/// element needs: raw ASCII, numbers in a fixed format and escaped text.
///
/// Everything is appended to one contiguous `[UInt8]`, so writing n
/// primitives is O(n) with no intermediate strings in the hot path.
struct SVGBuffer {
    private(set) var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends markup known to need no escaping (tag names, fixed attributes).
    @inline(__always)
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @inline(__always)
    mutating func byte(_ b: UInt8) {
        bytes.append(b)
    }

    /// The largest magnitude written; beyond it values are clamped. A picture
    /// cannot show anything this far off-screen, and clamping keeps the
    /// integer conversion below from overflowing.
    static let numberLimit = 1e15

    /// Appends `value` rounded to at most two decimals, without trailing
    /// zeros, exponent or negative zero: `3`, `-0.5`, `12.25`.
    ///
    /// Non-finite values never reach here (the drawing is validated first);
    /// should one slip through it is written as `0` rather than `nan`.
    mutating func number(_ value: Double) {
        guard value.isFinite else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        let clamped = min(max(value, -Self.numberLimit), Self.numberLimit)
        // Work in hundredths, rounding value × 100 half away from zero. Values
        // whose decimal form ends in exactly 5 at the third place (2.675) are
        // not exact in binary, so they go whichever way the product lands;
        // that is deterministic and within the 0.005 the format promises.
        let hundredths = Int64((clamped * 100).rounded(.toNearestOrAwayFromZero))
        if hundredths == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        // Digits are produced last to first into a small stack buffer, then
        // appended at once: no heap allocation, one append per number.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            let zero = UInt8(ascii: "0")
            var i = buffer.count
            var rest = hundredths.magnitude
            let fraction = rest % 100
            rest /= 100
            if fraction != 0 {
                if fraction % 10 != 0 {
                    i -= 1; buffer[i] = zero + UInt8(fraction % 10)
                }
                i -= 1; buffer[i] = zero + UInt8(fraction / 10)
                i -= 1; buffer[i] = UInt8(ascii: ".")
            }
            repeat {
                i -= 1; buffer[i] = zero + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            if hundredths < 0 {
                i -= 1; buffer[i] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[i...]))
        }
    }

    /// Appends `x y` for a point.
    @inline(__always)
    mutating func pair(_ x: Double, _ y: Double) {
        number(x)
        bytes.append(UInt8(ascii: " "))
        number(y)
    }

    /// Appends `text` escaped for XML character data or a double-quoted
    /// attribute value (every attribute is written with double quotes, so
    /// apostrophes need no escape), dropping characters XML 1.0 forbids.
    ///
    /// XML 1.0 allows only tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD and
    /// U+10000–U+10FFFF; anything else (C0 controls, U+FFFE, U+FFFF) would make
    /// the document ill-formed, so it is removed. Swift strings cannot hold
    /// lone surrogates: they were already replaced by U+FFFD when decoded.
    /// Tab, LF and CR are written as character references so parsers keep
    /// them (attribute normalisation would otherwise turn them into spaces).
    mutating func escaped(_ text: String) {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x26: raw("&amp;")
            case 0x3C: raw("&lt;")
            case 0x3E: raw("&gt;")
            case 0x22: raw("&quot;")
            case 0x09: raw("&#9;")
            case 0x0A: raw("&#10;")
            case 0x0D: raw("&#13;")
            case 0x00...0x1F, 0xFFFE, 0xFFFF: continue
            default: appendUTF8(scalar.value)
            }
        }
    }

    @inline(__always)
    private mutating func appendUTF8(_ v: UInt32) {
        switch v {
        case 0..<0x80:
            bytes.append(UInt8(v))
        case 0x80..<0x800:
            bytes.append(UInt8(0xC0 | v >> 6))
            bytes.append(UInt8(0x80 | v & 0x3F))
        case 0x800..<0x10000:
            bytes.append(UInt8(0xE0 | v >> 12))
            bytes.append(UInt8(0x80 | v >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | v & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | v >> 18))
            bytes.append(UInt8(0x80 | v >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | v >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | v & 0x3F))
        }
    }
}
