import Foundation
import Synchronization

/// The fonts Cartouche can shape with: the bundled `Fonts/` directory plus any
/// directories a user configures, indexed by style-spec family name
/// ("Noto Sans Regular", "Noto Sans Bold", ...).
///
/// A `text-font` stack resolves name by name, case-insensitively, first
/// against the loaded faces and then through `FontRegistry.aliases` (names that
/// map styles commonly reference, such as "Open Sans Regular" or
/// "Arial Unicode MS Regular", to bundled faces). Per code point, text falls
/// back along the stack and then through the bundled script fallbacks
/// (`FontRegistry.fallbackNames`).
///
/// A registry is immutable once built and safe to share between threads.
public final class FontRegistry: Sendable {
    /// Every loaded face, in directory order then file-name order.
    public let faces: [FontFace]
    private let byLowercasedName: [String: Int]
    /// Stacks already resolved: styles use a handful of stacks for many labels.
    private let resolvedStacks = Mutex<[[String]: ResolvedFontStack]>([:])
    private static let resolvedStackLimit = 1024

    /// Style-spec family names commonly used in Mapbox and MapLibre styles and
    /// the bundled face each one resolves to (keys are lowercased).
    public static let aliases: [String: String] = [
        "open sans regular": "Noto Sans Regular",
        "open sans italic": "Noto Sans Regular",
        "open sans semibold": "Noto Sans Bold",
        "open sans bold": "Noto Sans Bold",
        "arial unicode ms regular": "Noto Sans Regular",
        "arial unicode ms bold": "Noto Sans Bold",
        "roboto regular": "Noto Sans Regular",
        "roboto medium": "Noto Sans Bold",
        "roboto bold": "Noto Sans Bold",
        "din offc pro regular": "Noto Sans Regular",
        "din offc pro medium": "Noto Sans Bold",
        "din offc pro bold": "Noto Sans Bold",
        "din pro regular": "Noto Sans Regular",
        "din pro medium": "Noto Sans Bold",
        "din pro bold": "Noto Sans Bold",
        "noto sans cjk sc regular": "Droid Sans Fallback Regular",
        "noto sans cjk jp regular": "Droid Sans Fallback Regular",
    ]

    /// Families of the bundled per-script faces, each in Regular and Bold, in
    /// fallback order after Noto Sans (see `fallbackNames(bold:)`).
    public static let scriptFallbackFamilies = [
        "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari", "Noto Sans Bengali",
        "Noto Sans Gurmukhi", "Noto Sans Gujarati", "Noto Sans Tamil", "Noto Sans Telugu",
        "Noto Sans Sinhala", "Noto Sans Thai", "Noto Sans Lao", "Noto Sans Myanmar", "Noto Sans Khmer",
        "Noto Sans Georgian", "Noto Sans Armenian", "Noto Sans Ethiopic",
        // Before Droid Sans Fallback, which maps 3 of the 11,172 Hangul
        // syllables: were it first, those 3 would take Droid's glyphs and split
        // Korean words between two faces.
        "Noto Sans CJK KR",
    ]

    /// Families tried after Droid Sans Fallback: scripts and symbols that no
    /// earlier face covers (Kannada, Malayalam, Odia, Tibetan, Thaana,
    /// Mongolian, Cherokee; `★`, arrows, dingbats; emoji as monochrome
    /// outlines from Symbola, last), so adding them moved no code point an
    /// earlier face had. Noto Sans Mongolian, Noto Sans Symbols2 and Symbola
    /// come in Regular only, which bold text then uses.
    public static let lateFallbackFamilies = [
        "Noto Sans Kannada", "Noto Sans Malayalam", "Noto Sans Oriya", "Noto Serif Tibetan", "Noto Sans Thaana",
        "Noto Sans Mongolian", "Noto Sans Cherokee", "Noto Sans Symbols", "Noto Sans Symbols2", "Symbola",
    ]

