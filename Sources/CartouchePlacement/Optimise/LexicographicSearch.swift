import CartoucheGeometry

/// One optimise-mode run: the tiers in order over a `ShownSet` (see
/// `OptimisePlacer` for the contract and the method).
struct LexicographicSearch {
    let items: [PlacementItem]
    let environment: PlacementEnvironment
    let options: PlacementOptions
    let effort: Int
    let order: [Int]
    let obstacles: StaticObstacles
    let cellSize: Double
    /// `allowOverlap` annotations shown: fixed obstacles for their tier and lower ones.
    private var fixed: GridIndex
    var state: ShownSet
    var placements: [Placement]
    private var overlapShown: [Int] = []
    private var tests = 0
    /// The search deadline passed: the rest is placed without search.
    var stopped = false
    /// The caller cancelled (`shouldCancel`): nobody wants the answer, so the
    /// run ends at once and `OptimisePlacer` throws.
    private(set) var cancelled = false
    var isMember: [Bool]
    /// Whether an earlier tier showed a movable annotation.
    var anyShown = false

    var finished: Bool { !stopped }

    /// Annotations shown so far (``PlacementCancelled``'s count when
    /// the search is cancelled before any greedy pass ran).
    var placedSoFar: Int { overlapShown.count + state.chosen.reduce(0) { $0 + ($1 >= 0 ? 1 : 0) } }

    var insertion = ShownSet.InsertionEffort()
    var exact = ShownSet.ExactEffort()
    /// The highest tiers' exact insertions (`decideTop`).
    var top = ShownSet.TopEffort() {
        didSet { topBudget = top.budget }
    }
    /// Search nodes left for `decideTop`.
    var topBudget = ShownSet.TopEffort().budget
    /// Where the tier being solved starts in placement order.
    var tierStart = 0
    /// Tiers decided exactly (`PlacementResult.exactTiers`).
    var exactTiers = 0
    /// Groups that needed a search (`PlacementResult.searchedComponents`).
    var searchedComponents = 0
    /// Whether the first tier is one for `denseTier` (found once: a pass over 100,000 items).
    private(set) var firstTierDense = false
    /// Set when the first tier in placement order was placed by `denseTier`
    /// with no `allowOverlap` member: its first fit is then greedy mode's
    /// placement of that tier (the same candidates in the same order, tested
    /// against the same boxes), so greedy mode shows `shown` of its `count`
    /// members (`OptimisePlacer` needs no greedy floor when the result shows more,
    /// or as many in a scene of one tier).
    var greedyFirstTier: (count: Int, shown: Int)? = nil
    /// Above this many conflict-list entries a group's conflicts are found on
    /// the fly instead of stored (tests lower it to reach that path on small scenes).
    var maxConflictEntries = OptimisePlacer.maxConflictEntries
    /// Above this many block pairs (`BlockConflicts`) a group too large for
    /// conflict lists finds its conflicts on the fly (tests lower it too).
    var maxBlockPairs = OptimisePlacer.maxBlockPairs

    init(_ items: [PlacementItem], _ environment: PlacementEnvironment, options: PlacementOptions, effort: Int) {
        self.items = items
        self.environment = environment
        self.options = options
        self.effort = effort
        order = placementOrder(items)
        cellSize = options.gridCellSize ?? GreedyPlacer.suggestedCellSize(items)
        obstacles = StaticObstacles(environment, cellSize: cellSize)
        fixed = GridIndex(region: environment.viewportRect, cellSize: cellSize)
        state = ShownSet(itemCount: items.count, region: environment.viewportRect, cellSize: cellSize)
        // At most every anchor point × anchor option, one rect each but for
        // collision boxes (the store grows past this if need be).
        var bound = 0
        for i in items.indices { bound += items[i].anchorPoints.count * items[i].variableAnchors.count }
        state.store.reserve(candidates: bound, rects: bound)
        placements = items.indices.map { Placement(id: items[$0].id, itemIndex: $0) }
        isMember = Array(repeating: false, count: items.count)
        let first = Array(order[..<tierEnd(from: 0)])
        firstTierDense = first.count > 1 && isDense(tier: first)
    }

