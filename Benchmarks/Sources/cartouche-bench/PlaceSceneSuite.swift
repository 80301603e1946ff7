import CartoucheScene
import CartoucheText
import Foundation

/// `cartouche-bench place-scene <scene.json>... [--rounds N]`: the in-process
/// time of placing scene files (#12: the dense India z5 view under 200 ms).
///
/// Each file is read and decoded once; then each round calls
/// `SceneDocument.place(text:)`, the library entry `cartouche place` and
/// `POST /v1/place` run after decoding, with the same font registry. One
/// untimed call first warms the caches and the allocator, so the rounds
/// measure placement alone, without process start, font loading, JSON
/// parsing or writing the answer. Files are placed round-robin, so a load
/// change on the machine falls on every file alike.
///
/// `seconds` are wall-clock (what a caller waits); `info` adds the median and
/// minimum, the calling thread's CPU seconds, the callouts shown and whether
/// every frame's search finished (`stats.finished`). Every round must give
/// the same answer; a different one is an error, not a measurement.
struct PlaceSceneSuite: BenchmarkSuite {
    let name = "place-scene"

    func run(rounds: Int, arguments: [String]) throws -> [Measurement] {
        let paths = arguments.filter { !$0.hasPrefix("--") }
        guard !paths.isEmpty else { throw PlaceSceneError.usage }
        let engine = TextLayoutEngine(registry: try FontRegistry())
        let documents = try paths.map { path in
            try SceneDocument(jsonBytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        }
        let warm = try documents.map { try $0.place(text: engine) }
        var wall = Array(repeating: [Double](), count: paths.count)
        var cpu = wall
        for _ in 0..<rounds {
            for (i, document) in documents.enumerated() {
                var response: PlaceResponse?
                let clock = ContinuousClock.now
                cpu[i].append(try time { response = try document.place(text: engine) })
                let elapsed = ContinuousClock.now - clock
                wall[i].append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
                guard response == warm[i] else { throw PlaceSceneError.nondeterministic(paths[i]) }
            }
        }
        return paths.indices.map { i in
            let answer = warm[i]
            let finished = answer.frames.allSatisfy(\.result.finished)
            let info: [String: Double] = [
                "shown": Double(answer.placedCount), "finished": finished ? 1 : 0,
                "medianSeconds": median(wall[i]), "minSeconds": wall[i].min() ?? .nan,
                "medianCPUSeconds": median(cpu[i]), "minCPUSeconds": cpu[i].min() ?? .nan,
            ]
            FileHandle.standardError.write(Data(String(
                format: "place-scene: %@: %d shown%@, median %.1f ms, min %.1f ms (%d rounds)\n",
                paths[i], answer.placedCount, finished ? "" : " (unfinished)", 1000 * median(wall[i]),
                1000 * (wall[i].min() ?? .nan), rounds).utf8))
            return Measurement(suite: name, name: paths[i], items: answer.frames.reduce(0) { $0 + $1.result.placements.count },
                               seconds: wall[i], checksum: Double(answer.placedCount), info: info)
        }
    }

    private func median(_ values: [Double]) -> Double {
        Measurement(suite: name, name: "", items: 0, seconds: values, checksum: 0).medianSeconds
    }
}

enum PlaceSceneError: Error, CustomStringConvertible {
    case usage
    case nondeterministic(String)

    var description: String {
        switch self {
        case .usage: "usage: cartouche-bench place-scene <scene.json>... [--rounds N]"
        case .nondeterministic(let path): "\(path): two rounds placed differently"
        }
    }
}