    /// Bundled per-script fallbacks tried after the stack, for regular and bold
    /// text: Noto Sans, the per-script faces of the same weight, Droid Sans
    /// Fallback (Han and Kana; it has one weight), then `lateFallbackFamilies`
    /// of the same weight. A Bold name missing from the registry is replaced
    /// by the Regular of its family when there is one, else skipped.
    public static func fallbackNames(bold: Bool) -> [String] {
        let weight = bold ? "Bold" : "Regular"
        return ["Noto Sans \(weight)"] + scriptFallbackFamilies.map { "\($0) \(weight)" } + ["Droid Sans Fallback Regular"]
            + lateFallbackFamilies.map { "\($0) \(weight)" }
    }

    /// The face of a bundled fallback name, or for a missing "… Bold" the "… Regular" of its family.
    private func fallbackFace(named name: String) -> FontFace? {
        if let face = face(named: name) { return face }
        guard name.hasSuffix(" Bold") else { return nil }
        return face(named: name.dropLast(" Bold".count) + " Regular")
    }

    /// The bundled fonts directory for this process, found as
    /// `FontsDirectory.locate()` describes (environment, installed layout,
    /// build tree).
    /// - Throws: `TextError.fontsDirectoryMissing`.
    public static func bundledFontsDirectory() throws(TextError) -> URL {
        try FontsDirectory.locate().url
    }

    /// Loads the fonts of the directory `FontsDirectory.locate()` finds, then
    /// every `.ttf`/`.otf`/`.ttc` file of `extraDirectories` (not recursive).
    /// - Throws: as `init(bundled:extraDirectories:)`, and
    ///   `TextError.fontsDirectoryMissing` when no fonts directory is found.
    public convenience init(extraDirectories: [URL] = []) throws(TextError) {
        try self.init(bundled: FontsDirectory.locate(), extraDirectories: extraDirectories)
    }

    /// Loads the fonts of `bundled`, then every `.ttf`/`.otf`/`.ttc` file of
    /// `extraDirectories` (not recursive). A face whose name is already taken
    /// keeps the first one loaded.
    /// - Throws: `.fontDirectoryUnreadable`, `.fontLoadFailed`, or
    ///   `.noFontsFound` when nothing could be loaded.
    public convenience init(bundled: FontsDirectory, extraDirectories: [URL] = []) throws(TextError) {
        try self.init(directories: [bundled.url] + extraDirectories)
    }

    /// Loads the font files of exactly `directories`.
    public init(directories: [URL]) throws(TextError) {
        var faces: [FontFace] = []
        var index: [String: Int] = [:]
        for directory in directories {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            } catch {
                throw .fontDirectoryUnreadable(path: directory.path, reason: "\(error.localizedDescription)")
            }
            for file in names.sorted() {
                let lower = file.lowercased()
                guard lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") else { continue }
                let path = directory.appendingPathComponent(file).path
                for entry in try FreeTypeNames.faces(inFile: path) {
                    let face = try FontFace(path: path, faceIndex: entry.faceIndex,
                                            family: entry.family, style: entry.style)
                    let key = face.name.lowercased()
                    guard index[key] == nil else { continue }
                    index[key] = faces.count
                    faces.append(face)
                }
            }
        }
        guard !faces.isEmpty else { throw .noFontsFound(directories: directories.map(\.path)) }
        self.faces = faces
        self.byLowercasedName = index
    }

    /// Style-spec names of all loaded faces, sorted.
    public var familyNames: [String] { faces.map(\.name).sorted() }

    /// The face a style-spec name denotes, directly or through an alias.
    public func face(named name: String) -> FontFace? {
        let key = name.lowercased()
        if let i = byLowercasedName[key] { return faces[i] }
        if let target = Self.aliases[key], let i = byLowercasedName[target.lowercased()] { return faces[i] }
        return nil
    }

    /// Resolves a `text-font` stack to the ordered faces used for fallback:
    /// the stack's known faces, then the bundled script fallbacks, without repeats.
    /// - Throws: `.emptyFontStack`, or `.unknownFontStack` (listing the
    ///   available families) when no name of the stack is known.
    /// - Complexity: a dictionary lookup for a stack seen before.
    public func resolve(_ stack: [String]) throws(TextError) -> ResolvedFontStack {
        if let known = resolvedStacks.withLock({ $0[stack] }) { return known }
        let resolved = try resolveUncached(stack)
        resolvedStacks.withLock { stacks in
            if stacks.count >= Self.resolvedStackLimit { stacks.removeAll(keepingCapacity: true) }
            stacks[stack] = resolved
        }
        return resolved
    }

    private func resolveUncached(_ stack: [String]) throws(TextError) -> ResolvedFontStack {
        guard !stack.isEmpty else { throw .emptyFontStack }
        var chain: [FontFace] = []
        var unknown: [String] = []
        for name in stack {
            if let face = face(named: name) {
                if !chain.contains(where: { $0 === face }) { chain.append(face) }
            } else {
                unknown.append(name)
            }
        }
        guard let primary = chain.first else {
            throw .unknownFontStack(stack, available: familyNames)
        }
        let stackCount = chain.count
        for name in Self.fallbackNames(bold: primary.isBold) {
            if let face = fallbackFace(named: name), !chain.contains(where: { $0 === face }) { chain.append(face) }
        }
        return ResolvedFontStack(requested: stack, faces: chain, stackFaceCount: stackCount, unknownNames: unknown)
    }
}

