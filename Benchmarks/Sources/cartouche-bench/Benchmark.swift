import Foundation

/// A benchmark suite: one file per suite, registered in `allSuites` (main.swift).
protocol BenchmarkSuite {
    /// Name used on the command line: `cartouche-bench <name>`.
    var name: String { get }
    /// Runs `rounds` interleaved rounds of every case and returns the measurements.
    func run(rounds: Int, arguments: [String]) throws -> [Measurement]
}

/// One timed case: `items` operations per round, seconds per round.
struct Measurement: Codable {
    var suite: String
    var name: String
    var items: Int
    var seconds: [Double]
    /// A value derived from the results, printed so the work cannot be optimised away.
    var checksum: Double
    /// Case-specific results besides time (e.g. placed labels, candidate
    /// tests), reported by suites whose quality matters as much as speed.
    var info: [String: Double]? = nil

    var medianSeconds: Double {
        let sorted = seconds.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}

/// CPU seconds the calling thread spent in `body`.
///
/// Thread CPU time rather than wall-clock time: the benchmark machine is
/// shared, and time spent descheduled while others build says nothing about
/// our code. Peers measure the same way (Python's `time.thread_time`).
func time(_ body: () throws -> Void) rethrows -> Double {
    let start = threadCPUSeconds()
    try body()
    return threadCPUSeconds() - start
}

private func threadCPUSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
}