    /// Where the tier starting at `start` (in placement order) ends.
    /// - Complexity: O(tier).
    func tierEnd(from start: Int) -> Int {
        guard start < order.count else { return start }
        let head = items[order[start]]
        var end = start + 1
        while end < order.count, items[order[end]].selected == head.selected,
              items[order[end]].priority == head.priority { end += 1 }
        return end
    }

    /// Polls the budget (once it has said stop, it is not asked again): a
    /// cancel also stops, and is remembered as such.
    mutating func outOfTime() -> Bool {
        if !cancelled, let cancel = options.shouldCancel, cancel() {
            cancelled = true
            stopped = true
        }
        if !stopped, let stop = options.budget.shouldStopSearch, stop() { stopped = true }
        return stopped
    }

    mutating func run() {
        var start = 0
        while start < order.count {
            let end = tierEnd(from: start)
            let tier = Array(order[start..<end])
            tierStart = start
            start = end
            if outOfTime(), cancelled { return }
            if tier.count > 1 && (tierStart == 0 ? firstTierDense : isDense(tier: tier)) {
                denseTier(tier)
                continue
            }
            var members: [Int] = []
            for i in tier where precheck(i) && items[i].allowOverlap { placeOverlapping(i) }
            for i in tier where !items[i].allowOverlap && precheck(i) && buildDomain(i) { members.append(i) }
            guard !members.isEmpty else { continue }
            solve(tier: members)
            for m in members where state.chosen[m] >= 0 {
                state.markShown(m)
                anyShown = true
            }
        }
        // Anything that fits now without moving anyone (adding never hides;
        // the chains were tried in the item's own tier).
        for i in order where !state.store.domain(i).isEmpty && state.chosen[i] < 0 {
            if state.assignFirstFree(i) { state.markShown(i) }
        }
        if !outOfTime() { state.preferEarlierCandidates(order: order) }
    }

    /// Records the reason of an item hidden before any candidate is tried.
    mutating func precheck(_ i: Int) -> Bool {
        guard let reason = precheckReason(items[i], zoom: environment.zoom) else { return true }
        placements[i].hiddenReason = reason
        return false
    }

    /// An `allowOverlap` annotation: greedy's choice, shown whatever happens.
    mutating func placeOverlapping(_ i: Int) {
        let item = items[i]
        let previous = options.previousAnchors[item.id]
        let anchors = orderedAnchors(item, previous: previous)
        var first: HiddenReason? = nil
        for (pi, ai) in CandidateOrder(item, previous: previous).all where obstacles.keeps(anchorPoint: item.anchorPoints[pi]) {
            let point = item.anchorPoints[pi], config = anchors[ai]
            tests += 1
            let frame = config.frame(at: point, size: item.size)
            let rects = item.collisionRects(for: frame)
            if let reason = obstacles.violation(frame: frame, rects: rects, item: item) {
                if first == nil { first = reason }
                continue
            }
            placements[i].frame = frame
            placements[i].anchor = config
            placements[i].anchorPointIndex = pi
            for r in rects { fixed.insert(r, owner: Int32(i)) }
            overlapShown.append(i)
            return
        }
        placements[i].hiddenReason = first ?? .offscreen
    }

