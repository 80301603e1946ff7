import CHarfBuzzBench
import CartoucheText
import Foundation

/// Shaping throughput over the label corpus, interleaving three cases per round:
///
/// - `hb_shape direct`: the floor — one `hb_shape` per label with its script's
///   bundled font, on a reused buffer with pre-encoded UTF-8, summing advances.
/// - `cartouche cold`: `TextLayoutEngine.layout` with the cache emptied first:
///   itemization, bidi, shaping, line breaking at 10 em and the box, plus the cache insert.
/// - `cartouche cached`: the same calls again, answered by the cache.
/// - `cartouche uncached`: `layoutUncached`, the layout work alone, no cache.
/// - `cartouche cached box`: `bounds(of:style:)` from the cache, the box alone
///   (what label placement asks for).
///
/// Options: `--dump-corpus PATH` writes the corpus (text and font file per
/// label) as JSON for the uharfbuzz peer and exits; `--only NAME` runs one
/// case (for profiling): `uncached`, `cached`, `box`, `direct`, or `cold`
/// (the cache emptied before each round; the emptying is inside the profile).
struct TextSuite: BenchmarkSuite {
    let name = "text"
    static let size = 16.0

    struct CorpusEntry: Codable {
        var text: String
        var font: String
    }

    func run(rounds: Int, arguments: [String]) throws -> [Measurement] {
        let labels = Corpus.labels(minimumCount: 10_000)
        let entries = labels.map { CorpusEntry(text: $0, font: Corpus.fontFile(for: $0)) }
        if let i = arguments.firstIndex(of: "--dump-corpus"), i + 1 < arguments.count {
            try JSONEncoder().encode(entries).write(to: URL(fileURLWithPath: arguments[i + 1]))
            FileHandle.standardError.write(Data("text: wrote \(entries.count) labels to \(arguments[i + 1])\n".utf8))
            return []
        }

        let registry = try FontRegistry()
        let cache = ShapingCache(capacity: labels.count * 2)
        let engine = TextLayoutEngine(registry: registry, cache: cache)
        // A service prepares each layer's style once and lays out many labels with it.
        let style = try engine.prepare(TextStyle(font: ["Noto Sans Regular"], size: Self.size))
        let direct = try DirectHarfBuzz(fontsDirectory: FontRegistry.bundledFontsDirectory(), entries: entries)
        defer { direct.destroy() }

        var results = [
            Measurement(suite: name, name: "hb_shape direct", items: labels.count, seconds: [], checksum: 0),
            Measurement(suite: name, name: "cartouche cold", items: labels.count, seconds: [], checksum: 0),
            Measurement(suite: name, name: "cartouche cached", items: labels.count, seconds: [], checksum: 0),
            Measurement(suite: name, name: "cartouche uncached", items: labels.count, seconds: [], checksum: 0),
            Measurement(suite: name, name: "cartouche cached box", items: labels.count, seconds: [], checksum: 0),
        ]
        // Warm-up: page in fonts and code, fill ICU and HarfBuzz lazy tables.
        _ = direct.shapeAll(size: Self.size)
        for label in labels { _ = try engine.layoutUncached(label, style: style) }

        var only: String?
        if let i = arguments.firstIndex(of: "--only"), i + 1 < arguments.count { only = arguments[i + 1] }
        if let only {
            var checksum = 0.0
            let seconds = try time {
                for _ in 0..<rounds {
                    if only == "cold" { cache.removeAll() }
                    for label in labels {
                        switch only {
                        case "uncached": checksum += try engine.layoutUncached(label, style: style).width
                        case "cached", "cold": checksum += try engine.layout(label, style: style).width
                        case "box": checksum += try engine.bounds(of: label, style: style).width
                        default: break
                        }
                    }
                    if only == "direct" { checksum += direct.shapeAll(size: Self.size) }
                }
            }
            return [Measurement(suite: name, name: only, items: labels.count * rounds, seconds: [seconds], checksum: checksum)]
        }

        for _ in 0..<rounds {
            var checksum = 0.0
            results[0].seconds.append(time { checksum = direct.shapeAll(size: Self.size) })
            results[0].checksum = checksum

            cache.removeAll()
            checksum = 0
            results[1].seconds.append(try time { for label in labels { checksum += try engine.layout(label, style: style).width } })
            results[1].checksum = checksum

            checksum = 0
            results[2].seconds.append(try time { for label in labels { checksum += try engine.layout(label, style: style).width } })
            results[2].checksum = checksum

            checksum = 0
            results[3].seconds.append(try time { for label in labels { checksum += try engine.layoutUncached(label, style: style).width } })
            results[3].checksum = checksum

            checksum = 0
            results[4].seconds.append(try time { for label in labels { checksum += try engine.bounds(of: label, style: style).width } })
            results[4].checksum = checksum
        }
        return results
    }
}

/// The baseline loop: HarfBuzz called directly, no itemization or layout.
final class DirectHarfBuzz {
    private var fonts: [String: (font: OpaquePointer, upem: Double)] = [:]
    private let utf8: [[CChar]]
    private let fontOfLabel: [OpaquePointer]
    private let upemOfLabel: [Double]
    private let buffer: OpaquePointer

    struct LoadError: Error, CustomStringConvertible {
        var description: String
    }

    init(fontsDirectory: URL, entries: [TextSuite.CorpusEntry]) throws {
        guard let buffer = hb_buffer_create() else { throw LoadError(description: "hb_buffer_create failed") }
        self.buffer = buffer
        var fontOfLabel: [OpaquePointer] = []
        var upemOfLabel: [Double] = []
        for entry in entries {
            if fonts[entry.font] == nil {
                let path = fontsDirectory.appendingPathComponent(entry.font).path
                guard let blob = hb_blob_create_from_file_or_fail(path), let face = hb_face_create(blob, 0),
                      let font = hb_font_create(face) else { throw LoadError(description: "cannot load \(path)") }
                let upem = hb_face_get_upem(face)
                hb_font_set_scale(font, Int32(upem), Int32(upem))
                hb_face_destroy(face)
                hb_blob_destroy(blob)
                fonts[entry.font] = (font, Double(upem))
            }
            guard let loaded = fonts[entry.font] else { throw LoadError(description: "no font \(entry.font)") }
            fontOfLabel.append(loaded.font)
            upemOfLabel.append(loaded.upem)
        }
        self.fontOfLabel = fontOfLabel
        self.upemOfLabel = upemOfLabel
        self.utf8 = entries.map { Array($0.text.utf8CString) }
    }

    /// Shapes every label once; returns the sum of widths in px.
    func shapeAll(size: Double) -> Double {
        var total = 0.0
        for i in utf8.indices {
            hb_buffer_clear_contents(buffer)
            utf8[i].withUnsafeBufferPointer { hb_buffer_add_utf8(buffer, $0.baseAddress, -1, 0, -1) }
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(fontOfLabel[i], buffer, nil, 0)
            var count: UInt32 = 0
            guard let positions = hb_buffer_get_glyph_positions(buffer, &count) else { continue }
            var units: Int32 = 0
            for g in 0..<Int(count) { units &+= positions[g].x_advance }
            total += Double(units) * size / upemOfLabel[i]
        }
        return total
    }

    func destroy() {
        hb_buffer_destroy(buffer)
        for (font, _) in fonts.values { hb_font_destroy(font) }
    }
}
