import CartoucheGeometry
import Testing

@testable import CartouchePlacement

/// Optimise mode's priority contract, checked against an exact reference:
/// for tiers in order (selected, then priority, highest first), show as many
/// of the tier as possible while every annotation shown in a higher tier stays
/// shown — anywhere among its legal candidates.
@Suite("Optimise placement: the lexicographic priority contract")
struct LexicographicContractTests {
    /// A small scene: a few callouts near each other on a small screen, so
    /// they compete, with few enough candidates to enumerate every assignment.
    static func smallScene(seed: UInt64, ties: Bool) -> ([PlacementItem], PlacementEnvironment) {
        var rng = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 17)
        let n = rng.int(3...8)
        var priorities = Array(0..<n)
        priorities.shuffle(using: &rng)
        let items = (0..<n).map { i in
            let points = (0..<(rng.chance(0.15) ? 2 : 1)).map { _ in
                ScreenPoint(x: rng.double(10...150), y: rng.double(10...110))
            }
            let anchorCount = points.count > 1 ? rng.int(1...2) : rng.int(1...4)
            return PlacementItem(
                id: "p\(i)", anchorPoints: points,
                size: ScreenSize(width: rng.double(20...55), height: rng.double(8...28)),
                options: ViewAnnotationOptions(variableAnchors: Array(BoxAnchor.allCases.shuffled(using: &rng).prefix(anchorCount)).map { AnchorConfig($0) }, ignoreCameraPadding: rng.chance(0.5), priority: ties ? rng.int(0...2) : priorities[i], selected: rng.chance(0.1)))
        }
        return (items, PlacementEnvironment(viewport: ScreenSize(width: 160, height: 120)))
    }

    /// Items grouped into tiers, highest first.
    static func tiers(_ items: [PlacementItem]) -> [[Int]] {
        let keys = Set(items.map { [$0.selected ? 1 : 0, $0.priority] })
        let sorted = keys.sorted { $0[0] != $1[0] ? $0[0] > $1[0] : $0[1] > $1[1] }
        return sorted.map { key in items.indices.filter { [items[$0].selected ? 1 : 0, items[$0].priority] == key } }
    }

    /// How many of each tier `shown` holds.
    static func counts(_ shown: [Bool], _ tiers: [[Int]]) -> [Int] {
        tiers.map { tier in tier.filter { shown[$0] }.count }
    }

    /// Legal frames per item, written from the rules (no padding, margin 0).
    static func legalFrames(_ items: [PlacementItem], _ env: PlacementEnvironment) -> [[ScreenRect]] {
        items.map { item in
            var out: [ScreenRect] = []
            for p in item.anchorPoints where p.x >= 0 && p.x <= env.viewport.width && p.y >= 0 && p.y <= env.viewport.height {
                for a in item.variableAnchors {
                    let f = a.frame(at: p, size: item.size)
                    let inside = f.minX >= 0 && f.minY >= 0 && f.maxX <= env.viewport.width && f.maxY <= env.viewport.height
                    if item.ignoreCameraPadding || inside { out.append(f) }
                }
            }
            return out
        }
    }

    static func overlaps(_ a: ScreenRect, _ b: ScreenRect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    /// Enumerates every assignment of a legal frame or none to `subset`
    /// (no two overlapping) and calls `visit` with the shown flags.
    static func enumerate(_ subset: [Int], _ frames: [[ScreenRect]], _ n: Int, _ visit: ([Bool]) -> Void) {
        var chosen: [ScreenRect?] = Array(repeating: nil, count: n)
        func go(_ k: Int) {
            if k == subset.count { visit(chosen.map { $0 != nil }); return }
            let i = subset[k]
            for f in frames[i] where !chosen.contains(where: { $0.map { overlaps($0, f) } ?? false }) {
                chosen[i] = f
                go(k + 1)
                chosen[i] = nil
            }
            go(k + 1)
        }
        go(0)
    }

    /// The lexicographic optimum's counts per tier, and the shown sets that
    /// reach it, by enumerating every assignment (written from the rules,
    /// not from the solver).
    static func reference(_ items: [PlacementItem], _ env: PlacementEnvironment) -> (counts: [Int], sets: Set<[Bool]>) {
        let frames = legalFrames(items, env)
        let tiers = Self.tiers(items)
        var best: [Int] = []
        var bestSets = Set<[Bool]>()
        enumerate(Array(items.indices), frames, items.count) { shown in
            let c = counts(shown, tiers)
            if best.isEmpty || best.lexicographicallyPrecedes(c) {
                best = c
                bestSets = [shown]
            } else if c == best {
                bestSets.insert(shown)
            }
        }
        return (best, bestSets)
    }

    /// The most items of `tier` shown at once with every item of `keeping` shown.
    static func mostShown(of tier: [Int], keeping: [Int], _ items: [PlacementItem], _ env: PlacementEnvironment) -> Int {
        let frames = legalFrames(items, env)
        var best = 0
        enumerate(keeping + tier, frames, items.count) { shown in
            guard keeping.allSatisfy({ shown[$0] }) else { return }
            best = max(best, tier.filter { shown[$0] }.count)
        }
        return best
    }

    @Test(arguments: 0..<400)
    func distinctPrioritiesGiveTheLexicographicOptimum(seed: Int) throws {
        let (items, env) = Self.smallScene(seed: UInt64(seed), ties: false)
        let r = try OptimisePlacer.place(items, in: env)
        let expected = Self.reference(items, env)
        let shown = r.placements.map(\.isVisible)
        // Every tier has one member (selected splits at most one more): the set is unique.
        #expect(expected.sets.contains(shown), "seed \(seed): shown \(shown), expected \(expected.sets)")
        #expect(Self.counts(shown, Self.tiers(items)) == expected.counts)
        #expect(r.finished && r.method == .optimise)
        try Self.checkValid(r, items, env)
    }

    /// With ties, which of several equally large sets a tier shows may
    /// matter to lower tiers; the contract is per tier: given the sets the
    /// higher tiers actually show, the tier shows as many as possible.
    @Test(arguments: 0..<300)
    func tiedPrioritiesShowTheMostPerTier(seed: Int) throws {
        let (items, env) = Self.smallScene(seed: UInt64(10_000 + seed), ties: true)
        let r = try OptimisePlacer.place(items, in: env)
        let shown = r.placements.map(\.isVisible)
        let tiers = Self.tiers(items)
        var mandatory: [Int] = []
        for tier in tiers {
            let best = Self.mostShown(of: tier, keeping: mandatory, items, env)
            #expect(tier.filter { shown[$0] }.count == best, "seed \(seed): tier \(tier.map { items[$0].id })")
            mandatory += tier.filter { shown[$0] }
        }
        try Self.checkValid(r, items, env)
    }

    /// On the rich random scenes (every rule, allowOverlap, collision boxes,
    /// previous anchors) the answer is valid and never lexicographically
    /// worse than greedy mode's.
    @Test(arguments: 0..<150)
    func neverWorseThanGreedy(seed: Int) throws {
        let (items, env, previous) = ReferenceAgreementTests.randomScene(seed: UInt64(20_000 + seed))
        let options = PlacementOptions(previousAnchors: previous)
        let greedy = try GreedyPlacer.place(items, in: env, options: options)
        let r = try OptimisePlacer.place(items, in: env, options: options)
        let tiers = Self.tiers(items)
        let ours = Self.counts(r.placements.map(\.isVisible), tiers)
        let theirs = Self.counts(greedy.placements.map(\.isVisible), tiers)
        #expect(ours == theirs || theirs.lexicographicallyPrecedes(ours), "seed \(seed): \(ours) < \(theirs)")
        #expect(greedy.method == .greedy && greedy.finished)
        try Self.checkValid(r, items, env)
    }

    /// Every shown annotation sits on one of its own candidates, keeps the
    /// static rules, and no two movable ones overlap; none covers an
    /// `allowOverlap` one of its tier or above.
    static func checkValid(_ r: PlacementResult, _ items: [PlacementItem], _ env: PlacementEnvironment) throws {
        let placed = Dictionary(uniqueKeysWithValues: placementOrder(items).enumerated().map { ($1, $0) })
        let shown = r.placements.filter(\.isVisible)
        #expect(Set(r.drawOrder) == Set(shown.map(\.itemIndex)))
        for p in shown {
            let item = items[p.itemIndex]
            let f = try #require(p.frame)
            let anchor = try #require(p.anchor)
            let point = item.anchorPoints[try #require(p.anchorPointIndex)]
            #expect(item.variableAnchors.contains(anchor))
            #expect(anchor.frame(at: point, size: item.size) == f)
            #expect(precheckReason(item, zoom: env.zoom) == nil)
            let rects = item.collisionRects(for: f)
            let obstacles = StaticObstacles(env, cellSize: 64)
            #expect(obstacles.keeps(anchorPoint: point))
            #expect(obstacles.violation(frame: f, rects: rects, item: item) == nil, "\(item.id) breaks a rule")
            guard !item.allowOverlap else { continue }
            for q in shown where q.itemIndex != p.itemIndex {
                let other = items[q.itemIndex]
                // An allowOverlap annotation placed after this one (lower
                // rank; in greedy mode also later in its own tier) may lie under it.
                if other.allowOverlap && placed[q.itemIndex]! > placed[p.itemIndex]! { continue }
                let hit = rects.contains { a in other.collisionRects(for: q.frame!).contains { a.intersects($0) } }
                #expect(!hit, "\(item.id) overlaps \(other.id)")
            }
        }
    }
}
