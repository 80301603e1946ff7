import CartoucheGeometry

/// Greedy mode's question for one item — the lowest minimum zoom over its
/// anchors, and the first anchor giving it — answered level by level from
/// the top of the grid down, so that what the upper levels already rule out
/// shrinks what the lower ones must list.
///
/// Why it is exact: an anchor's lowest minimum zoom is the largest of its
/// pair floors (``ZoomConflict/floor(lo:hi:top:sTop:jTop:sjMin:sjTop:)``),
/// whatever the order the pairs come in. Let `B` be the smallest of the
/// anchors' floors so far; the answer is at least `B`. A placed box further
/// than both reaches from the point at scale `s(B)` stops colliding below
/// that scale, so its floor is below `B`: it can raise no anchor's floor to
/// or above the answer, and leaving it out changes neither the answer nor
/// which anchor gives it first. Boxes at the lower levels appear at lower
/// zooms, where their cells are wide and full, but once `B` is known only
/// the few within reach at `s(B)` are listed. At a million labels over
/// zooms 0–16 that is a small fraction of the pairs the bottom-up list
/// (``keepInReach(of:_:)``) tests.
///
/// The hidden item's reason names the first item, in the grid's bottom-up
/// order, that rules out its first anchor: for that the caller asks
/// ``lowestMinZoom(_:anchor:near:skip:overrides:bound:)`` as before.
extension ZoomRangeState {
    /// Buffers reused from one item to the next.
    struct GreedyScratch {
        var entries: [ZoomLevelGrid.Entry] = []
        /// Per anchor: its lowest minimum zoom so far and that zoom's scale.
        var zooms: [Double] = []
        var scales: [Double] = []
        /// Per anchor: its rects around the point.
        var rects: [[ScreenRect]] = []
    }

    /// The lowest minimum zoom item `i` may take over all its anchors against
    /// the placed items, and the first anchor giving it; `(+infinity, -1)`
    /// when no anchor fits below its top. The same answer as trying each
    /// anchor with ``lowestMinZoom(_:anchor:near:skip:overrides:bound:)``
    /// on the ``keepInReach(of:_:)`` list.
    ///
    /// - Complexity: O(levels + listed entries × anchors × collision boxes²).
    mutating func lowestOverAnchors(_ i: Int, _ scratch: inout GreedyScratch) -> (zoom: Double, anchor: Int) {
        let item = items[i]
        let n = item.anchors.count
        scratch.zooms.removeAll(keepingCapacity: true)
        scratch.scales.removeAll(keepingCapacity: true)
        scratch.rects.removeAll(keepingCapacity: true)
        for a in 0..<n {
            scratch.zooms.append(lowest[i])
            scratch.scales.append(sLowest[i])
            scratch.rects.append(item.relativeRects(item.anchors[a]))
        }
        let p = world[i], ei = extent[i], t = top[i], st = sTop[i], single = !hasBoxes[i]
        var open = n
        var bound = lowest[i]
        for l in stride(from: grid.levelCount - 1, through: 0, by: -1) {
            // A relative 1e-9 below `s(B)`: rounding at the edge keeps a box in.
            let sq = ZoomConflict.scale(max(grid.levelZoom(l), bound)) * (1 - 1e-9)
            scratch.entries.removeAll(keepingCapacity: true)
            grid.entries(level: l, near: p, radius: (ei + maxExtent) * (1 + 1e-9) / sq, into: &scratch.entries)
            for e in scratch.entries {
                let dx = e.x - p.x, dy = e.y - p.y
                let reach = ei + e.extent, s0 = max(e.sMin, sq)
                if abs(dx) * s0 >= reach || abs(dy) * s0 >= reach { continue }
                let nb = packed[Int(e.index)]
                let sjMin = nb.sMin, sjTop = nb.sTop, jTop = nb.top
                for a in 0..<n where scratch.zooms[a] <= t {
                    var f = -Double.infinity
                    if single, !nb.hasBoxes {
                        pairTests += 1
                        let r = scratch.rects[a][0]
                        if ZoomConflict.partsBelow(r, nb.frame, dx: dx, dy: dy, scale: max(sjMin, scratch.scales[a])) { continue }
                        guard let s = ZoomConflict.scales(r, nb.frame, dx: dx, dy: dy) else { continue }
                        f = ZoomConflict.floor(lo: s.lo, hi: s.hi, top: t, sTop: st, jTop: jTop, sjMin: sjMin, sjTop: sjTop)
                    } else {
                        let other = items[Int(e.index)]
                        let rectsJ = other.relativeRects(other.anchors[Int(anchor[Int(e.index)])])
                        for r in scratch.rects[a] {
                            for q in rectsJ {
                                pairTests += 1
                                guard let s = ZoomConflict.scales(r, q, dx: dx, dy: dy) else { continue }
                                f = max(f, ZoomConflict.floor(lo: s.lo, hi: s.hi, top: t, sTop: st, jTop: jTop,
                                                              sjMin: sjMin, sjTop: sjTop))
                            }
                        }
                    }
                    guard f > scratch.zooms[a] else { continue }
                    if f > t {
                        scratch.zooms[a] = .infinity
                        open -= 1
                        if open == 0 { return (.infinity, -1) }
                    } else {
                        scratch.zooms[a] = f
                        scratch.scales[a] = ZoomConflict.scale(f)
                    }
                }
            }
            bound = scratch.zooms.min() ?? .infinity
        }
        var best = (zoom: Double.infinity, anchor: -1)
        for a in 0..<n where scratch.zooms[a] < best.zoom { best = (scratch.zooms[a], a) }
        return best
    }
}