/// An `hb_font_t` of a `FontFace`, kept by a resolved stack so hot loops reach
/// HarfBuzz without reference counting. Immutable HarfBuzz fonts are thread-safe.
/// The pointers stay valid while the stack (which holds the faces) lives.
struct HarfBuzzFontHandle: @unchecked Sendable {
    let pointer: OpaquePointer
    let coverage: UnsafePointer<UInt64>
    let coverageWords: Int
    let hangulLayoutMatchesDefault: Bool

    init(_ face: FontFace) {
        pointer = face.hbFont
        coverage = UnsafePointer(face.coverage)
        coverageWords = face.coverageWords
        hangulLayoutMatchesDefault = face.hangulLayoutMatchesDefault
    }

    /// True when the font maps `codepoint` to a glyph (`FontFace.covers`).
    @inline(__always)
    func covers(_ codepoint: UInt32) -> Bool {
        let word = Int(codepoint >> 6)
        return word < coverageWords && coverage[word] & (1 << UInt64(codepoint & 63)) != 0
    }
}

/// A `text-font` stack resolved against a `FontRegistry`.
///
/// Immutable; a class so that passing it through the layout pipeline costs one
/// reference count rather than one per array.
public final class ResolvedFontStack: Sendable {
    /// The stack as the style gave it.
    public let requested: [String]
    /// Faces in fallback order: the stack's faces first, then bundled fallbacks.
    public let faces: [FontFace]
    /// How many of `faces` came from the stack itself.
    public let stackFaceCount: Int
    /// Names of the stack that matched no face or alias (skipped; reported so
    /// callers can warn about typos).
    public let unknownNames: [String]
    /// Per face: its HarfBuzz font and `1 / unitsPerEm`, for the shaping loops.
    let fonts: [HarfBuzzFontHandle]
    let inverseUnitsPerEm: [Double]
    /// `[name]` for each face, shared by every result shaped with one face.
    let singleFaceNames: [[String]]

    init(requested: [String], faces: [FontFace], stackFaceCount: Int, unknownNames: [String]) {
        self.requested = requested
        self.faces = faces
        self.stackFaceCount = stackFaceCount
        self.unknownNames = unknownNames
        self.fonts = faces.map(HarfBuzzFontHandle.init)
        self.inverseUnitsPerEm = faces.map(\.inverseUnitsPerEm)
        self.singleFaceNames = faces.map { [$0.name] }
    }

    /// The first face of the stack; code points no face covers are shaped with
    /// it (as `.notdef`) and counted as missing.
    public var primary: FontFace { faces[0] }
}
