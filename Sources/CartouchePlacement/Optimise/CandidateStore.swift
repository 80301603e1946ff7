import CartoucheGeometry

/// The legal candidates (anchor point × anchor option that pass every rule
/// except collisions with movable annotations) of the items optimise mode has
/// considered, stored flat so a dense scene costs a few arrays rather than an
/// array per candidate.
///
/// An item's candidates are contiguous and in its preference order
/// (`CandidateOrder`: anchor point, then anchor option with the previous
/// frame's first; a callout in motion, calmest box on screen first), so a
/// lower candidate index is a more preferred one.
struct CandidateStore {
    /// Per candidate: the item (input index) it belongs to.
    private(set) var item: [Int32] = []
    private(set) var pointIndex: [Int32] = []
    /// Index into the item's `anchors`.
    private(set) var anchorIndex: [Int32] = []
    private(set) var frame: [ScreenRect] = []
    /// Collision rects of candidate v: `rects[rectStart[v]..<rectStart[v+1]]`.
    private(set) var rectStart: [Int32] = [0]
    private(set) var rects: [ScreenRect] = []
    /// Per item: its candidates, empty until the item is considered.
    private var domainLower: [Int32]
    private var domainUpper: [Int32]

    init(itemCount: Int) {
        domainLower = Array(repeating: 0, count: itemCount)
        domainUpper = Array(repeating: 0, count: itemCount)
    }

    var count: Int { item.count }

    @inline(__always) func domain(_ i: Int) -> Range<Int> { Int(domainLower[i])..<Int(domainUpper[i]) }
    @inline(__always) func rectRange(_ v: Int) -> Range<Int> { Int(rectStart[v])..<Int(rectStart[v + 1]) }

    /// Room for `candidates` candidates with `rects` rects in all, so that a
    /// dense scene's store (900,000 candidates for 100,000 callouts) is not
    /// copied over and over as it grows.
    mutating func reserve(candidates: Int, rects count: Int) {
        item.reserveCapacity(candidates)
        pointIndex.reserveCapacity(candidates)
        anchorIndex.reserveCapacity(candidates)
        frame.reserveCapacity(candidates)
        rectStart.reserveCapacity(candidates + 1)
        rects.reserveCapacity(count)
    }

    /// Opens item `i`'s domain; the candidates appended next belong to it.
    mutating func beginItem(_ i: Int) {
        domainLower[i] = Int32(item.count)
        domainUpper[i] = Int32(item.count)
    }

    mutating func append(item i: Int, point: Int, anchor: Int, frame f: ScreenRect, rects rs: some Collection<ScreenRect>) {
        item.append(Int32(i))
        pointIndex.append(Int32(point))
        anchorIndex.append(Int32(anchor))
        frame.append(f)
        rects.append(contentsOf: rs)
        rectStart.append(Int32(rects.count))
        domainUpper[i] = Int32(item.count)
    }

    /// Whether two candidates' collision rects overlap (interiors meet, as in greedy mode).
    ///
    /// - Complexity: O(rects of a × rects of b), 1 for plain frames.
    @inline(__always) func overlaps(_ a: Int, _ b: Int) -> Bool {
        for x in rectRange(a) {
            for y in rectRange(b) where rects[x].collides(with: rects[y]) { return true }
        }
        return false
    }
}
