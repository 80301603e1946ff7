import CartoucheGeometry

/// Optimise mode: keeps the priority contract — no annotation is hidden to
/// make room for one of lower priority — and within it places as many
/// annotations as it can.
///
/// Tiers (selected, then each priority, highest first) are solved one after
/// the other; what a tier places is fixed before the next is considered, so a
/// lower tier can never displace a higher one. Within a tier, `allowOverlap`
/// annotations are placed as greedy would (they are shown whatever happens),
/// then every other annotation's candidates that pass the rules and clear the
/// fixed frames form a conflict graph, on which `IndependentSetSearch` looks
/// for a large independent set.
///
/// The rules a candidate must pass are exactly greedy mode's; only the choice
/// among legal candidates differs. Once the count is settled, each shown
/// annotation moves to its most preferred candidate that is still free, so
/// preference order (middle of a route first, unambiguous stretches first)
/// is kept wherever it costs nothing. The result is deterministic.
///
/// A tier whose conflict graph would exceed `maxConflictEntries` (very
/// dense scenes: thousands of large callouts on one screen) is placed
/// greedily instead, which keeps memory and time bounded.
public enum OptimisePlacer {
    /// Kick attempts per candidate of a tier (the effort knob); only attempts
    /// that land on a candidate blocked by exactly one choice do any work.
    /// 64 reaches 99 % of the proven optimum on the Christensen–Marks–Shieber
    /// benchmark at n = 1000 (4 positions) in about 10 ms; see
    /// `Benchmarks/README.md` for the trade-off at other efforts.
    public static let defaultEffort = 64

    /// The most conflict-list entries (pairs of overlapping candidates, each
    /// way) a tier's graph may hold: 2²² entries, 16 MB. A tier whose graph
    /// would be larger — only very dense scenes, e.g. over about 3,000 large
    /// callouts on one full-HD screen — is placed greedily instead, so time
    /// and memory stay bounded whatever the input.
    public static let maxConflictEntries = 1 << 22

    /// Greedy mode's choice within a tier: each member in order takes its
    /// first candidate clear of the members placed before it (candidates
    /// already passed every other rule).
    ///
    /// - Complexity: O(V·k), k the rects near a candidate.
    static func greedyChoice(
        _ graph: CandidateGraph, _ rects: [[ScreenRect]], region: ScreenRect, cellSize: Double
    ) -> [Int32] {
        var grid = GridIndex(region: region, cellSize: cellSize)
        var chosen = [Int32](repeating: -1, count: graph.itemCount)
        for m in 0..<graph.itemCount {
            for v in graph.candidates(ofItem: m) where rects[v].allSatisfy({ grid.firstIntersection(with: $0) == nil }) {
                chosen[m] = Int32(v)
                for r in rects[v] { grid.insert(r, owner: Int32(m)) }
                break
            }
        }
        return chosen
    }

