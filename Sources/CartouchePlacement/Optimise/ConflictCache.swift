/// Optimise mode's memo of conflict queries (`ShownSet.conflicts(of:)`):
/// per candidate, the items whose chosen candidates it overlaps, kept while
/// no cell it covers changes.
///
/// The exact step of a dense tier asks the same questions again and again:
/// every hidden label's neighbourhood is made of shown labels, and each
/// shown label sits in the neighbourhood of dozens of hidden ones (India z5
/// with priorities: 890,000 queries over 32,349 candidates), while the
/// choices change rarely between two of them. A cached answer is valid while
/// every cell of `OccupancyGrid` the candidate covers is unchanged since it
/// was cached (`OccupancyGrid.lastChange(around:_:)`); a query over the same
/// cell contents gives the same items in the same order, so answers do not
/// depend on the memo.
struct ConflictCache {
    /// Items kept per candidate; a candidate overlapping more is not cached.
    static let slots = 8
    /// `slots` entries per candidate.
    private var items: [Int32] = []
    /// Per candidate: how many items are cached, or -1 for none.
    private var count: [Int8] = []
    /// Per candidate: the occupancy clock when its answer was cached.
    private var time: [Int] = []

    /// The items cached for candidate `v`, if they were cached at or after
    /// `lastChange` (the last change of a cell it covers).
    @inline(__always) func lookup(_ v: Int, lastChange: Int) -> ArraySlice<Int32>? {
        guard v < count.count, count[v] >= 0, time[v] >= lastChange else { return nil }
        let start = v * Self.slots
        return items[start..<start + Int(count[v])]
    }

    /// Keeps `found` as candidate `v`'s answer at occupancy clock `clock`
    /// (nothing when it has more than `slots` items).
    mutating func keep(_ v: Int, _ found: [Int32], clock: Int) {
        if v >= count.count {
            let capacity = max(v + 1, 2 * count.count)
            items += Array(repeating: 0, count: Self.slots * capacity - items.count)
            count += Array(repeating: -1, count: capacity - count.count)
            time += Array(repeating: 0, count: capacity - time.count)
        }
        guard found.count <= Self.slots else {
            count[v] = -1
            return
        }
        let start = v * Self.slots
        for (k, j) in found.enumerated() { items[start + k] = j }
        count[v] = Int8(found.count)
        time[v] = clock
    }
}
