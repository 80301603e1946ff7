import Synchronization

/// Counts the managers compiled into GeoJSON sources, for tests that show a
/// route builds no source it does not answer with (`/v1/place` needs the
/// draw order, not the features). SPI: `@_spi(Instrumentation) import
/// CartoucheAnnotations`; not part of the library's API.
@_spi(Instrumentation) public enum AnnotationInstrument {
    /// Bound by a test around the work it measures; nil (the default) counts nothing.
    @TaskLocal public static var sourcesBuilt: Counter?

    public final class Counter: Sendable {
        private let count = Mutex(0)
        public init() {}
        public var value: Int { count.withLock { $0 } }
        func increment() { count.withLock { $0 += 1 } }
    }
}
