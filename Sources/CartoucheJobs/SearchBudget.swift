/// How a request's time budget is split for optimise mode: its search may
/// run until `searchShare` of the budget is spent, and stops there with the
/// best valid answer so far (`stats.finished: false` in the place response);
/// the rest is reserve for placing the remaining tiers first-fit, later
/// cameras and writing the answer, so a budget that runs short gives an
/// answer that says so rather than a 503. The hard deadline still cancels.
///
/// Pure arithmetic: the front ends (CLI, service) read the clock.
public enum SearchBudget {
    /// The share of the budget the search may use.
    public static let searchShare = 0.75

    /// The instant the search should stop, for a budget running from
    /// `start` to `deadline`.
    public static func searchDeadline(start: ContinuousClock.Instant, deadline: ContinuousClock.Instant) -> ContinuousClock.Instant {
        start + (deadline - start) * searchShare
    }
}
