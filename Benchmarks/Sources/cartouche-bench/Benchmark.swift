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

    var medianSeconds: Double {
        let sorted = seconds.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}

/// Wall-clock seconds taken by `body`.
func time(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    let elapsed = clock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
}
