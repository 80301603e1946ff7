import Synchronization

/// Counts the projections built, for tests that show a prepared scene
/// projects each frame once (placing, taps and pictures share it). SPI:
/// `@_spi(Instrumentation) import CartoucheCamera`; not part of the
/// library's API.
@_spi(Instrumentation) public enum ProjectionInstrument {
    /// Bound by a test around the work it measures; nil (the default) counts nothing.
    @TaskLocal public static var built: Counter?

    public final class Counter: Sendable {
        private let count = Mutex(0)
        public init() {}
        public var value: Int { count.withLock { $0 } }
        func increment() { count.withLock { $0 += 1 } }
    }
}
