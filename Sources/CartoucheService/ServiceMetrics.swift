import Prometheus

/// The service's Prometheus metrics, in a registry of its own (not a
/// process-wide one, so several applications in one process, as in tests,
/// never mix their numbers). Every family carries `# HELP` and `# TYPE`:
///
/// - `cartouche_requests_total{route,status}` (counter)
/// - `cartouche_request_duration_seconds{route}` (histogram)
/// - `cartouche_annotations_placed_total` (counter)
/// - `cartouche_annotations_hidden_total{reason}` (counter)
/// - `cartouche_glyph_cache_lookups_total{result}` (counter: `hit`, `miss`)
///
/// The metrics are made through the registry directly rather than through
/// swift-metrics' factory, because the factory cannot pass help texts and the
/// registry refuses one family registered with two different help texts.
public final class ServiceMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry

    static var requests: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "cartouche", metricName: "requests", unitName: "total",
            helpText: "Answered HTTP requests by route template (unmatched for 404/405) and status code.")
    }
    static var duration: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "cartouche", metricName: "request_duration", unitName: "seconds",
            helpText: "Time from a request's arrival to its answer, by route template.")
    }
    static var placed: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "cartouche", metricName: "annotations_placed", unitName: "total",
            helpText: "View annotations shown by placements answered.")
    }
    static var hidden: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "cartouche", metricName: "annotations_hidden", unitName: "total",
            helpText: "View annotations hidden by placements answered, by reason code.")
    }
    static var glyphCache: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "cartouche", metricName: "glyph_cache_lookups", unitName: "total",
            helpText: "Glyph range requests answered from the in-memory cache (hit) or made anew (miss).")
    }
    static var heavyJobs: MetricNameDescriptor {
        MetricNameDescriptor(
            // A count of jobs has no unit; an empty unit adds nothing to the name.
            namespace: "cartouche", metricName: "heavy_jobs", unitName: "",
            helpText: "Heavy jobs (placing, compiling, shaping) in the pool at the scrape: running, and waiting for a slot.")
    }
    static let durationBuckets: [Duration] = [
        .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
        .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2_500),
        .seconds(5), .seconds(10),
    ]

    public init() {
        registry = PrometheusCollectorRegistry()
        // Registered up front so a scrape before the first placement sees 0, not nothing.
        _ = registry.makeCounter(descriptor: Self.placed)
    }

    /// Counts one answered request and its latency. `route` is the route
    /// template (or `unmatched`), never the raw path, so labels stay few.
    public func recordRequest(route: String, status: Int, duration: Duration) {
        registry.makeCounter(descriptor: Self.requests, labels: [("route", route), ("status", "\(status)")]).increment()
        registry.makeDurationHistogram(descriptor: Self.duration, labels: [("route", route)], buckets: Self.durationBuckets)
            .recordNanoseconds(duration.nanoseconds)
    }

    /// Counts the outcome of a placement: shown callouts and hidden ones by reason code.
    public func recordPlacement(placed: Int, hiddenByReason: [String: Int]) {
        registry.makeCounter(descriptor: Self.placed).increment(by: Int64(placed))
        for (reason, count) in hiddenByReason.sorted(by: { $0.key < $1.key }) {
            registry.makeCounter(descriptor: Self.hidden, labels: [("reason", reason)]).increment(by: Int64(count))
        }
    }

    /// Counts one glyph range request: answered from the cache or made.
    public func recordGlyphCache(hit: Bool) {
        registry.makeCounter(descriptor: Self.glyphCache, labels: [("result", hit ? "hit" : "miss")]).increment()
    }

    /// Sets the pool gauges to `load`: called at each scrape, so they show
    /// the pool as it is then, at no cost to the jobs themselves.
    public func recordPoolLoad(running: Int, waiting: Int) {
        registry.makeGauge(descriptor: Self.heavyJobs, labels: [("state", "running")]).set(Int64(running))
        registry.makeGauge(descriptor: Self.heavyJobs, labels: [("state", "waiting")]).set(Int64(waiting))
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
