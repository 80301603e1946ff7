import CartoucheGeometry
import Testing

@testable import CartouchePlacement

/// A packed screen's first tier is placed first fit as greedy mode places it,
/// so optimise mode skips greedy's pass when its answer shows more of that
/// tier (or as many in a scene of one tier): checked against greedy mode
/// itself and against the answer with greedy's floor always computed.
@Suite("Optimise placement: a dense first tier needs no greedy floor")
struct OptimiseDenseFloorTests {
    /// `n` callouts of random sizes on a 400 × 300 screen with padding and a
    /// puck (candidates cover it well over `denseCoverage` times): 9 anchors
    /// (one when `oneAnchor`), a second anchor point on some, and on some a
    /// previous anchor and box (the motion order). With `lowerTier`, the
    /// last 40 get a lower priority: a second tier.
    static func packedScene(seed: UInt64, n: Int, oneAnchor: Bool = false, lowerTier: Bool = false)
        -> ([PlacementItem], PlacementEnvironment, PlacementOptions)
    {
        var rng = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 31)
        let all = BoxAnchor.allCases.map { AnchorConfig($0) }
        var previous: [String: AnchorConfig] = [:]
        let items = (0..<n).map { i in
            let size = ScreenSize(width: rng.double(40...70), height: rng.double(20...35))
            var points = [ScreenPoint(x: rng.double(-10...410), y: rng.double(-10...310))]
            if rng.chance(0.1) { points.append(ScreenPoint(x: rng.double(0...400), y: rng.double(0...300))) }
            var anchors = oneAnchor ? [AnchorConfig(.center)] : all
            if !oneAnchor, rng.chance(0.2) { anchors.shuffle(using: &rng) }
            var item = PlacementItem(
                id: "c\(i)", anchorPoints: points, size: size,
                options: ViewAnnotationOptions(variableAnchors: anchors, priority: lowerTier && i >= n - 40 ? -1 : 0))
            if !oneAnchor, rng.chance(0.1) {
                let a = anchors[rng.int(0...(anchors.count - 1))]
                previous[item.id] = a
                if rng.chance(0.5) { item.previousFrame = a.frame(at: points[0], size: size) }
            }
            return item
        }
        var env = PlacementEnvironment(viewport: ScreenSize(width: 400, height: 300))
        env.padding = EdgeInsets(top: 10, left: 5, bottom: 20, right: 5)
        env.puck = ScreenRect(minX: 190, minY: 200, maxX: 210, maxY: 220)
        var options = PlacementOptions()
        options.previousAnchors = previous
        return (items, env, options)
    }

    /// Without insertion chains the dense tier's answer is its first fit:
    /// exactly greedy mode's frames, and `greedyFirstTier` counts greedy's shown.
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func theFirstFitIsGreedys(seed: UInt64) throws {
        let (items, env, options) = Self.packedScene(seed: seed, n: 2_500)
        var search = LexicographicSearch(items, env, options: options, effort: OptimisePlacer.defaultEffort)
        #expect(search.firstTierIsGreedyShaped)
        search.insertion.maxDepth = 0
        search.run()
        let r = search.result()
        let greedy = try GreedyPlacer.place(items, in: env, options: options)
        #expect(r.placements.map(\.frame) == greedy.placements.map(\.frame))
        #expect(r.placements.map(\.anchorPointIndex) == greedy.placements.map(\.anchorPointIndex))
        let first = try #require(search.greedyFirstTier)
        #expect(first.count == items.count && first.shown == greedy.placedCount)
        #expect(greedy.placedCount > 10)
    }

    /// The answer equals the one with greedy's floor always computed (the
    /// search's answer unless greedy's is lexicographically better), on one
    /// tier and on two, with chains (9 anchors) and without (one anchor,
    /// where the first tier shows what greedy shows and a second tier
    /// decides); whenever the floor is skipped, greedy was indeed not better.
    @Test(arguments: [(1, false, false), (2, false, true), (3, true, false), (4, true, true), (5, false, true)] as [(UInt64, Bool, Bool)])
    func theAnswerIsTheEagerFloors(seed: UInt64, oneAnchor: Bool, lowerTier: Bool) throws {
        let (items, env, options) = Self.packedScene(seed: seed, n: oneAnchor ? 7_000 : 2_500, oneAnchor: oneAnchor, lowerTier: lowerTier)
        var search = LexicographicSearch(items, env, options: options, effort: OptimisePlacer.defaultEffort)
        #expect(search.firstTierIsGreedyShaped)
        search.run()
        var result = search.result()
        result.method = .optimise
        result.searchedComponents = search.searchedComponents
        let greedy = try GreedyPlacer.place(items, in: env, options: options)
        let greedyBetter = OptimisePlacer.lexicographicallyBetter(greedy, than: result, items: items, order: search.order)
        let first = try #require(search.greedyFirstTier)
        if !OptimisePlacer.greedyMayBeBetter(than: result, firstTier: first, order: search.order) {
            #expect(!greedyBetter)
        }
        let r = try OptimisePlacer.place(items, in: env, options: options)
        let expected = greedyBetter ? greedy : result
        #expect(r.placements.map(\.frame) == expected.placements.map(\.frame))
        #expect(r.placements.map(\.hiddenReason) == expected.placements.map(\.hiddenReason))
        #expect(r.placedCount >= greedy.placedCount)
        #expect(try OptimisePlacer.place(items, in: env, options: options) == r)
    }

    /// `greedyMayBeBetter` from counts alone: more of the first tier wins,
    /// as many wins only when there is no other tier.
    @Test func greedyMayBeBetterFromCounts() {
        func result(_ shown: [Bool]) -> PlacementResult {
            var placements = shown.indices.map { Placement(id: "p\($0)", itemIndex: $0) }
            for (i, s) in shown.enumerated() where s { placements[i].frame = ScreenRect(minX: 0, minY: 0, maxX: 1, maxY: 1) }
            return PlacementResult(placements: placements, drawOrder: [], rejected: [], candidateTests: 0)
        }
        let order = [0, 1, 2, 3]
        // Greedy showed 1 of the first 3.
        #expect(!OptimisePlacer.greedyMayBeBetter(than: result([true, true, false, false]), firstTier: (3, 1), order: order))
        #expect(OptimisePlacer.greedyMayBeBetter(than: result([true, false, false, true]), firstTier: (3, 1), order: order))
        #expect(!OptimisePlacer.greedyMayBeBetter(than: result([true, false, false, true]), firstTier: (4, 2), order: order))
        #expect(OptimisePlacer.greedyMayBeBetter(than: result([true, false, false, false]), firstTier: (4, 2), order: order))
    }
}
