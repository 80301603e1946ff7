import Synchronization

/// A thread-safe count for the modules' instruments (`PlacementInstrument`,
/// `AnnotationInstrument`, `ProjectionInstrument`): tests bind one around the
/// work they measure to show work is not repeated, counted rather than
/// inferred from timings. SPI: `@_spi(Instrumentation) import
/// CartoucheGeometry`; not part of the library's API.
@_spi(Instrumentation) public final class InstrumentCounter: Sendable {
    private let count = Mutex(0)
    public init() {}
    public var value: Int { count.withLock { $0 } }
    public func increment() { count.withLock { $0 += 1 } }
}
