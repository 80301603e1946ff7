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

    /// Why a budgeted job got no answer from the pool.
    public enum Refusal: Error, Hashable, Sendable {
        /// `maxQueued` jobs were already waiting.
        case queueFull(limit: Int)
        /// The request's deadline passed, waiting for a slot or while running.
        case expired
        /// The client went away.
        case abandoned
    }

    private enum Admission: Sendable { case admitted, rejected, expired, abandoned }

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Admission, Never>
    }

    private struct State {
        var running = 0
        /// Jobs waiting for a slot, oldest first (the line is short: at most `maxQueued`).
        var waiting: [Waiter] = []
        var nextID: UInt64 = 0
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

    /// Runs `work` when a slot is free and returns its result (no deadline:
    /// the CLI's batches).
    /// - Throws: ``QueueFull`` when `maxQueued` jobs are already waiting.
    public func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws(QueueFull) -> T {
        guard await admit(budget: nil) == .admitted else { throw QueueFull(limit: maxQueued) }
        defer { release() }
        return await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }

    /// Runs `work` for a request with `budget`, answering by its deadline.
    ///
    /// A job waiting for a slot leaves the line when its deadline passes or
    /// its client goes away, so the line only ever holds requests somebody
    /// still waits for (orphans would fill it and turn later requests away
    /// with immediate 503s). Once running, `work` is expected to poll
    /// `budget.shouldCancel`; if it has not finished by the deadline, this
    /// returns ``Refusal/expired`` then, and the slot frees when `work` ends.
    /// - Throws: ``Refusal``.
    public func run<T: Sendable>(budget: RequestBudget, _ work: @escaping @Sendable () -> T) async throws(Refusal) -> T {
        switch await admit(budget: budget) {
        case .admitted: break
        case .rejected: throw .queueFull(limit: maxQueued)
        case .expired: throw .expired
        case .abandoned: throw .abandoned
        }
        let answer = FirstAnswer<T>()
        // Only a timer that ran its course answers "time is up": a cancelled
        // sleep throws, and cancelling is how the timer is put away.
        let timer = Task {
            guard (try? await Task.sleep(until: budget.deadline, clock: .continuous)) != nil else { return }
            answer.give(nil)
        }
        budget.whenAbandoned { answer.give(nil) }
        queue.async {
            let result = work()
            // The slot is free before the answer is: a caller that resumes
            // on the answer never sees its own job still holding a slot.
            timer.cancel()
            self.release()
            answer.give(result)
        }
        guard let result = await answer.value else { throw budget.isAbandoned ? .abandoned : .expired }
        return result
    }

    /// Waits for a slot; with a budget, gives up at its deadline or when its
    /// client goes away.
    private func admit(budget: RequestBudget?) async -> Admission {
        var ticket: UInt64 = 0
        var timer: Task<Void, Never>?
        defer { timer?.cancel() }
        return await withCheckedContinuation { continuation in
            let decided: Admission? = state.withLock { s in
                if s.running < maxConcurrent {
                    s.running += 1
                    return .admitted
                }
                if s.waiting.count >= maxQueued { return .rejected }
                if let budget, budget.isExpired { return .expired }
                s.nextID &+= 1
                ticket = s.nextID
                s.waiting.append(Waiter(id: ticket, continuation: continuation))
                return nil
            }
            if let decided {
                continuation.resume(returning: decided)
                return
            }
            guard let budget else { return }
            let id = ticket
            timer = Task {
                guard (try? await Task.sleep(until: budget.deadline, clock: .continuous)) != nil else { return }
                self.leave(id, as: .expired)
            }
            budget.whenAbandoned { self.leave(id, as: .abandoned) }
        }
    }

    /// Takes waiter `id` out of the line (if still there) and tells it why.
    private func leave(_ id: UInt64, as reason: Admission) {
        let waiter: Waiter? = state.withLock { s in
            guard let index = s.waiting.firstIndex(where: { $0.id == id }) else { return nil }
            return s.waiting.remove(at: index)
        }
        waiter?.continuation.resume(returning: reason)
    }

    /// Hands the slot to the oldest waiting job, or frees it.
    private func release() {
        let next: Waiter? = state.withLock { s in
            if s.waiting.isEmpty {
                s.running -= 1
                return nil
            }
            return s.waiting.removeFirst()
        }
        next?.continuation.resume(returning: .admitted)
    }
}

/// The first of several possible answers (a result, or nil for "time is up"
/// or "client gone"), awaited once.
private final class FirstAnswer<T: Sendable>: Sendable {
    private struct State {
        var value: T??
        var waiter: CheckedContinuation<T?, Never>?
    }
    private let state = Mutex(State())

    /// Records `value` unless an answer was already given.
    func give(_ value: T?) {
        let waiter: CheckedContinuation<T?, Never>? = state.withLock { s in
            guard s.value == nil else { return nil }
            s.value = .some(value)
            defer { s.waiter = nil }
            return s.waiter
        }
        waiter?.resume(returning: value)
    }

    /// The first answer given.
    var value: T? {
        get async {
            await withCheckedContinuation { continuation in
                let ready: T?? = state.withLock { s in
                    if let value = s.value { return .some(value) }
                    s.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }
}
