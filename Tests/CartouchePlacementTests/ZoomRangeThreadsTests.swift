import CartoucheGeometry
import Foundation
import Testing

@testable import CartouchePlacement

/// Greedy zoom-range placement on several threads (`ZoomRangeBatches`):
/// the same placements as on one, whatever the thread count and batch size.
@Suite("Zoom-range placement on several threads: the answer of one")
struct ZoomRangeThreadsTests {
    static func place(_ items: [ZoomRangeItem], _ range: ZoomRange, threads: Int, batchSize: Int) throws -> ZoomRangeResult {
        try ZoomRangePlacer.place(items, range: range, mode: .greedy, budget: .unlimited,
                                  threads: threads, batchSize: batchSize)
    }

    @Test("threads and batches change no placement, and match the brute-force greedy", arguments: 0..<40)
    func smallScenes(seed: Int) throws {
        let (items, range) = ZoomRangePlacerTests.randomScene(seed: UInt64(seed) &* 7919 &+ 11, count: 2...60)
        let one = try ZoomRangePlacer.place(items, range: range)
        let reference = ZoomRangeOracle.greedy(items, range: range)
        for (threads, batchSize) in [(2, 1), (2, 5), (3, 7), (4, 1024)] {
            let many = try Self.place(items, range, threads: threads, batchSize: batchSize)
            #expect(many.placements == one.placements, "seed \(seed), \(threads) threads, batches of \(batchSize)")
            for (p, r) in zip(many.placements, reference) {
                #expect(p.isVisible == (r != nil), "\(p.id) seed \(seed)")
                guard let r, let m = p.minZoom, let anchor = p.anchor else { continue }
                #expect(abs(m - r.zoom) < 1e-9 && anchor == items[p.itemIndex].variableAnchors[r.anchor], "\(p.id) seed \(seed)")
            }
        }
    }

    @Test("thousands of labels over zooms 0–14 in many batches: the same placements and hidden reasons")
    func manyBatches() throws {
        var rng = SplitMix64(seed: 30)
        let towns = (0..<20).map { _ in ScreenPoint(x: rng.double(0.2...0.8), y: rng.double(0.3...0.6)) }
        let items = (0..<6000).map { i in
            let town = towns[rng.int(0...19)]
            var item = ZoomRangeItem(
                id: "m\(i)", world: ScreenPoint(x: town.x + rng.double(-0.002...0.002), y: town.y + rng.double(-0.002...0.002)),
                size: ScreenSize(width: rng.double(20...130), height: 24),
                options: ViewAnnotationOptions(variableAnchors: BoxAnchor.all.map { AnchorConfig($0, offsetX: 4, offsetY: 4) }, allowOverlap: rng.chance(0.01), priority: rng.int(0...100_000)))
            if rng.chance(0.05) { item.collisionBoxes = [ScreenRect(x: 0, y: 0, width: 12, height: 12)] }
            if rng.chance(0.1) { item.minZoom = rng.double(0...10) }
            if rng.chance(0.1) { item.maxZoom = rng.double(item.minZoom...14) }
            return item
        }
        let range = ZoomRange(min: 0, max: 14)
        let one = try ZoomRangePlacer.place(items, range: range)
        #expect(one.shownCount > 3000 && one.shownCount < 6000)  // some hidden by collision: the reasons are compared too
        for (threads, batchSize) in [(2, 1024), (2, 97), (5, 512)] {
            let many = try Self.place(items, range, threads: threads, batchSize: batchSize)
            #expect(many.placements == one.placements, "\(threads) threads, batches of \(batchSize)")
        }
    }

    @Test("optimise: threads change nothing, whatever the search's batch size", arguments: 0..<24)
    func optimiseSmallScenes(seed: Int) throws {
        let (items, range) = ZoomRangePlacerTests.randomScene(seed: UInt64(seed) &* 6151 &+ 5, count: 10...80)
        for searchBatch in [1, 7, 256] {
            let one = try ZoomRangePlacer.place(items, range: range, mode: .optimise, budget: .unlimited, threads: 1,
                                                batchSize: 1024, searchBatchSize: searchBatch)
            for threads in [2, 3] {
                let many = try ZoomRangePlacer.place(items, range: range, mode: .optimise, budget: .unlimited, threads: threads,
                                                     batchSize: 5, searchBatchSize: searchBatch)
                #expect(many == one, "seed \(seed), \(threads) threads, search batches of \(searchBatch)")
            }
        }
    }

    @Test("optimise over a thousand labels in many search batches: the same answer on 1, 2 and 4 threads")
    func optimiseManyBatches() throws {
        var rng = SplitMix64(seed: 3030)
        let towns = (0..<8).map { _ in ScreenPoint(x: rng.double(0.3...0.7), y: rng.double(0.3...0.6)) }
        let items = (0..<1200).map { i in
            let town = towns[rng.int(0...7)]
            return ZoomRangeItem(
                id: "o\(i)", world: ScreenPoint(x: town.x + rng.double(-0.003...0.003), y: town.y + rng.double(-0.003...0.003)),
                size: ScreenSize(width: rng.double(20...110), height: 20),
                options: ViewAnnotationOptions(variableAnchors: BoxAnchor.all.map { AnchorConfig($0, offsetX: 4, offsetY: 4) }, priority: rng.int(0...100_000)))
        }
        let range = ZoomRange(min: 2, max: 12)
        let greedy = try ZoomRangePlacer.place(items, range: range)
        let one = try ZoomRangePlacer.place(items, range: range, mode: .optimise, budget: .unlimited, threads: 1,
                                            batchSize: 1024, searchBatchSize: 64)
        #expect(one.improvements > 0 && one.coverage > greedy.coverage)  // the search has work to do
        for threads in [2, 4] {
            let many = try ZoomRangePlacer.place(items, range: range, mode: .optimise, budget: .unlimited, threads: threads,
                                                 batchSize: 1024, searchBatchSize: 64)
            #expect(many == one, "\(threads) threads")
        }
    }
}
