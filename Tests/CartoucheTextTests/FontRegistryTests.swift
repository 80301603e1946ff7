import Testing

@testable import CartoucheText

@Suite("Font registry")
struct FontRegistryTests {
    /// What Fonts/README.md claims for each bundled file: style-spec name and sample letters per script.
    static let claims: [(file: String, name: String, samples: [String: String])] = [
        ("NotoSans-Regular.ttf", "Noto Sans Regular", ["Latin": "AzÀžſ", "Cyrillic": "ЖяЁђ", "Greek": "ΩαάΐΣ"]),
        ("NotoSans-Bold.ttf", "Noto Sans Bold", ["Latin": "AzÀžſ", "Cyrillic": "ЖяЁђ", "Greek": "ΩαάΐΣ"]),
        ("NotoSansArabic-Regular.ttf", "Noto Sans Arabic Regular", ["Arabic": "ابتثجحخ٠١٢"]),
        ("NotoSansArabic-Bold.ttf", "Noto Sans Arabic Bold", ["Arabic": "ابتثجحخ٠١٢"]),
        ("NotoSansHebrew-Regular.ttf", "Noto Sans Hebrew Regular", ["Hebrew": "אבגדהוזחטשת"]),
        ("NotoSansHebrew-Bold.ttf", "Noto Sans Hebrew Bold", ["Hebrew": "אבגדהוזחטשת"]),
        ("NotoSansDevanagari-Regular.ttf", "Noto Sans Devanagari Regular", ["Devanagari": "कखगघनमहि्ं"]),
        ("NotoSansDevanagari-Bold.ttf", "Noto Sans Devanagari Bold", ["Devanagari": "कखगघनमहि्ं"]),
        ("DroidSansFallbackFull.ttf", "Droid Sans Fallback Regular",
         ["Han": "東京北京上海", "Kana": "あいうアイウ"]),
    ] + MajorScript.all.flatMap { script in
        [false, true].map { bold in
            (script.file(bold: bold), script.face(bold: bold), [script.iso15924: script.names.joined()])
        }
    }

    @Test("every bundled font file loads under its style-spec name and covers the scripts it claims",
          arguments: claims.map(\.file))
    func bundledFontLoadsAndCovers(file: String) throws {
        let registry = try sharedRegistry.get()
        let claim = try #require(Self.claims.first { $0.file == file })
        let face = try #require(registry.faces.first { $0.path.hasSuffix("/" + file) }, "\(file) did not load")
        #expect(face.name == claim.name)
        #expect(face.unitsPerEm > 0)
        #expect(face.ascender > 0 && face.descender < 0)
        for (script, sample) in claim.samples {
            for scalar in sample.unicodeScalars {
                #expect(face.covers(scalar), "\(file) does not cover \(script) U+\(String(scalar.value, radix: 16))")
            }
        }
    }

    @Test("the Latin faces do not claim Arabic or CJK, so fallback is really exercised")
    func latinFaceLacksOtherScripts() throws {
        let face = try #require(try sharedRegistry.get().face(named: "Noto Sans Regular"))
        #expect(!face.covers("ب"))
        #expect(!face.covers("東"))
    }

    @Test("names resolve case-insensitively and through the documented aliases")
    func aliases() throws {
        let registry = try sharedRegistry.get()
        #expect(registry.face(named: "noto sans bold")?.name == "Noto Sans Bold")
        #expect(registry.face(named: "Open Sans Regular")?.name == "Noto Sans Regular")
        #expect(registry.face(named: "Arial Unicode MS Bold")?.name == "Noto Sans Bold")
        #expect(registry.face(named: "Comic Sans Regular") == nil)
    }

    @Test("a stack resolves to its faces, then the bundled fallbacks of the same weight")
    func stackResolution() throws {
        let stack = try sharedRegistry.get().resolve(["Open Sans Bold", "Nope", "Arial Unicode MS Regular"])
        #expect(stack.faces.map(\.name) == [
            "Noto Sans Bold", "Noto Sans Regular", "Noto Sans Arabic Bold", "Noto Sans Hebrew Bold",
            "Noto Sans Devanagari Bold", "Noto Sans Bengali Bold", "Noto Sans Gurmukhi Bold", "Noto Sans Gujarati Bold",
            "Noto Sans Tamil Bold", "Noto Sans Telugu Bold", "Noto Sans Sinhala Bold", "Noto Sans Thai Bold",
            "Noto Sans Lao Bold", "Noto Sans Myanmar Bold", "Noto Sans Khmer Bold", "Noto Sans Georgian Bold",
            "Noto Sans Armenian Bold", "Noto Sans Ethiopic Bold", "Noto Sans CJK KR Bold", "Droid Sans Fallback Regular",
            // The late fallbacks; those bundled in Regular only stand in for their Bold.
            "Noto Sans Kannada Bold", "Noto Sans Malayalam Bold", "Noto Sans Oriya Bold", "Noto Serif Tibetan Bold",
            "Noto Sans Thaana Bold", "Noto Sans Mongolian Regular", "Noto Sans Cherokee Bold", "Noto Sans Symbols Bold",
            "Noto Sans Symbols2 Regular", "Symbola Regular",
        ])
        #expect(stack.stackFaceCount == 2)
        #expect(stack.unknownNames == ["Nope"])
    }

    @Test("an unknown stack is an error that lists the available families")
    func unknownStack() throws {
        let registry = try sharedRegistry.get()
        #expect(throws: TextError.unknownFontStack(["Comic Sans Regular"], available: registry.familyNames)) {
            try registry.resolve(["Comic Sans Regular"])
        }
        let message = TextError.unknownFontStack(["X"], available: registry.familyNames).description
        #expect(message.contains("text-font") && message.contains("Noto Sans Arabic Regular"))
        #expect(throws: TextError.emptyFontStack) { try registry.resolve([]) }
    }

    @Test("a directory without fonts and a missing directory are clear errors")
    func badDirectories() {
        let empty = repositoryRoot.appendingPathComponent("Fonts/licenses")
        #expect(throws: TextError.noFontsFound(directories: [empty.path])) {
            try FontRegistry(directories: [empty])
        }
        let missing = repositoryRoot.appendingPathComponent("no-such-dir")
        #expect {
            try FontRegistry(directories: [missing])
        } throws: { error in
            guard case .fontDirectoryUnreadable(let path, _)? = error as? TextError else { return false }
            return path == missing.path
        }
    }
}
