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
    func symbolBoxes(of a: PointAnnotation, iconSizes: [String: ScreenSize], text: TextLayoutEngine?) -> [ScreenRect] {
        var boxes: [ScreenRect] = []
        let p = a.properties, d = defaults
        if let name = p.iconImage ?? d.iconImage, let image = iconSizes[name] {
            let scale = p.iconSize ?? d.iconSize ?? 1
            let w = image.width * scale, h = image.height * scale
            let offset = p.iconOffset ?? d.iconOffset ?? .zero
            let anchor = (p.iconAnchor ?? d.iconAnchor ?? .center).rawValue
            var x = -w / 2, y = -h / 2
            if anchor.contains("left") { x = 0 } else if anchor.contains("right") { x = -w }
            if anchor.hasPrefix("top") { y = 0 } else if anchor.hasPrefix("bottom") { y = -h }
            // icon-offset is in icon pixels, scaled with the icon.
            boxes.append(ScreenRect(x: x + offset.x * scale, y: y + offset.y * scale, width: w, height: h))
        }
        if let text, let field = p.textField ?? d.textField, !field.isEmpty {
            let style = TextStyle(
                font: layerProperties.textFont ?? ["Noto Sans Regular"],
                size: (p.textSize ?? d.textSize)?.value ?? 16,
                maxWidth: (p.textMaxWidth ?? d.textMaxWidth)?.value ?? 10,
                lineHeight: (p.textLineHeight ?? d.textLineHeight)?.value ?? 1.2,
                letterSpacing: (p.textLetterSpacing ?? d.textLetterSpacing)?.value ?? 0,
                justify: (p.textJustify ?? d.textJustify).flatMap { CartoucheText.TextJustify(rawValue: $0.rawValue) } ?? .center,
                anchor: (p.textAnchor ?? d.textAnchor).flatMap { CartoucheText.TextAnchor(rawValue: $0.rawValue) } ?? .center,
                transform: (p.textTransform ?? d.textTransform).flatMap { CartoucheText.TextTransform(rawValue: $0.rawValue) } ?? .none,
                offsetX: (p.textOffset ?? d.textOffset)?.x ?? 0, offsetY: (p.textOffset ?? d.textOffset)?.y ?? 0,
                radialOffset: (p.textRadialOffset ?? d.textRadialOffset)?.value ?? 0)
            // An unshapeable label (unknown font) adds no box; compile reports the font.
            if let box = try? text.bounds(of: field, style: style) { boxes.append(box) }
        }
        return boxes
    }
}
