import CartoucheGeometry

/// A tier's conflict graph stored as 8 × 8 bit matrices between blocks of
/// candidates: for dense tiers whose conflict lists (`CandidateGraph`) would
/// not fit `OptimisePlacer.maxConflictEntries`.
///
/// A block is up to 8 consecutive candidates of one item (an item with 8
/// anchors is one block). For every two blocks of different items with some
/// overlapping candidates, each stores the other's index and a `UInt64`
/// whose bit `8 s + t` says that its candidate `s` overlaps the other's
/// candidate `t`. In a packed screen two nearby labels overlap in many of
/// their 64 anchor pairs, so this holds the same graph as the lists in a
/// fraction of the memory (India z5: 6.1 million list entries, 24 MB, as
/// 386,554 masks of 16 pairs on average, 4.6 MB), and a neighbour query
/// reads one mask per nearby block instead of scanning rects
/// (`GridConflicts`: about 1,000 rect tests a query there; its search took
/// 1.8 s, this one 0.27 s).
struct BlockConflicts: ConflictGraph {
    let owner: [Int32]
    let itemStart: [Int32]
    /// Candidates of block b: `blockStart[b]..<blockStart[b+1]`.
    private let blockStart: [Int32]
    /// Per candidate: its block.
    private let blockOf: [Int32]
    /// Per block: its item.
    private let blockItem: [Int32]
    /// Per candidate: its box (the union of its rects), and whether it is one rect.
    private let box: [ScreenRect]
    private let single: [Bool]
    /// Block b's neighbour blocks and masks: `pairBlock[k]`, `pairMask[k]`
    /// for k in `pairStart[b]..<pairStart[b+1]`.
    private let pairStart: [Int32]
    private let pairBlock: [Int32]
    private let pairMask: [UInt64]
    /// Per block b: where its pairs with higher blocks start (those with
    /// lower ones, before, are in increasing block order).
    private let upperStart: [Int32]
    /// Block b's pairs with higher blocks in increasing block order: for i
    /// in `upperStart[b]..<pairStart[b+1]`, `upperOrder[i]` is a pair index.
    /// The pairs themselves stay in the order the grid found them (the
    /// order neighbours are visited in); this only serves `conflicts(_:_:)`.
    private let upperOrder: [Int32]
    /// `pairBlock[upperOrder[i]]`, searched contiguously.
    private let upperKey: [Int32]
    /// The number of conflict-list entries the graph holds (each pair both ways).
    let entryCount: Int

