import CartoucheGeometry
import CartouchePlacement
import CartoucheText
import Foundation

/// Placement speed at scale: point-bound ETA callouts (sizes measured with the
/// text engine from a few hundred distinct labels), all 9 anchors each, in a
/// 1920×1080 viewport, frames kept inside it. Greedy and optimise mode at
/// n = 12.5k, 25k, 50k and 100k, for time, candidate tests per second and
/// growth with n. `info.digest` is `PlacementSuite.digest` of the answer
/// (outside the timed calls), so two builds can show they agree.
///
/// Options: `--sizes 12500,25000` picks the n values; `--modes greedy` skips
/// optimise; `--only greedy|optimise` runs one mode at the largest n in a
/// loop, for profiling.
struct PlacementSpeedSuite: BenchmarkSuite {
    let name = "placement-speed"
    static let viewport = ScreenSize(width: 1920, height: 1080)
    static let defaultSizes = [12_500, 25_000, 50_000, 100_000]
    /// Distinct callout labels the sizes come from.
    static let distinctLabels = 300

    func run(rounds: Int, arguments: [String]) throws -> [Measurement] {
        var sizes = Self.defaultSizes
        if let i = arguments.firstIndex(of: "--sizes"), i + 1 < arguments.count {
            sizes = arguments[i + 1].split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
        }
        var modes = ["greedy", "optimise"]
        if let i = arguments.firstIndex(of: "--modes"), i + 1 < arguments.count {
            modes = arguments[i + 1].split(separator: ",").map(String.init)
        }
        let calloutSizes = try Self.measuredCalloutSizes()
        let env = PlacementEnvironment(viewport: Self.viewport)

        if let i = arguments.firstIndex(of: "--only"), i + 1 < arguments.count {
            let items = Self.callouts(n: sizes.max() ?? 100_000, sizes: calloutSizes)
            var placed = 0
            for _ in 0..<max(rounds, 20) {
                placed += arguments[i + 1] == "optimise"
                    ? try OptimisePlacer.place(items, in: env).placedCount
                    : try GreedyPlacer.place(items, in: env).placedCount
            }
            FileHandle.standardError.write(Data("placement-speed --only: \(placed) placed in total\n".utf8))
            return []
        }

        var measurements: [Measurement] = []
        for n in sizes {
            let items = Self.callouts(n: n, sizes: calloutSizes)
            for mode in modes {
                var m = Measurement(suite: name, name: "\(mode) n=\(n)", items: n, seconds: [], checksum: 0)
                var result: PlacementResult? = nil
                for _ in 0..<rounds {
                    m.seconds.append(try time {
                        result = mode == "optimise"
                            ? try OptimisePlacer.place(items, in: env)
                            : try GreedyPlacer.place(items, in: env)
                    })
                }
                let placed = Double(result?.placedCount ?? 0)
                m.checksum = placed
                m.info = ["placed": placed, "n": Double(n), "candidate_tests": Double(result?.candidateTests ?? 0),
                          "digest": result.map(PlacementSuite.digest) ?? 0]
                measurements.append(m)
            }
        }
        return measurements
    }

    /// n callouts at seeded uniform points, each with one of the measured
    /// sizes (picked by the same generator) and all 9 anchors, centre first.
    static func callouts(n: Int, sizes: [ScreenSize]) -> [PlacementItem] {
        var rng = BenchRandom(seed: 0xCA11_0075 &+ UInt64(n))
        let anchors = BoxAnchor.allCases.map { AnchorConfig($0) }
        return (0..<n).map { i in
            let p = ScreenPoint(x: rng.double(0...viewport.width), y: rng.double(0...viewport.height))
            let size = sizes[Int(rng.next() % UInt64(sizes.count))]
            return PlacementItem(id: "c\(i)", anchorPoints: [p], size: size, options: ViewAnnotationOptions(variableAnchors: anchors))
        }
    }

    /// Sizes of `distinctLabels` ETA callouts measured with the text engine:
    /// durations as titles, with a place name, a price or no hint line.
    static func measuredCalloutSizes() throws -> [ScreenSize] {
        let engine = TextLayoutEngine(registry: try FontRegistry())
        let places = [
            "Market Street", "Union Square", "Golden Gate Park", "Mission Dolores", "Embarcadero",
            "Fisherman's Wharf", "Chinatown", "Noe Valley", "Haight-Ashbury", "Presidio",
            "Twin Peaks", "Ocean Beach", "North Beach", "SoMa", "Dogpatch", "Bernal Heights",
            "Potrero Hill", "Russian Hill", "Nob Hill", "Castro", "Marina", "Richmond", "Sunset",
            "Bayview", "Excelsior", "Glen Park", "Hayes Valley", "Japantown", "Lands End", "Alcatraz",
        ]
        var rng = BenchRandom(seed: 0x5EED_0E7A)
        var sizes: [ScreenSize] = []
        for k in 0..<distinctLabels {
            let minutes = 1 + Int(rng.next() % 95)
            let title = minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h \(minutes % 60) min"
            let hint: String?
            switch k % 3 {
            case 0: hint = places[Int(rng.next() % UInt64(places.count))]
            case 1: hint = String(format: "$%d.%02d", 3 + Int(rng.next() % 60), Int(rng.next() % 100))
            default: hint = nil
            }
            sizes.append(try engine.measure(.eta(title: title, hint: hint)).size)
        }
        return sizes
    }
}
