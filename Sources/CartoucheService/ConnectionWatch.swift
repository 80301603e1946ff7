import CartoucheJobs
import NIOCore
import Synchronization

/// Tells the request in progress on a connection that its client has gone.
///
/// One watch per connection (made by ``HangUpHandler``), holding the budget of
/// the request being answered on it — HTTP/1.1 answers one request at a time
/// per connection — weakly, so nothing accumulates over a long keep-alive
/// connection. When the client hangs up, that budget is abandoned.
final class ConnectionWatch: Sendable {
    private struct State {
        weak var current: RequestBudget?
        var gone = false
    }
    private let state = Mutex(State())

    /// Watches `budget` from now on; abandons it at once if the client is already gone.
    func track(_ budget: RequestBudget) {
        let gone: Bool = state.withLock { s in
            s.current = budget
            return s.gone
        }
        if gone { budget.abandon() }
    }

    /// The client went away: abandon the request in progress.
    func hangUp() {
        let budget: RequestBudget? = state.withLock { s in
            s.gone = true
            return s.current
        }
        budget?.abandon()
    }
}

/// The watches of the open connections, by channel, so a request's context
/// (which knows its channel) can find its connection's watch.
final class ConnectionRegistry: Sendable {
    private let watches = Mutex<[ObjectIdentifier: ConnectionWatch]>([:])

    func register(_ watch: ConnectionWatch, for channel: any Channel) {
        watches.withLock { $0[ObjectIdentifier(channel)] = watch }
    }

    func remove(_ channel: any Channel) {
        _ = watches.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    func watch(for channel: ObjectIdentifier) -> ConnectionWatch? {
        watches.withLock { $0[channel] }
    }

    /// Open connections being watched (for tests).
    var count: Int { watches.withLock { $0.count } }
}
