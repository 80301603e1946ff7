/// One move of optimise mode's search (see ``ZoomRangeSearch``): item
/// `item` takes `anchor` and the lower minimum zoom `zoom`, and each placed
/// item in `turns` takes the anchor given there, keeping its minimum zoom.
struct ZoomRangeMove {
    var zoom: Double
    var anchor: Int
    var turns: [Int32: Int32]
}

/// Finds optimise moves against a state it only reads, so that several
/// threads may look for moves at once, each with its own finder (its
/// buffers and its count of pair tests).
///
/// A move for item `k` and one of its anchors `a`: first the anchor alone;
/// then an ejection search (``eject(_:anchor:below:blocker:_:limits:)``)
/// that turns the placed item binding `k`, then the items that turn
/// collides with or that bind `k` next, up to ``ZoomRangePlacer/maxChainLength``
/// items and ``ZoomRangePlacer/maxSearchNodes`` tries per anchor.
/// Every bound is asked with the zoom to beat (``ZoomRangeState/lowestMinZoom(_:anchor:near:skip:overrides:bound:pairTests:)``
/// stops as soon as a pair reaches it), and every neighbour list is kept
/// to the items within reach (``ZoomRangeState/keepInReach(of:_:)``), so a
/// label that cannot move costs a few short scans.
struct ZoomRangeMoveFinder {
    var nearK: [Int32] = []
    /// Per binding item met while looking for one item's move, its
    /// neighbours within reach (the same items bind several anchors).
    var nearOf: [Int32: [Int32]] = [:]
    /// Pair tests made so far.
    var pairTests = 0

    /// Whether the search may move item `k`: a placed or hidden item that
    /// greedy searched and whose minimum zoom is above its lowest.
    static func movable(_ k: Int, _ state: ZoomRangeState) -> Bool {
        state.searches(k) && state.minZoom[k] > state.lowest[k]
    }

    /// The move that lowers item `k`'s minimum zoom most (or shows it when
    /// hidden), if any; ties go to the first anchor.
    ///
    /// - Complexity: O(a · nodes · (c + 1) · k) pair tests at most for a
    ///   anchors, the limits' nodes and depth c, and k neighbours per item.
    mutating func bestMove(_ k: Int, in state: ZoomRangeState, limits: Limits = .default) -> ZoomRangeMove? {
        guard Self.movable(k, state) else { return nil }
        let current = state.minZoom[k]
        var best: ZoomRangeMove? = nil
        state.keepInReach(of: k, &nearK)
        nearOf.removeAll(keepingCapacity: true)
        // First every anchor without turns (the first lowest wins, as in
        // greedy), so that turns are made only where they gain strictly.
        let anchors = state.items[k].variableAnchors.indices
        var firstFit = anchors.map { _ in (zoom: Double.infinity, blocker: Int32(-1)) }
        for a in anchors {
            let goal = min(current, best?.zoom ?? .infinity)
            firstFit[a] = state.lowestMinZoom(k, anchor: a, near: nearK, overrides: [:], bound: goal, pairTests: &pairTests)
            if firstFit[a].zoom < goal { best = ZoomRangeMove(zoom: firstFit[a].zoom, anchor: a, turns: [:]) }
        }
        // Then, per anchor, turns below the best so far: a chain of binding
        // items, each turned to an anchor free over its own range, or the
        // ejection search.
        for a in anchors where firstFit[a].blocker >= 0 {
            let goal = min(current, best?.zoom ?? .infinity)
            if limits.ejection {
                // Skipped when some neighbour binds it in every anchor of its own.
                if state.lowestOverTurns(k, anchor: a, near: nearK, bound: goal, pairTests: &pairTests) >= goal { continue }
                if let move = eject(k, anchor: a, below: goal, blocker: firstFit[a].blocker, state, limits: limits) { best = move }
            } else if let move = chain(k, anchor: a, below: goal, blocker: firstFit[a].blocker, state, limits: limits) {
                best = move
            }
        }
        return best
    }

