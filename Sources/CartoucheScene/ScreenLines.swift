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
        if let globe, coordinates.count >= 2 { return globeScreenLine(coordinates, globe) }
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
        if let globe {
            return globe.visibleOutline(ofRing: coordinates, gridCells: GlobeProjection.fillGridCells(zoom: camera.zoom))
        }
        var ring: [ScreenPoint] = []
        for k in coordinates.indices.dropFirst() {
            guard let s = visibleSegment(from: coordinates[k - 1], to: coordinates[k]) else { continue }
            if ring.last != s.start { ring.append(s.start) }
            ring.append(s.end)
        }
        return ring
    }
}

extension Projection {
    /// ``screenLine(_:)`` on the globe: the line's visible runs on the near
    /// side (``GlobeProjection/visibleRuns(of:gridCells:)``, subdivided as
    /// MapLibre subdivides line layers), each followed by nil.
    private func globeScreenLine(_ coordinates: [Coordinate], _ globe: GlobeProjection) -> ProjectedLine {
        let cumulative = LineTrim.cumulativeLengths(coordinates, ys: coordinates.map { WebMercator.normalizedY(latitude: $0.latitude) })
        let total = cumulative[cumulative.count - 1]
        // Mercator length is linear along a Mercator-straight segment, as `line-progress` is.
        func progress(_ position: Double) -> Double {
            guard total > 0 else { return 0 }
            let k = min(max(Int(position.rounded(.down)), 0), coordinates.count - 2)
            return (cumulative[k] + (cumulative[k + 1] - cumulative[k]) * (position - Double(k))) / total
        }
        var points: [ScreenPoint?] = []
        var progresses: [Double] = []
        for run in globe.visibleRuns(of: coordinates, gridCells: GlobeProjection.lineGridCells(zoom: camera.zoom)) {
            for p in run.points { points.append(p) }
            progresses += run.positions.map(progress)
            points.append(nil)
            progresses.append(progresses[progresses.count - 1])
        }
        return ProjectedLine(points: points, progress: progresses)
    }

    /// The coordinate drawn at a screen point of the map: on the globe the
    /// sphere's (``GlobeProjection/unproject(_:)``), else the ground's.
    func drawnCoordinate(at point: ScreenPoint) -> Coordinate? {
        if let globe { return globe.unproject(point) }
        return unproject(point)
    }

    /// True when the globe is drawn and hides every part of `geometry`: its
    /// points, and its lines and rings as drawn (subdivided), are all behind
    /// it. Always false under Mercator, which hides nothing behind a horizon
    /// of its own (points past its horizon cut are `offscreen`).
    func globeHides(_ geometry: Geometry) -> Bool {
        guard let globe else { return false }
        switch geometry {
        case .point(let p): return globe.isOccluded(p.coordinate)
        case .multiPoint(let m): return m.positions.allSatisfy { globe.isOccluded($0.coordinate) }
        case .lineString(let l): return globeHides(lines: [l.positions.map(\.coordinate)], fill: false)
        case .multiLineString(let m): return globeHides(lines: m.lineStrings.map { $0.positions.map(\.coordinate) }, fill: false)
        case .polygon(let p): return globeHides(lines: p.rings.map { $0.map(\.coordinate) }, fill: true)
        case .multiPolygon(let m): return globeHides(lines: m.polygons.flatMap { $0.rings.map { $0.map(\.coordinate) } }, fill: true)
        case .geometryCollection(let c): return c.geometries.allSatisfy(globeHides)
        }
    }

    private func globeHides(lines: [[Coordinate]], fill: Bool) -> Bool {
        guard let globe else { return false }
        let cells = fill ? GlobeProjection.fillGridCells(zoom: camera.zoom) : GlobeProjection.lineGridCells(zoom: camera.zoom)
        return lines.allSatisfy { globe.hidesLine($0, gridCells: cells) }
    }

    /// On the globe, whether a screen point shows a point of the polygon:
    /// the sphere's point under it (nil off the globe) inside the rings
    /// even–odd in Mercator, as MapLibre fills them (longitudes tried at each
    /// world copy, as GeoJSON sources wrap). Nil under Mercator, where the
    /// screen rings decide.
    func globeMembership(_ polygon: Polygon) -> ((ScreenPoint) -> Bool)? {
        guard let globe else { return nil }
        let rings = polygon.rings.map { ring in
            ring.map { (x: $0.coordinate.longitude / 360, y: WebMercator.normalizedY(latitude: $0.coordinate.latitude)) }
        }
        return { point in
            guard let c = globe.unproject(point) else { return false }
            let y = WebMercator.normalizedY(latitude: c.latitude)
            return (-2...2).contains { copy in
                let x = c.longitude / 360 + Double(copy)
                var inside = false
                for ring in rings {
                    for k in ring.indices.dropFirst() {
                        let a = ring[k - 1], b = ring[k]
                        if (a.y > y) != (b.y > y) && x < (b.x - a.x) * (y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
                    }
                }
                return inside
            }
        }
    }
}
