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
        let seconds = Double((now - start).nanosecondsApproximation) / 1e9
        // Return to the start of the line and clear it before drawing, so a
        // shorter line never leaves the tail of a longer one behind.
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + Self.line(done: done, bytesRead: bytesRead,
                                                                   totalBytes: totalBytes, seconds: seconds)).utf8))
    }

    /// The text of the bar: `[##########..........]  50%  1008 scenes  20.1/s  ETA 50s`
    /// with a known input size, else `1008 scenes  20.1/s`.
    static func line(done: Int, bytesRead: Int, totalBytes: Int?, seconds: Double) -> String {
        let seconds = max(1e-9, seconds)
        let counts = "\(done) scenes  " + String(format: "%.1f/s", Double(done) / seconds)
        guard let totalBytes, totalBytes > 0 else { return counts }
        let fraction = min(1, Double(bytesRead) / Double(totalBytes))
        let filled = Int(fraction * 20)
        let eta = fraction > 0 ? seconds * (1 - fraction) / fraction : 0
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 20 - filled) + "]  "
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