    /// Stores item `i`'s legal candidates: every rule passes and no
    /// `allowOverlap` annotation of its tier or above is covered. Returns
    /// false (and records why) when there is none.
    mutating func buildDomain(_ i: Int) -> Bool {
        // One copy of the item and of the rules per item, passed on
        // borrowed: read through `self` in the loop (a `mutating` context),
        // each candidate copied them (a packed screen tests 600,000).
        let item = items[i], obstacles = self.obstacles
        // (An empty dictionary still hashes the id on lookup: skip it.)
        let previous = options.previousAnchors.isEmpty ? nil : options.previousAnchors[item.id]
        // `orderedAnchorIndices` without its array: ordered anchor `a` is
        // option `moved` when a is 0, else the options before and after it.
        let moved = previous.flatMap { item.variableAnchors.firstIndex(of: $0) } ?? 0
        var first: HiddenReason? = nil
        state.store.beginItem(i)
        // Motion order (`CandidateOrder`): with a previous box and anchor,
        // by box move on screen (a turn costing its penalty), so "most
        // preferred free candidate" is the calmest free one. Without
        // `previous` it is point by point, each point's anchors in order.
        // Plain nested loops over each pass's ranges, as greedy mode runs
        // them: no array per item (a packed screen builds 70,000 domains).
        let order = CandidateOrder(item, previous: previous)
        let plain = item.collisionBoxes?.isEmpty ?? true
        var passIndex = 0
        while let pass = order.pass(passIndex) {
            passIndex += 1
            for pi in pass.points where obstacles.keeps(anchorPoint: item.anchorPoints[pi]) {
                let point = item.anchorPoints[pi]
                for ai in pass.anchors {
                    let a = ai == 0 ? moved : (ai <= moved ? ai - 1 : ai)
                    tests += 1
                    let frame = item.variableAnchors[a].frame(at: point, size: item.size)
                    // Most items collide with their whole frame: no array per candidate.
                    let reason = plain
                        ? keep(i, item, obstacles, point: pi, anchor: a, frame: frame, rects: CollectionOfOne(frame))
                        : keep(i, item, obstacles, point: pi, anchor: a, frame: frame, rects: item.collisionRects(for: frame))
                    if let reason, first == nil { first = reason }
                }
            }
        }
        if state.store.domain(i).isEmpty {
            placements[i].hiddenReason = first ?? .offscreen
            return false
        }
        return true
    }

    /// Stores a candidate of item `i` when it keeps every rule and covers no
    /// `allowOverlap` annotation placed so far; else returns why not.
    private mutating func keep<Rects: Collection<ScreenRect>>(
        _ i: Int, _ item: PlacementItem, _ obstacles: StaticObstacles, point: Int, anchor: Int, frame: ScreenRect, rects: Rects
    ) -> HiddenReason? {
        if let reason = obstacles.violation(frame: frame, rects: rects, item: item) { return reason }
        if fixed.count > 0 {
            for r in rects {
                if let o = fixed.firstIntersection(with: r) { return .collision(with: items[Int(o)].id) }
            }
        }
        state.store.append(item: i, point: point, anchor: anchor, frame: frame, rects: rects)
        return nil
    }

    /// Shows as many of `members` (one tier, each with candidates) as it can
    /// while every annotation shown so far stays shown. With a previous
    /// frame (the motion contract) the tier keeps the arrangement it had
    /// (`warmStart`) unless the search shows more of it: a search that only
    /// finds another arrangement of as many would hide some callouts and
    /// show others for no reason a viewer can see.
    private mutating func solve(tier members: [Int]) {
        if cancelled { return }
        let warm = stopped ? nil : warmStart(members)
        search(tier: members)
        if let warm, !cancelled, shownCount(members, warm) >= shownCount(members, state) { state = warm }
    }

    /// The tier placed as in the previous frame: first the members shown
    /// there (`previousFrame`), each at its first free candidate (the
    /// calmest, `CandidateOrder`), then the others likewise. Nil when no
    /// member was shown in a previous frame, or when the tier holds under
    /// 1/64 of the items: the copy of the working solution is O(n), so this
    /// bounds the copies to 64 a run (a scene of one priority per callout
    /// would otherwise copy n times). A small tier's search can rarely
    /// rearrange it anyway: a tier of one is shown exactly when it can be.
    /// - Complexity: O(c) candidate tests for the members' c candidates,
    ///   plus a copy of the working solution's arrays.
    private func warmStart(_ members: [Int]) -> ShownSet? {
        guard members.count > 1, members.count * 64 >= items.count,
              members.contains(where: { items[$0].previousFrame != nil }) else { return nil }
        var warm = state
        for wasShown in [true, false] {
            for m in members where (items[m].previousFrame != nil) == wasShown && warm.chosen[m] < 0 {
                for v in warm.store.domain(m) where warm.isFree(v) {
                    warm.assign(m, v)
                    break
                }
            }
        }
        return warm
    }

