import Foundation

/// Standard streams, with the one check the CLI needs: is stderr a terminal.
enum Terminal {
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    static func writeOut(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }
}

/// A one-line progress bar on stderr (only drawn on a terminal): scenes
/// done, rate, and an ETA when the input size is known.
struct ProgressBar {
    let totalBytes: Int?
    let start = ContinuousClock.now
    var lastDraw = ContinuousClock.now - .seconds(1)

    mutating func draw(done: Int, bytesRead: Int, force: Bool = false) {
        let now = ContinuousClock.now
        guard force || now - lastDraw >= .milliseconds(100) else { return }
        lastDraw = now
        let seconds = max(1e-9, Double((now - start).nanosecondsApproximation) / 1e9)
        FileHandle.standardError.write(Data(("\r" + Self.line(done: done, bytesRead: bytesRead, totalBytes: totalBytes, seconds: seconds) + "\u{1B}[K").utf8))
    }

    /// The bar's text (without the carriage return and line clearing):
    /// `[##########..........]  50%  1008 scenes  201.6/s  ETA 5s`, or only the
    /// count and rate when the input size is unknown.
    static func line(done: Int, bytesRead: Int, totalBytes: Int?, seconds: Double) -> String {
        let counts = "\(done) scenes  \(String(format: "%.1f", Double(done) / seconds))/s"
        guard let totalBytes, totalBytes > 0 else { return counts }
        let fraction = min(1, Double(bytesRead) / Double(totalBytes))
        let filled = Int(fraction * 20)
        let eta = fraction > 0 ? seconds * (1 - fraction) / fraction : 0
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 20 - filled) + "] "
            + String(format: "%3.0f%%", fraction * 100) + "  " + counts + String(format: "  ETA %.0fs", eta)
    }

    func finish() { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
}

extension Duration {
    var nanosecondsApproximation: Int64 {
        let (s, atto) = components
        return s &* 1_000_000_000 &+ atto / 1_000_000_000
    }
}
