import CartoucheJSON

/// Errors raised while loading fonts, resolving font stacks and laying out text.
///
/// Every case names the offending input (the style-spec field, the file or the
/// font stack) and says why it was refused, so the message can be shown to the
/// author of a style or scene unchanged.
public enum TextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No family of a `text-font` stack is known; lists what is available.
    case unknownFontStack([String], available: [String])
    /// A `text-font` stack with no names in it.
    case emptyFontStack
    /// A numeric layout property that is out of range or not finite.
    /// `field` is the style-spec property name, e.g. `text-size`.
    case invalidValue(field: String, value: Double, reason: String)
    /// The text has more Unicode scalars than `limit` (see `TextLayoutEngine.maximumScalarCount`).
    case textTooLong(scalarCount: Int, limit: Int)
    /// A length of a callout's content is out of range; `path` is the
    /// member inside the content object (`padding.top`, `runs[2].size`), as
    /// written in a scene, built where the value is checked.
    case invalidCalloutValue(path: JSONPath, value: Double, reason: String)
    /// Run `index` of a callout's content could not be laid out (its font
    /// stack, its text): the error of that run.
    indirect case inCalloutRun(index: Int, TextError)
    /// A font directory could not be listed.
    case fontDirectoryUnreadable(path: String, reason: String)
    /// A font file exists but FreeType or HarfBuzz could not open it.
    case fontLoadFailed(path: String, reason: String)
    /// None of the configured directories held a loadable font.
    case noFontsFound(directories: [String])
    /// The fonts directory named by `setBy` (a flag, an environment variable)
    /// does not exist, or no candidate directory exists at all.
    case fontsDirectoryMissing(path: String, setBy: String)
    /// ICU's line-break iterator failed (ICU `UErrorCode` attached).
    case lineBreakingFailed(icuError: Int32)
    /// FriBidi could not resolve the embedding levels of the text.
    case bidiFailed(text: String)

    public var description: String {
        switch self {
        case let .unknownFontStack(stack, available):
            return "text-font: none of \(stack) is a known font family (available: \(available.joined(separator: ", ")))"
        case .emptyFontStack:
            return "text-font: the font stack is empty; name at least one family, e.g. \"Noto Sans Regular\""
        case let .invalidValue(field, value, reason):
            return "\(field): \(value) is not allowed: \(reason)"
        case let .textTooLong(count, limit):
            return "text-field: the text has \(count) Unicode scalars, more than the limit of \(limit)"
        case let .invalidCalloutValue(path, value, reason):
            return "callout.\(path): \(value) is not allowed: \(reason)"
        case let .inCalloutRun(index, error):
            return "runs[\(index)]: \(error)"
        case let .fontDirectoryUnreadable(path, reason):
            return "font directory \(path) cannot be read: \(reason)"
        case let .fontLoadFailed(path, reason):
            return "font file \(path) cannot be loaded: \(reason)"
        case let .fontsDirectoryMissing(path, setBy):
            return "fonts directory \(path) does not exist (\(setBy)); set --fonts or CARTOUCHE_FONTS to the folder holding Cartouche's Fonts/"
        case let .noFontsFound(directories):
            return "no loadable .ttf/.otf font in \(directories.joined(separator: ", "))"
        case let .lineBreakingFailed(code):
            return "ICU line breaking failed with UErrorCode \(code)"
        case let .bidiFailed(text):
            return "FriBidi could not resolve the bidirectional levels of \(text.prefix(40).debugDescription)"
        }
    }
}
