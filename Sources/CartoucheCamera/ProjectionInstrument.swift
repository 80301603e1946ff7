@_spi(Instrumentation) import CartoucheGeometry

/// Counts the projections built, for tests that show a prepared scene
/// projects each frame once (placing, taps and pictures share it). SPI:
/// `@_spi(Instrumentation) import CartoucheCamera`; not part of the
/// library's API.
@_spi(Instrumentation) public enum ProjectionInstrument {
    /// Bound by a test around the work it measures; nil (the default) counts nothing.
    @TaskLocal public static var built: InstrumentCounter?
}
