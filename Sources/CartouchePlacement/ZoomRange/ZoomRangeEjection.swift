/// The strongest move optimise mode looks for (``ZoomRangeMoveFinder``):
/// for item `k` with anchor `a`, a depth-first search over re-anchorings of
/// placed items — each keeping its minimum zoom — that brings `k`'s bound
/// below a goal. An ejection chain: turning the item that binds `k` may
/// make it collide with a third item, which is turned in its turn, and so
/// on.
///
/// **Why branching on one item is exact.** At every node, either a turned
/// item collides with some placed item over its own active range, or `k`
/// collides with one on `[goal, top]`; that item must take another anchor
/// in any answer below the goal that keeps the anchors chosen on the path,
/// so the search branches over its other anchors only (an item already
/// turned on the path cannot turn again: its sibling branches try its
/// other anchors). Collisions are pairwise and symmetric, so a turned item
/// checked free stays free until a later turn, which is checked from its
/// own side. Within ``Limits/depth`` turned items and ``Limits/nodes``
/// nodes the search is therefore complete: it finds `k`'s lowest bound
/// over every re-anchoring of at most `depth` items, and when every node
/// fits it proves that no lower minimum zoom is reachable that way. Used by
/// greedy with turns (``ZoomRangeRepair``), where only higher items are
/// placed, it is the lexicographic optimum's step for `k` whenever the
/// limits are not reached.
extension ZoomRangeMoveFinder {
    /// How far one search may go.
    struct Limits: Sendable, Equatable {
        /// The most items one move may turn.
        var depth: Int
        /// The most nodes (re-anchorings tried) per item and anchor.
        var nodes: Int
        /// Whether moves search ejection chains; else a chain of binding
        /// items, each turned to the anchor (free over its own range) that
        /// lowers the item's bound most, without backtracking.
        var ejection: Bool

        init(depth: Int, nodes: Int = ZoomRangePlacer.maxSearchNodes, ejection: Bool) {
            self.depth = depth
            self.nodes = nodes
            self.ejection = ejection
        }

        /// Optimise mode's: chains of up to ``ZoomRangePlacer/maxChainLength``
        /// items, no ejection. Measured (Benchmarks/README.md, `zooms`): the
        /// ejection search gives lexicographically earlier answers but
        /// lower coverage, at several times the cost.
        static let `default` = Limits(depth: ZoomRangePlacer.maxChainLength, ejection: false)
    }

    /// The path of one search: the items turned, in order, and their anchors.
    struct Ejection {
        let k: Int
        let anchor: Int
        var turns: [Int32: Int32] = [:]
        var path: [Int32] = []
        /// The turned items checked free so far (a prefix of `path`).
        var verified = 0
        var goal: Double
        var best: ZoomRangeMove?
        var nodes = 0
    }

    /// The move giving item `k`, with anchor `a`, the lowest bound below
    /// `goal` within `limits`, starting by turning `blocker` (an item that
    /// must change for `k` to go below `goal`); nil when there is none.
    ///
    /// - Complexity: O(limits.nodes · (depth + 1)) bound computations.
    mutating func eject(
        _ k: Int, anchor a: Int, below goal: Double, blocker: Int32, _ state: ZoomRangeState, limits: Limits
    ) -> ZoomRangeMove? {
        var search = Ejection(k: k, anchor: a, goal: goal)
        branch(on: blocker, &search, state, limits)
        return search.best
    }

    /// Tries each other anchor of item `b` on the path.
    private mutating func branch(on b: Int32, _ search: inout Ejection, _ state: ZoomRangeState, _ limits: Limits) {
        let bi = Int(b)
        guard b >= 0, bi != search.k, search.path.count < limits.depth, search.nodes < limits.nodes,
              search.turns[b] == nil, state.isPlaced(bi), !state.items[bi].allowOverlap,
              search.goal > state.lowest[search.k] else { return }
        let verified = search.verified
        for ab in state.items[bi].variableAnchors.indices where ab != Int(state.anchor[bi]) {
            search.turns[b] = Int32(ab)
            search.path.append(b)
            visit(&search, state, limits)
            search.turns[b] = nil
            search.path.removeLast()
            search.verified = verified
            if search.nodes >= limits.nodes || search.goal <= state.lowest[search.k] { return }
        }
    }