    /// Builds the masks, unless there would be more than `maxPairs` of them
    /// (each way) or `shouldCancel` (polled every 64 blocks) says stop: nil
    /// then (the caller polls again to tell which). Also nil, with
    /// `provenOverCap` false, when the pairs found by then, extrapolated
    /// over all blocks, pass 4 × `maxPairs` (tens of thousands of callouts on
    /// one screen, where building up to the cap cost 0.25 s at 100,000): the
    /// masks would most likely not fit.
    ///
    /// - Parameters:
    ///   - owner: per candidate, its item in the tier's item list.
    ///   - itemStart: per item, where its (contiguous) candidates start; one more entry at the end.
    ///   - rectStart: per candidate, where its rects start in `rects`; one more entry at the end.
    ///   - region: the area the rects fall in (a grid of block boxes covers it).
    /// - Complexity: O(B·k + P·64) for B blocks, k block boxes near each and
    ///   P block pairs with some overlap; O(maxPairs) memory at most.
    init?(owner: [Int32], itemStart: [Int32], rectStart: [Int32], rects: [ScreenRect], region: ScreenRect,
          cellSize: Double, maxPairs: Int, provenOverCap: inout Bool, shouldCancel: (@Sendable () -> Bool)? = nil) {
        provenOverCap = false
        self.owner = owner
        self.itemStart = itemStart
        let blockStart = Self.blocks(itemStart)
        let blocks = blockStart.count - 1
        var blockOf = [Int32](repeating: 0, count: owner.count)
        // Each candidate's box (the union of its rects) and each block's.
        let empty = ScreenRect(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        var box = [ScreenRect](repeating: empty, count: owner.count)
        var blockBox = [ScreenRect](repeating: empty, count: blocks)
        var listed: [ScreenRect] = [], listedBlock: [Int32] = []
        for b in 0..<blocks {
            for v in Int(blockStart[b])..<Int(blockStart[b + 1]) {
                blockOf[v] = Int32(b)
                for k in Int(rectStart[v])..<Int(rectStart[v + 1]) { box[v] = Self.union(box[v], rects[k]) }
                blockBox[b] = Self.union(blockBox[b], box[v])
            }
            if blockBox[b].minX <= blockBox[b].maxX {
                listed.append(blockBox[b])
                listedBlock.append(Int32(b))
            }
        }
        // Each block meets the later blocks in the order a grid of all the
        // boxes lists them (cells row by row, blocks in order): the order of
        // each block's pairs with higher ones, so of the search's neighbour
        // visits. Removing blocks as they are passed leaves the cells only
        // the later ones to scan.
        var grid = CellSortedRects(listed, owners: listedBlock, grid: GridIndex(region: region, cellSize: cellSize))
        var nextListed = 0
        var single = [Bool](repeating: false, count: owner.count)
        for v in owner.indices { single[v] = rectStart[v + 1] - rectStart[v] == 1 }
        var blockSingle = [Bool](repeating: true, count: blocks)
        for b in 0..<blocks {
            for v in Int(blockStart[b])..<Int(blockStart[b + 1]) where !single[v] { blockSingle[b] = false }
        }
        // Pairs (a, b) with a < b found from a's box; both directions stored.
        var from: [Int32] = [], to: [Int32] = [], masks: [UInt64] = []
        var seen = [Int32](repeating: -1, count: blocks)
        var degree = [Int32](repeating: 0, count: blocks + 1)
        for a in 0..<blocks {
            if a & 63 == 63, let cancel = shouldCancel, cancel() { return nil }
            let item = owner[Int(blockStart[a])]
            let aRange = Int(blockStart[a])..<Int(blockStart[a + 1])
            // (A block without a box meets none.)
            if nextListed < listedBlock.count && listedBlock[nextListed] == Int32(a) {
                nextListed += 1
                grid.removeNext { b32 in
                    let b = Int(b32)
                    guard seen[b] != Int32(a), owner[Int(blockStart[b])] != item else { return }
                    seen[b] = Int32(a)
                    let bRange = Int(blockStart[b])..<Int(blockStart[b + 1])
                    var mask = box.withUnsafeBufferPointer { Self.boxMask(aRange, bRange, near: blockBox[b], $0) }
                    // One rect each (labels): the boxes are the rects. Else a
                    // colliding pair of boxes is a conflict when two rects collide.
                    if mask != 0 && !(blockSingle[a] && blockSingle[b]) {
                        var bits = mask
                        while bits != 0 {
                            let bit = bits.trailingZeroBitCount
                            bits &= bits - 1
                            let v = aRange.lowerBound + bit / 8, u = bRange.lowerBound + bit % 8
                            if !(single[v] && single[u]) && !Self.overlaps(v, u, rectStart, rects) { mask &= ~(1 << UInt64(bit)) }
                        }
                    }
                    guard mask != 0 else { return }
                    from.append(Int32(a)); to.append(Int32(b)); masks.append(mask)
                    degree[a + 1] += 1
                    degree[b + 1] += 1
                }
            }
            if 2 * masks.count > maxPairs {
                provenOverCap = true
                return nil
            }
            // Block a finds its pairs with later blocks, so this rate
            // overestimates (at most 2× at first): 4× leaves room.
            if a & 63 == 63, Double(2 * masks.count) * Double(blocks) > 4 * Double(maxPairs) * Double(a + 1) { return nil }
        }
        for b in 0..<blocks { degree[b + 1] += degree[b] }
        guard let lists = Self.lists(from: from, to: to, masks: masks, pairStart: degree, shouldCancel: shouldCancel)
        else { return nil }
        var blockItem = [Int32](repeating: 0, count: blocks)
        for b in 0..<blocks { blockItem[b] = owner[Int(blockStart[b])] }
        self.blockStart = blockStart
        self.blockOf = blockOf
        self.blockItem = blockItem
        self.box = box
        self.single = single
        upperStart = lists.upperStart
        upperOrder = lists.upperOrder
        upperKey = lists.upperKey
        pairStart = degree
        pairBlock = lists.pairBlock
        pairMask = lists.pairMask
        entryCount = lists.entries
    }

    /// Every block's list of pairs (`pairStart` per block, filled from the
    /// pairs found as `from < to`), with the index of its higher blocks
    /// (`upperStart`, `upperOrder`, `upperKey`) and the entries counted.
    /// Each block's list: lower blocks in increasing order, then higher
    /// ones in the order its grid query found them (deterministic).
    /// Nil when `shouldCancel`, polled every 65,536 pairs and every 64
    /// blocks' sort, says stop (in a debug build, 5,000 callouts on a small
    /// screen took 0.2 s here, past a client's 100 ms to be let go).
    /// - Complexity: O(P log P) for P pairs.
    private static func lists(
        from: [Int32], to: [Int32], masks: [UInt64], pairStart: [Int32], shouldCancel: (@Sendable () -> Bool)?
    ) -> (pairBlock: [Int32], pairMask: [UInt64], upperStart: [Int32], upperOrder: [Int32], upperKey: [Int32], entries: Int)? {
        let stop = { shouldCancel?() ?? false }
        let blocks = pairStart.count - 1
        var fill = pairStart
        var pairBlock = [Int32](repeating: 0, count: 2 * masks.count)
        var pairMask = [UInt64](repeating: 0, count: 2 * masks.count)
        var entries = 0
        var upperStart = [Int32](repeating: 0, count: blocks)
        for k in masks.indices {
            if k & 0xFFFF == 0xFFFF, stop() { return nil }
            let a = Int(from[k]), b = Int(to[k])
            pairBlock[Int(fill[b])] = Int32(a)
            pairMask[Int(fill[b])] = Self.transposed(masks[k])
            fill[b] += 1
            entries += 2 * masks[k].nonzeroBitCount
        }
        for b in 0..<blocks { upperStart[b] = fill[b] }
        for k in masks.indices {
            if k & 0xFFFF == 0xFFFF, stop() { return nil }
            let a = Int(from[k])
            pairBlock[Int(fill[a])] = to[k]
            pairMask[Int(fill[a])] = masks[k]
            fill[a] += 1
        }
        var upperOrder = [Int32](repeating: 0, count: 2 * masks.count)
        var upperKey = [Int32](repeating: 0, count: 2 * masks.count)
        for b in 0..<blocks {
            if b & 63 == 63, stop() { return nil }
            let range = Int(upperStart[b])..<Int(pairStart[b + 1])
            for i in range { upperOrder[i] = Int32(i) }
            upperOrder[range].sort { pairBlock[Int($0)] < pairBlock[Int($1)] }
            for i in range { upperKey[i] = pairBlock[Int(upperOrder[i])] }
        }
        return (pairBlock, pairMask, upperStart, upperOrder, upperKey, entries)
    }

    /// Where each block starts: every item's candidates cut into runs of 8
    /// (the last one shorter); one more entry at the end.
    private static func blocks(_ itemStart: [Int32]) -> [Int32] {
        var blockStart: [Int32] = [0]
        for i in 0..<(itemStart.count - 1) {
            var s = Int(itemStart[i])
            let end = Int(itemStart[i + 1])
            while s < end {
                s = min(end, s + 8)
                blockStart.append(Int32(s))
            }
        }
        return blockStart
    }

    @inline(__always) private static func union(_ a: ScreenRect, _ b: ScreenRect) -> ScreenRect {
        ScreenRect(minX: min(a.minX, b.minX), minY: min(a.minY, b.minY), maxX: max(a.maxX, b.maxX), maxY: max(a.maxY, b.maxY))
    }

    /// Which boxes of candidates `a` collide with which of `b` (at most 8
    /// each; bit 8 s + t for `a`'s s-th and `b`'s t-th): the same tests as
    /// `collides(with:)`, on raw buffers and without a branch per pair (the
    /// mask build's innermost loop, some 20 million tests on India z5).
    /// - Complexity: O(|a|·|b|).
    @inline(__always) private static func boxMask(
        _ a: Range<Int>, _ b: Range<Int>, near bBox: ScreenRect, _ box: UnsafeBufferPointer<ScreenRect>
    ) -> UInt64 {
        let t = collisionTolerance
        var mask: UInt64 = 0
        for v in a {
            let p = box[v]
            guard p.intersects(bBox) else { continue }
            let minX = p.minX + t, minY = p.minY + t
            var row: UInt64 = 0
            for u in b {
                let o = box[u]
                let hit = Self.bit(minX < o.maxX) & Self.bit(o.minX + t < p.maxX)
                    & Self.bit(minY < o.maxY) & Self.bit(o.minY + t < p.maxY)
                row |= hit << UInt64(u - b.lowerBound)
            }
            mask |= row << UInt64(8 * (v - a.lowerBound))
        }
        return mask
    }

    @inline(__always) private static func bit(_ b: Bool) -> UInt64 { b ? 1 : 0 }

    /// Whether candidates `v` and `u` have colliding rects (`collides(with:)`).
    @inline(__always) private static func overlaps(_ v: Int, _ u: Int, _ rectStart: [Int32], _ rects: [ScreenRect]) -> Bool {
        for x in Int(rectStart[v])..<Int(rectStart[v + 1]) {
            for y in Int(rectStart[u])..<Int(rectStart[u + 1]) where rects[x].collides(with: rects[y]) { return true }
        }
        return false
    }

    /// The 8 × 8 bit matrix `m` (bit 8 s + t) transposed (bit 8 t + s).
    static func transposed(_ m: UInt64) -> UInt64 {
        // Hacker's Delight 7-3: swap 1 × 1, 2 × 2 and 4 × 4 blocks.
        var x = m
        var t = (x ^ (x >> 7)) & 0x00AA_00AA_00AA_00AA
        x = x ^ t ^ (t << 7)
        t = (x ^ (x >> 14)) & 0x0000_CCCC_0000_CCCC
        x = x ^ t ^ (t << 14)
        t = (x ^ (x >> 28)) & 0x0000_0000_F0F0_F0F0
        x = x ^ t ^ (t << 28)
        return x
    }

    /// The number of neighbours: one popcount per nearby block.
    func crowding(of v: Int) -> Int {
        let b = Int(blockOf[v]), shift = UInt64(8 * (v - Int(blockStart[b])))
        var n = 0
        for k in Int(pairStart[b])..<Int(pairStart[b + 1]) { n += Int((pairMask[k] >> shift) & 0xFF).nonzeroBitCount }
        return n
    }

    @inline(__always) func forEachNeighbor(of v: Int, _ body: (Int) -> Void) {
        visitNeighbors(of: v) { body($0); return true }
    }

    /// Per nearby block whose item has no choice, its eight counts compared
    /// with 1 at once (SIMD, the lanes after a short block masked off by
    /// the row), so only the few matching bits are visited.
    /// - Complexity: O(nearby blocks + neighbours reported).
    @inline(__always) func forEachNeighbor(
        of v: Int, countedOnce counts: UnsafeBufferPointer<Int32>, unchosen chosen: UnsafeBufferPointer<Int32>,
        _ body: (Int) -> Void
    ) {
        let b = Int(blockOf[v]), shift = UInt64(8 * (v - Int(blockStart[b])))
        let bitValues = SIMD8<Int32>(1, 2, 4, 8, 16, 32, 64, 128), ones = SIMD8<Int32>(repeating: 1)
        let end = counts.count - 8
        guard let start = counts.baseAddress else { return }
        pairMask.withUnsafeBufferPointer { masks in
            pairBlock.withUnsafeBufferPointer { blocks in
                blockStart.withUnsafeBufferPointer { blockStart in
                    blockItem.withUnsafeBufferPointer { blockItem in
                        // Without a branch until the few matching bits: whether a
                        // row is empty or its item chosen is a coin toss here.
                        for k in Int(pairStart[b])..<Int(pairStart[b + 1]) {
                            let nb = Int(blocks[k])
                            // All ones when the item has no choice (a negative choice), else none.
                            let unchosen = UInt64(bitPattern: Int64(chosen[Int(blockItem[nb])]) >> 63)
                            var row = (masks[k] >> shift) & 0xFF & unchosen
                            let base = Int(blockStart[nb])
                            if base <= end {
                                // Lane i: counts[base + i] xor 1, zero exactly when the count is 1
                                // (counts are never negative); its sign with its negation's says nonzero.
                                let x = UnsafeRawPointer(start + base).loadUnaligned(as: SIMD8<Int32>.self) ^ ones
                                let nonzero = (x | (SIMD8<Int32>(repeating: 0) &- x)) &>> 31
                                row &= UInt64(UInt32(bitPattern: (~nonzero & bitValues).wrappedSum()))
                            }
                            while row != 0 {
                                let u = base + row.trailingZeroBitCount
                                if counts[u] == 1 { body(u) }
                                row &= row - 1
                            }
                        }
                    }
                }
            }
        }
    }

    /// Per nearby block: its item's choice, if in that block and in the row.
    /// - Complexity: O(nearby blocks).
    @inline(__always) func chosenNeighbor(of v: Int, chosen: UnsafeBufferPointer<Int32>) -> Int {
        let b = Int(blockOf[v]), shift = UInt64(8 * (v - Int(blockStart[b])))
        return pairMask.withUnsafeBufferPointer { masks in
            pairBlock.withUnsafeBufferPointer { blocks in
                blockStart.withUnsafeBufferPointer { blockStart in
                    blockItem.withUnsafeBufferPointer { blockItem in
                        for k in Int(pairStart[b])..<Int(pairStart[b + 1]) {
                            let nb = Int(blocks[k])
                            let c = Int(chosen[Int(blockItem[nb])]), offset = c - Int(blockStart[nb])
                            // (c < 0 gives a negative offset; a choice in another block of the item, one past 7.)
                            if offset >= 0 && offset < 8 && c < Int(blockStart[nb + 1])
                                && (masks[k] >> (shift + UInt64(offset))) & 1 != 0 { return c }
                        }
                        return -1
                    }
                }
            }
        }
    }

    static var answersPairs: Bool { true }

    /// Their boxes first: apart, no conflict; overlapping, a conflict when
    /// both are one rect (labels: the boxes are the rects), else the mask
    /// bit, found by a binary search among the nearby blocks of `u`'s. The
    /// same answer as the mask, built by the same tests.
    /// - Complexity: O(1) for one-rect candidates, else O(log nearby blocks).
    @inline(__always) func conflicts(_ u: Int, _ w: Int) -> Bool {
        guard box[u].collides(with: box[w]) else { return false }
        if single[u] && single[w] { return true }
        let bu = Int(blockOf[u]), bw = blockOf[w]
        let bit = UInt64(8 * (u - Int(blockStart[bu])) + w - Int(blockStart[Int(bw)]))
        // Lower blocks are listed in increasing order; higher ones through `upperKey`.
        let lower = bw < Int32(bu)
        let keys = lower ? pairBlock : upperKey
        var lo = Int(lower ? pairStart[bu] : upperStart[bu]), hi = Int(lower ? upperStart[bu] : pairStart[bu + 1])
        let end = hi
        while lo < hi {
            let mid = (lo + hi) >> 1
            if keys[mid] < bw { lo = mid + 1 } else { hi = mid }
        }
        guard lo < end, keys[lo] == bw else { return false }
        return (pairMask[lower ? lo : Int(upperOrder[lo])] >> bit) & 1 != 0
    }

    /// Eight counts at once per nearby block: its row of the mask spread to
    /// eight lanes (`delta` or 0) added to the block's counts and the ones
    /// after them (plus 0 there), instead of one add per neighbour bit
    /// (the tightness updates of every insert and remove).
    /// - Complexity: O(nearby blocks).
    @inline(__always) func add(_ delta: Int32, toNeighborsOf v: Int, in counts: inout [Int32]) {
        let b = Int(blockOf[v]), shift = UInt64(8 * (v - Int(blockStart[b])))
        let bitValues = SIMD8<Int32>(1, 2, 4, 8, 16, 32, 64, 128), deltas = SIMD8<Int32>(repeating: delta)
        let end = counts.count - 8
        counts.withUnsafeMutableBufferPointer { counts in
            pairMask.withUnsafeBufferPointer { masks in
                pairBlock.withUnsafeBufferPointer { blocks in
                    blockStart.withUnsafeBufferPointer { blockStart in
                        guard let start = counts.baseAddress else { return }
                        for k in Int(pairStart[b])..<Int(pairStart[b + 1]) {
                            // (An empty row adds 0: cheaper than a branch that is a coin toss.)
                            let row = (masks[k] >> shift) & 0xFF
                            let base = Int(blockStart[Int(blocks[k])])
                            if base <= end {
                                // Lane i: bit i of the row (0 or 2^i < 256), plus 255, over 256: 1 or 0;
                                // negated, all ones or none, to mask `delta` (plain SSE2
                                // arithmetic: `replacing(with:where:)` went lane by lane).
                                let one = ((SIMD8<Int32>(repeating: Int32(row)) & bitValues) &+ 255) &>> 8
                                let add = (SIMD8<Int32>(repeating: 0) &- one) & deltas
                                let p = UnsafeMutableRawPointer(start + base)
                                p.storeBytes(of: p.loadUnaligned(as: SIMD8<Int32>.self) &+ add, as: SIMD8<Int32>.self)
                            } else {
                                // The last blocks: no eight counts after them.
                                var row = row
                                while row != 0 {
                                    counts[base + row.trailingZeroBitCount] &+= delta
                                    row &= row - 1
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// One call per nearby block with a neighbour.
    @inline(__always) func forEachNeighborItem(of v: Int, _ body: (Int) -> Void) {
        let b = Int(blockOf[v]), shift = UInt64(8 * (v - Int(blockStart[b])))
        pairMask.withUnsafeBufferPointer { masks in
            pairBlock.withUnsafeBufferPointer { blocks in
                blockItem.withUnsafeBufferPointer { blockItem in
                    for k in Int(pairStart[b])..<Int(pairStart[b + 1]) where (masks[k] >> shift) & 0xFF != 0 {
                        body(Int(blockItem[Int(blocks[k])]))
                    }
                }
            }
        }
    }

    /// - Complexity: O(nearby blocks + neighbours visited).
    @inline(__always) @discardableResult
    func visitNeighbors(of v: Int, while body: (Int) -> Bool) -> Bool {
        let b = Int(blockOf[v]), shift = UInt64(8 * (v - Int(blockStart[b])))
        return pairMask.withUnsafeBufferPointer { masks in
            pairBlock.withUnsafeBufferPointer { blocks in
                blockStart.withUnsafeBufferPointer { blockStart in
                    for k in Int(pairStart[b])..<Int(pairStart[b + 1]) {
                        var row = (masks[k] >> shift) & 0xFF
                        guard row != 0 else { continue }
                        let base = Int(blockStart[Int(blocks[k])])
                        while row != 0 {
                            if !body(base + row.trailingZeroBitCount) { return false }
                            row &= row - 1
                        }
                    }
                    return true
                }
            }
        }
    }
}
