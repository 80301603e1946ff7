/// The style spec's two text-layout enums that both the style module (which
/// reads and writes them) and the text module (which lays labels out by
/// them) speak of. Defined here, like ``BoxAnchor``, so that text layout
/// does not depend on the style module and neither keeps a copy. Raw values
/// are the spec's spellings.

/// Alignment of lines inside a multi-line label (`text-justify`). `auto`
/// aligns towards the anchor: left for left anchors, right for right ones,
/// else centre.
public enum TextJustify: String, CaseIterable, Hashable, Sendable { case auto, left, center, right }

/// Case change applied to label text (`text-transform`).
public enum TextTransform: String, CaseIterable, Hashable, Sendable {
    case none, uppercase, lowercase

    /// Applies the transform with Unicode's full, locale-independent case
    /// mappings (so "ß" uppercases to "SS" and "Σ" lowercases by context).
    public func apply(to text: String) -> String {
        switch self {
        case .none: text
        case .uppercase: text.uppercased()
        case .lowercase: text.lowercased()
        }
    }
}
