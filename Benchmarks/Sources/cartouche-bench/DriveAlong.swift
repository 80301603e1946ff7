import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import Foundation

/// A drive along one line of a scene: per frame, the puck's position and
/// heading, the camera following it, and the driven progress (by Mercator
/// length, as `line-progress` and `lineTrim` are).
struct DriveAlong {
    struct Frame {
        var puck: Coordinate
        var course: Double
        var progress: Double
        var zoom: Double
        var pitch: Double
    }

    let frames: [Frame]

    /// - Parameters:
    ///   - line: the route, in order.
    ///   - count: frames, spread evenly over the route's length.
    init(line: [Coordinate], count: Int) {
        let xy = line.map { (WebMercator.normalizedX(longitude: $0.longitude), WebMercator.normalizedY(latitude: $0.latitude)) }
        var cumulative: [Double] = [0]
        for k in xy.indices.dropFirst() {
            cumulative.append(cumulative[k - 1] + hypot(xy[k].0 - xy[k - 1].0, xy[k].1 - xy[k - 1].1))
        }
        let total = max(cumulative.last ?? 0, .leastNonzeroMagnitude)
        /// The point at Mercator length `s` along the line.
        func point(at s: Double) -> (Double, Double) {
            let s = min(max(0, s), total)
            var k = 1
            while k < xy.count - 1 && cumulative[k] < s { k += 1 }
            let seg = cumulative[k] - cumulative[k - 1]
            let t = seg > 0 ? (s - cumulative[k - 1]) / seg : 0
            return (xy[k - 1].0 + (xy[k].0 - xy[k - 1].0) * t, xy[k - 1].1 + (xy[k].1 - xy[k - 1].1) * t)
        }
        // The course looks a little ahead (about 1/100 of the route), as a
        // navigation camera smooths its heading; it stays put at the end.
        let lookAhead = total / 100
        var out: [Frame] = []
        for f in 0..<count {
            let u = count > 1 ? Double(f) / Double(count - 1) : 0
            let s = u * total
            let here = point(at: s), ahead = point(at: min(total, s + lookAhead)), behind = point(at: s - lookAhead)
            let (dx, dy) = s + lookAhead <= total ? (ahead.0 - here.0, ahead.1 - here.1) : (here.0 - behind.0, here.1 - behind.1)
            // Mercator y grows southwards: the course is clockwise from north.
            let course = atan2(dx, -dy) * 180 / .pi
            let phase = 2 * Double.pi * Double(f) / Double(max(1, count))
            out.append(Frame(
                puck: Coordinate(latitude: WebMercator.latitude(normalizedY: here.1), longitude: WebMercator.longitude(normalizedX: here.0)),
                course: course, progress: s / total,
                zoom: 16 - cos(phase),    // 15 → 17 → 15 over the drive
                pitch: 52.5 - 7.5 * cos(3 * phase)))  // 45–60, three times
        }
        frames = out
        self.xy = xy
        self.cumulative = cumulative
    }

    /// The line's length on the ground in metres (Mercator length scaled by
    /// each segment's latitude), to set a drive's pace.
    static func groundMetres(_ line: [Coordinate]) -> Double {
        var metres = 0.0
        for k in line.indices.dropFirst() {
            let a = line[k - 1], b = line[k]
            let dx = WebMercator.normalizedX(longitude: b.longitude) - WebMercator.normalizedX(longitude: a.longitude)
            let dy = WebMercator.normalizedY(latitude: b.latitude) - WebMercator.normalizedY(latitude: a.latitude)
            metres += hypot(dx, dy) * 40_075_016.686 * cos((a.latitude + b.latitude) / 2 * .pi / 180)
        }
        return metres
    }

    private let xy: [(Double, Double)]
    private let cumulative: [Double]

    /// Progress (0…1) of the route point nearest to `c`, to tell whether the
    /// puck has passed an anchor point (then it is trimmed away).
    func progress(of c: Coordinate) -> Double {
        let p = (WebMercator.normalizedX(longitude: c.longitude), WebMercator.normalizedY(latitude: c.latitude))
        var best = (distance: Double.infinity, s: 0.0)
        for k in xy.indices.dropFirst() {
            let a = xy[k - 1], b = xy[k]
            let vx = b.0 - a.0, vy = b.1 - a.1, l = vx * vx + vy * vy
            let t = l > 0 ? min(1, max(0, ((p.0 - a.0) * vx + (p.1 - a.1) * vy) / l)) : 0
            let d = hypot(a.0 + t * vx - p.0, a.1 + t * vy - p.1)
            if d < best.distance { best = (d, cumulative[k - 1] + t * (cumulative[k] - cumulative[k - 1])) }
        }
        return best.s / max(cumulative.last ?? 0, .leastNonzeroMagnitude)
    }

    /// The camera member for frame `f`: centred on the puck, looking along
    /// the course, with a navigation padding that puts the puck low on screen.
    func camera(_ f: Int, routeTrim: String) -> JSONValue {
        let fr = frames[f]
        return .object([
            "center": [.number(fr.puck.longitude), .number(fr.puck.latitude)],
            "zoom": .number(fr.zoom), "bearing": .number(fr.course), "pitch": .number(fr.pitch),
            "padding": ["top": 80, "bottom": 180, "left": 0, "right": 0],
            "puck": ["coordinate": [.number(fr.puck.longitude), .number(fr.puck.latitude)], "bearing": .number(fr.course)],
            "lineTrim": .object([routeTrim: [0, .number(fr.progress)]]),
        ])
    }
}
