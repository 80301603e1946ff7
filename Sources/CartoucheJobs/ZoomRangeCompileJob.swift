import CartoucheJSON
import CartouchePlacement
import CartoucheScene
import CartoucheText

/// "Compile this zoom-range scene": place it, then write the placed labels
/// as a GeoJSON source with symbol layers (`ZoomRangeResponse.style`), as a
/// fragment or a complete style. `CompileJob` routes such scenes here.
enum ZoomRangeCompileJob {
    /// - Complexity: dominated by `ZoomRangePlacer`.
    static func run(
        _ json: JSONValue, options: CompileOptions, limits: SceneLimits, style: JSONWriter.Style, text: TextLayoutEngine?,
        budget: PlacementBudget
    ) -> Result<CompileOutcome, JobError> {
        let scene: ZoomRangeScene
        switch ZoomRangePlaceJob.decode(json, limits: limits) {
        case .success(let decoded): scene = decoded
        case .failure(let problem): return .failure(problem)
        }
        let response: ZoomRangeResponse
        do { response = try scene.place(text: text, budget: budget) } catch {
            return .failure(PlaceJob.jobError(for: error, in: scene.asDocument))
        }
        let (source, layers) = response.style(contents: scene.contents)
        var object: [String: JSONValue] = ["sources": [ZoomRangeResponse.sourceId: source], "layers": .array(layers)]
        if options.output == .style {
            object["version"] = 8
            if let name = options.style.name { object["name"] = .string(name) }
            if let glyphs = options.style.glyphs { object["glyphs"] = .string(glyphs) }
            if let sprite = options.style.sprite { object["sprite"] = .string(sprite) }
        }
        do {
            return .success(CompileOutcome(body: try JSONValue.object(object).jsonBytes(style: style),
                                           warnings: response.warnings.map(\.description)))
        } catch {
            return .failure(.internalFailure)
        }
    }
}
