import CartouchePlacement
import Synchronization

/// What a request may still spend: a deadline counted from its arrival, and
/// whether its client is still there.
///
/// One budget covers the whole request — reading the body, waiting for a
/// pool slot, decoding, placing — so a slow upload or a long wait cannot push
/// the answer past `deadline`. The connection's close marks it abandoned
/// (``abandon()``): a job still waiting for a slot leaves the line at once,
/// and a running one stops at its next poll of ``shouldCancel``.
public final class RequestBudget: Sendable {
    /// When the request's time is up.
    public let deadline: ContinuousClock.Instant
    /// When optimise mode's search should stop (before `deadline`, see
    /// `SearchBudget`); the deadline itself when not given.
    public let searchDeadline: ContinuousClock.Instant
    private let state = Mutex(State())

    private struct State {
        var abandoned = false
        var onAbandon: [@Sendable () -> Void] = []
    }

    public init(deadline: ContinuousClock.Instant, searchDeadline: ContinuousClock.Instant? = nil) {
        self.deadline = deadline
        self.searchDeadline = min(searchDeadline ?? deadline, deadline)
    }

    /// True once the client has gone away.
    public var isAbandoned: Bool { state.withLock { $0.abandoned } }

    /// True when the deadline has passed.
    public var isExpired: Bool { ContinuousClock.now >= deadline }

    /// The check jobs poll: out of time, or nobody left to answer.
    public var shouldCancel: @Sendable () -> Bool {
        { [self] in isExpired || isAbandoned }
    }

    /// The softer check optimise mode's search polls: past the search
    /// deadline it ends with the best answer so far.
    public var shouldStopSearch: @Sendable () -> Bool {
        { [self] in ContinuousClock.now >= searchDeadline }
    }

    /// Both checks as the one value jobs and the solver take.
    public var placement: PlacementBudget {
        PlacementBudget(shouldCancel: shouldCancel, shouldStopSearch: shouldStopSearch)
    }

    /// The hard deadline alone, for routes whose answer cannot say that a
    /// search stopped early (query, render, compile): their optimise
    /// search runs until the request's time is up.
    public var placementWithoutSoftStop: PlacementBudget { PlacementBudget(shouldCancel: shouldCancel) }

    /// Marks the request abandoned and runs the registered hooks (once).
    public func abandon() {
        let hooks: [@Sendable () -> Void] = state.withLock { s in
            guard !s.abandoned else { return [] }
            s.abandoned = true
            defer { s.onAbandon.removeAll() }
            return s.onAbandon
        }
        for hook in hooks { hook() }
    }

    /// Runs `hook` when the request is abandoned (at once if it already is).
    func whenAbandoned(_ hook: @escaping @Sendable () -> Void) {
        let now: Bool = state.withLock { s in
            if s.abandoned { return true }
            s.onAbandon.append(hook)
            return false
        }
        if now { hook() }
    }
}
