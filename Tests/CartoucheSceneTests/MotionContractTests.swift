import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import CartouchePlacement
import CartoucheTestSupport
import CartoucheText
import Foundation
import Testing

@testable import CartoucheScene

/// The motion contract (docs/SCENE_FORMAT.md, "Motion"), in greedy and in
/// optimise mode, on a drive: route 101 of the SF→Stanford example at a
/// seeded navigation pace, the camera following the puck and the route
/// trimmed behind it, as one scene of many cameras (which one request per
/// frame with `previous` equals, byte for byte: `MotionPlacementTests`).
/// Every frame is judged from the answer alone with brute-force geometry,
/// not with the placer's own reasons: the box's move on screen against the
/// least move any legal box would have made (every anchor at points every
/// few metres along the visible, untrimmed route).
@Suite("Motion contract on a drive")
struct MotionContractTests {
    static let engine = Result { try TextLayoutEngine(registry: FontRegistry()) }
    static let eta = "eta-route-101"

    /// One frame of the drive: the camera, the puck and the driven progress.
    struct Tick {
        var camera: Camera
        var puck: Coordinate
        var course: Double
        var progress: Double
    }

    /// The route in Mercator units with its cumulative length.
    struct Route {
        var xy: [(x: Double, y: Double)]
        var cumulative: [Double]
        var total: Double { cumulative[cumulative.count - 1] }

        init(_ line: [Coordinate]) {
            xy = line.map { (WebMercator.normalizedX(longitude: $0.longitude), WebMercator.normalizedY(latitude: $0.latitude)) }
            cumulative = [0]
            for k in xy.indices.dropFirst() {
                cumulative.append(cumulative[k - 1] + hypot(xy[k].x - xy[k - 1].x, xy[k].y - xy[k - 1].y))
            }
        }

        func point(at s: Double) -> (x: Double, y: Double) {
            let s = min(max(0, s), total)
            var k = 1
            while k < xy.count - 1 && cumulative[k] < s { k += 1 }
            let seg = cumulative[k] - cumulative[k - 1], t = seg > 0 ? (s - cumulative[k - 1]) / seg : 0
            return (xy[k - 1].x + (xy[k].x - xy[k - 1].x) * t, xy[k - 1].y + (xy[k].y - xy[k - 1].y) * t)
        }

        /// Progress (0…1) of the route point nearest to `c`, by trying every segment.
        func progress(of c: Coordinate) -> Double {
            let p = (x: WebMercator.normalizedX(longitude: c.longitude), y: WebMercator.normalizedY(latitude: c.latitude))
            var best = (d: Double.infinity, s: 0.0)
            for k in xy.indices.dropFirst() {
                let a = xy[k - 1], vx = xy[k].x - a.x, vy = xy[k].y - a.y, l = vx * vx + vy * vy
                let t = l > 0 ? min(1, max(0, ((p.x - a.x) * vx + (p.y - a.y) * vy) / l)) : 0
                let d = hypot(a.x + t * vx - p.x, a.y + t * vy - p.y)
                if d < best.d { best = (d, cumulative[k - 1] + t * (cumulative[k] - cumulative[k - 1])) }
            }
            return best.s / total
        }
    }

