import CartoucheGeometry
import CartouchePlacement
import Foundation

/// Optimise mode at scale, with and without one priority per label: one
/// 1920×1080 screen of 5,000 dense labels (text-sized, 8 positions), and
/// 100,000 callouts spread over a large canvas (40,000×25,000 points, 9
/// anchors). Reports shown counts against greedy mode, time, whether the
/// search finished, and the process's peak resident memory.
///
/// Options: `--cases dense,spread` picks the scenes.
struct PlacementScaleSuite: BenchmarkSuite {
    let name = "placement-scale"

    func run(rounds: Int, arguments: [String]) throws -> [Measurement] {
        var cases = ["dense", "dense-priority", "spread", "spread-priority"]
        if let i = arguments.firstIndex(of: "--cases"), i + 1 < arguments.count {
            cases = arguments[i + 1].split(separator: ",").map(String.init)
        }
        var out: [Measurement] = []
        for c in cases {
            let (items, env) = c.hasPrefix("dense") ? Self.dense(priorities: c.hasSuffix("priority")) : Self.spread(priorities: c.hasSuffix("priority"))
            let greedy = try GreedyPlacer.place(items, in: env)
            var result: PlacementResult? = nil
            var m = Measurement(suite: name, name: c, items: items.count, seconds: [], checksum: 0)
            for _ in 0..<rounds { m.seconds.append(try time { result = try OptimisePlacer.place(items, in: env) }) }
            let r = try result ?? OptimisePlacer.place(items, in: env)
            m.checksum = Double(r.placedCount)
            m.info = ["greedy_placed": Double(greedy.placedCount), "optimise_placed": Double(r.placedCount),
                      "finished": r.finished ? 1 : 0, "peak_rss_mb": Self.peakResidentMegabytes()]
            FileHandle.standardError.write(Data("\(c): n=\(items.count) greedy \(greedy.placedCount) optimise \(r.placedCount) finished \(r.finished) median \(String(format: "%.1f", m.medianSeconds * 1000)) ms peak RSS \(Int(Self.peakResidentMegabytes())) MB\n".utf8))
            out.append(m)
        }
        return out
    }

    /// Label-sized boxes (40–140 × 16) at uniform points of a full-HD screen.
    static func dense(priorities: Bool) -> ([PlacementItem], PlacementEnvironment) {
        var rng = BenchRandom(seed: 0xDE75E)
        let anchors = BoxAnchor.all.map { AnchorConfig($0) }
        let items = (0..<5000).map { i in
            PlacementItem(id: "l\(i)", anchorPoints: [ScreenPoint(x: rng.double(0...1920), y: rng.double(0...1080))],
                          size: ScreenSize(width: rng.double(40...140), height: 16), options: ViewAnnotationOptions(variableAnchors: anchors, priority: priorities ? 5000 - i : 0))
        }
        return (items, PlacementEnvironment(viewport: ScreenSize(width: 1920, height: 1080)))
    }

    /// ETA-callout-sized boxes (60–110 × 28) spread over a large canvas.
    static func spread(priorities: Bool) -> ([PlacementItem], PlacementEnvironment) {
        var rng = BenchRandom(seed: 0x5B4EAD)
        let anchors = BoxAnchor.allCases.map { AnchorConfig($0) }
        let items = (0..<100_000).map { i in
            PlacementItem(id: "c\(i)", anchorPoints: [ScreenPoint(x: rng.double(0...40_000), y: rng.double(0...25_000))],
                          size: ScreenSize(width: rng.double(60...110), height: 28), options: ViewAnnotationOptions(variableAnchors: anchors, priority: priorities ? 100_000 - i : 0))
        }
        return (items, PlacementEnvironment(viewport: ScreenSize(width: 40_000, height: 25_000)))
    }

    static func peakResidentMegabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kb = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
            return kb / 1024
        }
        return 0
    }
}