    private func shownCount(_ members: [Int], _ s: ShownSet) -> Int {
        members.reduce(0) { $0 + (s.chosen[$1] >= 0 ? 1 : 0) }
    }

    /// The tier's search: local search, insertion chains, exact neighbourhoods.
    private mutating func search(tier members: [Int]) {
        if stopped {
            // Out of time: first free candidate, as greedy would.
            for m in members { _ = state.assignFirstFree(m) }
            return
        }
        // With nothing shown before this tier, the local search already
        // moved the members among themselves: chains add little there and
        // cost about as much again (measured on the CMS benchmark).
        let searched = members.count > 1 && localSearch(members)
        let chains = !searched || anyShown
        for m in members where state.chosen[m] < 0 && chains {
            // Each insertion may run hundreds of chain steps: poll every one.
            if outOfTime(), cancelled { return }
            if stopped {
                _ = state.assignFirstFree(m)
            } else {
                _ = state.insert(m, effort: insertion)
            }
        }
        guard !stopped else { return }
        let proved = exactStep(members)
        decideTop(members, proved: proved)
    }

    /// The iterated local search over the members' candidates that are free
    /// now, one connected group of members at a time (members whose free
    /// candidates can overlap, transitively): groups cannot interact, and
    /// solving them apart keeps memory to the largest group's conflict
    /// graph (100,000 callouts spread over a large screen are thousands of
    /// small groups). A group too dense to store its conflict lists finds
    /// them on the fly (`GridConflicts`); one too dense even for that
    /// (`maxScannedEntries`) is left to insertion. A group whose first fit
    /// is provably optimal (`firstFitIsOptimal`) takes it and is not searched;
    /// the others count in `searchedComponents`.
    /// - Returns: whether every group of two or more was searched or needed
    ///   no search (else insertion's chains must do the rest).
    /// - Complexity: O(c) for c free candidates to group them, plus the searches.
    private mutating func localSearch(_ members: [Int]) -> Bool {
        guard let (groups, listsFit) = conflictGroups(members) else { return false }
        var ranOnAll = true
        for group in groups where group.count > 1 {
            // Its first fit is provably optimal: no search.
            if firstFitIsOptimal(group) { continue }
            searchedComponents += 1
            if !localSearch(group: group, listsFit: listsFit) { ranOnAll = false }
            if stopped { return false }
        }
        return ranOnAll
    }

