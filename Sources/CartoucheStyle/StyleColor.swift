import CartoucheJSON

/// An sRGB color as the style spec understands it, parsed from any CSS color
/// string the spec accepts and written back in one normal form.
///
/// Parsing follows MapLibre's `parseCssColor` (the CSS Color 4 subset GL
/// renderers implement): named colors and `transparent`, `#rgb`, `#rgba`,
/// `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` with all-number or all-percentage
/// channels, `hsl()`/`hsla()`, comma or space syntax (`rgb(1 2 3 / 50%)`),
/// case-insensitive, surrounding whitespace ignored. Channels outside their
/// range are clamped, as in CSS.
///
/// The normal form is `rgba(r, g, b, a)` with integer channels 0–255 and the
/// alpha as the shortest decimal that round-trips, which is what the Mapbox
/// SDKs write; both Mapbox GL and MapLibre parse it back to the same color.
/// Two inputs that denote the same color (`red`, `#F00`, `rgb(100%,0%,0%)`)
/// therefore produce identical output bytes.
public struct StyleColor: Hashable, Sendable {
    /// Red, green, blue in 0...1, not premultiplied by alpha.
    public let red: Double, green: Double, blue: Double
    /// Opacity in 0...1.
    public let alpha: Double

    /// A color from components in 0...1; out-of-range or non-finite values are
    /// clamped (NaN becomes 0) so every `StyleColor` is writable.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Self.clampUnit(red)
        self.green = Self.clampUnit(green)
        self.blue = Self.clampUnit(blue)
        self.alpha = Self.clampUnit(alpha)
    }

    /// Parses a CSS color string.
    /// - Throws: ``StyleValueError/malformedColor(_:)`` naming the input.
    /// - Complexity: O(n) in the length of `css`.
    public init(parsing css: String) throws(StyleValueError) {
        guard let rgba = CSSColorParser.parse(css) else { throw .malformedColor(css) }
        self.init(red: rgba.0, green: rgba.1, blue: rgba.2, alpha: rgba.3)
    }

    /// The normal form, e.g. `rgba(255, 0, 0, 1)`.
    public var cssString: String {
        func channel(_ c: Double) -> Int { Int((c * 255).rounded()) }
        return "rgba(\(channel(red)), \(channel(green)), \(channel(blue)), \(formatJavaScriptNumber(alpha)))"
    }

    public static let black = StyleColor(red: 0, green: 0, blue: 0)
    public static let white = StyleColor(red: 1, green: 1, blue: 1)
    public static let transparent = StyleColor(red: 0, green: 0, blue: 0, alpha: 0)

    private static func clampUnit(_ x: Double) -> Double {
        x.isNaN ? 0 : min(max(x, 0), 1)
    }
}

extension StyleColor: CustomStringConvertible {
    public var description: String { cssString }
}

extension StyleColor: StyleValue {
    public init(styleJSON: JSONValue) throws(StyleValueError) {
        guard case .string(let s) = styleJSON else {
            throw .typeMismatch(expected: "a color string", found: styleJSON.typeName)
        }
        try self.init(parsing: s)
    }
    public var styleJSON: JSONValue { .string(cssString) }
}
