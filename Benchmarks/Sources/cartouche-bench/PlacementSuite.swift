import CartoucheGeometry
import CartouchePlacement
import Foundation

/// Label-placement quality on the Christensen–Marks–Shieber instances
/// (`CMSInstance.standard`): greedy and optimise mode on each instance, timed,
/// with the number of labels placed. The exact optimum (CP-SAT) and Mapnik run
/// as peers on the same points (`--dump-instances`).
///
/// Options: `--dump-instances PATH` writes every instance (points, model, and
/// our placed frames) as JSON for the peers and exits; `--only KEY` (e.g.
/// `"n=1000 p=4"`) runs optimise mode on one instance in a loop, for profiling.
struct PlacementSuite: BenchmarkSuite {
    let name = "placement"

    struct DumpedInstance: Codable {
        var key: String
        var n: Int
        var positions: Int
        var width: Double
        var height: Double
        var labelWidth: Double
        var labelHeight: Double
        /// [x, y] per point, screen coordinates (y down).
        var points: [[Double]]
        /// Per point: the anchor index optimise mode chose (in our model's
        /// order), or -1; a hint the exact solver may start from.
        var optimiseChoice: [Int]
    }

    func run(rounds: Int, arguments: [String]) throws -> [Measurement] {
        if let i = arguments.firstIndex(of: "--dump-instances"), i + 1 < arguments.count {
            let dumped = try CMSInstance.standard.map { instance in
                let items = instance.items()
                let result = try OptimisePlacer.place(items, in: instance.environment)
                let choice = result.placements.map { p in p.anchor.flatMap { instance.anchors.firstIndex(of: $0) } ?? -1 }
                return DumpedInstance(
                    key: instance.key, n: instance.n, positions: instance.positions,
                    width: CMSInstance.region.width, height: CMSInstance.region.height,
                    labelWidth: CMSInstance.label.width, labelHeight: CMSInstance.label.height,
                    points: items.map { [$0.anchorPoints[0].x, $0.anchorPoints[0].y] }, optimiseChoice: choice)
            }
            try JSONEncoder().encode(dumped).write(to: URL(fileURLWithPath: arguments[i + 1]))
            FileHandle.standardError.write(Data("placement: wrote \(dumped.count) instances to \(arguments[i + 1])\n".utf8))
            return []
        }
        if let i = arguments.firstIndex(of: "--effort-sweep"), i + 1 < arguments.count {
            // Placed count and time of optimise mode against its effort knob.
            for instance in CMSInstance.standard where instance.n == Int(arguments[i + 1]) {
                let items = instance.items()
                for effort in [32, 64, 96, 128, 256] {
                    var placed = 0
                    let seconds = try time { placed = try OptimisePlacer.place(items, in: instance.environment, effort: effort).placedCount }
                    print("\(instance.key) effort \(effort): \(placed) placed, \(String(format: "%.1f", seconds * 1000)) ms")
                }
            }
            return []
        }
        if let i = arguments.firstIndex(of: "--only"), i + 1 < arguments.count {
            guard let instance = CMSInstance.standard.first(where: { $0.key == arguments[i + 1] }) else {
                throw BenchmarkError.unknownCase(arguments[i + 1])
            }
            let items = instance.items()
            var placed = 0
            for _ in 0..<max(rounds, 50) { placed += try OptimisePlacer.place(items, in: instance.environment).placedCount }
            FileHandle.standardError.write(Data("placement --only \(instance.key): \(placed) placed in total\n".utf8))
            return []
        }

        var measurements: [Measurement] = []
        for instance in CMSInstance.standard {
            let items = instance.items()
            let env = instance.environment
            var greedy = Measurement(suite: name, name: "greedy \(instance.key)", items: 1, seconds: [], checksum: 0)
            var optimise = Measurement(suite: name, name: "optimise \(instance.key)", items: 1, seconds: [], checksum: 0)
            var greedyResult: PlacementResult? = nil
            var optimiseResult: PlacementResult? = nil
            // A few rounds per instance: one placement of 1,000 labels is well
            // under the clock's useful resolution otherwise.
            for _ in 0..<rounds {
                greedy.seconds.append(try time { greedyResult = try GreedyPlacer.place(items, in: env) })
                optimise.seconds.append(try time { optimiseResult = try OptimisePlacer.place(items, in: env) })
            }
            for (m, r) in [(greedy, greedyResult), (optimise, optimiseResult)] {
                var m = m
                let placed = Double(r?.placedCount ?? 0)
                m.checksum = placed
                m.info = ["placed": placed, "n": Double(instance.n), "positions": Double(instance.positions),
                          "candidate_tests": Double(r?.candidateTests ?? 0), "digest": r.map(Self.digest) ?? 0]
                measurements.append(m)
            }
            if let r = optimiseResult { try verifyNoOverlaps(r, instance: instance.key) }
        }
        return measurements
    }

    /// A 52-bit FNV-1a digest of every placement (frame, anchor, anchor
    /// point, why hidden, stacking): equal digests from two builds mean the
    /// same answer (up to a collision), as `place-scene`'s.
    static func digest(_ result: PlacementResult) -> Double {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for p in result.placements {
            let text = "\(p.id)|\(String(describing: p.frame))|\(String(describing: p.anchor))|\(String(describing: p.anchorPointIndex))|\(String(describing: p.hiddenReason))|\(String(describing: p.zIndex))\n"
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        }
        return Double(hash & ((1 << 52) - 1))
    }

    /// A benchmark that reports an overlapping placement would be meaningless:
    /// check every placed pair once (O(placed²), fine at these sizes).
    private func verifyNoOverlaps(_ result: PlacementResult, instance: String) throws {
        let frames = result.placements.compactMap(\.frame)
        for a in frames.indices {
            for b in (a + 1)..<frames.count where frames[a].intersects(frames[b]) {
                throw BenchmarkError.invalidResult("optimise placed overlapping labels on \(instance)")
            }
        }
    }
}

enum BenchmarkError: Error, CustomStringConvertible {
    case unknownCase(String)
    case invalidResult(String)

    var description: String {
        switch self {
        case let .unknownCase(name): "no case named \(name)"
        case let .invalidResult(why): why
        }
    }
}
