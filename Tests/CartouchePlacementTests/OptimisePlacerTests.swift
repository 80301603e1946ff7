import CartoucheGeometry
import Dispatch
import Synchronization
import Testing

@testable import CartouchePlacement

@Suite("Optimise placement")
struct OptimisePlacerTests {
    /// Christensen–Marks–Shieber style instance: n points uniform in a 792×612
    /// region, 30×7 labels, corner (4) or 8-position anchors.
    static func cms(n: Int, positions: Int, seed: UInt64) -> ([PlacementItem], PlacementEnvironment) {
        var rng = SplitMix64(seed: seed)
        let anchors: [AnchorConfig] = positions == 4
            ? [.bottomLeft, .bottomRight, .topLeft, .topRight].map { AnchorConfig($0) }
            : BoxAnchor.all.map { AnchorConfig($0) }
        let items = (0..<n).map { i in
            PlacementItem(id: "p\(i)", anchorPoints: [ScreenPoint(x: rng.double(0...792), y: rng.double(0...612))],
                          size: ScreenSize(width: 30, height: 7), options: ViewAnnotationOptions(variableAnchors: anchors, ignoreCameraPadding: true))
        }
        return (items, PlacementEnvironment(viewport: ScreenSize(width: 792, height: 612)))
    }

    @Test(arguments: [(250, 4), (500, 4), (1000, 4), (1000, 8), (1500, 4)])
    func placesAtLeastAsManyAsGreedyWithoutOverlaps(n: Int, positions: Int) throws {
        let (items, env) = Self.cms(n: n, positions: positions, seed: UInt64(n * 10 + positions))
        let greedy = try GreedyPlacer.place(items, in: env)
        let optimised = try OptimisePlacer.place(items, in: env)
        print("CMS n=\(n) \(positions)-position: greedy \(greedy.placedCount), optimise \(optimised.placedCount)")
        #expect(optimised.placedCount >= greedy.placedCount)
        try checkNoOverlaps(optimised, items)
    }

    /// 2–9 labels of 1–4 anchors on a 160 × 120 screen: small enough to solve exactly.
    static func smallInstance(seed: Int) -> ([PlacementItem], PlacementEnvironment) {
        var rng = SplitMix64(seed: UInt64(seed) &* 7919)
        let n = rng.int(2...9)
        let items = (0..<n).map { i in
            PlacementItem(id: "p\(i)", anchorPoints: [ScreenPoint(x: rng.double(20...140), y: rng.double(20...100))],
                          size: ScreenSize(width: rng.double(20...50), height: rng.double(8...25)),
                          options: ViewAnnotationOptions(variableAnchors: Array(BoxAnchor.allCases.shuffled(using: &rng).prefix(rng.int(1...4))).map { AnchorConfig($0) }, ignoreCameraPadding: true))
        }
        return (items, PlacementEnvironment(viewport: ScreenSize(width: 160, height: 120)))
    }

    /// On instances small enough to solve exactly, optimise mode finds the optimum.
    @Test(arguments: 0..<150)
    func matchesExhaustiveOptimumOnSmallInstances(seed: Int) throws {
        let (items, env) = Self.smallInstance(seed: seed)
        let optimised = try OptimisePlacer.place(items, in: env)
        #expect(optimised.placedCount == exhaustiveOptimum(items, env))
        try checkNoOverlaps(optimised, items)
    }

