import CartoucheAnnotations
import CartoucheGeometry
import CartoucheJSON
import CartoucheStyle
import Foundation

/// Compiling a large circle manager to GeoJSON source bytes.
///
/// Input: `--count N` (default 1,000,000) circle annotations, ids `c0`, `c1`, …,
/// each with a random coordinate and three per-annotation properties
/// (`circle-radius` in [1, 20] px, `circle-color` with random 0–255
/// channels and alpha 1, `circle-opacity` in [0, 1]), drawn from SplitMix64
/// seed 2024 in that order. `Benchmarks/peers/orjson_compile.py` draws the
/// same numbers from the same generator for the orjson peer.
///
/// Cases, per round:
/// - `cartouche stream`: `sourceDataBytes()`, the streaming path.
/// - `cartouche tree`: `compile()` and the source data written through
///   `JSONWriter` (the `JSONValue` tree path, for comparison).
///
/// Options: `--dump PATH` writes the streamed bytes (for the peer's
/// equality check) and exits; `--memory` compiles once in this fresh
/// process and prints its resident memory before and at peak as JSON.
struct CompileSuite: BenchmarkSuite {
    let name = "compile"
    static let seed: UInt64 = 2024

    func run(rounds: Int, arguments: [String]) throws -> [Measurement] {
        var count = 1_000_000
        if let i = arguments.firstIndex(of: "--count"), i + 1 < arguments.count, let n = Int(arguments[i + 1]), n > 0 {
            count = n
        }
        let manager = Self.manager(count: count)
        if let i = arguments.firstIndex(of: "--dump"), i + 1 < arguments.count {
            try Data(try manager.sourceDataBytes()).write(to: URL(fileURLWithPath: arguments[i + 1]))
            FileHandle.standardError.write(Data("compile: wrote \(count) features to \(arguments[i + 1])\n".utf8))
            return []
        }
        if arguments.contains("--memory") {
            try reportMemory(manager, count: count)
            return []
        }
        var stream = Measurement(suite: name, name: "cartouche stream", items: count, seconds: [], checksum: 0)
        var tree = Measurement(suite: name, name: "cartouche tree", items: count, seconds: [], checksum: 0)
        for _ in 0..<rounds {
            var size = 0
            stream.seconds.append(try time { size = try manager.sourceDataBytes().count })
            stream.checksum = Double(size)
            if !arguments.contains("--stream-only") {
                tree.seconds.append(try time {
                    let source = try manager.compile().source.json
                    var writer = JSONWriter()
                    try writer.write(source.objectValue?["data"] ?? .null)
                    size = writer.bytes.count
                })
                tree.checksum = Double(size)
            }
        }
        return tree.seconds.isEmpty ? [stream] : [stream, tree]
    }

    /// The benchmark input; see the type's documentation.
    static func manager(count: Int) -> CircleAnnotationManager {
        var rng = SplitMix64(state: seed)
        var annotations: [CircleAnnotation] = []
        annotations.reserveCapacity(count)
        for i in 0..<count {
            let latitude = rng.nextDouble(-85, 85), longitude = rng.nextDouble(-180, 180)
            var a = CircleAnnotation(id: "c\(i)", coordinate: Coordinate(latitude: latitude, longitude: longitude))
            a.circleRadius = Pixels(rng.nextDouble(1, 20))
            let red = Double(rng.next() % 256), green = Double(rng.next() % 256), blue = Double(rng.next() % 256)
            a.circleColor = StyleColor(red: red / 255, green: green / 255, blue: blue / 255)
            a.circleOpacity = rng.nextDouble(0, 1)
            annotations.append(a)
        }
        // The Mapbox SDK's feature shape, as the orjson peer builds it: no
        // promoted `id` property (the default adds `"id":"c…",` per feature).
        return CircleAnnotationManager(id: "bench", annotations: annotations, promoteIds: false)
    }

    /// Resident memory of this process with the input built, then its peak
    /// over the whole run after one streaming compile, as JSON on stdout.
    private func reportMemory(_ manager: CircleAnnotationManager, count: Int) throws {
        let before = currentResidentBytes()
        let bytes = try manager.sourceDataBytes()
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let peak = Int(usage.ru_maxrss) * 1024  // Linux reports KiB
        let report: [String: JSONValue] = [
            "suite": "compile-memory", "name": "cartouche stream", "items": .number(Double(count)),
            "output_bytes": .number(Double(bytes.count)), "rss_before_bytes": .number(Double(before)),
            "peak_rss_bytes": .number(Double(peak)),
        ]
        var writer = JSONWriter()
        try writer.write(JSONValue.array([.object(report)]))
        FileHandle.standardOutput.write(Data(writer.bytes + [0x0A]))
    }
}

/// Current resident set size from `/proc/self/statm` (pages), 0 if unreadable.
func currentResidentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// SplitMix64, the generator the Python peer reimplements bit for bit.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in [low, high): 53 random bits scaled, the same operations as the peer.
    mutating func nextDouble(_ low: Double, _ high: Double) -> Double {
        low + Double(next() >> 11) / 9_007_199_254_740_992.0 * (high - low)
    }
}
