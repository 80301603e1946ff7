import CartoucheJobs

/// A `--timeout-ms` budget starting now, as the checks a place job polls:
/// the hard deadline, and optimise mode's earlier search deadline
/// (`SearchBudget`). No timeout: no checks.
struct Deadlines {
    let shouldCancel: (@Sendable () -> Bool)?
    let shouldStopSearch: (@Sendable () -> Bool)?

    init(_ timeout: Duration?) {
        guard let timeout else {
            shouldCancel = nil
            shouldStopSearch = nil
            return
        }
        let start = ContinuousClock.now
        let deadline = start.advanced(by: timeout)
        let searchDeadline = SearchBudget.searchDeadline(start: start, deadline: deadline)
        shouldCancel = { ContinuousClock.now >= deadline }
        shouldStopSearch = { ContinuousClock.now >= searchDeadline }
    }
}
