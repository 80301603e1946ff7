import CartoucheCamera
import CartoucheGeometry
import CartouchePlacement

extension Projection {
    /// A geographic line as drawn on screen: the visible pieces of each
    /// segment, joined where they meet and split by nil where the line leaves
    /// the visible ground, with each screen vertex's progress along the line
    /// (by Mercator length, as `line-progress` is).
    ///
    /// - Complexity: O(n) for n vertices.
    func screenLine(_ coordinates: [Coordinate]) -> ProjectedLine {
        guard coordinates.count >= 2 else {
            let p = coordinates.first.flatMap { project($0) }
            return ProjectedLine(points: [p], progress: [0])
        }
        let cumulative = LineTrim.cumulativeLengths(coordinates, ys: coordinates.map { WebMercator.normalizedY(latitude: $0.latitude) })
        let total = cumulative[cumulative.count - 1]
        func progress(_ k: Int, _ t: Double) -> Double {
            guard total > 0 else { return 0 }
            return (cumulative[k - 1] + (cumulative[k] - cumulative[k - 1]) * t) / total
        }
        var points: [ScreenPoint?] = []
        var progresses: [Double] = []
        var open = false
        for k in 1..<coordinates.count {
            guard let s = visibleSegment(from: coordinates[k - 1], to: coordinates[k]) else {
                if open { points.append(nil); progresses.append(progress(k, 0)); open = false }
                continue
            }
            if !open || s.t0 > 0 {
                if open { points.append(nil); progresses.append(progress(k, s.t0)) }
                points.append(s.start)
                progresses.append(progress(k, s.t0))
            }
            points.append(s.end)
            progresses.append(progress(k, s.t1))
            open = s.t1 >= 1
            if !open { points.append(nil); progresses.append(progress(k, s.t1)) }
        }
        return ProjectedLine(points: points, progress: progresses)
    }

    /// The visible pieces of a line as plain point runs (for obstacles).
    func screenPolylines(_ coordinates: [Coordinate]) -> [[ScreenPoint]] {
        var runs: [[ScreenPoint]] = []
        var current: [ScreenPoint] = []
        for p in screenLine(coordinates).points {
            if let p { current.append(p) } else if !current.isEmpty { runs.append(current); current = [] }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    /// A ring's visible outline on screen (edges past the horizon or behind
    /// the camera are dropped; the clip to the viewport closes the gap).
    func screenRing(_ coordinates: [Coordinate]) -> [ScreenPoint] {
        var ring: [ScreenPoint] = []
        for k in coordinates.indices.dropFirst() {
            guard let s = visibleSegment(from: coordinates[k - 1], to: coordinates[k]) else { continue }
            if ring.last != s.start { ring.append(s.start) }
            ring.append(s.end)
        }
        return ring
    }
}
