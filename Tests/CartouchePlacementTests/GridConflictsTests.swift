import CartoucheGeometry
import Testing

@testable import CartouchePlacement

/// The on-the-fly conflict graph of dense tiers (`GridConflicts`) against the
/// stored one and against brute force, and optimise mode on that path.
@Suite("Optimise placement: conflicts found on the fly")
struct GridConflictsTests {
    /// Random candidates, some with several collision rects, some reaching
    /// outside the region (clamped into the border cells).
    static func randomCandidates(seed: UInt64) -> (owner: [Int32], itemStart: [Int32], rectStart: [Int32], rects: [ScreenRect]) {
        var rng = SplitMix64(seed: seed &* 0x2545_F491 &+ 3)
        var owner: [Int32] = [], itemStart: [Int32] = [0], rectStart: [Int32] = [0], rects: [ScreenRect] = []
        for item in 0..<rng.int(2...40) {
            for _ in 0..<rng.int(1...4) {
                let x = rng.double(-30...330), y = rng.double(-30...230)
                for _ in 0..<(rng.chance(0.3) ? rng.int(2...3) : 1) {
                    let dx = rng.double(0...20), dy = rng.double(0...12)
                    rects.append(ScreenRect(x: x + dx, y: y + dy, width: rng.double(1...70), height: rng.double(1...30)))
                }
                owner.append(Int32(item))
                rectStart.append(Int32(rects.count))
            }
            itemStart.append(Int32(owner.count))
        }
        return (owner, itemStart, rectStart, rects)
    }

    /// Each candidate's neighbours are exactly the candidates of other items
    /// with an overlapping rect, each reported once (the stored lists too,
    /// at every cell size).
    @Test(arguments: 0..<200)
    func neighboursEqualBruteForce(seed: Int) throws {
        let c = Self.randomCandidates(seed: UInt64(seed))
        var rng = SplitMix64(seed: UInt64(seed))
        let cellSize = [4.0, 16, 37, 64, 500][rng.int(0...4)]
        let region = ScreenRect(x: 0, y: 0, width: 300, height: 200)
        let grid = GridConflicts(owner: c.owner, itemStart: c.itemStart, rectStart: c.rectStart, rects: c.rects, region: region)
        var stored = CandidateGraph()
        stored.owner = c.owner
        stored.itemStart = c.itemStart
        #expect(stored.buildAdjacency(rectStart: c.rectStart, rects: c.rects, region: region, cellSize: cellSize,
                                      maxEntries: .max) == .built)
        func rects(_ v: Int) -> ArraySlice<ScreenRect> { c.rects[Int(c.rectStart[v])..<Int(c.rectStart[v + 1])] }
        for v in c.owner.indices {
            let expected = c.owner.indices.filter { u in
                c.owner[u] != c.owner[v] && rects(v).contains { a in rects(u).contains { a.intersects($0) } }
            }
            var found: [Int] = []
            grid.forEachNeighbor(of: v) { found.append($0) }
            #expect(found.sorted() == expected, "candidate \(v)")
            var listed: [Int] = []
            stored.forEachNeighbor(of: v) { listed.append($0) }
            #expect(listed.sorted() == expected)
            // Stopping early stops at once.
            var visits = 0
            let all = grid.visitNeighbors(of: v) { _ in visits += 1; return false }
            #expect(all == expected.isEmpty && visits == min(1, expected.count))
        }
    }

    /// With no room to store any conflict list, every group searches with
    /// conflicts found on the fly: still the optimum on instances small
    /// enough to solve exactly.
    @Test(arguments: 0..<80)
    func onTheFlyConflictsStillFindTheOptimum(seed: Int) throws {
        let (items, env) = OptimisePlacerTests.smallInstance(seed: seed)
        let r = try OptimisePlacer.place(items, in: env, options: PlacementOptions(), effort: OptimisePlacer.defaultEffort,
                                         maxConflictEntries: 0)
        #expect(r.placedCount == OptimisePlacerTests().exhaustiveOptimum(items, env))
        try OptimisePlacerTests().checkNoOverlaps(r, items)
    }

    /// A group whose conflict lists do not fit runs the local search all the
    /// same: on the CMS benchmark at n = 1000 the answer is valid, says it
    /// finished, and shows nearly as many as with stored lists (measured:
    /// 903 vs 910 with 4 positions, 937 vs 951 with 8): there the kicks
    /// stop after 8 neighbour queries per candidate, each a scan of rects.
    @Test(arguments: [(1000, 4), (1000, 8)])
    func aGroupOverTheCapIsSearched(n: Int, positions: Int) throws {
        let (items, env) = OptimisePlacerTests.cms(n: n, positions: positions, seed: UInt64(n * 10 + positions))
        let greedy = try GreedyPlacer.place(items, in: env)
        let stored = try OptimisePlacer.place(items, in: env)
        let onTheFly = try OptimisePlacer.place(items, in: env, options: PlacementOptions(),
                                                effort: OptimisePlacer.defaultEffort, maxConflictEntries: 0)
        print("CMS n=\(n) \(positions)-position: greedy \(greedy.placedCount), stored \(stored.placedCount), on the fly \(onTheFly.placedCount)")
        #expect(onTheFly.method == .optimise && onTheFly.finished)
        #expect(onTheFly.placedCount > greedy.placedCount)
        #expect(Double(onTheFly.placedCount) >= 0.98 * Double(stored.placedCount))
        try OptimisePlacerTests().checkNoOverlaps(onTheFly, items)
    }
}
