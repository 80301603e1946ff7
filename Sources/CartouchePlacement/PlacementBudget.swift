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

extension PlacementOptions {
    /// The two checks as one value (`shouldCancel`, `shouldStopSearch`).
    public var budget: PlacementBudget {
        get { PlacementBudget(shouldCancel: shouldCancel, shouldStopSearch: shouldStopSearch) }
        set {
            shouldCancel = newValue.shouldCancel
            shouldStopSearch = newValue.shouldStopSearch
        }
    }
}