    /// No hidden annotation could have been shown without taking space that a
    /// lower-priority one holds: each legal candidate of a hidden one overlaps
    /// a shown annotation of equal or higher rank.
    @Test(arguments: 0..<60)
    func priorityContractHolds(seed: Int) throws {
        let (items, env, _) = ReferenceAgreementTests.randomScene(seed: UInt64(5000 + seed))
        let r = try OptimisePlacer.place(items, in: env)
        try checkNoOverlaps(r, items)
        let obstacles = StaticObstacles(env, cellSize: 64)
        for p in r.placements where !p.isVisible && !items[p.itemIndex].allowOverlap {
            let item = items[p.itemIndex]
            guard precheckReason(item, zoom: env.zoom) == nil else { continue }
            for point in item.anchorPoints where obstacles.keeps(anchorPoint: point) {
                for a in item.variableAnchors {
                    let f = a.frame(at: point, size: item.size)
                    let rects = item.collisionRects(for: f)
                    guard obstacles.violation(frame: f, rects: rects, item: item) == nil else { continue }
                    let blockedByPeerOrBetter = r.placements.contains { q in
                        guard let qf = q.frame else { return false }
                        let other = items[q.itemIndex]
                        let rankOK = other.selected != item.selected ? other.selected : other.priority >= item.priority
                        return rankOK && other.collisionRects(for: qf).contains { o in rects.contains { $0.intersects(o) } }
                    }
                    #expect(blockedByPeerOrBetter, "\(item.id) was hidden for a lower-priority annotation")
                }
            }
        }
    }

    /// A scene whose conflict graph is over the local search's budget
    /// (5,000 callouts of 160×60 with 9 anchors on a 1920×1080 screen: every
    /// candidate overlaps hundreds of others) is still optimised — by
    /// insertion with moves, which needs no graph — and says so: no silent
    /// fallback to greedy.
    @Test func denseTierOverTheGraphBudgetIsStillOptimised() async throws {
        var rng = SplitMix64(seed: 77)
        let items = (0..<5000).map { i in
            PlacementItem(id: "c\(i)", anchorPoints: [ScreenPoint(x: rng.double(0...1920), y: rng.double(0...1080))],
                          size: ScreenSize(width: 160, height: 60), options: ViewAnnotationOptions(variableAnchors: BoxAnchor.allCases.map { AnchorConfig($0) }))
        }
        let env = PlacementEnvironment(viewport: ScreenSize(width: 1920, height: 1080))
        // Minutes of one thread in a debug build under CI's load: off the
        // Swift concurrency pool (two threads on 2 cores), where it left the
        // live test servers of the browser suites one thread (they timed out).
        let (greedy, optimised) = try await Self.offThePool {
            (try GreedyPlacer.place(items, in: env), try OptimisePlacer.place(items, in: env))
        }
        print("dense 5,000 callouts: greedy \(greedy.placedCount), optimise \(optimised.placedCount)")
        #expect(optimised.method == .optimise && optimised.finished)
        #expect(optimised.placedCount > greedy.placedCount)
        try checkNoOverlaps(optimised, items)
    }

    /// Greedy mode skips the candidates whose anchor point is inside a shown
    /// annotation; recording rejections turns the shortcut off, so both runs
    /// must agree on every frame and reason.
    @Test(arguments: [(1000, 4), (1500, 8)])
    func greedyShortcutChangesNothing(n: Int, positions: Int) throws {
        let (items, env) = Self.cms(n: n, positions: positions, seed: UInt64(n * 10 + positions))
        let fast = try GreedyPlacer.place(items, in: env)
        let full = try GreedyPlacer.place(items, in: env, options: PlacementOptions(recordRejected: true))
        #expect(fast.placements == full.placements)
        #expect(fast.candidateTests < full.candidateTests)
    }

    @Test func isDeterministic() throws {
        let (items, env) = Self.cms(n: 800, positions: 8, seed: 42)
        let a = try OptimisePlacer.place(items, in: env)
        let b = try OptimisePlacer.place(items, in: env)
        #expect(a == b)
    }

