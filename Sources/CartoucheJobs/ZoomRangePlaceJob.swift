import CartoucheJSON
import CartouchePlacement
import CartoucheScene
import CartoucheText

/// "Place this zoom-range scene" (a scene with `zoomRange` instead of
/// cameras): decode under the limits, place once for the whole range, write.
/// `PlaceJob` routes such scenes here, so `POST /v1/place` and `cartouche
/// place` answer them with the same bytes and the same errors.
enum ZoomRangePlaceJob {
    /// - Complexity: dominated by `ZoomRangePlacer`.
    static func run(
        _ json: JSONValue, limits: SceneLimits, text: TextLayoutEngine?, budget: PlacementBudget, mode: PlacementMode? = nil,
        threads: Int = 1
    ) -> Result<PlaceOutcome, JobError> {
        var scene: ZoomRangeScene
        switch decode(json, limits: limits, threads: threads) {
        case .success(let decoded): scene = decoded
        case .failure(let problem): return .failure(problem)
        }
        // `--mode` / `?mode=` override `options.mode` here as for camera scenes.
        if let mode { scene.options.mode = mode }
        if budget.isCancelled { return .failure(JobError(PlacementCancelled())) }
        let response: ZoomRangeResponse
        do {
            response = try scene.place(text: text, budget: budget, threads: threads)
        } catch {
            // Content that cannot be measured, at its annotation's path; a spent budget.
            return .failure(PlaceJob.jobError(for: error, in: scene.asDocument))
        }
        let bytes: [UInt8]
        do { bytes = try response.jsonBytes() } catch { return .failure(.internalFailure) }
        var hidden: [String: Int] = [:]
        for p in response.result.placements where !p.isVisible { hidden[p.hiddenReason?.code ?? "hidden", default: 0] += 1 }
        return .success(PlaceOutcome(body: bytes, placed: response.result.shownCount, hiddenByReason: hidden,
                                     warnings: response.warnings.map(\.description)))
    }

    /// The scene under the limits, as `SceneInput` reads camera scenes.
    static func decode(_ json: JSONValue, limits: SceneLimits, threads: Int = 1) -> Result<ZoomRangeScene, JobError> {
        let scene: ZoomRangeScene
        do { scene = try ZoomRangeScene(json: json, limits: limits, threads: threads) } catch { return .failure(JobError(decoding: error)) }
        return .success(scene)
    }
}
