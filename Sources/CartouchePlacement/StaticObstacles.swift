import CartoucheGeometry

/// The parts of the rules that do not depend on other view annotations:
/// camera padding, the puck, avoid regions, avoid lines and symbol boxes.
/// Built once per placement run and shared by every mode.
struct StaticObstacles {
    let environment: PlacementEnvironment
    let padded: ScreenRect
    let cullRect: ScreenRect
    private var regions: GridIndex
    private var symbols: GridIndex
    private var segments: GridIndex
    /// Segment endpoints and half-widths, indexed like `segments`' owners.
    private var segmentData: [(a: ScreenPoint, b: ScreenPoint, halfWidth: Double, line: Int)] = []

    init(_ env: PlacementEnvironment, cellSize: Double) {
        environment = env
        padded = env.paddedRect
        let m = env.cullingMargin.isFinite ? max(0, env.cullingMargin) : 0
        cullRect = env.viewportRect.insetBy(-m)
        let region = env.viewportRect
        regions = GridIndex(region: region, cellSize: cellSize)
        for (i, r) in env.avoidRegions.enumerated() { regions.insert(r, owner: Int32(i)) }
        symbols = GridIndex(region: region, cellSize: cellSize)
        for (i, s) in env.symbols.enumerated() { symbols.insert(s.box, owner: Int32(i)) }
        segments = GridIndex(region: region, cellSize: cellSize)
        for (li, line) in env.avoidLines.enumerated() where line.points.count >= 2 {
            let w = max(0, line.halfWidth)
            for k in 1..<line.points.count {
                let a = line.points[k - 1], b = line.points[k]
                let box = ScreenRect(
                    minX: min(a.x, b.x) - w, minY: min(a.y, b.y) - w,
                    maxX: max(a.x, b.x) + w, maxY: max(a.y, b.y) + w)
                segments.insert(box, owner: Int32(segmentData.count))
                segmentData.append((a, b, w, li))
            }
        }
    }

    /// Whether an anchor point survives culling.
    func keeps(anchorPoint p: ScreenPoint) -> Bool {
        p.x.isFinite && p.y.isFinite && cullRect.contains(p)
    }

    /// The first static rule a candidate breaks, or nil when it passes them all.
    /// Checks run cheapest first: padding, puck, avoid regions, avoid lines, symbols.
    /// `obstaclesApply` is ``obstaclesApply(to:)`` for the item, which a
    /// placer may ask once per item rather than once per candidate.
    ///
    /// Generic over the rects so the common single-frame case passes a
    /// `CollectionOfOne` instead of allocating an array per candidate.
    /// Always inlined: most candidates meet the padding rule alone, and the
    /// call per candidate was a tenth of greedy placement's instructions on
    /// `placement-speed` (#31).
    @inline(__always)
    func violation<Rects: Collection<ScreenRect>>(
        frame: ScreenRect, rects: Rects, item: PlacementItem, obstaclesApply: Bool? = nil
    ) -> HiddenReason? {
        if !item.ignoreCameraPadding && !padded.contains(frame) { return .padding }
        guard obstaclesApply ?? self.obstaclesApply(to: item) else { return nil }
        return obstacleViolation(rects: rects, item: item)
    }

    /// Whether any rule besides the camera padding can reject a candidate of
    /// `item`: a puck it may not cover, avoid regions or lines it keeps off,
    /// symbols it keeps clear of.
    @inline(__always)
    func obstaclesApply(to item: PlacementItem) -> Bool {
        (environment.puck != nil && !item.allowOverlapWithPuck)
            || (item.enableAvoidRegions && (regions.count > 0 || segments.count > 0))
            || (item.enableSymbolLayerCollision && symbols.count > 0)
    }

    /// ``violation(frame:rects:item:obstaclesApply:)`` past the padding rule.
    /// Inlined too, as the compiler did in 0.1.0: scenes with a puck or avoid
    /// lines reach it for every candidate.
    @inline(__always)
    private func obstacleViolation<Rects: Collection<ScreenRect>>(rects: Rects, item: PlacementItem) -> HiddenReason? {
        if let puck = environment.puck, !item.allowOverlapWithPuck {
            for r in rects where r.collides(with: puck) { return .puck }
        }
        // Empty indexes are skipped outright: most scenes have no avoid
        // regions, lines or symbols, and querying an empty grid still walks its cells.
        if item.enableAvoidRegions && regions.count > 0 {
            for r in rects where regions.firstIntersection(with: r) != nil { return .avoidRegion }
        }
        if item.enableAvoidRegions && segments.count > 0 {
            for r in rects {
                var hit: Int? = nil
                segments.forEachIntersection(with: r) { owner in
                    let s = segmentData[Int(owner)]
                    // The callout's own layer does not push it off (see `PlacementItem.ownLayer`).
                    if let own = item.ownLayer, environment.avoidLines[s.line].id == own { return }
                    // A line blocks what comes closer than half its drawn width.
                    guard distance(segment: s.a, s.b, to: r) < s.halfWidth else { return }
                    if let h = hit, h <= s.line { return }
                    hit = s.line
                }
                if let line = hit { return .avoidLayer(environment.avoidLines[line].id) }
            }
        }
        if item.enableSymbolLayerCollision && symbols.count > 0 {
            for r in rects {
                if let owner = symbols.firstIntersection(with: r) {
                    return .collision(with: environment.symbols[Int(owner)].id)
                }
            }
        }
        return nil
    }
}
