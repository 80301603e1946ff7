import CartoucheGeometry
import Foundation

@testable import CartouchePlacement

/// Independent oracles for zoom-range placement: a brute-force checker of
/// the contract under the frame's own collision rule, and a brute-force
/// greedy that finds each item's lowest minimum zoom by trying every
/// critical zoom, without the closed-form pair floors or the level grid.
enum ZoomRangeOracle {
    /// Item `j`'s box relative to item `i`'s point at scale `s` (relative
    /// positions keep deep zooms precise).
    static func shifted(_ r: ScreenRect, from i: ZoomRangeItem, to j: ZoomRangeItem, scale s: Double) -> ScreenRect {
        r.offsetBy(dx: (j.world.x - i.world.x) * s, dy: (j.world.y - i.world.y) * s)
    }

    /// Pairs of shown items whose boxes collide (`ScreenRect.collides`, the
    /// full tolerance) at zoom `z`, both active there; a pair is exempt when
    /// the one later in placement order allows overlap.
    static func collisions(_ items: [ZoomRangeItem], _ result: ZoomRangeResult, at z: Double) -> [(String, String)] {
        let s = 512 * exp2(z)
        let rank = Dictionary(uniqueKeysWithValues: placementOrder(keys: items.map { ($0.selected, $0.priority, $0.variableAnchors.count) })
            .enumerated().map { ($1, $0) })
        let active = result.placements.filter { p in
            guard let lo = p.minZoom, let hi = p.maxZoom else { return false }
            return lo <= z && z <= hi
        }
        // How far each box reaches from its point: pairs further apart cannot collide.
        let reach = active.map { p in
            items[p.itemIndex].relativeRects(p.anchor!).reduce(0.0) { max($0, abs($1.minX), abs($1.maxX), abs($1.minY), abs($1.maxY)) }
        }
        var out: [(String, String)] = []
        for x in active.indices {
            for y in active.indices where y > x {
                let (p, q) = (active[x], active[y])
                let (i, j) = (items[p.itemIndex], items[q.itemIndex])
                let r = reach[x] + reach[y]
                if abs(j.world.x - i.world.x) * s > r || abs(j.world.y - i.world.y) * s > r { continue }
                let later = rank[p.itemIndex]! > rank[q.itemIndex]! ? i : j
                if later.allowOverlap { continue }
                let ri = i.relativeRects(p.anchor!), rj = j.relativeRects(q.anchor!).map { shifted($0, from: i, to: j, scale: s) }
                if ri.contains(where: { a in rj.contains(where: { a.collides(with: $0) }) }) { out.append((i.id, j.id)) }
            }
        }
        return out
    }

    /// The scales at which the pair's axes start or stop overlapping (by
    /// the placer's tolerance): where the collision predicate can change.
    static func criticalScales(_ a: ScreenRect, _ b: ScreenRect, dx: Double, dy: Double) -> [Double] {
        let t = ZoomConflict.tolerance
        var out: [Double] = []
        for (d, lower, upper) in [(dx, a.minX - b.maxX + t, a.maxX - b.minX - t), (dy, a.minY - b.maxY + t, a.maxY - b.minY - t)] where d != 0 {
            for v in [lower / d, upper / d] where v > 0 && v.isFinite { out.append(v) }
        }
        return out
    }

    /// Whether rect `a` (at offset 0) and `b` (at world offset (dx, dy))
    /// collide at scale `s` by the placer's tolerance.
    static func collide(_ a: ScreenRect, _ b: ScreenRect, dx: Double, dy: Double, s: Double) -> Bool {
        let t = ZoomConflict.tolerance
        let c = b.offsetBy(dx: dx * s, dy: dy * s)
        return a.minX + t < c.maxX && c.minX + t < a.maxX && a.minY + t < c.maxY && c.minY + t < a.maxY
    }

    /// Whether the two rects collide anywhere on the closed scale range
    /// [sLo, sHi], its low end taken just above (an open end of the
    /// placer's answer): the predicate only changes at critical scales, so
    /// testing them and the midpoints between them is exhaustive.
    static func collideOn(_ a: ScreenRect, _ b: ScreenRect, dx: Double, dy: Double, sLo: Double, sHi: Double) -> Bool {
        guard sLo <= sHi else { return false }
        let lo = sLo * (1 + 1e-12)
        var points = [lo, sHi] + criticalScales(a, b, dx: dx, dy: dy).filter { $0 > lo && $0 < sHi }
        points.sort()
        var probes = points
        for k in points.indices.dropLast() { probes.append((points[k] + points[k + 1]) / 2) }
        return probes.contains { $0 >= lo && $0 <= sHi && collide(a, b, dx: dx, dy: dy, s: $0) }
    }

