/// Makes Mapbox glyph ranges (`{fontstack}/{range}.pbf`) from the registry's
/// fonts: the glyphs a GL renderer draws labels with are those of the faces
/// Cartouche measured them with.
///
/// A font stack resolves as `text-font` does for shaping
/// (`FontRegistry.resolve`): names and aliases, case-insensitively, unknown
/// names skipped, then the bundled script fallbacks; each code point takes
/// the first face of that chain whose `cmap` has it, as the itemizer's
/// fallback does. Code points no face has are left out (renderers draw
/// nothing for them; shaping reports them as missing).
public struct GlyphRangeGenerator: Sendable {
    public let registry: FontRegistry

    public init(registry: FontRegistry) {
        self.registry = registry
    }

    /// The names of a `{fontstack}` (comma-joined, as renderers join `text-font`).
    public static func names(ofStack fontstack: String) -> [String] {
        fontstack.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    /// The stack `fontstack` names, resolved.
    /// - Throws: `GlyphError.emptyFontStack`, or `.unknownFontStack` when no name is known.
    public func resolve(_ fontstack: String) throws(GlyphError) -> ResolvedFontStack {
        let names = Self.names(ofStack: fontstack)
        guard !fontstack.isEmpty, names.contains(where: { !$0.isEmpty }) else { throw .emptyFontStack }
        do {
            return try registry.resolve(names)
        } catch {
            throw .unknownFontStack(names, available: registry.familyNames)
        }
    }

    /// The glyphs of `range` for `stack`, in code-point order.
    /// - Complexity: O(g · (s · r² + p)) for g glyphs of s outline segments and
    ///   p field pixels, r the 6 px reach (Noto Sans Regular's `0-255`, 193
    ///   glyphs: 8 ms of CPU in a release build, 44 ms in a debug one).
    public func glyphs(of stack: ResolvedFontStack, in range: GlyphRange) throws(GlyphError) -> [SDFGlyph] {
        var sources: [Int: SDFGlyphSource] = [:]
        var glyphs: [SDFGlyph] = []
        for codePoint in range.start...range.end {
            guard let faceIndex = stack.faces.firstIndex(where: { $0.covers(codePoint) }) else { continue }
            let source: SDFGlyphSource
            if let open = sources[faceIndex] {
                source = open
            } else {
                do { source = try SDFGlyphSource(stack.faces[faceIndex]) } catch {
                    if case let .fontLoadFailed(path, reason) = error { throw .fontLoadFailed(path: path, reason: reason) }
                    throw .fontLoadFailed(path: stack.faces[faceIndex].path, reason: "\(error)")
                }
                sources[faceIndex] = source
            }
            if let glyph = source.glyph(codePoint) { glyphs.append(glyph) }
        }
        return glyphs
    }

    /// The `.pbf` answer for `{fontstack}/{range}.pbf`: one `fontstack`
    /// message named `fontstack`, with the range's glyphs.
    /// - Throws: as ``resolve(_:)`` and ``glyphs(of:in:)``.
    public func pbf(fontstack: String, range: GlyphRange) throws(GlyphError) -> [UInt8] {
        let stack = try resolve(fontstack)
        return GlyphPBF.encode(fontstack: fontstack, range: range, glyphs: try glyphs(of: stack, in: range))
    }
}

/// The protocol-buffer encoding of `glyphs.proto` (Mapbox's glyph ranges):
///
/// ```
/// message glyph { required uint32 id = 1; optional bytes bitmap = 2; required uint32 width = 3;
///   required uint32 height = 4; required sint32 left = 5; required sint32 top = 6; required uint32 advance = 7; }
/// message fontstack { required string name = 1; required string range = 2; repeated glyph glyphs = 3; }
/// message glyphs { repeated fontstack stacks = 1; }
/// ```
///
/// Fields go in number order, the bitmap only for glyphs with ink, as
/// fontnik writes them.
public enum GlyphPBF {
    public static func encode(fontstack: String, range: GlyphRange, glyphs: [SDFGlyph]) -> [UInt8] {
        var stack = ProtobufWriter()
        stack.string(1, fontstack)
        stack.string(2, range.description)
        for glyph in glyphs {
            var g = ProtobufWriter()
            g.uint(1, UInt64(glyph.codePoint))
            if glyph.width > 0 { g.lengthDelimited(2, glyph.bitmap) }
            g.uint(3, UInt64(glyph.width))
            g.uint(4, UInt64(glyph.height))
            g.sint(5, glyph.left)
            g.sint(6, glyph.top)
            g.uint(7, UInt64(glyph.advance))
            stack.lengthDelimited(3, g.bytes)
        }
        var root = ProtobufWriter()
        root.lengthDelimited(1, stack.bytes)
        return root.bytes
    }
}

/// The few protocol-buffer wire forms glyph ranges use: varints (wire type
/// 0), zig-zag signed varints, and length-delimited bytes (wire type 2).
struct ProtobufWriter {
    private(set) var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    mutating func uint(_ field: UInt64, _ value: UInt64) {
        varint(field << 3)
        varint(value)
    }

    mutating func sint(_ field: UInt64, _ value: Int32) {
        varint(field << 3)
        varint(UInt64(UInt32(bitPattern: (value << 1) ^ (value >> 31))))
    }

    mutating func lengthDelimited(_ field: UInt64, _ value: [UInt8]) {
        varint(field << 3 | 2)
        varint(UInt64(value.count))
        bytes += value
    }

    mutating func string(_ field: UInt64, _ value: String) { lengthDelimited(field, Array(value.utf8)) }
}