    /// `count` ticks from a seeded start, `step` metres apart (seeded per
    /// tick), zoom 15.5–16.5 and pitch 45–60 drifting, the course looking
    /// 300 m ahead, the navigation padding of the benchmark.
    /// `start`: where on the route (0…1) the drive may begin.
    static func drive(_ route: Route, count: Int, step: ClosedRange<Double>, seed: UInt64,
                      start: ClosedRange<Double> = 0.05...0.3) -> [Tick] {
        var random = SplitMix64(seed: seed)
        let metre = 1 / (40_075_016.686 * cos(37.6 * .pi / 180))
        var s = random.double(in: start) * route.total
        return (0..<count).map { f in
            let here = route.point(at: s), ahead = route.point(at: s + 300 * metre)
            let course = atan2(ahead.x - here.x, -(ahead.y - here.y)) * 180 / .pi
            let puck = Coordinate(latitude: WebMercator.latitude(normalizedY: here.y), longitude: WebMercator.longitude(normalizedX: here.x))
            let phase = Double(f) / Double(count) * 2 * .pi
            let camera = Camera(center: puck, zoom: 16 - 0.5 * cos(phase), bearing: course, pitch: 52.5 - 7.5 * cos(2 * phase),
                                padding: EdgeInsets(top: 80, left: 0, bottom: 180, right: 0))
            defer { s += random.double(in: step) * metre }
            return Tick(camera: camera, puck: puck, course: course, progress: s / route.total)
        }
    }

    static func cameraJSON(_ t: Tick) -> JSONValue {
        let c = t.camera, p: JSONValue = [.number(t.puck.longitude), .number(t.puck.latitude)]
        return ["center": p, "zoom": .number(c.zoom), "bearing": .number(c.bearing), "pitch": .number(c.pitch),
                "padding": ["top": 80, "bottom": 180], "puck": ["coordinate": p, "bearing": .number(t.course)],
                "lineTrim": .object([eta: [0, .number(t.progress)]])]
    }

    /// The placer's price of a turn (`CandidateOrder.anchorChangePenalty`):
    /// a move may exceed the least legal one by this much when the least
    /// needs a turn.
    static let turnPenalty = 24.0

    /// The least on-screen move (origin to origin, points) from the box `was`
    /// to a legal box of the callout in frame `tick`: any of `anchors` at a
    /// point of the route every `step` metres over the 6 km ahead of the
    /// puck (the untrimmed part; the ETA's trim is the driven progress) that
    /// is on the padded screen, with the box inside the padded screen, clear
    /// of the puck (48 × 48, turned by its heading against the map's) and of
    /// every callout placed before it (a higher z-index). Infinity when none
    /// is legal.
    static func leastLegalMove(_ was: ScreenRect, id: String, anchors: [AnchorConfig], in frame: [ViewAnnotationPlacement],
                               tick: Tick, viewport: ScreenSize, route: Route, step: Double = 3) throws -> Double {
        let now = try Projection(camera: tick.camera, viewport: viewport)
        let pad = tick.camera.padding.paddedRect(in: viewport)
        var puck: ScreenRect? = nil
        if let c = now.project(tick.puck) {
            let turn = (tick.course - tick.camera.bearing) * .pi / 180
            let w = abs(48 * cos(turn)) + abs(48 * sin(turn)), h = abs(48 * sin(turn)) + abs(48 * cos(turn))
            puck = ScreenRect(x: c.x - w / 2, y: c.y - h / 2, width: w, height: h)
        }
        let own = frame.first { $0.id == id }?.zIndex ?? 0
        let higher = frame.filter { $0.id != id && $0.isVisible && ($0.zIndex ?? 0) > own }.compactMap(\.frame)
        let metre = 1 / (40_075_016.686 * cos(37.6 * .pi / 180))
        let size = ScreenSize(width: was.width, height: was.height)
        var best = Double.infinity
        var s = tick.progress * route.total + step * metre
        while s <= min(route.total, tick.progress * route.total + 6000 * metre) {
            defer { s += step * metre }
            let xy = route.point(at: s)
            let c = Coordinate(latitude: WebMercator.latitude(normalizedY: xy.y), longitude: WebMercator.longitude(normalizedX: xy.x))
            guard let p = now.project(c), pad.contains(p) else { continue }
            for a in anchors {
                let box = a.frame(at: p, size: size)
                let move = hypot(box.minX - was.minX, box.minY - was.minY)
                guard move < best else { continue }
                let slack = 1e-6
                guard box.minX >= pad.minX - slack, box.minY >= pad.minY - slack, box.maxX <= pad.maxX + slack, box.maxY <= pad.maxY + slack,
                      !(puck.map { overlaps(box, $0) } ?? false), !higher.contains(where: { overlaps(box, $0) }) else { continue }
                best = move
            }
        }
        return best
    }

