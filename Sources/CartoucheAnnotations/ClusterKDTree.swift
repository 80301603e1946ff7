import Foundation

/// A static k-d tree over points for radius queries, built the way the
/// `kdbush` library behind supercluster builds it (nodes of 64, median
/// split by Floyd–Rivest selection, alternating axes, 32-bit float
/// coordinates). Matching its layout makes queries return neighbours in the
/// same order as the renderer's, and with them cluster children, leaf pages
/// and floating-point sums.
struct ClusterKDTree: Sendable {
    private static let nodeSize = 64
    /// Point index at each tree slot.
    private var ids: [Int32]
    /// Interleaved x, y of each slot, rounded to Float as kdbush stores them.
    private var coords: [Double]

    /// - Complexity: O(n log n).
    init(xs: [Double], ys: [Double]) {
        ids = (0..<Int32(xs.count)).map { $0 }
        coords = []
        coords.reserveCapacity(xs.count * 2)
        for i in xs.indices {
            coords.append(Double(Float(xs[i])))
            coords.append(Double(Float(ys[i])))
        }
        if !ids.isEmpty { sort(left: 0, right: ids.count - 1, axis: 0) }
    }

    private mutating func sort(left: Int, right: Int, axis: Int) {
        if right - left <= Self.nodeSize { return }
        let m = (left + right) >> 1
        select(k: m, left: left, right: right, axis: axis)
        sort(left: left, right: m - 1, axis: 1 - axis)
        sort(left: m + 1, right: right, axis: 1 - axis)
    }

    /// Floyd–Rivest selection: puts the k-th smallest (on `axis`) at k.
    private mutating func select(k: Int, left: Int, right: Int, axis: Int) {
        var left = left, right = right
        while right > left {
            if right - left > 600 {
                let n = Double(right - left + 1)
                let m = Double(k - left + 1)
                let z = log(n)
                let s = 0.5 * exp(2 * z / 3)
                let spread: Double = (z * s * (n - s) / n).squareRoot()
                let sd = 0.5 * spread * (m - n / 2 < 0 ? -1.0 : 1.0)
                let newLeft = max(left, Int((Double(k) - m * s / n + sd).rounded(.down)))
                let newRight = min(right, Int((Double(k) + (n - m) * s / n + sd).rounded(.down)))
                select(k: k, left: newLeft, right: newRight, axis: axis)
            }
            let t = coords[2 * k + axis]
            var i = left, j = right
            swapItems(left, k)
            if coords[2 * right + axis] > t { swapItems(left, right) }
            while i < j {
                swapItems(i, j)
                i += 1
                j -= 1
                while coords[2 * i + axis] < t { i += 1 }
                while coords[2 * j + axis] > t { j -= 1 }
            }
            if coords[2 * left + axis] == t {
                swapItems(left, j)
            } else {
                j += 1
                swapItems(j, right)
            }
            if j <= k { left = j + 1 }
            if k <= j { right = j - 1 }
        }
    }

    private mutating func swapItems(_ i: Int, _ j: Int) {
        ids.swapAt(i, j)
        coords.swapAt(2 * i, 2 * j)
        coords.swapAt(2 * i + 1, 2 * j + 1)
    }

    /// Calls `body` with each point index within `radius` (inclusive) of
    /// (x, y), in kdbush's traversal order.
    /// - Complexity: O(√n + k) typical.
    func forEach(within radius: Double, of x: Double, _ y: Double, _ body: (Int) -> Void) {
        guard !ids.isEmpty else { return }
        let r2 = radius * radius
        // Each step pops one range and pushes at most two halves, so the
        // stack never holds more than 2 ranges per tree level (< 64 levels).
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * 2 * 64) { stack in
            var top = 0
            func push(_ left: Int, _ right: Int, _ axis: Int) {
                stack[top] = left
                stack[top + 1] = right
                stack[top + 2] = axis
                top += 3
            }
            push(0, ids.count - 1, 0)
            coords.withUnsafeBufferPointer { c in
                ids.withUnsafeBufferPointer { id in
                    while top > 0 {
                        top -= 3
                        let left = stack[top], right = stack[top + 1], axis = stack[top + 2]
                        if right - left <= Self.nodeSize {
                            for i in left...right {
                                let dx = c[2 * i] - x, dy = c[2 * i + 1] - y
                                if dx * dx + dy * dy <= r2 { body(Int(id[i])) }
                            }
                            continue
                        }
                        let m = (left + right) >> 1
                        let mx = c[2 * m], my = c[2 * m + 1]
                        let dx = mx - x, dy = my - y
                        if dx * dx + dy * dy <= r2 { body(Int(id[m])) }
                        // Same push order as kdbush, so results come in its order.
                        if axis == 0 ? x - radius <= mx : y - radius <= my { push(left, m - 1, 1 - axis) }
                        if axis == 0 ? x + radius >= mx : y + radius >= my { push(m + 1, right, 1 - axis) }
                    }
                }
            }
        }
    }

    /// Calls `body` with each point index inside the box (inclusive), in
    /// kdbush's traversal order.
    func forEach(inBox minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double, _ body: (Int) -> Void) {
        guard !ids.isEmpty else { return }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * 2 * 64) { stack in
            var top = 0
            func push(_ left: Int, _ right: Int, _ axis: Int) {
                stack[top] = left
                stack[top + 1] = right
                stack[top + 2] = axis
                top += 3
            }
            push(0, ids.count - 1, 0)
            coords.withUnsafeBufferPointer { c in
                while top > 0 {
                    top -= 3
                    let left = stack[top], right = stack[top + 1], axis = stack[top + 2]
                    if right - left <= Self.nodeSize {
                        for i in left...right {
                            let x = c[2 * i], y = c[2 * i + 1]
                            if x >= minX && x <= maxX && y >= minY && y <= maxY { body(Int(ids[i])) }
                        }
                        continue
                    }
                    let m = (left + right) >> 1
                    let x = c[2 * m], y = c[2 * m + 1]
                    if x >= minX && x <= maxX && y >= minY && y <= maxY { body(Int(ids[m])) }
                    if axis == 0 ? minX <= x : minY <= y { push(left, m - 1, 1 - axis) }
                    if axis == 0 ? maxX >= x : maxY >= y { push(m + 1, right, 1 - axis) }
                }
            }
        }
    }
}
