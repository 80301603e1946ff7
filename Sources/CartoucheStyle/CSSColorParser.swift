/// The grammar behind ``StyleColor/init(parsing:)``.
///
/// Written as a small scanner rather than regular expressions so every rule is
/// visible: which separators may mix, where `%` is required, how values clamp.
enum CSSColorParser {
    typealias RGBA = (Double, Double, Double, Double)

    static func parse(_ input: String) -> RGBA? {
        let text = String(input.lowercased().trimmingASCIIWhitespace())
        if text == "transparent" { return (0, 0, 0, 0) }
        if let named = cssNamedColors[text] {
            return (Double(named.0) / 255, Double(named.1) / 255, Double(named.2) / 255, 1)
        }
        if text.hasPrefix("#") { return parseHex(text.dropFirst()) }
        if let body = functionBody(text, names: ["rgba", "rgb"]) { return parseRGB(body) }
        if let body = functionBody(text, names: ["hsla", "hsl"]) { return parseHSL(body) }
        return nil
    }

    /// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`: one digit per channel is doubled.
    private static func parseHex(_ digits: Substring) -> RGBA? {
        let values = digits.map { $0.hexDigitValue }
        guard values.allSatisfy({ $0 != nil }) else { return nil }
        let nibbles = values.compactMap { $0 }
        let channels: [Int]
        switch nibbles.count {
        case 3, 4: channels = nibbles.map { $0 * 17 }
        case 6, 8: channels = stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] * 16 + nibbles[$0 + 1] }
        default: return nil
        }
        let alpha = channels.count == 4 ? Double(channels[3]) / 255 : 1
        return (Double(channels[0]) / 255, Double(channels[1]) / 255, Double(channels[2]) / 255, alpha)
    }

    /// `rgb(r, g, b[, a])` or `rgb(r g b[ / a])`: channels all numbers (0–255)
    /// or all percentages; alpha a number (0–1) or a percentage.
    private static func parseRGB(_ body: Substring) -> RGBA? {
        guard let args = Arguments(body), args.hasValidSeparators else { return nil }
        let percentCount = args.values.prefix(3).filter(\.isPercent).count
        let scale: Double
        switch percentCount {
        case 0: scale = 255
        case 3: scale = 100
        default: return nil  // CSS forbids mixing numbers and percentages.
        }
        let c = args.values.prefix(3).map { clamp($0.number / scale) }
        return (c[0], c[1], c[2], args.alpha)
    }

    /// `hsl(h[deg], s%, l%[, a])` or the space form; saturation and lightness
    /// must be percentages, the hue is in degrees and wraps.
    private static func parseHSL(_ body: Substring) -> RGBA? {
        guard let args = Arguments(body, allowDegreesOnFirst: true), args.hasValidSeparators,
            !args.values[0].isPercent, args.values[1].isPercent, args.values[2].isPercent,
            args.values[0].number.isFinite
        else { return nil }
        let hue = args.values[0].number.truncatingRemainder(dividingBy: 360)
        let h = hue < 0 ? hue + 360 : hue
        let s = min(max(args.values[1].number, 0), 100) / 100
        let l = min(max(args.values[2].number, 0), 100) / 100
        // The CSS Color 4 reference conversion.
        func channel(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = s * min(l, 1 - l)
            return l - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return (channel(0), channel(8), channel(4), args.alpha)
    }

    private static func functionBody(_ text: String, names: [String]) -> Substring? {
        for name in names where text.hasPrefix(name + "(") && text.hasSuffix(")") {
            return text.dropFirst(name.count + 1).dropLast()
        }
        return nil
    }

    private static func clamp(_ x: Double) -> Double { min(max(x, 0), 1) }

    /// The comma- or space-separated arguments of a color function.
    private struct Arguments {
        struct Value { var number: Double; var isPercent: Bool }
        var values: [Value] = []
        /// The separator before each value after the first: `,`, `/` or ` `.
        var separators: [Character] = []

        init?(_ body: Substring, allowDegreesOnFirst: Bool = false) {
            var rest = body[...]
            rest = rest.drop(while: \.isCSSWhitespace)
            while true {
                let token = rest.prefix(while: { $0.isASCII && ($0.isNumber || "e.+-".contains($0)) })
                guard !token.isEmpty, let number = Double(token) else { return nil }
                rest = rest.dropFirst(token.count)
                var isPercent = false
                if rest.first == "%" {
                    isPercent = true
                    rest = rest.dropFirst()
                } else if values.isEmpty, allowDegreesOnFirst, rest.hasPrefix("deg") {
                    rest = rest.dropFirst(3)
                }
                values.append(Value(number: number, isPercent: isPercent))
                let spaced = rest.prefix(while: \.isCSSWhitespace).count
                rest = rest.dropFirst(spaced)
                if rest.isEmpty { break }
                if let sep = rest.first, sep == "," || sep == "/" {
                    separators.append(sep)
                    rest = rest.dropFirst().drop(while: \.isCSSWhitespace)
                } else if spaced > 0 {
                    separators.append(" ")
                } else {
                    return nil
                }
            }
            guard values.count == 3 || values.count == 4 else { return nil }
        }

        /// Either all commas, or spaces with an optional `/` before the alpha.
        var hasValidSeparators: Bool {
            switch String(separators) {
            case ",,", ",,,", "  ", "  /": true
            default: false
            }
        }

        var alpha: Double {
            guard values.count == 4 else { return 1 }
            let a = values[3]
            return CSSColorParser.clamp(a.isPercent ? a.number / 100 : a.number)
        }
    }
}

extension Character {
    fileprivate var isCSSWhitespace: Bool { self == " " || self == "\t" || self == "\n" || self == "\r" || self == "\u{0C}" }
}

extension String {
    fileprivate func trimmingASCIIWhitespace() -> Substring {
        guard let first = firstIndex(where: { !$0.isCSSWhitespace }),
            let last = lastIndex(where: { !$0.isCSSWhitespace })
        else { return "" }
        return self[first...last]
    }
}
