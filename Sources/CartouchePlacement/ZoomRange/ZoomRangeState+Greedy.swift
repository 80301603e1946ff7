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

    /// Whether greedy mode searches a minimum zoom for item `i` (the others
    /// are hidden or, `allowOverlap`, placed at their lowest zoom).
    func searches(_ i: Int) -> Bool {
        let item = items[i]
        return item.visible && !item.variableAnchors.isEmpty && item.world.x.isFinite && item.world.y.isFinite
            && lowest[i] <= top[i] && !item.allowOverlap
    }

    /// Sets `scratch` up for item `i`: every anchor at its lowest zoom.
    func begin(_ i: Int, _ scratch: inout GreedyScratch) {
        let item = items[i]
        scratch.zooms.removeAll(keepingCapacity: true)
        scratch.scales.removeAll(keepingCapacity: true)
        scratch.rects.removeAll(keepingCapacity: true)
        for a in item.variableAnchors.indices {
            scratch.zooms.append(lowest[i])
            scratch.scales.append(sLowest[i])
            scratch.rects.append(item.relativeRects(item.variableAnchors[a]))
        }
    }

    /// Raises the anchors' floors in `scratch` by the placed boxes `grid`
    /// lists, its top level first; each lower level is listed only within
    /// reach at the smallest floor so far (see the type's comment). The
    /// floors may already hold other boxes' (the smallest is then a lower
    /// bound from the start).
    func descend(_ i: Int, through grid: ZoomLevelGrid, _ scratch: inout GreedyScratch, pairTests: inout Int) {
        let p = world[i], ei = extent[i]
        var bound = scratch.zooms.min() ?? .infinity
        guard bound <= top[i] else { return }
        for l in stride(from: grid.levelCount - 1, through: 0, by: -1) {
            // A relative 1e-9 below `s(B)`: rounding at the edge keeps a box in.
            let sq = ZoomConflict.scale(max(grid.levelZoom(l), bound)) * (1 - 1e-9)
            scratch.entries.removeAll(keepingCapacity: true)
            grid.entries(level: l, near: p, radius: (ei + maxExtent) * (1 + 1e-9) / sq, into: &scratch.entries)
            for k in scratch.entries.indices {
                let e = scratch.entries[k]
                if !raise(i, by: e, scale: sq, &scratch, pairTests: &pairTests) { return }
            }
            bound = scratch.zooms.min() ?? .infinity
        }
    }

    /// Raises the anchors' floors in `scratch` by the placed boxes listed in
    /// `entries` (any order, any place), from the smallest floor so far.
    func scan(_ i: Int, _ entries: [ZoomLevelGrid.Entry], _ scratch: inout GreedyScratch, pairTests: inout Int) {
        let bound = scratch.zooms.min() ?? .infinity
        guard bound <= top[i] else { return }
        let sq = ZoomConflict.scale(bound) * (1 - 1e-9)
        for e in entries where !raise(i, by: e, scale: sq, &scratch, pairTests: &pairTests) { return }
    }

    /// Raises the anchors' floors by one placed box, unless it is out of
    /// reach at scale `sq` (then its floor is below them all). False when
    /// every anchor is ruled out.
    @inline(__always)
    private func raise(
        _ i: Int, by e: ZoomLevelGrid.Entry, scale sq: Double, _ scratch: inout GreedyScratch, pairTests: inout Int
    ) -> Bool {
        let p = world[i]
        let dx = e.x - p.x, dy = e.y - p.y
        let reach = extent[i] + e.extent, s0 = max(e.sMin, sq)
        if abs(dx) * s0 >= reach || abs(dy) * s0 >= reach { return true }
        let t = top[i], st = sTop[i]
        let nb = packed[Int(e.index)]
        let sjMin = nb.sMin, sjTop = nb.sTop, jTop = nb.top
        var open = false
        for a in scratch.zooms.indices where scratch.zooms[a] <= t {
            var f = -Double.infinity
            if scratch.rects[a].count == 1, !nb.hasBoxes {
                pairTests += 1
                let r = scratch.rects[a][0]
                if ZoomConflict.partsBelow(r, nb.frame, dx: dx, dy: dy, scale: max(sjMin, scratch.scales[a])) {
                    open = true
                    continue
                }
                if let s = ZoomConflict.scales(r, nb.frame, dx: dx, dy: dy) {
                    f = ZoomConflict.floor(lo: s.lo, hi: s.hi, top: t, sTop: st, jTop: jTop, sjMin: sjMin, sjTop: sjTop)
                }
            } else {
                let other = items[Int(e.index)]
                let rectsJ = other.relativeRects(other.variableAnchors[Int(anchor[Int(e.index)])])
                for r in scratch.rects[a] {
                    for q in rectsJ {
                        pairTests += 1
                        guard let s = ZoomConflict.scales(r, q, dx: dx, dy: dy) else { continue }
                        f = max(f, ZoomConflict.floor(lo: s.lo, hi: s.hi, top: t, sTop: st, jTop: jTop, sjMin: sjMin, sjTop: sjTop))
                    }
                }
            }
            if f > scratch.zooms[a] {
                if f > t {
                    scratch.zooms[a] = .infinity
                    continue
                }
                scratch.zooms[a] = f
                scratch.scales[a] = ZoomConflict.scale(f)
            }
            open = true
        }
        return open
    }
}

extension ZoomRangeState.GreedyScratch {
    /// The smallest floor and the first anchor with it; `(+infinity, -1)` when none.
    var best: (zoom: Double, anchor: Int) {
        var best = (zoom: Double.infinity, anchor: -1)
        for a in zooms.indices where zooms[a] < best.zoom { best = (zooms[a], a) }
        return best
    }
}
