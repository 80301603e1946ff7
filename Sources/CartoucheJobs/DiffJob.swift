import CartoucheAnnotations
import CartoucheJSON
import CartoucheScene
import CartoucheStyle

/// "What changed between these two scenes", as the calls a MapLibre GL JS
/// client makes to its map instead of reloading the style: `POST /v1/diff`
/// and `cartouche diff OLD NEW`.
///
/// Both scenes are compiled to complete styles as `POST /v1/compile` does
/// (same options: target, glyphs, sprite, background, slots), and the
/// answer is `MapLibreStyleDiff.between(_:_:)` (CartoucheStyle) of the two:
/// `{"operations": [...], "warnings"?}`.
public enum DiffJob {
    /// - Parameters:
    ///   - body: `{"old": scene, "new": scene}`.
    ///   - options: the compile options both styles are made with (output must be `style`).
    ///   - limits: apply to each scene.
    ///   - style: `.compact` for the service; the CLI's `--pretty` asks for `.pretty`.
    /// - Returns: the answer, keys sorted; the compile warnings of the new scene.
    /// - Complexity: two compiles, then O(F + L²) for F features and L layers.
    public static func run(
        _ body: [UInt8], options: CompileOptions, limits: SceneLimits, style: JSONWriter.Style = .compact
    ) -> Result<CompileOutcome, JobError> {
        let json: JSONValue
        do { json = try JSONParser().parse(body) } catch { return .failure(.invalidJSON(error)) }
        return run(json: json, options: options, limits: limits, style: style)
    }

    /// The same, for a request already parsed (the CLI builds it from two files).
    /// - Parameters:
    ///   - json: `{"old": scene, "new": scene}`.
    ///   - options: the compile options both styles are made with.
    ///   - limits: apply to each scene.
    ///   - style: how the answer is written.
    public static func run(
        json: JSONValue, options: CompileOptions, limits: SceneLimits, style: JSONWriter.Style = .compact
    ) -> Result<CompileOutcome, JobError> {
        guard options.output == .style else {
            return .failure(.invalidParameter("output", "a diff is between two complete styles; output=fragment does not apply"))
        }
        let members: [String: JSONValue]
        do {
            var r = try JSONObjectReader(json, at: .root)
            _ = try r.required("old")
            _ = try r.required("new")
            try r.rejectUnknownMembers()
            members = r.members
        } catch {
            return .failure(JobError(decoding: error))
        }
        var styles: [StyleDocument] = []
        var warnings: [String] = []
        var targets: [StyleTarget] = []
        for name in ["old", "new"] {
            let path = JSONPath.root.appending(key: name), scene = members[name] ?? .null
            if ZoomRangeScene.isZoomRange(scene) {
                return .failure(.invalidValue(detail: "\(name): zoom-range scenes compile to one style per zoom range; diff two plain scenes", path: name))
            }
            let document: SceneDocument
            switch SceneInput.decode(scene, at: path, limits: limits, target: options.target) {
            case .success(let decoded): document = decoded
            case .failure(let problem): return .failure(problem)
            }
            do {
                switch try CompileJob.styleDocument(of: document, options: options) {
                case .success(let compiled):
                    styles.append(compiled.document)
                    if name == "new" { warnings = compiled.warnings.map(\.description) }
                case .failure(let problem): return .failure(problem)
                }
            } catch {
                return .failure(PlaceJob.jobError(for: error, in: document, at: path))
            }
            if let first = targets.first, first != document.options.target {
                return .failure(.invalidValue(
                    detail: "new.options.target: \"\(document.options.target.rawValue)\" differs from the old scene's \"\(first.rawValue)\"; "
                        + "a diff applies to one renderer's map", path: "new.options.target"))
            }
            targets.append(document.options.target)
        }
        let diff = MapLibreStyleDiff.between(styles[0], styles[1])
        do { return .success(CompileOutcome(body: try diff.json.jsonBytes(style: style), warnings: warnings)) } catch {
            return .failure(.internalFailure)  // decoded numbers are finite; a bug
        }
    }
}
