/// Errors raised while resolving fonts and laying out text.
public enum TextError: Error, Hashable, Sendable {
    /// No family of a `text-font` stack is known; lists what is available.
    case unknownFontStack([String], available: [String])
}
