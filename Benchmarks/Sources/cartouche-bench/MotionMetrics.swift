import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import Foundation

/// Per-callout motion counts over a sequence of placed frames, read from
/// place responses (the JSON every client gets), so every way of placing a
/// drive is judged on the same thing.
struct MotionMetrics {
    /// One callout in one frame, as the response says.
    struct State: Equatable {
        var shown: Bool
        var anchor: String?
        var point: Coordinate?
        var reason: String?
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
                reason: o["hiddenReason"]?.objectValue?["code"]?.stringValue)
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
                guard let q = projection.project(b) else { continue }
                let p = projection.project(a)
                let moved = p.map { hypot($0.x - q.x, $0.y - q.y) } ?? .infinity
                guard moved > 1 else { continue }
                c.jumps += 1
                c.jumpDistance += moved.isFinite ? moved : 0
                let onScreen = p.map { projection.paddedRect.contains($0) } ?? false
                if !onScreen || (id == driven && drive.progress(of: a) <= drive.frames[f].progress) { c.forcedJumps += 1 }
            }
            out[id] = c
        }
        return out
    }
}