    static func overlaps(_ a: ScreenRect, _ b: ScreenRect) -> Bool {
        min(a.maxX, b.maxX) - max(a.minX, b.minX) > 1e-6 && min(a.maxY, b.maxY) - max(a.minY, b.minY) > 1e-6
    }

    /// A seeded drive's pace: metres per tick, drawn per tick from `step`.
    struct Pace: Sendable, CustomTestStringConvertible {
        var step: ClosedRange<Double>
        var seed: UInt64
        var testDescription: String { "\(Int(step.lowerBound))–\(Int(step.upperBound)) m a tick" }
    }

    /// 60–100 m a tick is the benchmark's fast drive, 24–36 m a tick a
    /// second at 86–130 km/h. Under the old contract (keep the point on the
    /// map) the ETA rode down the screen with the road and hopped ~57 pt
    /// ahead every few frames: 132 moves over 40 pt on the benchmark's fast
    /// drive.
    @Test("a 120-tick drive: the box stays put unless forced, no one-frame anchor flips, shown wherever alone it is",
          arguments: ["greedy", "optimise"],
          [Pace(step: 60...100, seed: 0x5EED_0101), Pace(step: 24...36, seed: 0x5EED_0030)])
    func driveMeetsContract(mode: String, pace: Pace) throws {
        let (scene, ticks, route) = try Self.driveScene(mode: mode, count: 120, step: pace.step, seed: pace.seed)
        let response = try Self.place(scene)
        let judged = try Self.judge(Self.eta, response, ticks: ticks, route: route, anchors: Self.etaAnchors(scene))
        #expect(judged.shown >= 110)
        #expect(judged.toggles <= 1)
        #expect(judged.oneFrameFlips.isEmpty, "one-frame anchor flips at frames \(judged.oneFrameFlips)")
        #expect(judged.unforced.isEmpty, "moves no rule forced at frames \(judged.unforced)")
        #expect(judged.bigMoves <= 2, "\(judged.bigMoves) moves over 40 pt")
        #expect(judged.anchorChanges <= 4)
        // The point slides along the road (the camera moves the map under
        // the box): the contract is about the box, not the point.
        #expect(judged.slides >= 60)
        // Shown in every frame where placing the frame alone shows it.
        var alone = scene
        alone["cameras"] = nil
        for (f, camera) in (scene["cameras"]?.arrayValue ?? []).enumerated() where !judged.shownFrames.contains(f) {
            alone["camera"] = camera
            let single = try Self.place(alone).frames[0].result.placements.first { $0.id == Self.eta }
            #expect(single?.isVisible != true, "frame \(f): hidden, although placed alone it is shown")
        }
    }

    /// Route 280's ETA on the first kilometres, which route 280 shares with
    /// route 101: both callouts sit flush on either side of the one line
    /// (their boxes meet by 1e-10 pt in some frames, which is no collision:
    /// `collisionTolerance`).
    @Test("route 280's ETA beside route 101's on their shared stretch: no one-frame flips, few anchor changes",
          arguments: ["greedy", "optimise"])
    func sharedStretch(mode: String) throws {
        let (scene, ticks, route) = try Self.driveScene(mode: mode, count: 150, step: 24...36, seed: 0x5EED_0280, start: 0...0)
        let response = try Self.place(scene)
        let judged = try Self.judge("eta-route-280", response, ticks: ticks, route: route, anchors: Self.etaAnchors(scene), driven: false)
        #expect(judged.shown >= 50)
        #expect(judged.oneFrameFlips.isEmpty, "one-frame anchor flips at frames \(judged.oneFrameFlips)")
        #expect(judged.anchorChanges <= 6)
    }

