import Hummingbird

/// The request context of every route: Hummingbird's core storage plus when
/// the request arrived and the connection it came on.
///
/// The context is made as soon as a request's head is read, before its body,
/// so `arrival` is when the time budget starts: reading the body counts
/// against it. The connection lets a handler notice a client that goes away
/// (`ServiceState.budget(for:)` has the connection's `ConnectionWatch`
/// abandon the budget when the client hangs up).
public struct ServiceRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// When the request's head was read.
    public let arrival: ContinuousClock.Instant
    /// The request's connection, to find its ``ConnectionWatch``.
    let connection: ObjectIdentifier

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        arrival = .now
        connection = ObjectIdentifier(source.channel)
    }
}
