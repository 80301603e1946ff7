import CartoucheGeometry
import CartoucheJSON
import CartoucheScene
import CartoucheStyle
import CartoucheText

/// `POST /v1/shape`: a text and its style-spec layout properties.
///
/// Members use the `TextStyle` names: `text` (required), `font`, `size`,
/// `maxWidth`, `lineHeight`, `letterSpacing`, `justify`, `anchor`,
/// `transform`, and `glyphs` (include positioned glyphs in the answer).
/// Defaults are the style spec's.
public struct ShapeRequest: Hashable, Sendable {
    public var text: String
    public var style: TextStyle
    public var includeGlyphs: Bool

    public init(text: String, style: TextStyle = TextStyle(), includeGlyphs: Bool = false) {
        self.text = text
        self.style = style
        self.includeGlyphs = includeGlyphs
    }

    /// Decodes strictly: unknown members and wrong types are errors at their path.
    public init(json: JSONValue) throws(JSONDecodingError) {
        var r = try JSONObjectReader(json, at: .root)
        let defaults = TextStyle()
        text = try r.requiredString("text")
        let font = try r.optional("font") { v, p throws(JSONDecodingError) in
            try v.decodeArray(at: p) { v, p throws(JSONDecodingError) in try v.decodeString(at: p) }
        }
        if let font, font.isEmpty { throw JSONDecodingError(path: r.path(of: "font"), reason: "a font stack needs at least one family") }
        style = TextStyle(
            font: font ?? defaults.font,
            size: try r.optionalNumber("size") ?? defaults.size,
            maxWidth: try r.optionalNumber("maxWidth") ?? defaults.maxWidth,
            lineHeight: try r.optionalNumber("lineHeight") ?? defaults.lineHeight,
            letterSpacing: try r.optionalNumber("letterSpacing") ?? defaults.letterSpacing,
            justify: try r.optionalCase("justify", as: TextJustify.self) ?? defaults.justify,
            anchor: try r.optionalCase("anchor", as: BoxAnchor.self) ?? defaults.anchor,
            transform: try r.optionalCase("transform", as: TextTransform.self) ?? defaults.transform)
        includeGlyphs = try r.optionalBool("glyphs") ?? false
        try r.rejectUnknownMembers()
        do { try style.validate() } catch { throw JSONDecodingError(path: Self.path(for: error), reason: "\(error)") }
    }

    /// The request member a text error is about.
    static func path(for error: TextError) -> JSONPath {
        let member: String? =
            switch error {
            case .invalidValue(let field, _, _):
                ["text-size": "size", "text-max-width": "maxWidth", "text-line-height": "lineHeight",
                 "text-letter-spacing": "letterSpacing"][field]
            case .unknownFontStack, .emptyFontStack: "font"
            case .textTooLong: "text"
            default: nil
            }
        return member.map { JSONPath.root.appending(key: $0) } ?? .root
    }
}

/// Shapes one text: shared by `POST /v1/shape` and `cartouche shape`.
public enum ShapeJob {
    public static func run(_ body: [UInt8], maxTextLength: Int, text engine: TextLayoutEngine) -> Result<[UInt8], JobError> {
        let json: JSONValue
        do { json = try JSONParser().parse(body) } catch { return .failure(.invalidJSON(error)) }
        let request: ShapeRequest
        do { request = try ShapeRequest(json: json) } catch { return .failure(JobError(decoding: error)) }
        let count = request.text.unicodeScalars.count
        if count > maxTextLength { return .failure(.textTooLong(count: count, limit: maxTextLength, path: "text")) }
        let shaped: ShapedText
        do {
            shaped = try engine.layout(request.text, style: request.style, includeGlyphs: request.includeGlyphs)
        } catch {
            return .failure(.invalidValue(detail: error.description, path: ShapeRequest.path(for: error).description))
        }
        do {
            return .success(try shaped.shapeResponseJSON(includeGlyphs: request.includeGlyphs))
        } catch {
            return .failure(.internalFailure)  // layout values are finite; a bug, reported without internals
        }
    }
}

extension ShapedText {
    /// `{"bounds", "faces", "height", "lines", "missingCodePoints", "unknownFonts", "width"}`
    /// with keys sorted; lines carry their glyphs when `includeGlyphs`.
    func shapeResponseJSON(includeGlyphs: Bool) throws(JSONWriteError) -> [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        w.key("bounds"); try bounds.writeJSON(to: &w)
        w.key("faces"); w.beginArray(); for f in faces { w.write(f) }; w.endArray()
        w.key("height"); try w.write(height)
        w.key("lines")
        w.beginArray()
        for line in lines {
            w.beginObject()
            w.key("baseline"); try w.write(line.baseline)
            w.key("bounds"); try line.bounds.writeJSON(to: &w)
            w.key("end"); w.write(line.scalarRange.upperBound)
            if includeGlyphs {
                w.key("glyphs")
                w.beginArray()
                for g in line.glyphs {
                    w.beginObject()
                    w.key("advance"); try w.write(g.advance)
                    w.key("cluster"); w.write(g.cluster)
                    w.key("face"); w.write(g.faceIndex)
                    w.key("id"); w.write(Int(g.glyphID))
                    w.key("x"); try w.write(g.x)
                    w.key("y"); try w.write(g.y)
                    w.endObject()
                }
                w.endArray()
            }
            w.key("start"); w.write(line.scalarRange.lowerBound)
            w.endObject()
        }
        w.endArray()
        w.key("missingCodePoints")
        w.beginArray()
        for scalar in missingCodePoints { w.write(scalar.codePointLabel) }
        w.endArray()
        w.key("unknownFonts"); w.beginArray(); for name in unknownFontNames { w.write(name) }; w.endArray()
        w.key("width"); try w.write(width)
        w.endObject()
        return w.bytes
    }
}

extension Unicode.Scalar {
    /// "U+1F600", as warnings name code points.
    var codePointLabel: String { SceneWarning.label(self) }
}
