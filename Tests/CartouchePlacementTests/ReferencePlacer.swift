import CartoucheGeometry

@testable import CartouchePlacement

/// A deliberately plain re-statement of the placement rules, written from the
/// Mapbox reference rather than from the solver: O(n²) loops, no grid, no
/// shared helpers except the anchor-frame table (tested on its own). The
/// greedy solver must agree with it exactly.
enum ReferencePlacer {
    struct Outcome: Equatable {
        var frame: ScreenRect?
        var anchor: AnchorConfig?
        var reason: HiddenReason?
    }

    static func place(_ items: [PlacementItem], _ env: PlacementEnvironment,
                      previous: [String: AnchorConfig] = [:]) -> [Outcome] {
        var order = Array(items.indices)
        order.sort { a, b in
            let x = items[a], y = items[b]
            if x.selected != y.selected { return x.selected }
            if x.priority != y.priority { return x.priority > y.priority }
            if x.variableAnchors.count != y.variableAnchors.count { return x.variableAnchors.count < y.variableAnchors.count }
            return a < b
        }
        var out = Array(repeating: Outcome(), count: items.count)
        var placed: [(owner: Int, rect: ScreenRect)] = []  // in placement order
        let m = max(0, env.cullingMargin)
        for i in order {
            let item = items[i]
            if !item.visible { out[i].reason = .notVisible; continue }
            if env.zoom < item.minZoom || env.zoom > item.maxZoom { out[i].reason = .zoom; continue }
            if item.anchorPoints.isEmpty { out[i].reason = item.missingAnchorReason; continue }
            var anchors = item.variableAnchors
            if let p = previous[item.id], let k = anchors.firstIndex(of: p) {
                anchors.remove(at: k)
                anchors.insert(p, at: 0)
            }
            var first: HiddenReason? = nil
            outer: for p in item.anchorPoints {
                guard p.x >= -m, p.x <= env.viewport.width + m, p.y >= -m, p.y <= env.viewport.height + m else { continue }
                for a in anchors {
                    let f = a.frame(at: p, size: item.size)
                    let rects = (item.collisionBoxes?.isEmpty == false)
                        ? item.collisionBoxes!.map { $0.offsetBy(dx: f.minX, dy: f.minY) } : [f]
                    var reason: HiddenReason? = nil
                    let inside = f.minX >= env.padding.left && f.minY >= env.padding.top
                        && f.maxX <= env.viewport.width - env.padding.right
                        && f.maxY <= env.viewport.height - env.padding.bottom
                    if !item.ignoreCameraPadding && !inside {
                        reason = .padding
                    } else if let puck = env.puck, !item.allowOverlapWithPuck, rects.contains(where: { overlaps($0, puck) }) {
                        reason = .puck
                    } else if item.enableAvoidRegions, rects.contains(where: { r in env.avoidRegions.contains { overlaps(r, $0) } }) {
                        reason = .avoidRegion
                    } else if item.enableAvoidRegions, let line = firstBlockingLine(rects, env.avoidLines) {
                        reason = .avoidLayer(line)
                    } else if item.enableSymbolLayerCollision, let s = firstSymbol(rects, env.symbols) {
                        reason = .collision(with: s)
                    } else if !item.allowOverlap, let owner = firstPlaced(rects, placed) {
                        reason = .collision(with: items[owner].id)
                    }
                    if let reason {
                        if first == nil { first = reason }
                        continue
                    }
                    out[i] = Outcome(frame: f, anchor: a, reason: nil)
                    for r in rects { placed.append((i, r)) }
                    break outer
                }
            }
            if out[i].frame == nil { out[i].reason = first ?? .offscreen }
        }
        return out
    }

    static func overlaps(_ a: ScreenRect, _ b: ScreenRect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    /// For the first collision rect that hits anything, the earliest placed
    /// rect (in placement order) it overlaps.
    static func firstPlaced(_ rects: [ScreenRect], _ placed: [(owner: Int, rect: ScreenRect)]) -> Int? {
        for r in rects {
            if let hit = placed.first(where: { overlaps($0.rect, r) }) { return hit.owner }
        }
        return nil
    }

    static func firstSymbol(_ rects: [ScreenRect], _ symbols: [SymbolObstacle]) -> String? {
        for r in rects {
            if let s = symbols.first(where: { overlaps($0.box, r) }) { return s.id }
        }
        return nil
    }

    /// Sampling-free exact test: a rect is blocked by a thick segment when the
    /// distance between them is below the half width. Distance between a
    /// segment and a rect, computed here by clipping (Liang–Barsky) and by
    /// point-to-segment distances, independently of the solver's helper.
    static func firstBlockingLine(_ rects: [ScreenRect], _ lines: [ScreenPolyline]) -> String? {
        for r in rects {
            for line in lines where line.points.count >= 2 {
                for k in 1..<line.points.count
                where segmentRectDistance(line.points[k - 1], line.points[k], r) < line.halfWidth {
                    return line.id
                }
            }
        }
        return nil
    }

    static func segmentRectDistance(_ a: ScreenPoint, _ b: ScreenPoint, _ r: ScreenRect) -> Double {
        if clips(a, b, r) { return 0 }
        func pointSeg(_ p: ScreenPoint, _ a: ScreenPoint, _ b: ScreenPoint) -> Double {
            let vx = b.x - a.x, vy = b.y - a.y
            let l = vx * vx + vy * vy
            let t = l == 0 ? 0 : min(1, max(0, ((p.x - a.x) * vx + (p.y - a.y) * vy) / l))
            return ((a.x + t * vx - p.x) * (a.x + t * vx - p.x) + (a.y + t * vy - p.y) * (a.y + t * vy - p.y)).squareRoot()
        }
        func pointRect(_ p: ScreenPoint) -> Double {
            let dx = max(r.minX - p.x, 0, p.x - r.maxX), dy = max(r.minY - p.y, 0, p.y - r.maxY)
            return (dx * dx + dy * dy).squareRoot()
        }
        let corners = [ScreenPoint(x: r.minX, y: r.minY), ScreenPoint(x: r.maxX, y: r.minY),
                       ScreenPoint(x: r.minX, y: r.maxY), ScreenPoint(x: r.maxX, y: r.maxY)]
        return min(pointRect(a), pointRect(b), corners.map { pointSeg($0, a, b) }.min()!)
    }

    /// Liang–Barsky: does segment a–b meet the closed rect?
    static func clips(_ a: ScreenPoint, _ b: ScreenPoint, _ r: ScreenRect) -> Bool {
        var t0 = 0.0, t1 = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        for (p, q) in [(-dx, a.x - r.minX), (dx, r.maxX - a.x), (-dy, a.y - r.minY), (dy, r.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return false }
            } else {
                let t = q / p
                if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
                if t0 > t1 { return false }
            }
        }
        return true
    }
}
