import CartoucheScene
/// The service's OpenAPI 3.1 description, served at `/openapi.json`.
///
/// Written by hand to follow the decoders exactly (`SceneDocument(json:)`,
/// `ShapeRequest(json:)`): every member, its type, default and whether it is
/// required; `additionalProperties: false` wherever the decoder rejects
/// unknown members. `OpenAPITests` checks every member of the example scenes
/// is described here and that the paths match ``ServiceRoute`` both ways.
public enum OpenAPIDocument {
    /// The document for no particular server: `info.version` set to
    /// `CartoucheVersion.string`, font stacks taking any names and texts
    /// any length. A server serves ``json(fontNames:maxTextLength:)`` with
    /// its own fonts and limit.
    public static let json: String = json(fontNames: [])

    /// The hand-written text, `Resources/openapi.json` (``ServiceResources``);
    /// ``json(fontNames:maxTextLength:)`` fills in what only a running server knows.
    /// The glyph route's `range` parameter lists its 256 names (`0-255` …
    /// `65280-65535`); `OpenAPITests` checks that list.
    static let template: String = ServiceResources.required(ServiceResources.openAPIFile)
}
