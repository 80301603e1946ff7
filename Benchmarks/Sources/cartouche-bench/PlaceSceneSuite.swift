import CartoucheScene
import CartoucheText
import Foundation

/// `cartouche-bench place-scene <scene.json>... [--rounds N] [--answers DIR]`:
/// the in-process time of placing scene files (#12: the dense India z5 view
/// under 200 ms).
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
/// every frame's search finished (`stats.finished`) and a digest of the
/// placements (equal digests: the same answer, so a change meant to be only
/// faster can show it); `--answers DIR` also writes each scene's answer, as
/// `cartouche place` would, to `DIR/<scene>.answer.json`. Every round must
/// give the same answer; a different one is an error, not a measurement.
struct PlaceSceneSuite: BenchmarkSuite {
    let name = "place-scene"

    func run(rounds: Int, arguments: [String]) throws -> [Measurement] {
        var paths: [String] = [], answers: String? = nil
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--answers" {
                guard let folder = rest.popFirst() else { throw PlaceSceneError.usage }
                answers = folder
            } else if !argument.hasPrefix("--") {
                paths.append(argument)
            }
        }
        guard !paths.isEmpty else { throw PlaceSceneError.usage }
        let engine = TextLayoutEngine(registry: try FontRegistry())
        let documents = try paths.map { path in
            try SceneDocument(jsonBytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        }
        let warm = try documents.map { try $0.place(text: engine) }
        if let answers {
            // The answers themselves, as `cartouche place` writes them, to compare two builds label by label.
            for (path, answer) in zip(paths, warm) {
                let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent + ".answer.json"
                try Data(try answer.jsonBytes()).write(to: URL(fileURLWithPath: answers).appendingPathComponent(name))
            }
        }
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
                "digest": digest(answer),
            ]
            FileHandle.standardError.write(Data(String(
                format: "place-scene: %@: %d shown%@, median %.1f ms, min %.1f ms (%d rounds), digest %013llx\n",
                paths[i], answer.placedCount, finished ? "" : " (unfinished)", 1000 * median(wall[i]),
                1000 * (wall[i].min() ?? .nan), rounds, UInt64(info["digest"] ?? 0)).utf8))
            return Measurement(suite: name, name: paths[i], items: answer.frames.reduce(0) { $0 + $1.result.placements.count },
                               seconds: wall[i], checksum: Double(answer.placedCount), info: info)
        }
    }

    /// A 52-bit FNV-1a digest of every placement (annotation, anchor coordinate,
    /// anchor, frame, why hidden): two builds place a scene alike exactly when
    /// their digests agree (up to a collision), so a speed change can show it
    /// changed nothing.
    private func digest(_ answer: PlaceResponse) -> Double {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for frame in answer.frames {
            for p in frame.result.placements {
                let text = "\(p.id)|\(String(describing: p.anchorCoordinate))|\(String(describing: p.anchor))|\(String(describing: p.frame))|\(String(describing: p.hiddenReason))\n"
                for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
            }
        }
        return Double(hash & ((1 << 52) - 1))
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
        case .usage: "usage: cartouche-bench place-scene <scene.json>... [--rounds N] [--answers DIR]"
        case .nondeterministic(let path): "\(path): two rounds placed differently"
        }
    }
}
