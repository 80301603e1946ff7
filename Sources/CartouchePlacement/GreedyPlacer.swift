import CartoucheGeometry

/// Mapbox-compatible greedy placement: in placement order, each view
/// annotation takes the first candidate (anchor point × anchor option) that
/// breaks no rule; if none fits it is hidden with the first candidate's reason.
///
/// Rules, per candidate frame, in the order checked (see `StaticObstacles`):
/// inside viewport minus padding unless `ignoreCameraPadding`; clear of the
/// puck unless `allowOverlapWithPuck`; clear of avoid regions and avoid lines
/// when `enableAvoidRegions`; clear of symbol boxes when
/// `enableSymbolLayerCollision`; clear of every annotation already placed
/// unless `allowOverlap`. Every shown annotation occupies space, including
/// `allowOverlap` ones. Anchor points outside the viewport grown by the culling
/// margin are skipped.
///
/// - Complexity: O(n log n + c·k) for n items, c candidates tried and k the
///   rects listed in the grid cells a candidate covers.
public enum GreedyPlacer {
    public static func place(
        _ items: [PlacementItem], in environment: PlacementEnvironment,
        options: PlacementOptions = PlacementOptions()
    ) throws(PlacementCancelled) -> PlacementResult {
        let cell = options.gridCellSize ?? suggestedCellSize(items)
        let obstacles = StaticObstacles(environment, cellSize: cell)
        var grid = GridIndex(region: environment.viewportRect, cellSize: cell)
        // By index: `items.enumerated()` would copy every item (several reference counts each).
        var placements = items.indices.map { Placement(id: items[$0].id, itemIndex: $0) }
        var placedOrder: [Int] = []
        var rejected: [RejectedCandidate] = []
        var tests = 0

        for (rank, i) in placementOrder(items).enumerated() {
            if rank & 31 == 31, let cancel = options.shouldCancel, cancel() {
                throw PlacementCancelled(placedSoFar: placedOrder.count)
            }
            // Copied once; every use below borrows the copy. (`items[i]` at
            // each use, even from a `Span`, copied it at each: #31.)
            let item = items[i]
            if let reason = precheckReason(item, zoom: environment.zoom) {
                placements[i].hiddenReason = reason
                continue
            }
            // (An empty dictionary still hashes the id on lookup: skip it.)
            let previous = options.previousAnchors.isEmpty ? nil : options.previousAnchors[item.id]
            let anchors = orderedAnchors(item, previous: previous)
            let points = item.anchorPoints
            let size = item.size
            var firstReason: HiddenReason? = nil
            let hasBoxes = !(item.collisionBoxes?.isEmpty ?? true)
            let obstaclesApply = obstacles.obstaclesApply(to: item)
            // Without offsets every anchor's frame touches its anchor point, so
            // once the point lies strictly inside a shown annotation every
            // remaining candidate there overlaps it: skip them (dense scenes
            // reject most candidates this way). Not when each rejected
            // candidate is recorded, nor with collision boxes, which need not
            // reach the point.
            let candidates = CandidateOrder(item, previous: previous)
            let skipsCoveredPoints = !hasBoxes && !item.allowOverlap && !options.recordRejected
                && size.width > collisionTolerance && size.height > collisionTolerance
                && anchors.allSatisfy { $0.offsetX == 0 && $0.offsetY == 0 }
            // Plain nested loops over each pass's ranges: an iterator per
            // candidate cost greedy 15 % on dense scenes.
            var passIndex = 0
            search: while let pass = candidates.pass(passIndex) {
                passIndex += 1
                for pi in pass.points where obstacles.keeps(anchorPoint: points[pi]) {
                    let point = points[pi]
                    var pointChecked = false
                    for ai in pass.anchors {
                        let config = anchors[ai]
                        tests += 1
                        let frame = config.frame(at: point, size: size)
                        // Most items collide with their whole frame: test it
                        // without building a one-element array per candidate.
                        let check = hasBoxes
                            ? firstViolation(frame, item.collisionRects(for: frame), item, obstacles, obstaclesApply, grid)
                            : firstViolation(frame, CollectionOfOne(frame), item, obstacles, obstaclesApply, grid)
                        if let check {
                            // Name the reason only when it is reported: building a
                            // `.collision(with: id)` per rejected candidate copied a
                            // string hundreds of thousands of times in dense scenes.
                            if firstReason == nil || options.recordRejected {
                                let reason: HiddenReason
                                switch check {
                                case let .rule(r): reason = r
                                case let .annotation(owner): reason = .collision(with: items[Int(owner)].id)
                                }
                                if firstReason == nil { firstReason = reason }
                                if options.recordRejected {
                                    rejected.append(RejectedCandidate(
                                        itemIndex: i, anchorPointIndex: pi, anchor: config, frame: frame, reason: reason))
                                }
                            }
                            if skipsCoveredPoints && !pointChecked {
                                pointChecked = true
                                if grid.interiorContains(point) { break }
                            }
                            continue
                        }
                        for r in item.collisionRects(for: frame) { grid.insert(r, owner: Int32(i)) }
                        placements[i].frame = frame
                        placements[i].anchor = config
                        placements[i].anchorPointIndex = pi
                        placedOrder.append(i)
                        break search
                    }
                }
            }
            if placements[i].frame == nil {
                // No anchor point survived culling, or every candidate broke a rule.
                placements[i].hiddenReason = firstReason ?? .offscreen
            }
        }
        return finish(consume placements, placedOrder: placedOrder, rejected: rejected, tests: tests)
    }

