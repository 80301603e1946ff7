import CartoucheJobs
import CartoucheText
import Logging
import Synchronization

/// What every request handler shares: the configuration, the one text engine
/// of the process, the heavy-work pool and the metrics.
public final class ServiceState: Sendable {
    public let configuration: ServiceConfiguration
    public let text: TextLayoutEngine
    public let pool: HeavyWorkPool
    public let metrics: ServiceMetrics
    /// The open connections' watches (``HangUpHandler``), to stop the jobs of clients that leave.
    let connections = ConnectionRegistry()
    /// The `/v1/fonts` answer, computed on first use (a scan of every face's
    /// coverage) and kept: it only changes with the fonts.
    private let fontCatalogCache = Mutex<[UInt8]?>(nil)
    /// The `/openapi.json` body: the document with this server's fonts and
    /// text length limit (``OpenAPIDocument/json(fontNames:maxTextLength:)``).
    public let openAPIDocument: [UInt8]
    /// Glyph ranges already made (`GET /v1/glyphs/…`), bounded in bytes.
    public let glyphCache = GlyphCache()

    public init(configuration: ServiceConfiguration, text: TextLayoutEngine, metrics: ServiceMetrics = ServiceMetrics()) {
        self.configuration = configuration
        self.text = text
        self.pool = HeavyWorkPool(maxConcurrent: configuration.maxConcurrentJobs, maxQueued: configuration.maxQueuedJobs)
        self.metrics = metrics
        self.openAPIDocument = Array(OpenAPIDocument.json(
            fontNames: OpenAPIDocument.fontNames(of: text.registry), maxTextLength: configuration.maxTextLength).utf8)
    }

    /// The `/v1/fonts` body, computed in the heavy-work pool the first time.
    func fontCatalogJSON() async throws(Problem) -> [UInt8] {
        if let cached = fontCatalogCache.withLock({ $0 }) { return cached }
        let registry = text.registry
        let bytes = try await runHeavy { .success(FontCatalog(registry: registry).jsonBytes()) }
        fontCatalogCache.withLock { $0 = bytes }
        return bytes
    }

    /// The budget of a request: the configured timeout from its arrival,
    /// abandoned when its client goes away.
    func budget(for context: ServiceRequestContext) -> RequestBudget {
        let deadline = context.arrival.advanced(by: configuration.requestTimeout)
        let budget = RequestBudget(
            deadline: deadline, searchDeadline: SearchBudget.searchDeadline(start: context.arrival, deadline: deadline))
        connections.watch(for: context.connection)?.track(budget)
        return budget
    }

    /// Runs a job that polls `budget.shouldCancel` in the heavy-work pool and
    /// answers by the budget's deadline: the 503 naming the budget (with
    /// `Retry-After`) when time runs out, waiting or running; 503
    /// `overloaded` when the line is full; 499 when the client went away
    /// (nobody reads it, but the log and the metrics say so).
    func runBudgeted<T: Sendable>(_ budget: RequestBudget, _ work: @escaping @Sendable () -> Result<T, JobError>) async throws(Problem) -> T {
        let result: Result<T, JobError>
        do {
            result = try await pool.run(budget: budget, work)
        } catch {
            switch error {
            case .queueFull(let limit): throw .overloaded(waiting: limit, retryAfter: configuration.retryAfterSeconds)
            case .expired: throw .budgetExceeded(timeout: configuration.requestTimeout, retryAfter: configuration.retryAfterSeconds)
            case .abandoned: throw .clientClosedRequest
            }
        }
        switch result {
        case .success(let value): return value
        case .failure(let error) where error.kind == .cancelled:
            if budget.isAbandoned { throw .clientClosedRequest }
            throw .budgetExceeded(timeout: configuration.requestTimeout, retryAfter: configuration.retryAfterSeconds)
        case .failure(let error): throw Problem(error)
        }
    }

    /// Runs `work` in the heavy-work pool; a full queue is a 503.
    func runHeavy<T: Sendable>(_ work: @escaping @Sendable () -> Result<T, JobError>) async throws(Problem) -> T {
        let result = try await runInPool(work)
        do { return try result.get() } catch { throw Problem(error) }
    }

    private func runInPool<T: Sendable>(_ work: @escaping @Sendable () -> Result<T, JobError>) async throws(Problem) -> Result<T, JobError> {
        do {
            return try await pool.run(work)
        } catch {
            throw .overloaded(waiting: pool.maxQueued, retryAfter: configuration.retryAfterSeconds)
        }
    }
}
