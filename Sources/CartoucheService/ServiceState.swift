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
    /// The `/v1/fonts` answer, computed on first use (a scan of every face's
    /// coverage) and kept: it only changes with the fonts.
    private let fontCatalogCache = Mutex<[UInt8]?>(nil)
    private let requestCounter = Atomic<UInt64>(0)

    public init(configuration: ServiceConfiguration, text: TextLayoutEngine, metrics: ServiceMetrics = ServiceMetrics()) {
        self.configuration = configuration
        self.text = text
        self.pool = HeavyWorkPool(maxConcurrent: configuration.maxConcurrentJobs, maxQueued: configuration.maxQueuedJobs)
        self.metrics = metrics
    }

    /// The `/v1/fonts` body, computed in the heavy-work pool the first time.
    func fontCatalogJSON() async throws(Problem) -> [UInt8] {
        if let cached = fontCatalogCache.withLock({ $0 }) { return cached }
        let registry = text.registry
        let bytes = try await runHeavy { .success(FontCatalog(registry: registry).jsonBytes()) }
        fontCatalogCache.withLock { $0 = bytes }
        return bytes
    }

    /// 1, 2, 3, …: request ids for clients that send none.
    func nextRequestNumber() -> UInt64 { requestCounter.add(1, ordering: .relaxed).newValue }

    /// A deadline `requestTimeout` after `start`, as the solver's cancellation check.
    func deadlineCheck(from start: ContinuousClock.Instant) -> @Sendable () -> Bool {
        let deadline = start.advanced(by: configuration.requestTimeout)
        return { ContinuousClock.now >= deadline }
    }

    /// ``runHeavy(_:)`` for a job that polls the request's deadline: the
    /// job's own "time budget exceeded" becomes the 503 naming the budget,
    /// with `Retry-After`.
    func runBudgeted<T: Sendable>(_ work: @escaping @Sendable () -> Result<T, JobError>) async throws(Problem) -> T {
        switch try await runInPool(work) {
        case .success(let value): return value
        case .failure(let error) where error.kind == .cancelled:
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
            throw .overloaded(retryAfter: configuration.retryAfterSeconds)
        }
    }
}
