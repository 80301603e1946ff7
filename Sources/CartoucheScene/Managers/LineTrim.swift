import CartoucheAnnotations
import CartoucheCamera
import CartoucheGeometry
import CartoucheStyle

/// `line-trim-offset` as geometry: the part of a line between the trim's
/// start and end (fractions of its length, by Mercator length as the
/// renderer's `line-progress`) is not drawn, so it is neither hit by taps,
/// nor drawn in pictures, nor an obstacle for callouts.
enum LineTrim {
    /// A trim as a progress range, nil when it hides nothing.
    static func range(_ offset: StyleOffset?) -> ClosedRange<Double>? {
        guard let offset, offset.x < offset.y else { return nil }
        return offset.x...offset.y
    }

    /// The length of the line up to each vertex, in Mercator units (a
    /// world is 1 wide), as the renderer's `line-progress` measures it;
    /// `ys` are the vertices' `WebMercator.normalizedY`.
    /// - Complexity: O(n) for n vertices.
    static func cumulativeLengths(_ coordinates: [Coordinate], ys: [Double]) -> [Double] {
        var cumulative = [0.0]
        cumulative.reserveCapacity(coordinates.count)
        for k in coordinates.indices.dropFirst() {
            let dx = (coordinates[k].longitude - coordinates[k - 1].longitude) / 360, dy = ys[k] - ys[k - 1]
            cumulative.append(cumulative[k - 1] + (dx * dx + dy * dy).squareRoot())
        }
        return cumulative
    }

    /// The drawn parts of the line `coordinates` with `trim` hidden: the
    /// line itself when nothing is trimmed, else the stretch before the trim
    /// and the stretch after it (either may be missing), each with the
    /// points where the trim cuts the line.
    /// - Complexity: O(n) for n vertices.
    static func drawnRuns(_ coordinates: [Coordinate], trim: ClosedRange<Double>?) -> [[Coordinate]] {
        guard let trim, trim.upperBound > trim.lowerBound, coordinates.count >= 2 else { return [coordinates] }
        let ys = coordinates.map { WebMercator.normalizedY(latitude: $0.latitude) }
        let cumulative = cumulativeLengths(coordinates, ys: ys)
        let total = cumulative[cumulative.count - 1]
        // A line of no length sits at progress 0.
        guard total > 0 else { return trim.contains(0) ? [] : [coordinates] }

        /// The point at distance `d` along the line, on segment k-1…k.
        func point(at d: Double) -> Coordinate {
            var k = 1
            while k < coordinates.count - 1 && cumulative[k] < d { k += 1 }
            let length = cumulative[k] - cumulative[k - 1]
            let t = length > 0 ? min(1, max(0, (d - cumulative[k - 1]) / length)) : 0
            if t == 0 { return coordinates[k - 1] }
            if t == 1 { return coordinates[k] }
            let a = coordinates[k - 1], b = coordinates[k]
            return Coordinate(latitude: WebMercator.latitude(normalizedY: ys[k - 1] + (ys[k] - ys[k - 1]) * t),
                              longitude: a.longitude + (b.longitude - a.longitude) * t)
        }
        /// The line from distance `from` to `to`.
        func stretch(_ from: Double, _ to: Double) -> [Coordinate] {
            var run = [point(at: from)]
            for k in coordinates.indices where cumulative[k] > from && cumulative[k] < to { run.append(coordinates[k]) }
            run.append(point(at: to))
            return run
        }
        let start = max(0, trim.lowerBound) * total, end = min(1, trim.upperBound) * total
        var runs: [[Coordinate]] = []
        if start > 0 { runs.append(stretch(0, start)) }
        if end < total { runs.append(stretch(end, total)) }
        return runs
    }
}

extension PolylineAnnotationManager {
    /// The manager's trim (`line-trim-offset`, a constant or an expression
    /// evaluated for the frame) as a progress range, nil when it hides nothing.
    func trimRange(in environment: StyleEnvironment) -> ClosedRange<Double>? {
        LineTrim.range(evaluatedLayerProperties(in: environment).lineTrimOffset)
    }

    /// The parts of an annotation's line that are drawn (its trim hidden).
    func drawnRuns(of annotation: PolylineAnnotation, in environment: StyleEnvironment) -> [[Coordinate]] {
        LineTrim.drawnRuns(annotation.coordinates, trim: trimRange(in: environment))
    }
}