    /// Greedy by brute force: per item, every candidate minimum zoom (its
    /// lowest, each critical zoom of each placed pair, just above each
    /// placed item's top) in ascending order, the first free one.
    /// With the range's `minZoomStep` above 0, an anchor's candidates are
    /// the item's lowest zoom and the multiples of the step above it, and
    /// among anchors whose first free step ties, the one free from the
    /// lowest zoom wins (greedy mode's rule).
    static func greedy(
        _ items: [ZoomRangeItem], range: ZoomRange, order: [Int]? = nil
    ) -> [(zoom: Double, anchor: Int)?] {
        let step = range.minZoomStep
        var out = [(zoom: Double, anchor: Int)?](repeating: nil, count: items.count)
        var placed: [Int] = []
        for i in order ?? placementOrder(keys: items.map { ($0.selected, $0.priority, $0.variableAnchors.count) }) {
            let item = items[i]
            let lowest = max(item.minZoom, range.min), top = min(item.maxZoom, range.max)
            guard item.visible, lowest <= top else { continue }
            if item.allowOverlap { out[i] = (lowest, 0); placed.append(i); continue }
            var best: (zoom: Double, anchor: Int)? = nil
            var bestFloor = Double.infinity
            for (a, anchor) in item.variableAnchors.enumerated() {
                let rects = item.relativeRects(anchor)
                var candidates = [lowest]
                for j in placed {
                    let other = items[j], (mj, aj) = out[j]!
                    let dx = other.world.x - item.world.x, dy = other.world.y - item.world.y
                    candidates.append(min(other.maxZoom, range.max).nextUp)
                    for r in rects {
                        for q in other.relativeRects(other.variableAnchors[aj]) {
                            candidates += criticalScales(r, q, dx: dx, dy: dy).map { log2($0 / 512) }
                        }
                    }
                    _ = mj
                }
                let steps = step > 0 ? [lowest] + Array(stride(from: ((lowest / step).rounded(.down) + 1) * step, through: top, by: step)) : []
                func isFree(_ m: Double) -> Bool {
                    placed.allSatisfy { j in
                        let other = items[j], (mj, aj) = out[j]!
                        let topJ = min(other.maxZoom, range.max)
                        let from = max(m, mj), to = min(top, topJ)
                        guard from <= to else { return true }
                        let dx = other.world.x - item.world.x, dy = other.world.y - item.world.y
                        // The low end is open only where it is this item's own minimum.
                        let sLo = 512 * exp2(from) * (from == m ? 1 : 1 / (1 + 1e-12))
                        return !rects.contains { r in
                            other.relativeRects(other.variableAnchors[aj]).contains { q in
                                collideOn(r, q, dx: dx, dy: dy, sLo: sLo, sHi: 512 * exp2(to))
                            }
                        }
                    }
                }
                let floor = candidates.filter { $0 >= lowest && $0 <= top }.sorted().first(where: isFree) ?? .infinity
                let free = step > 0 ? steps.filter { $0 >= lowest && $0 <= top }.first(where: isFree) : (floor.isFinite ? floor : nil)
                if let m = free, m < (best?.zoom ?? .infinity) || (m == best?.zoom && floor < bestFloor) {
                    best = (m, a)
                    bestFloor = floor
                }
            }
            if let best { out[i] = best; placed.append(i) }
        }
        return out
    }

    /// The lexicographic optimum of optimise mode's contract by brute force:
    /// over every assignment of one anchor per item, the brute-force greedy
    /// of the items with that anchor alone gives each, in placement order,
    /// its lowest minimum zoom free of those before it — the least vector
    /// for those anchors — and the least of these vectors over all
    /// assignments is the optimum. Per item in placement order, its minimum
    /// zoom (+infinity when hidden). Exponential: a few items, few anchors.
    static func lexicographicOptimum(_ items: [ZoomRangeItem], range: ZoomRange) -> [Double] {
        let order = placementOrder(keys: items.map { ($0.selected, $0.priority, $0.variableAnchors.count) })
        var best: [Double]? = nil
        var fixed = items
        func visit(_ n: Int) {
            guard n == items.count else {
                for anchor in items[n].variableAnchors.isEmpty ? [] : items[n].variableAnchors {
                    fixed[n].variableAnchors = [anchor]
                    visit(n + 1)
                }
                if items[n].variableAnchors.isEmpty { visit(n + 1) }
                return
            }
            let answer = greedy(fixed, range: range, order: order)  // the items' own order, not that of one anchor each
            let vector = order.map { answer[$0]?.zoom ?? .infinity }
            if best.map({ precedes(vector, $0) }) ?? true { best = vector }
        }
        visit(0)
        return best ?? []
    }

    /// Whether `a` comes before `b` lexicographically, entries within 1e-9 equal.
    static func precedes(_ a: [Double], _ b: [Double]) -> Bool {
        for (x, y) in zip(a, b) where !(x == y || abs(x - y) < 1e-9) { return x < y }
        return false
    }
}