    /// Why a candidate is rejected: a static rule, or the index of an
    /// annotation already placed that it would cover.
    enum Violation {
        case rule(HiddenReason)
        case annotation(Int32)
    }

    /// The first rule a candidate breaks: a static one, or a collision with
    /// an annotation already placed (unless the item allows overlap).
    @inline(__always)
    private static func firstViolation<Rects: Collection<ScreenRect>>(
        _ frame: ScreenRect, _ rects: Rects, _ item: PlacementItem,
        _ obstacles: StaticObstacles, _ obstaclesApply: Bool, _ grid: GridIndex
    ) -> Violation? {
        if let reason = obstacles.violation(frame: frame, rects: rects, item: item, obstaclesApply: obstaclesApply) {
            return .rule(reason)
        }
        guard !item.allowOverlap else { return nil }
        for r in rects {
            if let owner = grid.firstIntersection(with: r) { return .annotation(owner) }
        }
        return nil
    }

    /// A grid cell about the size of a typical view: big enough that most
    /// frames cover few cells, small enough that cells list few frames.
    static func suggestedCellSize(_ items: [PlacementItem]) -> Double {
        guard !items.isEmpty else { return 64 }
        // The median of a bounded sample keeps this O(1)-ish for huge inputs.
        let step = max(1, items.count / 256)
        var sides: [Double] = []
        for i in stride(from: 0, to: items.count, by: step) {
            let s = items[i].size
            let side = max(s.width, s.height)
            if side.isFinite && side > 0 { sides.append(side) }
        }
        guard !sides.isEmpty else { return 64 }
        sides.sort()
        return min(512, max(16, sides[sides.count / 2]))
    }
}

/// Assigns z-indices: annotations placed earlier (higher priority) are drawn
/// on top, so the draw order is the placement order reversed.
///
/// Takes the placements over (`consuming`): a copy of them was 3 % of greedy
/// placement's instructions on `placement-speed` (#31).
func finish(
    _ placements: consuming [Placement], placedOrder: [Int], rejected: [RejectedCandidate], tests: Int
) -> PlacementResult {
    let drawOrder = Array(placedOrder.reversed())
    for (z, i) in drawOrder.enumerated() { placements[i].zIndex = z }
    return PlacementResult(placements: placements, drawOrder: drawOrder, rejected: rejected, candidateTests: tests)
}