    /// The chain move for item `k` and anchor `a`: turn the binding item
    /// (any item whose floor reached the goal of its time binds) to an
    /// anchor free over its own range, then the next, while one binds, up
    /// to `limits.depth` items; the chain goes on past the first gain,
    /// keeping the best prefix below `goal`.
    private mutating func chain(
        _ k: Int, anchor a: Int, below goal: Double, blocker first: Int32, _ state: ZoomRangeState, limits: Limits
    ) -> ZoomRangeMove? {
        var goal = goal, best: ZoomRangeMove? = nil
        var turns: [Int32: Int32] = [:]
        var blocker = first
        var depth = 0
        while blocker >= 0, depth < limits.depth {
            depth += 1
            let b = Int(blocker)
            guard turns[blocker] == nil, !state.items[b].allowOverlap,
                  let next = turn(b, for: k, anchor: a, target: goal, turns, state) else { break }
            turns[blocker] = next.anchor
            blocker = next.blocker
            if next.zoom < goal { (goal, best) = (next.zoom, ZoomRangeMove(zoom: next.zoom, anchor: a, turns: turns)) }
        }
        return best
    }

    /// The anchor placed item `b` may turn to (other than its own) that
    /// keeps it free over its active range — every item but `k` as `turns`
    /// has them — and what `k` (anchor `a`) then gets: its bound and the
    /// item binding it. The one that brings `k` below `target` lowest; else
    /// the first in `b`'s anchor order after which `b` no longer binds `k`
    /// (the chain goes on with the next binding item).
    private mutating func turn(
        _ b: Int, for k: Int, anchor a: Int, target: Double, _ turns: [Int32: Int32], _ state: ZoomRangeState
    ) -> (anchor: Int32, zoom: Double, blocker: Int32)? {
        let nearB = nearList(of: b, state)
        var below: (anchor: Int32, zoom: Double, blocker: Int32)? = nil
        var onward: (anchor: Int32, zoom: Double, blocker: Int32)? = nil
        let own = state.minZoom[b]
        for ab in state.items[b].variableAnchors.indices where ab != Int(state.anchor[b]) {
            let free = state.lowestMinZoom(b, anchor: ab, near: nearB, skip: k, overrides: turns, bound: own.nextUp,
                                           pairTests: &pairTests)
            guard free.zoom <= own else { continue }
            var tried = turns
            tried[Int32(b)] = Int32(ab)
            let mk = state.lowestMinZoom(k, anchor: a, near: nearK, overrides: tried, bound: min(target, below?.zoom ?? .infinity),
                                         pairTests: &pairTests)
            if mk.zoom < min(target, below?.zoom ?? .infinity) {
                below = (Int32(ab), mk.zoom, mk.blocker)
            } else if below == nil, onward == nil, mk.blocker != Int32(b) {
                onward = (Int32(ab), mk.zoom, mk.blocker)
            }
        }
        return below ?? onward
    }
}

extension ZoomRangeState {
    /// ``keepInReach(of:_:)`` for a placed item that keeps its minimum zoom
    /// (scale `sFrom`): only the items within reach from there on.
    ///
    /// - Complexity: O(list).
    func keepInReach(of i: Int, from sFrom: Double, _ list: inout [Int32]) {
        list.removeAll(keepingCapacity: true)
        grid.near(items[i].world, lowest: ZoomConflict.zoom(sFrom), reach: (extent[i] + maxExtent) * (1 + 1e-9), into: &list)
        let p = world[i], ei = extent[i]
        list.removeAll { j32 in
            let j = packed[Int(j32)], reach = ei + j.extent, s0 = max(j.sMin, sFrom) * (1 - 1e-9)
            return abs(j.world.x - p.x) * s0 >= reach || abs(j.world.y - p.y) * s0 >= reach
        }
    }
}
