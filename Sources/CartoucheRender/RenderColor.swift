/// An opaque sRGB colour. Transparency is a separate opacity on each
/// primitive, because SVG 1.1 has no alpha in colour values.
public struct RenderColor: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A colour from a 24-bit value such as `0x3478F6`.
    public init(rgb: UInt32) {
        self.init(
            red: UInt8(truncatingIfNeeded: rgb >> 16),
            green: UInt8(truncatingIfNeeded: rgb >> 8),
            blue: UInt8(truncatingIfNeeded: rgb))
    }

    /// Parses `#rrggbb` or `#rgb` (the `#` is optional, case-insensitive).
    public init(hex: String) throws(RenderError) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        if digits.count == 3 { digits = Substring(digits.flatMap { [$0, $0] }) }
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
            throw RenderError.invalidColor(hex)
        }
        self.init(rgb: value)
    }

    /// `#rrggbb` in lowercase, as written into SVG.
    public var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = [UInt8(ascii: "#")]
        for component in [red, green, blue] {
            bytes.append(digits[Int(component >> 4)])
            bytes.append(digits[Int(component & 0xF)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    public static let white = RenderColor(rgb: 0xFFFFFF)
    public static let black = RenderColor(rgb: 0x000000)
}
