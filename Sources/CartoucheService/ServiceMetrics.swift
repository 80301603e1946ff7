import CoreMetrics
import Prometheus

/// The service's Prometheus metrics, recorded through swift-metrics with a
/// registry of its own (not the process-wide `MetricsSystem`, so several
/// applications in one process, as in tests, never mix their numbers).
///
/// - `cartouche_requests_total{route,status}`
/// - `cartouche_request_duration_seconds{route}` (histogram)
/// - `cartouche_annotations_placed_total`
/// - `cartouche_annotations_hidden_total{reason}`
public final class ServiceMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory

    public init() {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
            .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2_500),
            .seconds(5), .seconds(10),
        ]
        self.registry = registry
        self.factory = factory
        // Registered up front so a scrape before the first placement sees 0, not nothing.
        _ = Counter(label: "cartouche_annotations_placed_total", factory: factory)
    }

    /// Counts one answered request and its latency. `route` is the route
    /// template (or `unmatched`), never the raw path, so labels stay few.
    public func recordRequest(route: String, status: Int, duration: Duration) {
        Counter(label: "cartouche_requests_total", dimensions: [("route", route), ("status", "\(status)")], factory: factory)
            .increment()
        Timer(label: "cartouche_request_duration_seconds", dimensions: [("route", route)], factory: factory)
            .recordNanoseconds(duration.nanoseconds)
    }

    /// Counts the outcome of a placement: shown callouts and hidden ones by reason code.
    public func recordPlacement(placed: Int, hiddenByReason: [String: Int]) {
        Counter(label: "cartouche_annotations_placed_total", factory: factory).increment(by: placed)
        for (reason, count) in hiddenByReason.sorted(by: { $0.key < $1.key }) {
            Counter(label: "cartouche_annotations_hidden_total", dimensions: [("reason", reason)], factory: factory)
                .increment(by: count)
        }
    }

    /// The Prometheus text exposition of every metric.
    public func exposition() -> [UInt8] { registry.emitToBuffer() }
}

extension Duration {
    /// Whole nanoseconds, saturating.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : scaled + attoseconds / 1_000_000_000
    }
}
