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
    /// Per candidate: its entry in the pool below, or -1. Only candidates
    /// that were asked about get an entry (in a spread scene of 100,000
    /// callouts, millions of candidates and few questions).
    private var entryOf: [Int32] = []
    /// Per entry: `slots` items.
    private var items: [Int32] = []
    /// Per entry: how many items are cached, or -1 for none.
    private var count: [Int8] = []
    /// Per entry: the occupancy clock when its answer was cached.
    private var time: [Int] = []

    /// The items cached for candidate `v`, if they were cached at or after
    /// `lastChange` (the last change of a cell it covers).
    @inline(__always) func lookup(_ v: Int, lastChange: Int) -> ArraySlice<Int32>? {
        guard v < entryOf.count else { return nil }
        let e = Int(entryOf[v])
        guard e >= 0, count[e] >= 0, time[e] >= lastChange else { return nil }
        let start = e * Self.slots
        return items[start..<start + Int(count[e])]
    }

    /// Keeps `found` as candidate `v`'s answer at occupancy clock `clock`
    /// (nothing when it has more than `slots` items).
    mutating func keep(_ v: Int, _ found: [Int32], clock: Int) {
        if v >= entryOf.count { entryOf += Array(repeating: -1, count: max(v + 1, 2 * entryOf.count) - entryOf.count) }
        var e = Int(entryOf[v])
        if e < 0 {
            guard found.count <= Self.slots else { return }
            e = count.count
            entryOf[v] = Int32(e)
            items += repeatElement(0, count: Self.slots)
            count.append(-1)
            time.append(0)
        }
        guard found.count <= Self.slots else {
            count[e] = -1
            return
        }
        let start = e * Self.slots
        for (k, j) in found.enumerated() { items[start + k] = j }
        count[e] = Int8(found.count)
        time[e] = clock
    }
}
