/// A set of face indices of a resolved stack, without allocating for the
/// first 64 faces (stacks are a few names plus five fallbacks).
struct FaceSet: Hashable {
    private(set) var mask: UInt64 = 0
    private(set) var overflow: [Int] = []

    init() {}

    /// The set of `face` alone.
    init(only face: Int) {
        insert(face)
    }

    mutating func insert(_ face: Int) {
        if face < 64 {
            mask |= 1 << UInt64(face)
        } else if !overflow.contains(face) {
            overflow.append(face)
        }
    }

    mutating func formUnion(_ other: FaceSet) {
        mask |= other.mask
        for face in other.overflow { insert(face) }
    }

    var isEmpty: Bool { mask == 0 && overflow.isEmpty }

    /// The only member, when there is exactly one.
    var single: Int? {
        guard overflow.isEmpty, mask != 0, mask & (mask - 1) == 0 else { return nil }
        return mask.trailingZeroBitCount
    }

    /// Members in increasing order.
    var sorted: [Int] {
        var result: [Int] = []
        var bits = mask
        while bits != 0 {
            result.append(bits.trailingZeroBitCount)
            bits &= bits - 1
        }
        return result + overflow.sorted()
    }

    /// Calls `body` with every member.
    func forEach(_ body: (Int) -> Void) {
        var bits = mask
        while bits != 0 {
            body(bits.trailingZeroBitCount)
            bits &= bits - 1
        }
        overflow.forEach(body)
    }
}
