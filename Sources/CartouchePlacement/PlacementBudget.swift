/// When a placement must end: two checks the solver polls (it never reads a
/// clock itself, so answers stay deterministic). One value travels from the
/// CLI's `--timeout-ms` or the service's request deadline down to the
/// solver, instead of two closures through every signature.
///
/// - `shouldCancel`: the caller gave up (a hard deadline, a client gone).
///   Placement throws a cancellation at its next poll: nobody wants the answer.
/// - `shouldStopSearch`: optimise mode's softer deadline. Its search ends with
///   the best valid answer so far, which says so (`finished` false), while
///   `shouldCancel` still has time to spare. Greedy mode ignores it.
public struct PlacementBudget: Sendable {
    public var shouldCancel: (@Sendable () -> Bool)?
    public var shouldStopSearch: (@Sendable () -> Bool)?

    public init(shouldCancel: (@Sendable () -> Bool)? = nil, shouldStopSearch: (@Sendable () -> Bool)? = nil) {
        self.shouldCancel = shouldCancel
        self.shouldStopSearch = shouldStopSearch
    }

    /// No checks: the placement runs to its end.
    public static var unlimited: PlacementBudget { PlacementBudget() }

    /// Whether the caller has given up (polls `shouldCancel` once).
    public var isCancelled: Bool { shouldCancel?() ?? false }
}

/// The one error a spent budget raises (`PlacementBudget.shouldCancel`
/// said stop): thrown by the solver, carried unchanged by the scene
/// (`SceneError.cancelled`) and turned by the jobs into their `cancelled`
/// kind (HTTP 503, CLI exit status), with the one sentence below.
public struct PlacementCancelled: Error, Hashable, Sendable, CustomStringConvertible {
    /// Annotations placed before the poll that stopped the run (0 when it
    /// stopped before any was placed, or outside the solver).
    public var placedSoFar: Int

    public init(placedSoFar: Int = 0) {
        self.placedSoFar = placedSoFar
    }

    public var description: String { "placement cancelled: the time budget ran out" }
}
