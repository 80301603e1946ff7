import Hummingbird
import NIOCore

/// The request context of every route: Hummingbird's core storage plus when
/// the request arrived and the connection it came on.
///
/// The context is made as soon as a request's head is read, before its body,
/// so `arrival` is when the time budget starts: reading the body counts
/// against it. The connection lets a handler notice a client that goes away
/// (``budget(timeout:)`` marks the budget abandoned when it closes).
public struct ServiceRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// When the request's head was read.
    public let arrival: ContinuousClock.Instant
    /// Completes when the request's connection closes.
    let connectionClosed: EventLoopFuture<Void>

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        arrival = .now
        connectionClosed = source.channel.closeFuture
    }

    /// The request's budget: `timeout` from its arrival, abandoned when its
    /// connection closes.
    func budget(timeout: Duration) -> RequestBudget {
        let budget = RequestBudget(deadline: arrival.advanced(by: timeout))
        connectionClosed.whenComplete { _ in budget.abandon() }
        return budget
    }
}
