import CartoucheJSON
import CartoucheJobs
import CartoucheScene
import Hummingbird

/// `POST /v1/place`, `POST /v1/shape`, `GET /v1/fonts`.
struct EngineController {
    let state: ServiceState

    func register(on router: Router<ServiceRequestContext>) {
        router.post(RouterPath(ServiceRoute.place.path)) { request, context in try await self.place(request, budget: state.budget(for: context)) }
        router.post(RouterPath(ServiceRoute.shape.path)) { request, context in try await self.shape(request, budget: state.budget(for: context)) }
        router.get(RouterPath(ServiceRoute.fonts.path)) { _, _ in jsonResponse(try await state.fontCatalogJSON()) }
    }

    func place(_ request: Request, budget: RequestBudget) async throws(Problem) -> Response {
        let config = state.configuration
        // The budget counts from arrival: reading, waiting for a slot and placing all spend it.
        let options = try Problem.mapping { () throws(JobError) in try TargetOptions(parameters: request.parameterPairs) }
        let body = try await RequestBody.json(request, limit: config.maxBodyBytes, budget: budget, state: state)
        let limits = SceneLimits(maxAnnotations: config.maxAnnotations, maxTextLength: config.maxTextLength)
        let text = state.text
        let placement = budget.placement
        let outcome = try await state.runBudgeted(budget) {
            PlaceJob.run(body, limits: limits, text: text, budget: placement,
                         target: options.target, mode: options.mode)
        }
        state.metrics.recordPlacement(placed: outcome.placed, hiddenByReason: outcome.hiddenByReason)
        return SceneController.withWarnings(jsonResponse(outcome.body), outcome.warnings)
    }

    func shape(_ request: Request, budget: RequestBudget) async throws(Problem) -> Response {
        let config = state.configuration
        _ = try Problem.mapping { () throws(JobError) in try ParameterReader(request.parameterPairs, allowed: []) }
        let body = try await RequestBody.json(request, limit: config.maxBodyBytes, budget: budget, state: state)
        let text = state.text
        let bytes = try await state.runBudgeted(budget) { ShapeJob.run(body, maxTextLength: config.maxTextLength, text: text) }
        return jsonResponse(bytes)
    }
}

/// `GET /healthz`, `GET /metrics`, `GET /openapi.json`: cheap, never queued
/// behind heavy work.
struct SystemController {
    let state: ServiceState

    func register(on router: Router<ServiceRequestContext>) {
        router.get(RouterPath(ServiceRoute.health.path)) { _, _ in jsonResponse(healthBody) }
        router.get(RouterPath(ServiceRoute.metrics.path)) { _, _ in
            let load = state.pool.load
            state.metrics.recordPoolLoad(running: load.running, waiting: load.waiting)
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                     body: ResponseBody(byteBuffer: ByteBuffer(bytes: state.metrics.exposition())))
        }
        router.get(RouterPath(ServiceRoute.openAPI.path)) { _, _ in jsonResponse(state.openAPIDocument) }
    }
}

/// `{"status":"ok","version":"…"}`: alive, and which Cartouche answers.
let healthBody = Array(#"{"status":"ok","version":"\#(CartoucheVersion.string)"}"#.utf8)

func jsonResponse(_ bytes: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
    Response(status: status, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
}
