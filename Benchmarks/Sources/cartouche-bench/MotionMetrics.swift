import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import Foundation

/// Per-callout motion counts over a sequence of placed frames, read from
/// place responses (the JSON every client gets), so every way of placing a
/// drive is judged on the same thing.
///
/// The jump counts judge a callout's *point on the map*, the measure of the
/// contract before #29. The contract is now stated on screen (the box stays
/// put while its point slides along the line), so jumps happen by design;
/// `Benchmarks/peers/motion_http.py` judges the boxes on screen.
struct MotionMetrics {
    /// One callout in one frame, as the response says.
    struct State: Equatable {
        var shown: Bool
        var anchor: String?
        var point: Coordinate?
        var reason: String?
        /// The frame on screen, when shown.
        var box: ScreenRect?
        var zIndex = 0
    }

    struct Counts {
        /// Shown ↔ hidden changes.
        var toggles = 0
        /// Toggles into or out of a frame where it was hidden although its
        /// anchor was on screen (any reason but `offscreen`).
        var onScreenToggles = 0
        /// One-frame blinks: shown → hidden → shown or hidden → shown → hidden.
        var blinks = 0
        /// Consecutive shown frames with different anchors.
        var anchorFlips = 0
        /// A → B → A over three consecutive shown frames.
        var oneFrameFlips = 0
        /// Consecutive shown frames whose anchor point moved on the ground by
        /// more than 1 point on screen (beyond what the camera explains).
        var jumps = 0
        /// Jumps the old point forced: it left the padded screen or the puck
        /// passed it (trimmed).
        var forcedJumps = 0
        /// Jumps no rule asked for: the old point was still on the padded
        /// screen and ahead of the puck, and the old anchor there would have
        /// fitted (box on the padded screen, clear of the puck and of every
        /// callout placed before it). The old contract's target was 0.
        var unforcedJumps = 0
        /// Frames whose anchor or anchor point changed: each a visible move
        /// of the box beyond the map's own motion.
        var moves = 0
        /// How far the box moved at those frames (points, summed): its
        /// centre against where the old box would be had it stayed glued to
        /// its old point (the camera's motion taken out).
        var boxTravel = 0.0
        /// Sum of jump distances in points.
        var jumpDistance = 0.0
        var shownFrames = 0
    }

    /// Each frame's states by callout id.
    static func states(ofFrame frame: JSONValue) -> [String: State] {
        var out: [String: State] = [:]
        for p in frame.objectValue?["placements"]?.arrayValue ?? [] {
            guard let o = p.objectValue, let id = o["id"]?.stringValue else { continue }
            let c = o["anchorCoordinate"]?.arrayValue?.compactMap(\.numberValue)
            out[id] = State(
                shown: o["visible"]?.boolValue ?? false,
                anchor: o["anchor"]?.objectValue.map { a in
                    "\(a["anchor"]?.stringValue ?? "?")/\(a["offsetX"]?.numberValue ?? 0)/\(a["offsetY"]?.numberValue ?? 0)"
                },
                point: c.flatMap { $0.count == 2 ? Coordinate(latitude: $0[1], longitude: $0[0]) : nil },
                reason: o["hiddenReason"]?.objectValue?["code"]?.stringValue,
                box: o["frame"]?.objectValue.flatMap { r in
                    guard let x = r["x"]?.numberValue, let y = r["y"]?.numberValue,
                          let w = r["width"]?.numberValue, let h = r["height"]?.numberValue else { return nil }
                    return ScreenRect(x: x, y: y, width: w, height: h)
                },
                zIndex: Int(o["zIndex"]?.numberValue ?? 0))
        }
        return out
    }

