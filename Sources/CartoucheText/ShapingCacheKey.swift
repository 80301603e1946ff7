#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ShapingCache {
    /// A `TextStyle` with its hash, shared by every key made with that style.
    final class StyleBox: Sendable {
        let style: TextStyle
        let hash: Int

        init(_ style: TextStyle) {
            self.style = style
            var hasher = Hasher()
            hasher.combine(style.font.count)
            for name in style.font { Key.hashBytes(of: name, into: &hasher) }
            hasher.combine(style.size)
            hasher.combine(style.maxWidth)
            hasher.combine(style.lineHeight)
            hasher.combine(style.letterSpacing)
            hasher.combine(style.justify)
            hasher.combine(style.anchor)
            hasher.combine(style.transform)
            hasher.combine(style.offsetX)
            hasher.combine(style.offsetY)
            hasher.combine(style.radialOffset)
            self.hash = hasher.finalize()
        }

        /// Field-by-field equality with font names compared byte for byte.
        func matches(_ other: TextStyle) -> Bool {
            let s = style, t = other
            return s.size == t.size && s.maxWidth == t.maxWidth && s.lineHeight == t.lineHeight
                && s.letterSpacing == t.letterSpacing && s.justify == t.justify && s.anchor == t.anchor
                && s.transform == t.transform && s.offsetX == t.offsetX && s.offsetY == t.offsetY
                && s.radialOffset == t.radialOffset && s.font.count == t.font.count
                && zip(s.font, t.font).allSatisfy { Key.bytesEqual($0, $1) }
        }
    }

    /// A layout request. Texts and font names compare by their exact UTF-8
    /// bytes, not by Unicode canonical equivalence: differently normalized
    /// texts shape to different clusters, and byte hashing (`FastHash`) is
    /// several times faster than Swift's normalizing `String` hash. The hash is
    /// computed once.
    public struct Key: Hashable, Sendable {
        public let text: String
        public let includeGlyphs: Bool
        let box: StyleBox
        let hash: Int

        public var style: TextStyle { box.style }

        public init(text: String, style: TextStyle, includeGlyphs: Bool) {
            self.init(text: text, box: StyleBox(style), includeGlyphs: includeGlyphs)
        }

        init(text: String, box: StyleBox, includeGlyphs: Bool) {
            self.init(text: text, box: box, includeGlyphs: includeGlyphs,
                      hash: Self.hash(text: text, box: box, includeGlyphs: includeGlyphs))
        }

        /// A key whose hash the caller already computed with `hash(text:box:includeGlyphs:)`.
        init(text: String, box: StyleBox, includeGlyphs: Bool, hash: Int) {
            self.text = text
            self.box = box
            self.includeGlyphs = includeGlyphs
            self.hash = hash
        }

        static func hash(text: String, box: StyleBox, includeGlyphs: Bool) -> Int {
            let mixed = FastHash.mix(FastHash.hash(text) ^ UInt64(UInt(bitPattern: box.hash)),
                                     includeGlyphs ? 0x9FB2_1C65_1E98_DF25 : 0xC2B2_AE3D_27D4_EB4F)
            return Int(bitPattern: UInt(truncatingIfNeeded: mixed))
        }

        public static func == (a: Key, b: Key) -> Bool {
            a.hash == b.hash && a.includeGlyphs == b.includeGlyphs
                && (a.box === b.box || a.box.matches(b.box.style)) && bytesEqual(a.text, b.text)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }

        static func hashBytes(of string: String, into hasher: inout Hasher) {
            hasher.combine(string.utf8.count)
            let hashed: Void? = string.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            if hashed == nil {
                for byte in string.utf8 { hasher.combine(byte) }
            }
        }

        static func bytesEqual(_ a: String, _ b: String) -> Bool {
            guard a.utf8.count == b.utf8.count else { return false }
            let fast = a.utf8.withContiguousStorageIfAvailable { pa in
                b.utf8.withContiguousStorageIfAvailable { pb in
                    guard let x = pa.baseAddress, let y = pb.baseAddress else { return pa.isEmpty && pb.isEmpty }
                    return memcmp(x, y, pa.count) == 0
                }
            }
            return (fast ?? nil) ?? a.utf8.elementsEqual(b.utf8)
        }
    }
}
