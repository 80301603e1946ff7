import CartoucheCamera
import CartoucheGeometry
import CartoucheJobs
import CartoucheJSON
import CartoucheText
import Foundation

/// The drive-along benchmark (#12 item 3): a camera following route 101 of
/// `Examples/sf-stanford.scene.json`, the puck moving along it and the route
/// trimmed behind it, placed five ways through the JSON path every client
/// uses (`PlaceJob`, as `cartouche place` and `POST /v1/place` run it):
///
/// - `alone`: one request per frame, nothing carried over;
/// - `requests`: one request per frame, each with `previous` = the last
///   answer's frame pasted as is (what a navigation client does per tick);
/// - `one scene`: one request with every frame as a camera;
/// - `optimise requests`, `optimise one scene`: the same two in optimise
///   mode (`options.mode`), which keeps the motion contract too.
///
/// Reports per callout the motion counts of ``MotionMetrics``; `requests`
/// and `one scene` should agree frame for frame in each mode
/// (`info.identicalFrames`, `info.identicalOptimiseFrames`).
struct MotionSuite: BenchmarkSuite {
    let name = "motion"
    static let route = (manager: "routes", feature: "route-101", callout: "eta-route-101")

    func run(rounds: Int, arguments: [String]) throws -> [Measurement] {
        var count = 600
        if let i = arguments.firstIndex(of: "--frames"), i + 1 < arguments.count, let n = Int(arguments[i + 1]), n > 1 { count = n }
        let path = arguments.firstIndex(of: "--scene").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
            ?? "Examples/sf-stanford.scene.json"
        let dump = arguments.firstIndex(of: "--dump").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
        var scene = try JSONParser().parse(Array(try Data(contentsOf: URL(fileURLWithPath: path)))).objectValue ?? [:]
        scene["cameras"] = nil
        scene["puck"] = nil
        let line = try Self.routeLine(scene)
        // `fast`: the whole route in `count` frames (about 87 m a frame at
        // 600); `pace`: a navigation tick a second at about 108 km/h, 30 m a
        // frame (1,744 frames), where a kept point lives about three times
        // as many frames.
        let pace = max(2, Int((DriveAlong.groundMetres(line) / 30).rounded()))
        var out: [Measurement] = []
        // `--from DIR` scores the frames an earlier run dumped there (another
        // branch's, say) with this build's metrics instead of placing them.
        let from = arguments.firstIndex(of: "--from").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
        for (label, frames) in [("fast", count), ("pace", pace)] {
            out += try drive(scene, label: label, drive: DriveAlong(line: line, count: frames), dump: dump, from: from)
        }
        return out
    }

    /// One drive placed five ways, measured.
    func drive(_ scene: [String: JSONValue], label: String, drive: DriveAlong, dump: String?, from: String?) throws -> [Measurement] {
        let engine = TextLayoutEngine(registry: try FontRegistry())
        let viewport = ScreenSize(width: scene["viewport"]?.objectValue?["width"]?.numberValue ?? 800,
                                  height: scene["viewport"]?.objectValue?["height"]?.numberValue ?? 600)
        var results: [(name: String, frames: [JSONValue], seconds: Double)] = []
        for mode in ["alone", "requests", "one scene", "optimise requests", "optimise one scene"] {
            var frames: [JSONValue] = []
            var scene = scene
            if mode.hasPrefix("optimise") { scene["options"] = ["mode": "optimise"] }
            let file = "motion-\(label)-\(mode.replacingOccurrences(of: " ", with: "-")).json"
            if let from {
                let dumped = try JSONParser().parse(Array(try Data(contentsOf: URL(fileURLWithPath: "\(from)/\(file)"))))
                results.append(("\(label)/\(mode)", dumped.arrayValue ?? [], 0))
                continue
            }
            let seconds = try time {
                if mode.hasSuffix("one scene") {
                    var one = scene
                    one["cameras"] = .array(drive.frames.indices.map { drive.camera($0, routeTrim: Self.route.callout) })
                    frames = try Self.place(one, engine).objectValue?["frames"]?.arrayValue ?? []
                    return
                }
                for f in drive.frames.indices {
                    var single = scene
                    single["camera"] = drive.camera(f, routeTrim: Self.route.callout)
                    if mode.hasSuffix("requests"), let last = frames.last { single["previous"] = last }
                    frames += try Self.place(single, engine).objectValue?["frames"]?.arrayValue ?? []
                }
            }
            results.append(("\(label)/\(mode)", frames, seconds))
            if let dump {
                // The frames as answered, for looking into a case by hand.
                try Data(try JSONValue.array(frames).jsonBytes()).write(to: URL(fileURLWithPath: "\(dump)/\(file)"))
            }
        }
        let cameras = results[0].frames.map(Self.camera(of:))
        func identical(_ a: Int, _ b: Int) -> Double {
            Double(zip(results[a].frames, results[b].frames).filter { x, y in
                x.objectValue?["placements"] == y.objectValue?["placements"]
            }.count)
        }
        let (identicalGreedy, identicalOptimise) = (identical(1, 2), identical(3, 4))
        return results.map { r in
            let counts = MotionMetrics.counts(frames: r.frames, cameras: cameras, viewport: viewport, drive: drive, driven: Self.route.callout)
            var info: [String: Double] = ["frames": Double(r.frames.count), "identicalFrames": identicalGreedy,
                                          "identicalOptimiseFrames": identicalOptimise]
            for (id, c) in counts {
                for (key, value) in c.fields { info["\(id).\(key)"] = value }
            }
            let placed = r.frames.reduce(0.0) { $0 + ($1.objectValue?["stats"]?.objectValue?["placed"]?.numberValue ?? 0) }
            return Measurement(suite: name, name: r.name, items: r.frames.count, seconds: [r.seconds], checksum: placed, info: info)
        }
    }