    /// `members` split into groups that no free candidate connects, each in
    /// the members' order, groups ordered by their first member; nil when the
    /// budget ran out on the way. With them, whether every group's conflict
    /// lists surely fit `maxConflictEntries`.
    ///
    /// Members are joined item by item: a grid of item boxes (the union of a
    /// member's free candidates' rects) finds the members whose boxes
    /// collide, and their rects are compared only while the two are still
    /// in different groups. A packed tier joins early, after which almost
    /// every pair is skipped: India z5 compared some 4 million overlapping
    /// rect pairs for the same answer when this went rect by rect.
    /// - Complexity: O(m·k) for m members with k box neighbours each, plus
    ///   the rect tests of pairs not yet joined.
    private mutating func conflictGroups(_ members: [Int]) -> (groups: [[Int]], listsFit: Bool)? {
        // Per member: its free candidates' rects (contiguous), their count and their box.
        var rects: [ScreenRect] = [], rectEnd: [Int] = [], free: [Int] = []
        var boxes: [ScreenRect] = [], boxOwner: [Int32] = []
        rectEnd.reserveCapacity(members.count)
        free.reserveCapacity(members.count)
        for (n, m) in members.enumerated() {
            let first = rects.count
            var count = 0
            for v in state.store.domain(m) where state.isFree(v) {
                count += 1
                for k in state.store.rectRange(v) { rects.append(state.store.rects[k]) }
            }
            rectEnd.append(rects.count)
            free.append(count)
            if count > 0 {
                boxes.append(ScreenRect(around: rects[first...]))
                boxOwner.append(Int32(n))
            }
        }
        var grid = CellSortedRects(boxes, owners: boxOwner, grid: GridIndex(region: environment.viewportRect, cellSize: cellSize))
        var parent = Array(0..<members.count)
        // The last member whose box met each one: a pair sharing several
        // cells is compared once.
        var seen = [Int32](repeating: -1, count: members.count)
        // Candidate pairs of colliding boxes: at least the overlapping
        // candidate pairs, so the lists (two entries a pair) fit under half the cap.
        var pairBound = 0
        // Box pairs visited (a pair once per grid cell it shares): past the
        // conflict-graph cap, with the members seen so far in a few groups
        // (under one per 32), the tier is a packed screen far denser than
        // India z5 (which stays under the cap): stop and search it as one
        // group, as when this went rect by rect, rather than visit every
        // box pair of tens of thousands of callouts on one screen. A few
        // isolated members searched with it cost little.
        var visited = 0, unions = 0
        for (p, n32) in boxOwner.enumerated() {
            if p & 15 == 15, outOfTime() { return nil }
            if visited > 8 * maxConflictEntries || (visited > maxConflictEntries && (p - unions) * 32 <= p) {
                return ([members], false)
            }
            let n = Int(n32)
            let nRects = (n == 0 ? 0 : rectEnd[n - 1])..<rectEnd[n]
            // n's root, kept current as n joins others.
            var rn = Self.root(n, &parent)
            grid.insertNext { other in
                visited += 1
                let o = Int(other)
                guard seen[o] != n32 else { return }
                seen[o] = n32
                pairBound += free[n] * free[o]
                let ro = Self.root(o, &parent)
                guard rn != ro, Self.touches(nRects, (o == 0 ? 0 : rectEnd[o - 1])..<rectEnd[o], rects) else { return }
                parent[max(rn, ro)] = min(rn, ro)
                rn = min(rn, ro)
                unions += 1
            }
        }
        var groupOf: [Int: Int] = [:]
        var groups: [[Int]] = []
        for (n, m) in members.enumerated() {
            let r = Self.root(n, &parent)
            if let g = groupOf[r] {
                groups[g].append(m)
            } else {
                groupOf[r] = groups.count
                groups.append([m])
            }
        }
        return (groups, pairBound <= maxConflictEntries / 2)
    }

    /// Whether a rect of `a` collides with a rect of `b` (ranges of `rects`).
    /// - Complexity: O(|a|·|b|) at most.
    @inline(__always) private static func touches(_ a: Range<Int>, _ b: Range<Int>, _ rects: [ScreenRect]) -> Bool {
        for x in a {
            for y in b where rects[x].collides(with: rects[y]) { return true }
        }
        return false
    }

    /// The root of `x` in the union-find forest `parent`, halving the path on the way.
    @inline(__always) private static func root(_ x: Int, _ parent: inout [Int]) -> Int {
        var x = x
        while parent[x] != x {
            parent[x] = parent[parent[x]]
            x = parent[x]
        }
        return x
    }

    /// Neighbour queries the kicks of a group searched with `GridConflicts`
    /// may make, per candidate: there a query scans rects (India z5: about
    /// 1,000 neighbours each), and the kicks stop by this count rather than
    /// by `effort` alone. Measured on India z5 without priorities (4,146
    /// labels, 32,349 candidates; CPU seconds of one `cartouche place`):
    /// 2 → 1,112 shown in 0.9 s, 8 → 1,151 in 1.8 s, 16 → 1,155 in 2.9 s,
    /// no bound → 1,157.
    static let gridKickQueries = 8

