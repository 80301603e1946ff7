import CartoucheJobs
import CartouchePlacement

extension PlacementBudget {
    /// A `--timeout-ms` budget starting now: the hard deadline, and optimise
    /// mode's earlier search deadline (`SearchBudget`). No timeout: no checks.
    static func timeout(_ timeout: Duration?) -> PlacementBudget {
        guard let timeout else { return .unlimited }
        let start = ContinuousClock.now
        let deadline = start.advanced(by: timeout)
        let searchDeadline = SearchBudget.searchDeadline(start: start, deadline: deadline)
        return PlacementBudget(shouldCancel: { ContinuousClock.now >= deadline },
                               shouldStopSearch: { ContinuousClock.now >= searchDeadline })
    }
}
