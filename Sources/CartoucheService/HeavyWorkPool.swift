import Dispatch
import Synchronization

/// Runs CPU-heavy jobs (placing, shaping) on Dispatch threads, outside Swift's
/// cooperative thread pool, at most `maxConcurrent` at a time.
///
/// Why: the cooperative pool has one thread per core. If request handlers
/// placed scenes on it directly, two heavy requests on a 2-core machine would
/// occupy every thread and `/healthz` could not even be scheduled. Here the
/// handler only awaits; the work runs elsewhere, and once `maxQueued` jobs are
/// already waiting for a slot, further jobs are refused at once (the caller
/// answers 503) rather than queueing without bound.
public final class HeavyWorkPool: Sendable {
    /// The pool refused a job because its waiting line is full.
    public struct QueueFull: Error, Hashable, Sendable {
        public var limit: Int
    }

    private enum Admission: Sendable { case admitted, rejected }

    private struct State {
        var running = 0
        /// Jobs waiting for a slot, oldest first (the line is short: at most `maxQueued`).
        var waiting: [CheckedContinuation<Admission, Never>] = []
    }

    public let maxConcurrent: Int
    public let maxQueued: Int
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "cartouche.heavy-work", qos: .userInitiated, attributes: .concurrent)

    public init(maxConcurrent: Int, maxQueued: Int) {
        self.maxConcurrent = max(1, maxConcurrent)
        self.maxQueued = max(0, maxQueued)
    }

    /// Jobs currently running and waiting (for tests and diagnostics).
    public var load: (running: Int, waiting: Int) { state.withLock { ($0.running, $0.waiting.count) } }

    /// Runs `work` when a slot is free and returns its result.
    /// - Throws: ``QueueFull`` when `maxQueued` jobs are already waiting.
    public func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws(QueueFull) -> T {
        let admission: Admission = await withCheckedContinuation { continuation in
            let decided: Admission? = state.withLock { s in
                if s.running < maxConcurrent {
                    s.running += 1
                    return .admitted
                }
                if s.waiting.count >= maxQueued { return .rejected }
                s.waiting.append(continuation)
                return nil
            }
            if let decided { continuation.resume(returning: decided) }
        }
        guard admission == .admitted else { throw QueueFull(limit: maxQueued) }
        defer { release() }
        return await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }

    /// Hands the slot to the oldest waiting job, or frees it.
    private func release() {
        let next: CheckedContinuation<Admission, Never>? = state.withLock { s in
            if s.waiting.isEmpty {
                s.running -= 1
                return nil
            }
            return s.waiting.removeFirst()
        }
        next?.resume(returning: .admitted)
    }
}
