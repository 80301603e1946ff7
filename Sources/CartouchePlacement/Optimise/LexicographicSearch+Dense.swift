import CartoucheGeometry

/// Where a tier's search ends at once or takes a shortcut (issue #31):
/// groups whose first fit is provably optimal, and tiers too dense to
/// search (tens of thousands of callouts on one screen).
extension LexicographicSearch {
    /// A tier whose candidate boxes (every anchor point × anchor option)
    /// cover the screen more than this many times over is placed by
    /// `denseTier`. India z5's 4,146 labels (32,349 candidates) cover it
    /// about 13 times, the CMS benchmark at n = 1,500 with 8 positions 5
    /// times; placement-speed's 12,500 ETA callouts with 9 anchors about
    /// 200 times, 100,000 about 1,700 times, where a search's conflict graph
    /// can be neither stored nor queried on the fly
    /// (`OptimisePlacer.maxScannedEntries`).
    static let denseCoverage = 64.0

    /// Whether the first tier in placement order is one `denseTier` places
    /// with its first fit equal to greedy mode's (dense, several members,
    /// none `allowOverlap`): then `greedyFirstTier` will be set.
    /// - Complexity: O(first tier).
    var firstTierIsGreedyShaped: Bool {
        firstTierDense && !order[..<tierEnd(from: 0)].contains { items[$0].allowOverlap }
    }

    /// Whether `tier` is one for `denseTier` (before any domain is built).
    /// - Complexity: O(tier).
    func isDense(tier: [Int]) -> Bool {
        let screen = environment.viewportRect.width * environment.viewportRect.height
        guard screen > 0 else { return false }
        var area = 0.0
        for i in tier {
            area += Double(items[i].anchorPoints.count * items[i].variableAnchors.count) * items[i].size.width * items[i].size.height
        }
        return area > Self.denseCoverage * screen
    }

    /// A dense tier, in one pass as greedy mode places it, then chains:
    /// each member in order takes its first free candidate; a member whose
    /// every anchor point lies strictly inside a shown box (each of its
    /// candidates would overlap it, as greedy mode skips them) is hidden
    /// without building its candidates; then each member still hidden is
    /// inserted by chains of moves (`ShownSet.insert(_:effort:stuck:)`),
    /// each shown callout tried as a chain's first move once per change of
    /// the arrangement. No local search (its conflict graph would not fit),
    /// no exact step (every closed neighbourhood is far larger than
    /// `ExactEffort.maxItems`) and no warm start from a previous frame.
    /// Counted as one searched component.
    /// - Complexity: O(candidates × conflict query) for the first fit and
    ///   the chains' first moves, plus O(shown × insertions ×
    ///   `InsertionEffort.maxNodes` × conflict query) for the chains.
    mutating func denseTier(_ tier: [Int]) {
        searchedComponents += 1
        for i in tier where precheck(i) && items[i].allowOverlap { placeOverlapping(i) }
        var members: [Int] = [], hidden: [Int] = []
        // The first tier without `allowOverlap` members: its first fit below
        // is greedy mode's placement of that tier (`greedyFirstTier`).
        let asGreedy = tierStart == 0 && !tier.contains { items[$0].allowOverlap }
        for i in tier where !items[i].allowOverlap && precheck(i) {
            if let blocker = coveredEverywhere(i) {
                placements[i].hiddenReason = .collision(with: items[blocker].id)
                continue
            }
            guard buildDomain(i) else { continue }
            members.append(i)
            if !state.assignFirstFree(i) { hidden.append(i) }
        }
        if asGreedy { greedyFirstTier = (count: tier.count, shown: members.count - hidden.count) }
        var stuck = Set<Int32>()
        for (n, m) in hidden.enumerated() {
            if n & 255 == 255, outOfTime() { break }
            if state.insert(m, effort: insertion, stuck: &stuck) { stuck.removeAll(keepingCapacity: true) }
        }
        for m in members where state.chosen[m] >= 0 {
            state.markShown(m)
            anyShown = true
        }
    }

    /// The shown item whose box holds every anchor point of item `i`
    /// strictly inside (the first point's), when the item's candidates all
    /// touch their anchor point (no offsets, no collision boxes, sides over
    /// the tolerance): then each of them overlaps a shown box. Nil otherwise.
    /// - Complexity: O(anchor points × entries in a grid cell).
    /// (`mutating` only so that `denseTier` passes the search by reference:
    /// a non-mutating call from there copied all of it, 1.3 KB, per callout.)
    mutating func coveredEverywhere(_ i: Int) -> Int? {
        guard items[i].collisionBoxes?.isEmpty ?? true, items[i].size.width > collisionTolerance,
              items[i].size.height > collisionTolerance,
              items[i].variableAnchors.allSatisfy({ $0.offsetX == 0 && $0.offsetY == 0 }) else { return nil }
        var blocker: Int? = nil
        for p in items[i].anchorPoints where obstacles.keeps(anchorPoint: p) {
            guard let v = state.occupancy.candidate(covering: p) else { return nil }
            if blocker == nil { blocker = Int(state.store.item[Int(v)]) }
        }
        return blocker
    }

    /// Whether each member of `group` (two or more whose free candidates
    /// connect them) can take its first free candidate whatever the others
    /// do: that candidate overlaps no free candidate of another member.
    /// Then every member is shown, the most the group can show, and those
    /// are exactly the candidates the local search would return (its
    /// min-conflict construction takes the conflict-free candidates first,
    /// each member's earliest one first, and a set showing every member is
    /// never changed): they are assigned and the search is skipped.
    /// - Complexity: O(c) grid inserts and queries for the group's c free candidates' rects.
    mutating func firstFitIsOptimal(_ group: [Int]) -> Bool {
        var rects: [ScreenRect] = [], owners: [Int32] = [], first: [Int] = []
        for (n, m) in group.enumerated() {
            var f = -1
            for v in state.store.domain(m) where state.isFree(v) {
                if f < 0 { f = v }
                for k in state.store.rectRange(v) {
                    rects.append(state.store.rects[k])
                    owners.append(Int32(n))
                }
            }
            guard f >= 0 else { return false }
            first.append(f)
        }
        guard let region = Self.bounds(of: rects) else { return false }
        var grid = GridIndex(region: region, cellSize: cellSize)
        for (r, o) in zip(rects, owners) { grid.insert(r, owner: o) }
        for (n, f) in first.enumerated() {
            for k in state.store.rectRange(f) {
                let alone = grid.visitIntersections(with: state.store.rects[k]) { $0 == Int32(n) }
                if !alone { return false }
            }
        }
        for (n, m) in group.enumerated() { state.assign(m, first[n]) }
        return true
    }
}
