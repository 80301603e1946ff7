/// The default look, in one place: a light map-app palette. Every primitive
/// takes its style explicitly; these are the values scenes use unless told
/// otherwise.
public enum RenderStyle {
    // MARK: Palette
    public static let background = RenderColor(rgb: 0xF5F3EF)
    public static let routeBlue = RenderColor(rgb: 0x3478F6)
    public static let alternativeRoute = RenderColor(rgb: 0x8FA6C8)
    public static let casing = RenderColor.white
    public static let text = RenderColor(rgb: 0x1F2328)
    public static let secondaryText = RenderColor(rgb: 0x6B7280)
    public static let puckBlue = RenderColor(rgb: 0x1A73E8)
    public static let padding = RenderColor(rgb: 0x9AA0A6)
    public static let marker = RenderColor(rgb: 0xE5484D)

    /// The font stack written on the root element; viewers pick the first
    /// installed family per character.
    public static let fontFamily =
        "'Noto Sans', 'Noto Sans Arabic', 'Noto Sans Hebrew', 'Noto Sans Devanagari', 'Droid Sans Fallback', sans-serif"

    // MARK: Lines
    public static let primaryRoute = Drawing.LineStyle(color: routeBlue, width: 6, casingWidth: 2, casingColor: casing)
    public static let alternativeRouteLine = Drawing.LineStyle(
        color: alternativeRoute, width: 5, casingWidth: 1.5, casingColor: casing)

    // MARK: Areas
    public static let area = Drawing.FillStyle(
        color: RenderColor(rgb: 0x7CC47F), opacity: 0.35, strokeColor: RenderColor(rgb: 0x4E9A51), strokeWidth: 1.5)
    public static let circle = Drawing.FillStyle(
        color: RenderColor(rgb: 0xF5A524), opacity: 0.9, strokeColor: .white, strokeWidth: 2)

    // MARK: Text
    public static let label = Drawing.TextStyle(size: 12, color: text, haloColor: .white, haloWidth: 2)
    public static let calloutTitle = Drawing.TextStyle(size: 16, weight: .bold, color: text)
    public static let calloutHint = Drawing.TextStyle(size: 12, color: secondaryText)
    public static let primaryCalloutTitle = Drawing.TextStyle(size: 16, weight: .bold, color: .white)
    public static let primaryCalloutHint = Drawing.TextStyle(size: 12, color: RenderColor(rgb: 0xDCE8FD))

    // MARK: Callouts (the seed ETA callout: tail 8, corner radius 8)
    public static let callout = Drawing.CalloutStyle(fill: .white, stroke: RenderColor(rgb: 0xD0D4DA), strokeWidth: 0.5)
    public static let primaryCallout = Drawing.CalloutStyle(fill: routeBlue)

    // MARK: Debug overlays
    public static let paddingDash: [Double] = [6, 4]
    public static let ghostDash: [Double] = [4, 3]
    public static let ghostLabel = Drawing.TextStyle(size: 9, color: secondaryText)
}
