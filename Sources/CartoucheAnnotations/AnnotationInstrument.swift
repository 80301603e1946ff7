@_spi(Instrumentation) import CartoucheGeometry

/// Counts the managers compiled into GeoJSON sources, for tests that show a
/// route builds no source it does not answer with (`/v1/place` needs the
/// draw order, not the features). SPI: `@_spi(Instrumentation) import
/// CartoucheAnnotations`; not part of the library's API.
@_spi(Instrumentation) public enum AnnotationInstrument {
    /// Bound by a test around the work it measures; nil (the default) counts nothing.
    @TaskLocal public static var sourcesBuilt: InstrumentCounter?
}
