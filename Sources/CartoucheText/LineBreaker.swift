import CICUBreak

/// Chooses where a label's lines break.
///
/// Break opportunities are UAX #14's, from ICU's line-break iterator (so CJK
/// ideographs, kana and Thai words all offer breaks). Among them the breaks
/// are chosen the way Mapbox GL's `determineLineBreaks` does for point labels:
/// aim every line at the average width `total / ceil(total / maxWidth)`, score
/// each line by its squared distance to that width (the last line prefers being
/// short), add Mapbox's penalties (−10000 for a mandatory break, +150 for a
/// break between ideographs when the text carries zero-width-space hints, +50
/// for a line ending in "(" or starting with ")"), and keep the set of breaks
/// with the least total badness by dynamic programming.
///
/// One deliberate difference: Mapbox lets a line run past `text-max-width` when
/// balancing prefers it. Here every line wider than the maximum adds a cost
/// far above any raggedness, so lines stay within the maximum wherever the
/// text has a break opportunity that allows it; only a word longer than the
/// maximum overflows.
enum LineBreaker {
    /// Cost of a line wider than the maximum, plus `overflowWeight` per px².
    static let overflowCost = 1.0e6
    static let overflowWeight = 1.0e4

    /// Scalar indices at which new lines start (empty for one line).
    ///
    /// - Parameters:
    ///   - advances: width in px that each scalar adds to its line (the whole
    ///     cluster's advance and letter spacing on the cluster's first scalar).
    ///   - maxWidth: `text-max-width` in px.
    /// - Complexity: O(n + b²) for n scalars and b break opportunities.
    static func breaks(_ scalars: [UInt32], advances: [Double], maxWidth: Double) throws(TextError) -> [Int] {
        let n = scalars.count
        guard n > 1 else { return [] }
        // The four per-position tables live in one scratch allocation (on the
        // stack for label-sized texts) instead of four arrays.
        let outcome = withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * (n + 1)) { doubles in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (n + 1)) { ints in
                chooseBreaks(scalars, advances: advances, maxWidth: maxWidth, doubles: doubles, ints: ints)
            }
        }
        return try outcome.get()
    }

    /// `breaks`' work in caller-provided scratch memory of 2 · (n + 1) doubles and integers.
    private static func chooseBreaks(
        _ scalars: [UInt32], advances: [Double], maxWidth: Double,
        doubles: UnsafeMutableBufferPointer<Double>, ints: UnsafeMutableBufferPointer<Int>
    ) -> Result<[Int], TextError> {
        let n = scalars.count
        // prefix[k]: all advances before index k; inkPrefix[k]: advances of non-whitespace before k.
        let prefix = UnsafeMutableBufferPointer(rebasing: doubles[0...n])
        let inkPrefix = UnsafeMutableBufferPointer(rebasing: doubles[(n + 1)...])
        // nextInk[k]: first non-whitespace index >= k; inkEnd[k]: last non-whitespace index < k, plus one.
        let nextInk = UnsafeMutableBufferPointer(rebasing: ints[0...n])
        let inkEnd = UnsafeMutableBufferPointer(rebasing: ints[(n + 1)...])
        var hasMandatory = false
        var hasZeroWidthSpace = false
        prefix[0] = 0
        inkPrefix[0] = 0
        inkEnd[0] = 0
        for i in 0..<n {
            let c = scalars[i]
            let isWhitespace = UnicodeClasses.isWhitespace(c)
            prefix[i + 1] = prefix[i] + advances[i]
            inkPrefix[i + 1] = inkPrefix[i] + (isWhitespace ? 0 : advances[i])
            inkEnd[i + 1] = isWhitespace ? inkEnd[i] : i + 1
            if UnicodeClasses.isMandatoryBreak(c) { hasMandatory = true }
            if c == 0x200B { hasZeroWidthSpace = true }
        }
        nextInk[n] = n
        for i in stride(from: n - 1, through: 0, by: -1) {
            nextInk[i] = UnicodeClasses.isWhitespace(scalars[i]) ? nextInk[i + 1] : i
        }
        func trimmedWidth(_ a: Int, _ b: Int) -> Double {
            let start = nextInk[a], end = inkEnd[b]
            return end > start ? prefix[end] - prefix[start] : 0
        }

        if !hasMandatory && trimmedWidth(0, n) <= maxWidth { return .success([]) }  // callers usually check first

        let opportunities: [(index: Int, hard: Bool)]
        do {
            opportunities = try Self.opportunities(scalars)
        } catch {
            return .failure(error)
        }
        let total = prefix[n]
        let lineCount = max(1, (total / maxWidth).rounded(.up))
        let target = total / lineCount

        struct Candidate {
            var index: Int
            var x: Double
            var prior: Int  // index into `candidates`, -1 for the text start
            var badness: Double
        }
        var candidates: [Candidate] = []
        candidates.reserveCapacity(opportunities.count + 1)

        func evaluate(_ index: Int, penalty: Double, isLast: Bool) -> Candidate {
            let x = inkPrefix[index]
            var best = badness(x, target, penalty, isLast) + overflow(trimmedWidth(0, index), maxWidth)
            var prior = -1
            for j in candidates.indices {
                let candidate = candidates[j]
                let cost = badness(x - candidate.x, target, penalty, isLast)
                    + overflow(trimmedWidth(candidate.index, index), maxWidth) + candidate.badness
                if cost <= best {
                    best = cost
                    prior = j
                }
            }
            return Candidate(index: index, x: x, prior: prior, badness: best)
        }

        for (index, hard) in opportunities {
            let before = scalars[index - 1], after = scalars[index]
            var penalty = 0.0
            if hard { penalty -= 10_000 }
            if hasZeroWidthSpace && UnicodeClasses.allowsIdeographicBreaking(before) { penalty += 150 }
            if before == 0x28 || before == 0xFF08 { penalty += 50 }
            if after == 0x29 || after == 0xFF09 { penalty += 50 }
            candidates.append(evaluate(index, penalty: penalty, isLast: false))
        }
        var result: [Int] = []
        var cursor = evaluate(n, penalty: 0, isLast: true).prior
        while cursor >= 0 {
            result.append(candidates[cursor].index)
            cursor = candidates[cursor].prior
        }
        result.reverse()
        return .success(result)
    }

    /// Mapbox GL's `calculateBadness`.
    static func badness(_ lineWidth: Double, _ target: Double, _ penalty: Double, _ isLast: Bool) -> Double {
        let raggedness = (lineWidth - target) * (lineWidth - target)
        if isLast { return lineWidth < target ? raggedness / 2 : raggedness * 2 }
        return raggedness + abs(penalty) * penalty
    }

    static func overflow(_ width: Double, _ maxWidth: Double) -> Double {
        let excess = width - maxWidth
        return excess > 1e-9 ? overflowCost + overflowWeight * excess * excess : 0
    }

    /// UAX #14 opportunities strictly inside the text as (scalar index of the
    /// line's first character, mandatory?).
    /// - Complexity: O(n); the UTF-16 copy, its scalar map and ICU's answers
    ///   live in scratch memory (on the stack for label-sized texts).
    static func opportunities(_ scalars: [UInt32]) throws(TextError) -> [(index: Int, hard: Bool)] {
        let maximumUnits = 2 * scalars.count  // every scalar outside the BMP takes two UTF-16 units
        let outcome = withUnsafeTemporaryAllocation(of: UInt16.self, capacity: maximumUnits) { utf16 in
            // Per UTF-16 offset (and one past the end): the scalar index there; then ICU's boundaries.
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * (maximumUnits + 1)) { int32s in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumUnits + 1) { kinds in
                    findOpportunities(scalars, utf16: utf16, int32s: int32s, kinds: kinds)
                }
            }
        }
        return try outcome.get()
    }

    /// `opportunities`' work in caller-provided scratch memory (2n UTF-16
    /// units, 2 · (2n + 1) `Int32`s and 2n + 1 bytes for n scalars).
    private static func findOpportunities(
        _ scalars: [UInt32], utf16: UnsafeMutableBufferPointer<UInt16>,
        int32s: UnsafeMutableBufferPointer<Int32>, kinds: UnsafeMutableBufferPointer<UInt8>
    ) -> Result<[(index: Int, hard: Bool)], TextError> {
        let half = int32s.count / 2
        let scalarAt = UnsafeMutableBufferPointer(rebasing: int32s[0..<half])
        let offsets = UnsafeMutableBufferPointer(rebasing: int32s[half...])
        var length = 0
        for (i, c) in scalars.enumerated() {
            if c >= 0x10000 {
                let v = c - 0x10000
                utf16[length] = UInt16(0xD800 + (v >> 10))
                utf16[length + 1] = UInt16(0xDC00 + (v & 0x3FF))
                scalarAt[length] = Int32(i)
                scalarAt[length + 1] = Int32(i)
                length += 2
            } else {
                utf16[length] = UInt16(truncatingIfNeeded: c)
                scalarAt[length] = Int32(i)
                length += 1
            }
        }
        scalarAt[length] = Int32(scalars.count)
        let capacity = length + 1
        guard let text = utf16.baseAddress, let offsetBase = offsets.baseAddress, let kindBase = kinds.baseAddress,
              let count = Int32(exactly: length) else { return .success([]) }
        var icuError: Int32 = 0
        let found = cartouche_line_breaks(text, count, nil, offsetBase, kindBase, Int32(capacity), &icuError)
        guard found >= 0 else { return .failure(.lineBreakingFailed(icuError: icuError)) }
        var result: [(index: Int, hard: Bool)] = []
        for k in 0..<min(Int(found), capacity) {
            let offset = Int(offsets[k])
            guard offset > 0, offset < length else { continue }
            result.append((Int(scalarAt[offset]), kinds[k] == UInt8(CartoucheBreakHard.rawValue)))
        }
        return .success(result)
    }
}
