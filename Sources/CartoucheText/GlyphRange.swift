/// A block of 256 code points of the Basic Multilingual Plane, as renderers
/// ask for glyphs: `0-255`, `256-511`, … `65280-65535`.
public struct GlyphRange: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The first code point, a multiple of 256.
    public let start: UInt32
    public var end: UInt32 { start + 255 }
    /// `start-end`, the name in URLs, file names and the PBF's `range` field.
    public var description: String { "\(start)-\(end)" }

    /// Every range of the BMP, in order.
    public static let all: [GlyphRange] = (0..<256).map { GlyphRange(uncheckedStart: UInt32($0) * 256) }

    private init(uncheckedStart: UInt32) { start = uncheckedStart }

    /// The range starting at `start`, which must be a multiple of 256 below 65536.
    public init(start: UInt32) throws(GlyphError) {
        guard start % 256 == 0, start <= 0xFF00 else { throw .invalidRange("\(start)-\(start &+ 255)") }
        self.start = start
    }

    /// Parses `N-(N+255)`; the glyph protocol has no other kind of range.
    /// - Throws: `GlyphError.invalidRange` naming `text`.
    public init(parsing text: String) throws(GlyphError) {
        guard let (first, last) = Self.span(text[...]), last == first + 255 else { throw .invalidRange(text) }
        start = first
    }

    /// The ranges of `text`: comma-separated `N-M` spans whose ends fall on
    /// range boundaries (`0-255`, `0-1023`, `0-65535`), in order, without repeats.
    /// - Throws: `GlyphError.invalidRange` naming the first bad span.
    public static func list(parsing text: String) throws(GlyphError) -> [GlyphRange] {
        var ranges = Set<GlyphRange>()
        for span in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let (first, last) = Self.span(span) else { throw .invalidRange(String(span)) }
            for start in stride(from: first, through: last - 255, by: 256) { ranges.insert(GlyphRange(uncheckedStart: start)) }
        }
        return ranges.sorted()
    }

    /// `N-M` in decimal digits with N a multiple of 256, M one below a multiple of 256, N < M ≤ 65535.
    private static func span(_ text: Substring) -> (UInt32, UInt32)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 5 && $0.allSatisfy { ("0"..."9").contains($0) } }),
              let first = UInt32(parts[0]), let last = UInt32(parts[1]),
              first % 256 == 0, last % 256 == 255, last > first, last <= 0xFFFF
        else { return nil }
        return (first, last)
    }

    public static func < (a: GlyphRange, b: GlyphRange) -> Bool { a.start < b.start }
}

/// Why a glyph range cannot be made.
public enum GlyphError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not `N-(N+255)` with N a multiple of 256 and N+255 ≤ 65535.
    case invalidRange(String)
    /// No name of the font stack is a known face or alias; the names, and what is available.
    case unknownFontStack([String], available: [String])
    /// A font stack with no names (an empty `{fontstack}`).
    case emptyFontStack
    /// A face could not be opened by FreeType.
    case fontLoadFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .invalidRange(let text):
            "glyph range \"\(text)\" is not of the form N-(N+255) with N a multiple of 256 and N+255 at most 65535 (e.g. 0-255)"
        case let .unknownFontStack(names, available):
            "font stack: none of \(names.map { "\"\($0)\"" }.joined(separator: ", ")) is a known font (available: \(available.joined(separator: ", ")))"
        case .emptyFontStack:
            "font stack: it names no font; give comma-separated names, e.g. \"Noto Sans Regular\""
        case let .fontLoadFailed(path, reason):
            "font \(path) could not be opened: \(reason)"
        }
    }
}