    /// Places one scene through the JSON path and parses the answer.
    static func place(_ scene: [String: JSONValue], _ engine: TextLayoutEngine) throws -> JSONValue {
        let body = try JSONValue.object(scene).jsonBytes()
        switch PlaceJob.run(body, limits: .unlimited, text: engine) {
        case .success(let outcome): return try JSONParser().parse(outcome.body)
        case .failure(let problem): throw MotionError.refused("\(problem)")
        }
    }

    /// The driven route's coordinates.
    static func routeLine(_ scene: [String: JSONValue]) throws -> [Coordinate] {
        let manager = scene["managers"]?.arrayValue?.first { $0.objectValue?["id"]?.stringValue == route.manager }
        let feature = manager?.objectValue?["annotations"]?.arrayValue?.first { $0.objectValue?["id"]?.stringValue == route.feature }
        let positions = feature?.objectValue?["geometry"]?.objectValue?["coordinates"]?.arrayValue ?? []
        let line = positions.compactMap { p -> Coordinate? in
            guard let a = p.arrayValue?.compactMap(\.numberValue), a.count >= 2 else { return nil }
            return Coordinate(latitude: a[1], longitude: a[0])
        }
        guard line.count >= 2 else { throw MotionError.refused("no route \(route.feature) in manager \(route.manager)") }
        return line
    }

    /// The camera a response frame was placed with.
    static func camera(of frame: JSONValue) -> Camera {
        let c = frame.objectValue?["camera"]?.objectValue ?? [:]
        let center = c["center"]?.arrayValue?.compactMap(\.numberValue) ?? [0, 0]
        let pad = c["padding"]?.objectValue ?? [:]
        return Camera(
            center: Coordinate(latitude: center.count > 1 ? center[1] : 0, longitude: center.first ?? 0),
            zoom: c["zoom"]?.numberValue ?? 0, bearing: c["bearing"]?.numberValue ?? 0, pitch: c["pitch"]?.numberValue ?? 0,
            padding: EdgeInsets(top: pad["top"]?.numberValue ?? 0, left: pad["left"]?.numberValue ?? 0,
                                bottom: pad["bottom"]?.numberValue ?? 0, right: pad["right"]?.numberValue ?? 0))
    }

    enum MotionError: Error { case refused(String) }
}

extension MotionMetrics.Counts {
    /// The counts by name, for `Measurement.info`.
    var fields: [String: Double] {
        ["toggles": Double(toggles), "onScreenToggles": Double(onScreenToggles), "blinks": Double(blinks),
         "anchorFlips": Double(anchorFlips), "oneFrameFlips": Double(oneFrameFlips), "jumps": Double(jumps),
         "forcedJumps": Double(forcedJumps), "unforcedJumps": Double(unforcedJumps),
         "moves": Double(moves), "boxTravel": boxTravel.rounded(), "jumpDistance": jumpDistance.rounded(), "shownFrames": Double(shownFrames)]
    }
}
