import CartoucheJSON
import CartoucheTestSupport
import Foundation
import Testing

@testable import CartoucheText

/// Glyph ranges (`{fontstack}/{range}.pbf`) checked against independent
/// peers by `scripts/oracles/glyphs_oracle.py`: the protocol buffer decoded
/// by hand in Python; which face each code point comes from, the advance,
/// the rounded bounding box and the ascender from FreeType (PyPI freetype-py,
/// its own FreeType build); the field against a NumPy re-implementation of
/// node-fontnik's RenderSDF, and its inside (≥ 192) against FreeType's
/// anti-aliased coverage (≥ 50 %).
@Suite("SDF glyph ranges")
struct GlyphRangeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var fontstack: String
        var range: String
        var testDescription: String { "\(fontstack) \(range)" }
    }

    static let cases = [
        Case(fontstack: "Noto Sans Regular", range: "0-255"),
        Case(fontstack: "Noto Sans Bold", range: "0-255"),
        // Aliases, and fallback past the stack: Noto Sans has no Arabic or Devanagari.
        Case(fontstack: "Open Sans Regular,Arial Unicode MS Regular", range: "1536-1791"),
        Case(fontstack: "Noto Sans Regular", range: "2304-2559"),
        Case(fontstack: "Noto Sans Hebrew Bold,Noto Sans Bold", range: "256-511"),
        // The late fallbacks (issue #27 item 7): Tibetan, and symbols from Noto Sans Symbols, Symbols2 and Symbola.
        Case(fontstack: "Noto Sans Regular", range: "3840-4095"),
        Case(fontstack: "Noto Sans Bold", range: "9728-9983"),
    ]

    static func oracle(_ pbf: [UInt8], stack: ResolvedFontStack, range: String) async throws -> [String: JSONValue] {
        let job: JSONValue = [
            "pbf": .string(Data(pbf).base64EncodedString()), "range": .string(range),
            "fonts": .array(stack.faces.map { .string($0.path) }),
        ]
        let output = try await PythonOracle.runOffThePool(script: "scripts/oracles/glyphs_oracle.py", input: Data(try job.jsonBytes()))
        return try #require(try JSONParser().parse(Array(output)).objectValue)
    }

    @Test("fields, metrics and fields agree with FreeType and fontnik's algorithm", arguments: cases)
    func agreesWithOracles(_ c: Case) async throws {
        let generator = GlyphRangeGenerator(registry: try sharedRegistry.get())
        let range = try GlyphRange(parsing: c.range)
        let stack = try generator.resolve(c.fontstack)
        let pbf = try generator.pbf(fontstack: c.fontstack, range: range)
        let report = try await Self.oracle(pbf, stack: stack, range: c.range)

        #expect(report["name"] == [.string(c.fontstack)])
        #expect(report["range"] == [.string(c.range)])
        let glyphs = try #require(report["glyphs"]?.arrayValue).compactMap { $0.objectValue }
        let expectedIDs = try #require(report["expectedIds"]?.arrayValue)
        #expect(glyphs.map { $0["id"] ?? .null } == expectedIDs, "code points: each one some face of the chain maps, no other")
        #expect(glyphs.count > 60)
        let checks = try #require(report["checks"]?.arrayValue).compactMap { $0.objectValue }
        try #require(checks.count == glyphs.count)
        var pixels = 0.0, coverageAgree = 0.0, fontnikEdge = 0.0, fontnikClose = 0.0, inked = 0
        for (glyph, check) in zip(glyphs, checks) {
            let id = glyph["id"]?.numberValue ?? -1
            for key in ["advance", "width", "height", "left", "top"] {
                #expect(glyph[key] == check[key], "U+\(String(Int(id), radix: 16)) \(key)")
            }
            let width = glyph["width"]?.numberValue ?? 0, height = glyph["height"]?.numberValue ?? 0
            let order: JSONValue = width > 0 ? [1, 2, 3, 4, 5, 6, 7] : [1, 3, 4, 5, 6, 7]
            #expect(glyph["order"] == order, "U+\(String(Int(id), radix: 16)) field order")
            #expect(glyph["bitmapLength"]?.numberValue == (width > 0 ? (width + 6) * (height + 6) : 0))
            if let n = check["fieldPixels"]?.numberValue {
                inked += 1
                pixels += n
                coverageAgree += check["coverageAgree"]?.numberValue ?? 0
                fontnikEdge += check["fontnikEdgeAgree"]?.numberValue ?? 0
                fontnikClose += check["fontnikWithin8"]?.numberValue ?? 0
                #expect(check["coverageMisplaced"] == 0, "U+\(String(Int(id), radix: 16)): FreeType ink outside the box")
            }
        }
        #expect(inked > 40)
        // Measured: 99.6 % (Noto Sans Regular 0-255); fontnik's own fields agree with coverage about as well.
        #expect(coverageAgree / pixels >= 0.97, "inside ≥ 192 vs FreeType coverage ≥ 50 %: \(coverageAgree / pixels)")
        #expect(fontnikEdge / pixels >= 0.99, "inside vs fontnik's algorithm: \(fontnikEdge / pixels)")
        #expect(fontnikClose / pixels >= 0.995, "within 8 of fontnik's value: \(fontnikClose / pixels)")
    }

    @Test("the bytes are the same on every run")
    func deterministic() throws {
        let generator = GlyphRangeGenerator(registry: try sharedRegistry.get())
        let range = try GlyphRange(parsing: "0-255")
        let first = try generator.pbf(fontstack: "Noto Sans Regular", range: range)
        #expect(first == (try generator.pbf(fontstack: "Noto Sans Regular", range: range)))
        #expect(first.count > 10_000)
    }

    @Test("ranges parse as N-(N+255) only; lists take spans on range boundaries")
    func rangeSyntax() throws {
        #expect(try GlyphRange(parsing: "0-255").start == 0)
        #expect(try GlyphRange(parsing: "65280-65535").description == "65280-65535")
        for bad in ["", "0", "0-256", "1-256", "256-255", "0-511", "65536-65791", "-0-255", "0x0-255", "0-255-", "٠-255", "00000256-511"] {
            #expect(throws: GlyphError.invalidRange(bad)) { try GlyphRange(parsing: bad) }
        }
        #expect(try GlyphRange.list(parsing: "0-1023,512-767").map(\.description) == ["0-255", "256-511", "512-767", "768-1023"])
        #expect(try GlyphRange.list(parsing: "0-65535").count == 256)
        #expect(throws: GlyphError.invalidRange("0-300")) { try GlyphRange.list(parsing: "0-255,0-300") }
        #expect(throws: GlyphError.invalidRange("")) { try GlyphRange.list(parsing: "") }
    }

    @Test("stacks: unknown names are skipped and reported, a stack of only unknown names is refused")
    func stacks() throws {
        let generator = GlyphRangeGenerator(registry: try sharedRegistry.get())
        let partly = try generator.resolve("Nope Sans,Noto Sans Bold")
        #expect(partly.unknownNames == ["Nope Sans"])
        #expect(partly.primary.name == "Noto Sans Bold")
        #expect(throws: GlyphError.self) { try generator.resolve("Nope Sans,Also Nope") }
        do {
            _ = try generator.resolve("Nope Sans")
        } catch {
            guard case let .unknownFontStack(names, available) = error else { Issue.record("\(error)"); return }
            #expect(names == ["Nope Sans"])
            #expect(available.contains("Noto Sans Regular"))
        }
        #expect(throws: GlyphError.emptyFontStack) { try generator.resolve("") }
    }
}
