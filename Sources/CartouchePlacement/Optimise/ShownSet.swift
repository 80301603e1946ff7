import CartoucheGeometry

/// Optimise mode's working solution: which candidate each movable shown
/// annotation uses, the space those choices hold, and which shown
/// annotations could ever collide (some candidate of one overlaps some
/// candidate of the other).
///
/// "Shown" only ever grows: an annotation becomes shown when a tier admits it
/// and stays shown, though it may move to any other of its candidates. That
/// is the priority contract: later (lower) tiers may move higher annotations
/// but never hide them.
struct ShownSet {
    var store: CandidateStore
    /// Per item: its chosen candidate, or -1.
    private(set) var chosen: [Int32]
    private(set) var occupancy: OccupancyGrid
    /// Per item: shown (admitted by its tier, so it must stay shown).
    private(set) var isShown: [Bool]
    /// Every candidate of every shown item, to find an item's potential
    /// neighbours (owner = candidate id). Append-only: shown never shrinks.
    private var shownCandidates: GridIndex
    /// Per shown item: the shown items it could collide with, whatever
    /// candidates both use (cached: domains never change once shown).
    private(set) var neighbors: [[Int32]]
    /// Scratch for de-duplicating item lists.
    private var stamp: [UInt32]
    private var epoch: UInt32 = 0
    /// Scratch: the items a candidate overlaps (see `conflicts(of:)`).
    private(set) var conflictBuffer: [Int32] = []
    private var cache = ConflictCache()
    /// Scratch: the items of an open neighbourhood being solved (see
    /// `blockedFromOutside(_:)`); all false between calls.
    private var inside: [Bool]
    /// Branch-and-bound nodes spent by `solve` so far (the exact steps' budget).
    var exactNodes = 0

    init(itemCount: Int, region: ScreenRect, cellSize: Double) {
        store = CandidateStore(itemCount: itemCount)
        chosen = Array(repeating: -1, count: itemCount)
        occupancy = OccupancyGrid(region: region, cellSize: cellSize)
        isShown = Array(repeating: false, count: itemCount)
        shownCandidates = GridIndex(region: region, cellSize: cellSize)
        neighbors = Array(repeating: [], count: itemCount)
        stamp = Array(repeating: 0, count: itemCount)
        inside = Array(repeating: false, count: itemCount)
    }

    /// A fresh mark for de-duplicating items; see `mark(_:)`.
    mutating func newEpoch() -> UInt32 {
        epoch &+= 1
        if epoch == 0 {
            for k in stamp.indices { stamp[k] = 0 }
            epoch = 1
        }
        return epoch
    }

    /// Marks item `i` with the current epoch; false when it already was.
    @inline(__always) mutating func mark(_ i: Int) -> Bool {
        if stamp[i] == epoch { return false }
        stamp[i] = epoch
        return true
    }

    mutating func assign(_ i: Int, _ v: Int) {
        chosen[i] = Int32(v)
        occupancy.insert(v, store)
    }

    mutating func unassign(_ i: Int) {
        let v = Int(chosen[i])
        guard v >= 0 else { return }
        occupancy.remove(v, store)
        chosen[i] = -1
    }

    /// Fills `conflictBuffer` with the distinct items (other than `v`'s own)
    /// whose chosen candidate overlaps candidate `v`, and returns their number.
    ///
    /// - Complexity: O(cells covered × chosen candidates listed there), O(cells
    ///   covered) when none of them changed since the last query about `v`
    ///   (`ConflictCache`).
    @discardableResult
    mutating func conflicts(of v: Int) -> Int {
        conflictBuffer.removeAll(keepingCapacity: true)
        if let cached = cache.lookup(v, lastChange: occupancy.lastChange(around: v, store)) {
            conflictBuffer.append(contentsOf: cached)
            return conflictBuffer.count
        }
        collectConflicts(of: v)
        cache.keep(v, conflictBuffer, clock: occupancy.clock)
        return conflictBuffer.count
    }

    /// `conflicts(of:)` from the occupancy grid (kept apart so that the
    /// grid query is inlined here, closure and all).
    private mutating func collectConflicts(of v: Int) {
        _ = newEpoch()
        let own = Int(store.item[v])
        var found: [Int32] = []
        swap(&found, &conflictBuffer)
        occupancy.forEachConflict(of: v, store) { u in
            let j = Int(store.item[u])
            if j != own && stamp[j] != epoch {
                stamp[j] = epoch
                found.append(Int32(j))
            }
        }
        swap(&found, &conflictBuffer)
    }

