/// Why a drawing cannot be rendered. Messages name the offending element so
/// a caller can fix its input.
public enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A colour string is not `#rgb` or `#rrggbb`.
    case invalidColor(String)
    /// A number is NaN or infinite. `field` is a path such as
    /// `layers[0] "routes" / items[3] (id "r1") / points[2].x`.
    case nonFiniteNumber(field: String)
    /// A size, width or radius is negative, or an opacity is outside 0…1.
    case outOfRange(field: String, value: Double, expected: String)
    /// Two layers share an id (layer ids become SVG element ids).
    case duplicateLayerID(String)
    /// A layer id is empty.
    case emptyLayerID(index: Int)
    /// A layer id starts with `cartouche-`, the prefix of the ids the writer
    /// gives its own elements (legend, caption, shadow filter).
    case reservedLayerID(String)

    public var description: String {
        switch self {
        case .invalidColor(let text):
            "invalid colour \"\(text)\": expected #rgb or #rrggbb"
        case .nonFiniteNumber(let field):
            "\(field) is not a finite number"
        case .outOfRange(let field, let value, let expected):
            "\(field) is \(value), expected \(expected)"
        case .duplicateLayerID(let id):
            "layer id \"\(id)\" is used by more than one layer"
        case .emptyLayerID(let index):
            "layers[\(index)] has an empty id"
        case .reservedLayerID(let id):
            "layer id \"\(id)\" starts with \"\(SVGRenderer.reservedIDPrefix)\", which is reserved for the renderer's own elements"
        }
    }
}