    /// `body` on a Dispatch thread, awaited: a long computation that would
    /// otherwise hold a thread of the Swift concurrency pool.
    static func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
        }
    }

    func checkNoOverlaps(_ r: PlacementResult, _ items: [PlacementItem]) throws {
        let shown = r.placements.filter { $0.isVisible && !items[$0.itemIndex].allowOverlap }
        var grid = GridIndex(region: ScreenRect(x: -1000, y: -1000, width: 4000, height: 4000), cellSize: 64)
        for p in shown {
            let rects = items[p.itemIndex].collisionRects(for: try #require(p.frame))
            for rect in rects {
                let hit = grid.firstIntersection(with: rect)
                #expect(hit == nil, "\(p.id) overlaps another shown annotation")
            }
            for rect in rects { grid.insert(rect, owner: Int32(p.itemIndex)) }
        }
    }

    /// Branch and bound over "which candidate, or none" per item.
    func exhaustiveOptimum(_ items: [PlacementItem], _ env: PlacementEnvironment) -> Int {
        let frames: [[ScreenRect]] = items.map { item in
            item.variableAnchors.map { $0.frame(at: item.anchorPoints[0], size: item.size) }
        }
        var best = 0
        var chosen: [ScreenRect] = []
        func go(_ i: Int) {
            if chosen.count + (items.count - i) <= best { return }
            if i == items.count { best = max(best, chosen.count); return }
            for f in frames[i] where !chosen.contains(where: { $0.intersects(f) }) {
                chosen.append(f)
                go(i + 1)
                chosen.removeLast()
            }
            go(i + 1)
        }
        go(0)
        return best
    }
}

@Suite("Optimise placement: cancellation")
struct OptimiseCancellationTests {
    /// A stop signal that turns true on its `after`-th poll and counts the
    /// polls made once it has said stop. Counting polls instead of reading a
    /// clock makes these tests the same on a quiet and a busy machine: how
    /// promptly the search stops is measured in its own steps.
    final class CountingStop: Sendable {
        private let polls = Mutex((made: 0, afterStop: 0))
        let after: Int

        init(after: Int) { self.after = after }

        /// Answers one poll: true from the `after`-th on.
        func poll() -> Bool {
            polls.withLock { p in
                p.made += 1
                if p.made >= after { p.afterStop += 1; return true }
                return false
            }
        }

        /// Polls answered with "stop", the first one included.
        var stopsAnswered: Int { polls.withLock { $0.afterStop } }
    }

    /// One big tier: the stop must be honoured inside it, not only between
    /// tiers. The greedy floor polls every 32 items (about 160 polls for 5,000
    /// callouts), so a stop on the 400th poll comes inside the search. The
    /// search stops at that poll with a valid answer at least as good as
    /// greedy's that says it did not finish.
    @Test func aStopInsideATierEndsTheSearchAtItsNextPoll() throws {
        let (items, env) = OptimisePlacerTests.cms(n: 5000, positions: 8, seed: 3)
        let greedy = try GreedyPlacer.place(items, in: env)
        let stop = CountingStop(after: 400)
        let r = try OptimisePlacer.place(items, in: env, options: PlacementOptions(budget: PlacementBudget(shouldStopSearch: { stop.poll() })))
        #expect(!r.finished && r.method == .optimise)
        #expect(stop.stopsAnswered >= 1, "the search finished before its 400th poll: the test proves nothing")
        // Each stage that sees the stop returns: a few stages may each ask once on the way out.
        #expect(stop.stopsAnswered <= 4, "the search went on after it was told to stop")
        #expect(r.placedCount >= greedy.placedCount)
        try OptimisePlacerTests().checkNoOverlaps(r, items)
    }

    /// A cancel throws, also once greedy's answer exists: whoever cancels
    /// wants no answer, and stopping at once frees the worker (a client that
    /// hangs up frees its pool slot long before the job would have ended,
    /// `ConnectionTests`).
    @Test func aCancelAfterTheFloorThrowsAtItsNextPoll() throws {
        let (items, env) = OptimisePlacerTests.cms(n: 5000, positions: 8, seed: 3)
        let cancel = CountingStop(after: 400)
        #expect(throws: PlacementCancelled.self) {
            try OptimisePlacer.place(items, in: env, options: PlacementOptions(budget: PlacementBudget(shouldCancel: { cancel.poll() })))
        }
        #expect(cancel.stopsAnswered == 1, "polled \(cancel.stopsAnswered) times after the cancel")
    }

    /// A stop before greedy's answer exists (nothing valid to return) throws.
    @Test func aStopBeforeAnyAnswerThrows() throws {
        let (items, env) = OptimisePlacerTests.cms(n: 500, positions: 4, seed: 5)
        #expect(throws: PlacementCancelled.self) {
            try OptimisePlacer.place(items, in: env, options: PlacementOptions(budget: PlacementBudget(shouldCancel: { true })))
        }
    }
}
