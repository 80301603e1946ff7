import CartoucheAnnotations
import CartoucheGeometry
import CartoucheStyle
import CartoucheText

/// The boxes a point annotation's symbol covers on screen, relative to its
/// anchor point: the icon (image size × `icon-size`, placed by `icon-anchor`
/// and `icon-offset`) and the shaped text (`text-field` laid out with the
/// layer's `text-font` and the annotation's text properties: anchor, offsets,
/// max width, line height, letter spacing, justify, transform). Viewport
/// aligned, as the annotation managers draw them.
extension AnnotationManager where Kind == PointAnnotationKind {
    func symbolBoxes(of a: PointAnnotation, iconSizes: [String: ScreenSize], text: TextLayoutEngine?, environment: StyleEnvironment) -> [ScreenRect] {
        var boxes: [ScreenRect] = []
        let style = resolvedStyle(of: a, in: environment)
        if let name = style.iconImage, let image = iconSizes[name] {
            let scale = style.iconSize
            let w = image.width * scale, h = image.height * scale
            // The box's top-left corner relative to the point, by `icon-anchor`.
            let x = -w * style.iconAnchor.horizontalAlign, y = -h * style.iconAnchor.verticalAlign
            // icon-offset is in icon pixels, scaled with the icon.
            boxes.append(ScreenRect(x: x + style.iconOffset.x * scale, y: y + style.iconOffset.y * scale, width: w, height: h))
        }
        if let text, let field = style.textField, !field.isEmpty,
           // An unshapeable label (unknown font) adds no box; compile reports the font.
           let box = try? text.bounds(of: field, style: labelStyle(style, in: environment)) {
            boxes.append(box)
        }
        return boxes
    }

    /// The code points of `a`'s `text-field` that no face of the style its
    /// box uses has (`ShapedText.missingCodePoints`, found without shaping);
    /// empty without a label or when its font stack is unknown (compile
    /// reports the font).
    func labelMissingCodePoints(
        of a: PointAnnotation, text: TextLayoutEngine, environment: StyleEnvironment = StyleEnvironment()
    ) -> [Unicode.Scalar] {
        let style = resolvedStyle(of: a, in: environment)
        guard let field = style.textField, !field.isEmpty else { return [] }
        return (try? text.missingCodePoints(in: field, style: labelStyle(style, in: environment))) ?? []
    }

    /// The `TextStyle` a point annotation's label is laid out with: the
    /// layer's `text-font` and the annotation's text properties.
    private func labelStyle(_ style: ResolvedSymbolStyle, in environment: StyleEnvironment) -> TextStyle {
        TextStyle(
            // The bundled family stands in for the spec's default stack
            // (Open Sans, Arial Unicode MS), which Cartouche does not ship.
            font: evaluatedLayerProperties(in: environment).textFont ?? ["Noto Sans Regular"],
            size: style.textSize, maxWidth: style.textMaxWidth, lineHeight: style.textLineHeight,
            letterSpacing: style.textLetterSpacing, justify: style.textJustify, anchor: style.textAnchor,
            transform: style.textTransform, offsetX: style.textOffset.x, offsetY: style.textOffset.y,
            radialOffset: style.textRadialOffset)
    }
}
