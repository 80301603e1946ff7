import CartoucheAnnotations
import CartoucheJSON
import CartouchePlacement
import CartoucheScene
import CartoucheStyle
import CartoucheText

/// How `POST /v1/compile` (and `cartouche compile`) compiles a scene.
public struct CompileOptions: Hashable, Sendable {
    public enum Output: String, CaseIterable, Sendable {
        /// A complete v8 style document (background, slot markers, the annotation layers).
        case style
        /// `{"sources", "layers"}` (and `"images"` when used) to merge into a style.
        case fragment
    }

    public var output: Output
    /// The request's target; nil keeps the scene's `options.target`
    /// (`portable` when the scene says nothing).
    public var target: StyleTarget?
    /// Used for `output == .style` only.
    public var style: StyleDocumentOptions
    /// The glyphs URL template a complete style gets when `style.glyphs` is
    /// nil and one of its layers draws text: the service's own
    /// ``CompileOptions/glyphRoute`` as an absolute URL. A style without text
    /// gets none (it needs none, and its bytes stay the library's). nil (the
    /// CLI, which serves no glyphs) refuses such a scene with a
    /// `glyphs` parameter problem that says where glyphs come from.
    public var defaultGlyphs: String?

    public init(
        output: Output = .style, target: StyleTarget? = nil, style: StyleDocumentOptions = StyleDocumentOptions(),
        defaultGlyphs: String? = nil
    ) {
        self.output = output
        self.target = target
        self.style = style
        self.defaultGlyphs = defaultGlyphs
    }

    /// The service's glyph route, relative to its base URL, as a style's
    /// `glyphs` template.
    public static let glyphRoute = "/v1/glyphs/{fontstack}/{range}.pbf"

    /// The parameter names, in the order the docs list them.
    public static let parameterNames = ["output", "target", "name", "glyphs", "sprite", "background", "slots"]
    /// The parameters that shape the complete style only.
    static let styleOnlyParameters = ["name", "glyphs", "sprite", "background", "slots"]

    /// Reads `output=style|fragment`, `target=portable|mapbox` (absent: the
    /// scene's `options.target`), and for
    /// styles `name`, `glyphs`, `sprite` (URLs, passed through), `background`
    /// (a CSS colour, or `none` for no background layer) and `slots`
    /// (comma-separated Mapbox slot names, bottom to top).
    /// - Throws: ``JobError`` 400 `invalid-parameter` naming the parameter.
    public init(parameters: [(name: String, value: String)]) throws(JobError) {
        let reader = try ParameterReader(parameters, allowed: Self.parameterNames)
        output = try reader.choice("output", Output.allCases.map { ($0.rawValue, $0) }) ?? .style
        target = try reader.target()
        style = StyleDocumentOptions()
        if output == .fragment, let name = Self.styleOnlyParameters.first(where: reader.has) {
            throw .invalidParameter(name, "applies to output=style only")
        }
        style.name = try reader.string("name")
        style.glyphs = try reader.string("glyphs")
        style.sprite = try reader.string("sprite")
        if let background = try reader.string("background") {
            if background == "none" {
                style.backgroundColor = nil
            } else {
                do { style.backgroundColor = try StyleColor(parsing: background) } catch {
                    throw .invalidParameter("background", "\"\(background)\" is not a CSS colour nor none: \(error)")
                }
            }
        }
        if let slots = try reader.string("slots") {
            let names = slots.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if names.contains(where: \.isEmpty) { throw .invalidParameter("slots", "slot names must not be empty, got \"\(slots)\"") }
            style.slots = names
        }
    }
}

/// A compiled scene, ready to send.
public struct CompileOutcome: Sendable {
    /// The style or fragment JSON, keys sorted.
    public var body: [UInt8]
    /// The compile's non-fatal findings, one sentence each (duplicate
    /// annotation ids: which manager, which id, which index was kept).
    public var warnings: [String]
}

