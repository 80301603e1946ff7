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
public enum OptimisePlacer {
    /// Local-search rounds per candidate of a tier (the effort knob).
    public static let defaultEffort = 4

    public static func place(
        _ items: [PlacementItem], in environment: PlacementEnvironment,
        options: PlacementOptions = PlacementOptions(), effort: Int = defaultEffort
    ) throws -> PlacementResult {
        let cell = options.gridCellSize ?? GreedyPlacer.suggestedCellSize(items)
        let obstacles = StaticObstacles(environment, cellSize: cell)
        var fixed = GridIndex(region: environment.viewportRect, cellSize: cell)
        var placements = items.enumerated().map { Placement(id: $1.id, itemIndex: $0) }
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
            for i in tier {
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
            graph.buildAdjacency(rects: graphRects, region: environment.viewportRect, cellSize: cell)
            var search = IndependentSetSearch(graph: graph, seed: 0x5EED_CA27_0C4E)
            search.construct()
            search.localSearch()
            search.improve(iterations: max(0, effort) * graph.vertexCount)
            // Leave a maximal set: every hidden member is blocked by a chosen one.
            search.localSearch()
            search.preferEarlierCandidates()

            for (m, i) in members.enumerated() where search.chosen[m] >= 0 {
                let v = Int(search.chosen[m])
                placements[i].frame = graph.frame[v]
                placements[i].anchor = graph.config[v]
                placements[i].anchorPointIndex = Int(graph.anchorPointIndex[v])
                for r in graphRects[v] { fixed.insert(r, owner: Int32(i)) }
                placedOrder.append(i)
            }
            // Hidden members: name an annotation that holds the space of their
            // first legal candidate.
            for (m, i) in members.enumerated() where search.chosen[m] < 0 {
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