    /// The example with `count` seeded cameras along route 101.
    static func driveScene(mode: String, count: Int, step: ClosedRange<Double>, seed: UInt64,
                           start: ClosedRange<Double> = 0.05...0.3) throws -> ([String: JSONValue], [Tick], Route) {
        let url = SeedScenario.repositoryRoot.appendingPathComponent("Examples/sf-stanford.scene.json")
        var scene = try #require(try JSONParser().parse(Array(try Data(contentsOf: url))).objectValue)
        scene["puck"] = nil
        scene["options"] = ["mode": .string(mode)]
        let route = Route(try #require(try SeedScenario().routes["route-101"]))
        let ticks = Self.drive(route, count: count, step: step, seed: seed, start: start)
        scene["cameras"] = .array(ticks.map(Self.cameraJSON))
        return (scene, ticks, route)
    }

    static func place(_ scene: [String: JSONValue]) throws -> PlaceResponse {
        try SceneDocument(jsonBytes: try JSONValue.object(scene).jsonBytes()).place(text: try Self.engine.get())
    }

    static func etaAnchors(_ scene: [String: JSONValue]) throws -> [AnchorConfig] {
        try SceneDocument(jsonBytes: try JSONValue.object(scene).jsonBytes()).viewAnnotations.first { $0.id == eta }?.variableAnchors ?? []
    }

    /// One callout's motion over a drive, judged frame by frame from the answers.
    struct Judged {
        var shown = 0, toggles = 0, bigMoves = 0, anchorChanges = 0, slides = 0
        var shownFrames: Set<Int> = []
        var oneFrameFlips: [Int] = []
        /// Frames whose box moved more than the least legal move plus a
        /// turn's penalty plus `sampling`.
        var unforced: [Int] = []
    }

    /// A move may also exceed the least legal one by this much: the placer's
    /// candidate points are the stillest point per anchor plus samples along
    /// the visible line, so when the stillest ones are not legal the nearest
    /// legal sample may lie up to half a sample spacing further than the
    /// oracle's 3 m grid.
    static let sampling = 20.0

    /// `driven`: whether the callout's own route is the driven one (route
    /// 280's line is not the oracle's route beyond the shared stretch, so
    /// its moves are not judged against it).
    static func judge(_ id: String, _ response: PlaceResponse, ticks: [Tick], route: Route, anchors: [AnchorConfig],
                      driven: Bool = true) throws -> Judged {
        let viewport = ScreenSize(width: 800, height: 600)
        let states = try response.frames.map { frame in try #require(frame.result.placements.first { $0.id == id }) }
        var out = Judged(shown: states.filter(\.isVisible).count)
        out.shownFrames = Set(states.indices.filter { states[$0].isVisible })
        for f in states.indices.dropFirst() {
            let was = states[f - 1], now = states[f]
            if was.isVisible != now.isVisible { out.toggles += 1 }
            guard was.isVisible, now.isVisible, let a = was.frame, let b = now.frame else { continue }
            if was.anchor != now.anchor { out.anchorChanges += 1 }
            if f >= 2, states[f - 2].isVisible, states[f - 2].anchor == now.anchor, was.anchor != now.anchor { out.oneFrameFlips.append(f) }
            let projection = try Projection(camera: ticks[f].camera, viewport: viewport)
            if let p = was.anchorCoordinate.flatMap({ projection.project($0) }), let q = now.anchorCoordinate.flatMap({ projection.project($0) }),
               hypot(p.x - q.x, p.y - q.y) > 1 {
                out.slides += 1
            }
            let move = hypot(b.minX - a.minX, b.minY - a.minY)
            if move > 40 { out.bigMoves += 1 }
            guard driven, move > turnPenalty + sampling else { continue }
            let least = try leastLegalMove(a, id: id, anchors: anchors, in: response.frames[f].result.placements,
                                           tick: ticks[f], viewport: viewport, route: route)
            if move > least + turnPenalty + sampling { out.unforced.append(f) }
        }
        return out
    }
}