/// "Compile this scene": parse, check limits, decode, compile, write.
/// Shared by `POST /v1/compile` and `cartouche compile`.
public enum CompileJob {
    /// - Parameters:
    ///   - body: the request body, a scene as JSON.
    ///   - options: output, target and the style's name, glyphs, sprite, background and slots.
    ///   - limits: the annotation and text length limits the scene must keep.
    ///   - style: `.compact` for the service; the CLI's `--pretty` asks for `.pretty`.
    ///   - text: shapes the point annotations' `text-field`s, so labels with
    ///     code points no font has are warned about (the style draws them with
    ///     its glyphs; callouts are not part of a style); nil skips the check.
    ///   - budget: the request's deadline, checked before compiling
    ///     (compiling is linear in the annotations and does not poll; a
    ///     zoom-range scene's placement polls it).
    /// - Complexity: O(annotations) plus the sort of each manager's layer order.
    public static func run(
        _ body: [UInt8], options: CompileOptions, limits: SceneLimits, style: JSONWriter.Style = .compact,
        text: TextLayoutEngine? = nil, budget: PlacementBudget = .unlimited
    ) -> Result<CompileOutcome, JobError> {
        let json: JSONValue
        do { json = try JSONParser().parse(body) } catch { return .failure(.invalidJSON(error)) }
        if ZoomRangeScene.isZoomRange(json) {
            return ZoomRangeCompileJob.run(json, options: options, limits: limits, style: style, text: text, budget: budget)
        }
        let document: SceneDocument
        switch SceneInput.decode(json, limits: limits, target: options.target) {
        case .success(let decoded): document = decoded
        case .failure(let problem): return .failure(problem)
        }
        if budget.isCancelled { return .failure(JobError(PlacementCancelled())) }
        let output: JSONValue
        let warnings: [AnnotationError]
        do {
            switch options.output {
            case .style:
                switch try styleDocument(of: document, options: options) {
                case .success(let compiled):
                    output = compiled.document.json
                    warnings = compiled.warnings
                case .failure(let problem):
                    return .failure(problem)
                }
            case .fragment:
                let compiled = try document.compile()
                output = compiled.fragment.json
                warnings = compiled.warnings
            }
        } catch {
            return .failure(PlaceJob.jobError(for: error, in: document))
        }
        do {
            let glyphs = document.missingGlyphWarnings(text: text, callouts: false)
            return .success(CompileOutcome(body: try output.jsonBytes(style: style),
                                           warnings: warnings.map(\.description) + glyphs.map(\.description)))
        } catch {
            return .failure(.internalFailure)  // every number was validated finite on decoding; a bug
        }
    }
}

extension CompileJob {
    /// The complete style of `document` as `options` ask for it, glyphs
    /// defaulted as the route does (``CompileOptions/defaultGlyphs``).
    /// - Throws: the scene's errors; a failure only for text without glyphs.
    static func styleDocument(
        of document: SceneDocument, options: CompileOptions
    ) throws(SceneError) -> Result<(document: StyleDocument, warnings: [AnnotationError]), JobError> {
        var compiled = try document.styleDocumentWithWarnings(options: options.style.withGlyphsToCheck)
        if options.style.glyphs == nil {
            // The placeholder only let the style compile: the default
            // when the style draws text, nothing when it does not.
            compiled.document.glyphs = nil
            if let layer = compiled.document.firstTextLayer {
                guard let fallback = options.defaultGlyphs else { return .failure(.glyphsRequired(layer: layer)) }
                compiled.document.glyphs = fallback
            }
        }
        return .success(compiled)
    }
}

extension StyleDocumentOptions {
    /// These options with a placeholder `glyphs` when none is given, so the
    /// style compiles and ``CompileJob`` can see whether it draws text before
    /// it decides what `glyphs` to write.
    fileprivate var withGlyphsToCheck: StyleDocumentOptions {
        var options = self
        if options.glyphs == nil { options.glyphs = "" }
        return options
    }
}

extension JobError {
    /// A complete style that draws text with no `glyphs` parameter (the CLI;
    /// the service defaults to its own route): names the parameter (the CLI
    /// says `--glyphs`) and where glyph ranges come from.
    static func glyphsRequired(layer: String) -> JobError {
        .parameterOutOfRange(
            "glyphs",
            "layer \"\(layer)\" draws text, so the style needs a glyphs URL template: a running `cartouche serve` answers "
                + "http://HOST:PORT\(CompileOptions.glyphRoute), and `cartouche glyphs --out DIR` writes the same ranges "
                + "for any file server (https://…/DIR/{fontstack}/{range}.pbf)")
    }
}
