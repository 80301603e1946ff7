extension TextLayoutEngine {
    /// The code points of `text` (after `text-transform`) that no face of
    /// `style`'s stack nor the bundled fallbacks covers, in text order: the
    /// `missingCodePoints` a layout would report, found without shaping
    /// (warnings about many labels need no layout of each).
    /// - Throws: `TextError` for an empty or unknown font stack.
    /// - Complexity: O(n · f) coverage bit tests for n scalars and f faces
    ///   (the resolved stack is cached by the registry).
    public func missingCodePoints(in text: String, style: TextStyle) throws(TextError) -> [Unicode.Scalar] {
        let fonts = try registry.resolve(style.font).fonts
        var missing: [Unicode.Scalar] = []
        // As `Itemization`: a code point is missing when it is not ignorable
        // and no face covers it, whichever face shapes its neighbours.
        for scalar in style.transform.apply(to: text).unicodeScalars {
            let c = scalar.value
            if !UnicodeClasses.isIgnorableForCoverage(c) && !fonts.contains(where: { $0.covers(c) }) { missing.append(scalar) }
        }
        return missing
    }
}