    /// Marks `items` as the open neighbourhood that `blockedFromOutside(_:)`
    /// tests against; `clearInside(_:)` with the same items undoes it.
    mutating func markInside(_ items: [Int]) {
        for i in items { inside[i] = true }
    }

    mutating func clearInside(_ items: [Int]) {
        for i in items { inside[i] = false }
    }

    /// Whether a chosen candidate of an item outside the marked
    /// neighbourhood (`markInside(_:)`), other than `v`'s own, overlaps `v`.
    ///
    /// - Complexity: that of `conflicts(of:)`.
    mutating func blockedFromOutside(_ v: Int) -> Bool {
        conflicts(of: v) > 0 && conflictBuffer.contains { !inside[Int($0)] }
    }

    /// Whether candidate `v` is clear of every chosen candidate (other than
    /// its item's): the query stops at the first other one.
    @inline(__always) func isFree(_ v: Int) -> Bool {
        let own = store.item[v]
        return occupancy.visitConflicts(of: v, store) { store.item[$0] == own }
    }

    /// The one item (other than `v`'s own) whose chosen candidate overlaps
    /// candidate `v`; nil when there is none or more than one. The query
    /// stops at the second: an insertion chain only moves through
    /// candidates held by exactly one annotation.
    func soleBlocker(of v: Int) -> Int? {
        let (first, alone) = firstBlocker(of: v)
        return alone && first >= 0 ? Int(first) : nil
    }

    /// The first item (other than `v`'s own) found whose chosen candidate
    /// overlaps candidate `v` (-1: none, `v` is free), and whether it is the
    /// only one: the query stops at the second.
    @inline(__always) func firstBlocker(of v: Int) -> (item: Int32, alone: Bool) {
        let own = store.item[v]
        var first: Int32 = -1
        let alone = occupancy.visitConflicts(of: v, store) { u in
            let j = store.item[u]
            if j == own || j == first { return true }
            if first >= 0 { return false }
            first = j
            return true
        }
        return (first, alone)
    }

    /// The lowest item (other than `v`'s own) whose chosen candidate
    /// overlaps candidate `v`, or nil: what `conflicts(of:)` would list
    /// first after sorting, without filling or caching a list (the result
    /// asks it once per hidden annotation: 100,000 times on a packed screen).
    ///
    /// - Complexity: O(cells covered × chosen candidates listed there).
    func lowestBlocker(of v: Int) -> Int? {
        let own = store.item[v]
        var lowest = Int32.max
        occupancy.forEachConflict(of: v, store) { u in
            let j = store.item[u]
            if j != own && j < lowest { lowest = j }
        }
        return lowest == .max ? nil : Int(lowest)
    }

    /// Admits item `i` (already assigned) to the shown set: records which
    /// shown items it could collide with, both ways.
    ///
    /// - Complexity: O(candidates of i × shown candidates near each).
    mutating func markShown(_ i: Int) {
        guard !isShown[i], chosen[i] >= 0 else { return }
        let found = shownNeighbors(ofNew: i) ?? []
        isShown[i] = true
        for j in found { neighbors[Int(j)].append(Int32(i)) }
        neighbors[i] = found
        for v in store.domain(i) {
            for k in store.rectRange(v) { shownCandidates.insert(store.rects[k], owner: Int32(v)) }
        }
    }

    /// The shown items that some candidate of the (not yet shown) item `i`
    /// overlaps, whatever their current choice; nil as soon as there are
    /// more than `limit` (the exact step only wants small neighbourhoods,
    /// and in a dense scene a hidden label has dozens).
    mutating func shownNeighbors(ofNew i: Int, limit: Int = .max) -> [Int32]? {
        if isShown[i] { return neighbors[i].count > limit ? nil : neighbors[i] }
        _ = newEpoch()
        stamp[i] = epoch
        var found: [Int32] = []
        for v in store.domain(i) {
            for k in store.rectRange(v) {
                let small = shownCandidates.visitIntersections(with: store.rects[k]) { u in
                    let j = Int(store.item[Int(u)])
                    if stamp[j] != epoch {
                        stamp[j] = epoch
                        found.append(Int32(j))
                    }
                    return found.count <= limit
                }
                if !small { return nil }
            }
        }
        return found
    }
}