    /// The box around `rects`: a group's conflict grid covers its own area,
    /// not the whole viewport (thousands of small groups on a large screen
    /// would each allocate a viewport-sized grid).
    static func bounds(of rects: [ScreenRect]) -> ScreenRect? {
        let box = ScreenRect(around: rects[...])
        return box.minX <= box.maxX && box.minY <= box.maxY ? box : nil
    }

    /// The local search on one group; its choices are assigned. The
    /// conflict lists are stored while they fit `maxConflictEntries`, else
    /// as bit masks between blocks of candidates (`BlockConflicts`) while
    /// those fit `maxBlockPairs`, else found on the fly from a grid
    /// (`GridConflicts`): memory stays bounded at any density, and the
    /// search runs either way.
    /// - Returns: whether the search ran.
    /// - Parameter listsFit: the caller knows the lists fit `maxConflictEntries`.
    private mutating func localSearch(group members: [Int], listsFit: Bool) -> Bool {
        var graph = CandidateGraph()
        var rectStart: [Int32] = [0], rects: [ScreenRect] = []
        var global: [Int32] = []
        var local: [Int] = []  // graph item -> member
        for m in members {
            var any = false
            for v in state.store.domain(m) where state.isFree(v) {
                graph.owner.append(Int32(local.count))
                for k in state.store.rectRange(v) { rects.append(state.store.rects[k]) }
                rectStart.append(Int32(rects.count))
                global.append(Int32(v))
                any = true
            }
            if any {
                local.append(m)
                graph.itemStart.append(Int32(graph.owner.count))
            }
        }
        guard local.count > 1 else { return false }
        let region = Self.bounds(of: rects) ?? environment.viewportRect
        // Few candidates or few overlaps: the lists fit. Else the masks
        // first: they count the lists' entries exactly, so a list build that
        // would pass the cap (India z5: 0.2 s to find that out) never starts.
        var fits = listsFit || graph.vertexCount * graph.vertexCount <= maxConflictEntries
        if !fits {
            var provenOverCap = false
            let blocks = BlockConflicts(
                owner: graph.owner, itemStart: graph.itemStart, rectStart: rectStart, rects: rects, region: region,
                cellSize: cellSize, maxPairs: maxBlockPairs, provenOverCap: &provenOverCap,
                shouldCancel: options.searchShouldStop)
            if let cancel = options.searchShouldStop, cancel() {
                _ = outOfTime()
                stopped = true
                return false
            }
            if let blocks, blocks.entryCount > maxConflictEntries {
                // Queries read masks, about as fast as lists: the kicks end
                // by `effort` alone, as with lists (India z5: 1,152 shown in
                // 0.27 s of search; bounds of 4 and 8 queries per candidate
                // give 1,135 and 1,149, and cost CMS n = 1000 up to 13 labels).
                search(blocks, local: local, global: global, kickQueries: .max)
                return !cancelled
            }
            // No masks: more than maxBlockPairs pairs, so at least as many
            // list entries, past the lists' cap too when that is no larger.
            if provenOverCap && maxBlockPairs >= maxConflictEntries {
                return searchOnTheFly(graph, rectStart: rectStart, rects: rects, region: region, local: local, global: global)
            }
            fits = blocks != nil
        }
        let built = graph.buildAdjacency(
            rectStart: rectStart, rects: rects, region: region, cellSize: cellSize,
            maxEntries: fits ? .max : maxConflictEntries, shouldCancel: options.searchShouldStop)
        switch built {
        case .cancelled:
            _ = outOfTime()
            stopped = true
            return false
        case .built:
            search(graph, local: local, global: global, kickQueries: .max)
        case .tooLarge:
            return searchOnTheFly(graph, rectStart: rectStart, rects: rects, region: region, local: local, global: global)
        }
        return !cancelled
    }