    /// Counts per callout over `frames` (each a response frame), with the
    /// cameras that placed them and the drive (to tell forced jumps of the
    /// callout bound to the driven route, id `driven`).
    static func counts(
        frames: [JSONValue], cameras: [Camera], viewport: ScreenSize, drive: DriveAlong, driven: String
    ) -> [String: Counts] {
        let states = frames.map(states(ofFrame:))
        var out: [String: Counts] = [:]
        for id in Set(states.flatMap(\.keys)).sorted() {
            var c = Counts()
            let seq = states.map { $0[id] ?? State(shown: false) }
            for f in seq.indices {
                let now = seq[f]
                if now.shown { c.shownFrames += 1 }
                guard f > 0 else { continue }
                let was = seq[f - 1]
                if was.shown != now.shown {
                    c.toggles += 1
                    let hidden = now.shown ? was : now
                    if hidden.reason != "offscreen" { c.onScreenToggles += 1 }
                    if f >= 2 && seq[f - 2].shown == now.shown { c.blinks += 1 }
                }
                guard was.shown, now.shown else { continue }
                if was.anchor != now.anchor {
                    c.anchorFlips += 1
                    if f >= 2, seq[f - 2].shown, seq[f - 2].anchor == now.anchor { c.oneFrameFlips += 1 }
                }
                guard let a = was.point, let b = now.point,
                      let projection = try? Projection(camera: cameras[f], viewport: viewport) else { continue }
                let old = try? Projection(camera: cameras[f - 1], viewport: viewport)
                if was.anchor != now.anchor || a != b {
                    c.moves += 1
                    c.boxTravel += travel(was, now, glued: old?.project(a), now: projection.project(a)) ?? 0
                }
                guard let q = projection.project(b) else { continue }
                let p = projection.project(a)
                let moved = p.map { hypot($0.x - q.x, $0.y - q.y) } ?? .infinity
                guard moved > 1 else { continue }
                c.jumps += 1
                c.jumpDistance += moved.isFinite ? moved : 0
                let onScreen = p.map { projection.paddedRect.contains($0) } ?? false
                let passed = id == driven && drive.progress(of: a) <= drive.frames[f].progress
                if !onScreen || passed { c.forcedJumps += 1 }
                if onScreen, !passed, let p, let old,
                   couldStay(was, at: p, before: old.project(a), in: states[f], id: id, projection: projection, puck: drive.frames[f]) {
                    c.unforcedJumps += 1
                }
            }
            out[id] = c
        }
        return out
    }

    /// Whether a callout shown as `was` could have kept its point (now at
    /// `p` on screen) and anchor in a frame: its box, moved with the point
    /// (the box's offset from the point is the anchor's, whatever the
    /// placer), inside the padded screen, clear of the puck (48 × 48, turned
    /// by its heading against the map's) and of every callout placed before
    /// it (drawn above it: a higher `zIndex`). Judged from the answers alone,
    /// not from the placer's reasons.
    static func couldStay(
        _ was: State, at p: ScreenPoint, before: ScreenPoint?, in frame: [String: State], id: String,
        projection: Projection, puck: DriveAlong.Frame
    ) -> Bool {
        guard let box = was.box, let before else { return false }
        let moved = ScreenRect(x: box.minX + p.x - before.x, y: box.minY + p.y - before.y, width: box.width, height: box.height)
        let pad = projection.paddedRect, slack = 1e-6
        guard moved.minX >= pad.minX - slack, moved.minY >= pad.minY - slack,
              moved.maxX <= pad.maxX + slack, moved.maxY <= pad.maxY + slack else { return false }
        if let c = projection.project(puck.puck) {
            let angle = (puck.course - projection.camera.bearing) * .pi / 180
            let w = abs(48 * cos(angle)) + abs(48 * sin(angle)), h = abs(48 * sin(angle)) + abs(48 * cos(angle))
            if overlaps(moved, ScreenRect(x: c.x - w / 2, y: c.y - h / 2, width: w, height: h)) { return false }
        }
        let own = frame[id]?.zIndex ?? 0
        return !frame.contains { other in
            other.key != id && other.value.shown && other.value.zIndex > own && other.value.box.map { overlaps(moved, $0) } == true
        }
    }

    /// How far the box moved between two frames beyond its old point's
    /// motion on screen (`glued` → `now`, the old point in the old and the
    /// new camera).
    static func travel(_ was: State, _ now: State, glued: ScreenPoint?, now p: ScreenPoint?) -> Double? {
        guard let a = was.box, let b = now.box, let glued, let p else { return nil }
        return hypot(b.center.x - (a.center.x + p.x - glued.x), b.center.y - (a.center.y + p.y - glued.y))
    }

    /// Overlap with a positive area (touching edges do not collide).
    static func overlaps(_ a: ScreenRect, _ b: ScreenRect) -> Bool {
        min(a.maxX, b.maxX) - max(a.minX, b.minX) > 1e-6 && min(a.maxY, b.maxY) - max(a.minY, b.minY) > 1e-6
    }
}