    public static func place(
        _ items: [PlacementItem], in environment: PlacementEnvironment,
        options: PlacementOptions = PlacementOptions(), effort: Int = defaultEffort
    ) throws -> PlacementResult {
        let cell = options.gridCellSize ?? GreedyPlacer.suggestedCellSize(items)
        let obstacles = StaticObstacles(environment, cellSize: cell)
        var fixed = GridIndex(region: environment.viewportRect, cellSize: cell)
        // By index: `items.enumerated()` would copy every item (several reference counts each).
        var placements = items.indices.map { Placement(id: items[$0].id, itemIndex: $0) }
        var placedOrder: [Int] = []
        var tests = 0

        let order = placementOrder(items)
        var start = 0
        while start < order.count {
            if let cancel = options.shouldCancel, cancel() {
                throw PlacementError.cancelled(placedSoFar: placedOrder.count)
            }
            // A tier: consecutive items (in placement order) of equal rank.
            let head = items[order[start]]
            var end = start + 1
            while end < order.count, items[order[end]].selected == head.selected,
                  items[order[end]].priority == head.priority { end += 1 }
            let tier = Array(order[start..<end])
            start = end

            var graph = CandidateGraph()
            var graphRects: [[ScreenRect]] = []
            var members: [Int] = []  // tier item per graph item
            var firstReason: [Int: HiddenReason] = [:]
            for (n, i) in tier.enumerated() {
                if n & 31 == 31, let cancel = options.shouldCancel, cancel() {
                    throw PlacementError.cancelled(placedSoFar: placedOrder.count)
                }
                let item = items[i]
                if let reason = precheckReason(item, zoom: environment.zoom) {
                    placements[i].hiddenReason = reason
                    continue
                }
                let anchors = orderedAnchors(item, previous: options.previousAnchors[item.id])
                var legal: [(Int, AnchorConfig, ScreenRect, [ScreenRect])] = []
                for (pi, point) in item.anchorPoints.enumerated() where obstacles.keeps(anchorPoint: point) {
                    for config in anchors {
                        tests += 1
                        let frame = config.frame(at: point, size: item.size)
                        let rects = item.collisionRects(for: frame)
                        var reason = obstacles.violation(frame: frame, rects: rects, item: item)
                        if reason == nil && !item.allowOverlap {
                            for r in rects {
                                if let o = fixed.firstIntersection(with: r) { reason = .collision(with: items[Int(o)].id); break }
                            }
                        }
                        if let reason {
                            if firstReason[i] == nil { firstReason[i] = reason }
                        } else {
                            legal.append((pi, config, frame, rects))
                            if item.allowOverlap { break }
                        }
                    }
                    if item.allowOverlap && !legal.isEmpty { break }
                }
                if legal.isEmpty {
                    placements[i].hiddenReason = firstReason[i] ?? .offscreen
                } else if item.allowOverlap {
                    // Shown whatever happens; it occupies space for the rest.
                    let (pi, config, frame, rects) = legal[0]
                    placements[i].frame = frame
                    placements[i].anchor = config
                    placements[i].anchorPointIndex = pi
                    for r in rects { fixed.insert(r, owner: Int32(i)) }
                    placedOrder.append(i)
                } else {
                    members.append(i)
                    for (pi, config, frame, rects) in legal {
                        graph.owner.append(Int32(members.count - 1))
                        graph.anchorPointIndex.append(Int32(pi))
                        graph.config.append(config)
                        graph.frame.append(frame)
                        graphRects.append(rects)
                    }
                    graph.itemStart.append(Int32(graph.owner.count))
                }
            }
            guard !members.isEmpty else { continue }
            let chosen: [Int32]
            let adjacency = graph.buildAdjacency(
                rects: graphRects, region: environment.viewportRect, cellSize: cell,
                maxEntries: maxConflictEntries, shouldCancel: options.shouldCancel)
            if adjacency == .cancelled { throw PlacementError.cancelled(placedSoFar: placedOrder.count) }
            if adjacency == .built {
                var search = IndependentSetSearch(graph: graph, seed: 0x5EED_CA27_0C4E)
                search.construct()
                guard search.localSearch(shouldCancel: options.shouldCancel) else {
                    throw PlacementError.cancelled(placedSoFar: placedOrder.count)
                }
                // The search is the long part of a big tier: it polls the
                // caller's deadline itself.
                guard search.improve(iterations: max(0, effort) * graph.vertexCount, shouldCancel: options.shouldCancel) else {
                    throw PlacementError.cancelled(placedSoFar: placedOrder.count)
                }
                // Leave a maximal set: every hidden member is blocked by a chosen one.
                search.localSearch()
                search.preferEarlierCandidates()
                chosen = search.chosen
            } else {
                chosen = greedyChoice(graph, graphRects, region: environment.viewportRect, cellSize: cell)
            }

            for (m, i) in members.enumerated() where chosen[m] >= 0 {
                let v = Int(chosen[m])
                placements[i].frame = graph.frame[v]
                placements[i].anchor = graph.config[v]
                placements[i].anchorPointIndex = Int(graph.anchorPointIndex[v])
                for r in graphRects[v] { fixed.insert(r, owner: Int32(i)) }
                placedOrder.append(i)
            }
            // Hidden members: name an annotation that holds the space of their
            // first legal candidate.
            for (m, i) in members.enumerated() where chosen[m] < 0 {
                let v = Int(graph.itemStart[m])
                var blocker: String? = nil
                for r in graphRects[v] {
                    if let o = fixed.firstIntersection(with: r) { blocker = items[Int(o)].id; break }
                }
                placements[i].hiddenReason = .collision(with: blocker ?? items[i].id)
            }
        }
        // Keep the greedy stacking convention: earlier in placement order = on top.
        let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        placedOrder.sort { rank[$0, default: 0] < rank[$1, default: 0] }
        return finish(placements, placedOrder: placedOrder, rejected: [], tests: tests)
    }
}
