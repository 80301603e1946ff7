import CartoucheJSON
import CartoucheJobs
import CartoucheScene
import HTTPTypes
import Hummingbird

/// `POST /v1/compile`, `/v1/query`, `/v1/render`: the scene's style, hits and
/// picture. Each reads its parameters before the body (a bad parameter costs
/// no read), then runs its job in the heavy-work pool under the request's
/// time budget.
struct SceneController {
    let state: ServiceState

    /// Names the compile's warnings travel under (the body stays exactly the
    /// style or fragment): the count, and the first few as a JSON array of strings.
    static let warningCountField = HTTPField.Name("Cartouche-Warning-Count") ?? .via
    static let warningsField = HTTPField.Name("Cartouche-Warnings") ?? .via
    /// Bounds on the `Cartouche-Warnings` value: annotation ids are user text of
    /// any length, and servers and clients commonly refuse headers over 8 KiB.
    static let warningsInHeader = 10
    static let warningHeaderCharacters = 200
    static let warningHeaderBytes = 4_096

    func register(on router: Router<ServiceRequestContext>) {
        router.post(RouterPath(ServiceRoute.compile.path)) { request, context in try await self.compile(request, budget: state.budget(for: context)) }
        router.post(RouterPath(ServiceRoute.query.path)) { request, context in try await self.query(request, budget: state.budget(for: context)) }
        router.post(RouterPath(ServiceRoute.render.path)) { request, context in try await self.render(request, budget: state.budget(for: context)) }
        router.post(RouterPath(ServiceRoute.diff.path)) { request, context in try await self.diff(request, budget: state.budget(for: context)) }
    }

    /// `POST /v1/diff`: `{"old": scene, "new": scene}` and compile's style
    /// parameters (`output` must stay `style`); the answer is the MapLibre
    /// calls from the old style to the new (see ``DiffJob``), the new
    /// scene's warnings in the headers.
    func diff(_ request: Request, budget: RequestBudget) async throws(Problem) -> Response {
        var parsed = try Problem.mapping { () throws(JobError) in try CompileOptions(parameters: request.parameterPairs) }
        parsed.defaultGlyphs = PublicBaseURL.resolve(configuration: state.configuration, request: request.head) + CompileOptions.glyphRoute
        let options = parsed
        let (body, limits) = try await readScene(request, budget: budget)
        let outcome = try await state.runBudgeted(budget) { DiffJob.run(body, options: options, limits: limits) }
        return Self.withWarnings(jsonResponse(outcome.body), outcome.warnings)
    }

    func compile(_ request: Request, budget: RequestBudget) async throws(Problem) -> Response {
        let placement = budget.placementWithoutSoftStop
        var parsed = try Problem.mapping { () throws(JobError) in try CompileOptions(parameters: request.parameterPairs) }
        // A style that draws text needs glyphs: by default this service's own.
        parsed.defaultGlyphs = PublicBaseURL.resolve(configuration: state.configuration, request: request.head) + CompileOptions.glyphRoute
        let options = parsed
        let (body, limits) = try await readScene(request, budget: budget)
        let text = state.text
        let outcome = try await state.runBudgeted(budget) {
            CompileJob.run(body, options: options, limits: limits, text: text, budget: placement)
        }
        return Self.withWarnings(jsonResponse(outcome.body), outcome.warnings)
    }

    /// `response` with the warning headers: `Cartouche-Warning-Count`
    /// always, `Cartouche-Warnings` when there are any (compile's duplicate
    /// ids; every scene route's missing glyphs).
    static func withWarnings(_ response: Response, _ warnings: [String]) -> Response {
        var response = response
        response.headers[warningCountField] = "\(warnings.count)"
        if !warnings.isEmpty { response.headers[warningsField] = warningsHeader(warnings) }
        return response
    }

    /// The first warnings (at most ``warningsInHeader``, each cut to
    /// ``warningHeaderCharacters`` characters with "…") that fit in
    /// ``warningHeaderBytes``, as an ASCII JSON array.
    static func warningsHeader(_ warnings: [String]) -> String {
        var kept: [String] = []
        var value = "[]"
        for warning in warnings.prefix(warningsInHeader) {
            let cut = warning.count > warningHeaderCharacters ? warning.prefix(warningHeaderCharacters - 1) + "…" : warning
            let candidate = asciiJSONArray(kept + [cut])
            if candidate.utf8.count > warningHeaderBytes { break }
            kept.append(cut)
            value = candidate
        }
        return value
    }

    func query(_ request: Request, budget: RequestBudget) async throws(Problem) -> Response {
        let placement = budget.placementWithoutSoftStop
        let options = try Problem.mapping { () throws(JobError) in try TargetOptions(parameters: request.parameterPairs) }
        let (body, limits) = try await readScene(request, budget: budget)
        let text = state.text
        let outcome = try await state.runBudgeted(budget) {
            QueryJob.runWithWarnings(body, limits: limits, text: text, budget: placement, target: options.target, mode: options.mode)
        }
        return Self.withWarnings(jsonResponse(outcome.body), outcome.warnings)
    }

    func render(_ request: Request, budget: RequestBudget) async throws(Problem) -> Response {
        let placement = budget.placementWithoutSoftStop
        let options = try Problem.mapping { () throws(JobError) in try RenderOptions(parameters: request.parameterPairs) }
        let (body, limits) = try await readScene(request, budget: budget)
        let text = state.text
        let outcome = try await state.runBudgeted(budget) {
            RenderJob.runWithWarnings(body, options: options, limits: limits, text: text, budget: placement)
        }
        return Self.withWarnings(Response(status: .ok, headers: [.contentType: "image/svg+xml; charset=utf-8"],
                                          body: ResponseBody(byteBuffer: ByteBuffer(bytes: outcome.svg))), outcome.warnings)
    }

    private func readScene(_ request: Request, budget: RequestBudget) async throws(Problem) -> ([UInt8], SceneLimits) {
        let config = state.configuration
        let body = try await RequestBody.json(request, limit: config.maxBodyBytes, budget: budget, state: state)
        return (body, SceneLimits(maxAnnotations: config.maxAnnotations, maxTextLength: config.maxTextLength))
    }

    /// `["…", "…"]` with every non-ASCII scalar escaped as `\uXXXX`, so it is
    /// a valid header value whatever the ids hold (and still JSON).
    static func asciiJSONArray(_ strings: [String]) -> String {
        var w = JSONWriter()
        w.beginArray()
        for s in strings { w.write(s) }
        w.endArray()
        var out = ""
        for scalar in String(decoding: w.bytes, as: UTF8.self).unicodeScalars {
            if scalar.isASCII, scalar.value >= 0x20, scalar.value != 0x7F {
                out.unicodeScalars.append(scalar)
            } else {
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }
        }
        return out
    }
}

extension Request {
    /// The query parameters as name/value pairs, in order (repeats kept, so they can be refused).
    var parameterPairs: [(name: String, value: String)] {
        uri.queryParameters.map { (String($0.key), String($0.value)) }
    }
}