    /// The local search on a group too dense for lists and masks, its
    /// conflicts found on the fly (`GridConflicts`), unless even one pass of
    /// queries would scan more than `maxScannedEntries` rects.
    /// - Returns: whether the search ran.
    private mutating func searchOnTheFly(
        _ graph: CandidateGraph, rectStart: [Int32], rects: [ScreenRect], region: ScreenRect, local: [Int], global: [Int32]
    ) -> Bool {
        let grid = GridConflicts(
            owner: graph.owner, itemStart: graph.itemStart, rectStart: rectStart, rects: rects, region: region)
        guard grid.scanEstimate() <= OptimisePlacer.maxScannedEntries else { return false }
        search(grid, local: local, global: global, kickQueries: Self.gridKickQueries * grid.vertexCount)
        return !cancelled
    }

    /// Construction, local search and kicks on one group's graph; assigns
    /// the result (always an independent set, made maximal), also when the
    /// budget stopped the search.
    /// - Parameter kickQueries: the most neighbour queries the kicks may
    ///   make (`IndependentSetSearch.improve`).
    private mutating func search<Graph: ConflictGraph>(_ graph: Graph, local: [Int], global: [Int32], kickQueries: Int) {
        let shouldCancel = options.searchShouldStop
        var search = IndependentSetSearch(graph: graph, seed: 0x5EED_CA27_0C4E)
        if !search.construct(shouldCancel: shouldCancel) {
            stopped = true
        } else if !search.localSearch(shouldCancel: shouldCancel) {
            stopped = true
        } else if !search.improve(iterations: max(0, effort) * graph.vertexCount,
                                  maxQueries: kickQueries == .max ? .max : search.queries + kickQueries, shouldCancel: shouldCancel) {
            stopped = true
        }
        // A cancel wants no answer: skip the work below.
        if stopped, outOfTime(), cancelled { return }
        // Stopped or not, the set is independent: keep it, made maximal
        // (by a full local search when finished, by free candidates alone
        // when stopped, so that the stop is prompt).
        if stopped { search.makeMaximal() } else { search.localSearch() }
        for (n, m) in local.enumerated() where search.chosen[n] >= 0 {
            state.assign(m, Int(global[Int(search.chosen[n])]))
        }
    }

    /// The placements: shown annotations with their final candidate, hidden
    /// ones naming an annotation that holds their first candidate's space.
    /// Call once: the placements are moved into the result.
    mutating func result() -> PlacementResult {
        var placedOrder = overlapShown
        // Queried through a local copy (one): through `self`, a `mutating`
        // context, each query copied the working solution (320 bytes) first.
        let solution = state
        for i in items.indices {
            let v = Int(state.chosen[i])
            if v >= 0 {
                placements[i].frame = state.store.frame[v]
                placements[i].anchor = items[i].variableAnchors[Int(state.store.anchorIndex[v])]
                placements[i].anchorPointIndex = Int(state.store.pointIndex[v])
                placements[i].hiddenReason = nil
                placedOrder.append(i)
            } else if let v = state.store.domain(i).first {
                let blocker = solution.lowestBlocker(of: v) ?? i
                placements[i].hiddenReason = .collision(with: items[blocker].id)
            }
        }
        // Greedy's stacking convention: earlier in placement order = on top.
        var rank = [Int](repeating: 0, count: items.count)
        for (r, i) in order.enumerated() { rank[i] = r }
        placedOrder.sort { rank[$0] < rank[$1] }
        // `finish`, moving the placements out rather than copying them (a
        // copy of 100,000 placements was 4 % of a packed screen's call).
        var out: [Placement] = []
        swap(&out, &placements)
        let drawOrder = Array(placedOrder.reversed())
        for (z, i) in drawOrder.enumerated() { out[i].zIndex = z }
        return PlacementResult(placements: out, drawOrder: drawOrder, rejected: [], candidateTests: tests)
    }
}