    /// One node: the path's newest turns must be free over their own
    /// active ranges (else the item they collide with turns next); then
    /// `k`'s bound, a new best when below the goal, and the item binding it
    /// turns next.
    private mutating func visit(_ search: inout Ejection, _ state: ZoomRangeState, _ limits: Limits) {
        search.nodes += 1
        while search.verified < search.path.count {
            let t32 = search.path[search.verified], t = Int(t32)
            let near = nearList(of: t, state)
            let own = state.minZoom[t]
            let free = state.lowestMinZoom(t, anchor: Int(search.turns[t32] ?? -1), near: near, skip: search.k,
                                           overrides: search.turns, bound: own.nextUp, pairTests: &pairTests)
            if free.zoom > own {
                branch(on: free.blocker, &search, state, limits)
                return
            }
            search.verified += 1
        }
        let bound = state.lowestMinZoom(search.k, anchor: search.anchor, near: nearK, overrides: search.turns,
                                        bound: search.goal, pairTests: &pairTests)
        if bound.zoom < search.goal {
            search.goal = bound.zoom
            search.best = ZoomRangeMove(zoom: bound.zoom, anchor: search.anchor, turns: search.turns)
        }
        branch(on: bound.blocker, &search, state, limits)
    }

    /// Placed item `b`'s neighbours within reach from its own minimum zoom,
    /// listed once per item searched.
    mutating func nearList(of b: Int, _ state: ZoomRangeState) -> [Int32] {
        if let list = nearOf[Int32(b)] { return list }
        var list: [Int32] = []
        state.keepInReach(of: b, from: state.sMin[b], &list)
        nearOf[Int32(b)] = list
        return list
    }
}

extension ZoomRangeState {
    /// A lower bound on item `i`'s minimum zoom with anchor `a` however the
    /// placed items in `near` turn: per neighbour the smallest of its floors
    /// over the anchors it may take (its own only when it allows overlap:
    /// moves do not turn those), the largest of these. Stops once it
    /// reaches `bound`. No move for `i` and `a` gets below it, so where it
    /// reaches the goal the ejection search is not needed.
    ///
    /// - Complexity: O(neighbours × anchors × collision boxes²).
    func lowestOverTurns(_ i: Int, anchor a: Int, near: [Int32], bound: Double, pairTests: inout Int) -> Double {
        let item = items[i]
        let rects = item.relativeRects(item.variableAnchors[a])
        var best = lowest[i]
        let p = item.world, t = top[i], st = sTop[i], ei = extent[i], sLow = sLowest[i]
        for j32 in near {
            let j = Int(j32)
            guard j != i else { continue }
            let n = packed[j]
            let dx = n.world.x - p.x, dy = n.world.y - p.y
            let reach = ei + n.extent, s0 = max(n.sMin, sLow)
            if abs(dx) * s0 >= reach || abs(dy) * s0 >= reach { continue }
            let other = items[j]
            var least = Double.infinity
            for aj in other.variableAnchors.indices where !other.allowOverlap || aj == Int(anchor[j]) {
                var f = -Double.infinity
                if rects.count == 1, !n.hasBoxes {
                    pairTests += 1
                    let q = other.variableAnchors[aj].frame(at: .zero, size: other.size)
                    if let s = ZoomConflict.scales(rects[0], q, dx: dx, dy: dy) {
                        f = ZoomConflict.floor(lo: s.lo, hi: s.hi, top: t, sTop: st, jTop: n.top, sjMin: n.sMin, sjTop: n.sTop)
                    }
                } else {
                    for r in rects {
                        for q in other.relativeRects(other.variableAnchors[aj]) {
                            pairTests += 1
                            guard let s = ZoomConflict.scales(r, q, dx: dx, dy: dy) else { continue }
                            f = max(f, ZoomConflict.floor(lo: s.lo, hi: s.hi, top: t, sTop: st, jTop: n.top, sjMin: n.sMin, sjTop: n.sTop))
                        }
                    }
                }
                least = min(least, f)
                // This neighbour can no longer raise the bound.
                if least <= best { break }
            }
            if least > best {
                best = least
                if best >= bound { return best }
            }
        }
        return best
    }
}
