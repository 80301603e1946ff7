import CartoucheJSON
import CartoucheText

/// What `GET /v1/fonts` and `cartouche fonts` report: each loaded face and
/// how much of the main Unicode blocks its `cmap` covers.
public struct FontCatalog: Sendable {
    /// A Unicode block summarised in coverage reports.
    public struct Block: Hashable, Sendable {
        public var name: String
        public var range: ClosedRange<UInt32>
    }

    public struct Entry: Hashable, Sendable {
        public var name: String
        public var family: String
        public var style: String
        /// Code points mapped by the face, over all of Unicode.
        public var codePointCount: Int
        /// Covered code points per block (blocks with none left out).
        public var blocks: [BlockCoverage]
    }

    public struct BlockCoverage: Hashable, Sendable {
        public var block: Block
        public var covered: Int
    }

    public static let blocks: [Block] = [
        Block(name: "Basic Latin", range: 0x0020...0x007E),
        Block(name: "Latin-1 Supplement", range: 0x00A0...0x00FF),
        Block(name: "Latin Extended-A", range: 0x0100...0x017F),
        Block(name: "Greek and Coptic", range: 0x0370...0x03FF),
        Block(name: "Cyrillic", range: 0x0400...0x04FF),
        Block(name: "Hebrew", range: 0x0590...0x05FF),
        Block(name: "Arabic", range: 0x0600...0x06FF),
        Block(name: "Armenian", range: 0x0530...0x058F),
        Block(name: "Devanagari", range: 0x0900...0x097F),
        Block(name: "Bengali", range: 0x0980...0x09FF),
        Block(name: "Gurmukhi", range: 0x0A00...0x0A7F),
        Block(name: "Gujarati", range: 0x0A80...0x0AFF),
        Block(name: "Tamil", range: 0x0B80...0x0BFF),
        Block(name: "Telugu", range: 0x0C00...0x0C7F),
        Block(name: "Sinhala", range: 0x0D80...0x0DFF),
        Block(name: "Thai", range: 0x0E00...0x0E7F),
        Block(name: "Lao", range: 0x0E80...0x0EFF),
        Block(name: "Myanmar", range: 0x1000...0x109F),
        Block(name: "Georgian", range: 0x10A0...0x10FF),
        Block(name: "Hangul Jamo", range: 0x1100...0x11FF),
        Block(name: "Ethiopic", range: 0x1200...0x137F),
        Block(name: "Khmer", range: 0x1780...0x17FF),
        Block(name: "Hiragana", range: 0x3040...0x309F),
        Block(name: "Katakana", range: 0x30A0...0x30FF),
        Block(name: "CJK Unified Ideographs", range: 0x4E00...0x9FFF),
        Block(name: "Hangul Syllables", range: 0xAC00...0xD7A3),
    ]

    public var entries: [Entry]
    public var aliases: [String: String]

    /// Counts coverage for every face.
    /// - Complexity: per face, a population count over its coverage bits plus
    /// one bit test per code point of the listed blocks; done once.
    public init(registry: FontRegistry) {
        entries = registry.faces.map { face in
            let total = face.coveredCodePointCount
            let blocks = Self.blocks.compactMap { block -> BlockCoverage? in
                let covered = block.range.reduce(0) { n, v in n + ((Unicode.Scalar(v).map(face.covers) ?? false) ? 1 : 0) }
                return covered > 0 ? BlockCoverage(block: block, covered: covered) : nil
            }
            return Entry(name: face.name, family: face.family, style: face.style, codePointCount: total, blocks: blocks)
        }.sorted { $0.name < $1.name }
        aliases = FontRegistry.aliases
    }

    /// `{"aliases": {...}, "fallbacks": [...], "fonts": [{"blocks", "codePoints", "family", "name", "style"}]}`,
    /// with `"directory": {"path", "reason", "source"}` first when `directory`
    /// is given (`cartouche fonts` says where the fonts came from; the service
    /// does not publish its file system paths).
    public func jsonBytes(directory: FontsDirectory? = nil) -> [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        w.key("aliases")
        w.beginObject()
        for key in aliases.keys.sorted() { w.key(key); w.write(aliases[key] ?? "") }
        w.endObject()
        if let directory {
            w.key("directory")
            w.beginObject()
            w.key("path"); w.write(directory.url.path)
            w.key("reason"); w.write(directory.reason)
            w.key("source"); w.write(directory.source.rawValue)
            w.endObject()
        }
        w.key("fallbacks"); w.beginArray(); for name in FontRegistry.fallbackNames(bold: false) { w.write(name) }; w.endArray()
        w.key("fonts")
        w.beginArray()
        for e in entries {
            w.beginObject()
            w.key("blocks")
            w.beginArray()
            for coverage in e.blocks {
                let block = coverage.block, covered = coverage.covered
                w.beginObject()
                w.key("covered"); w.write(covered)
                w.key("first"); w.write(Unicode.Scalar(block.range.lowerBound)?.codePointLabel ?? "")
                w.key("last"); w.write(Unicode.Scalar(block.range.upperBound)?.codePointLabel ?? "")
                w.key("name"); w.write(block.name)
                w.key("size"); w.write(block.range.count)
                w.endObject()
            }
            w.endArray()
            w.key("codePoints"); w.write(e.codePointCount)
            w.key("family"); w.write(e.family)
            w.key("name"); w.write(e.name)
            w.key("style"); w.write(e.style)
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.bytes
    }
}
